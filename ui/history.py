"""One browser history entry per change the user makes, so Back undoes the last change.

Streamlit restores URL-bound controls from the URL when Back or Forward lands on an entry
(a "history navigation" rerun), but it writes a control's new value into the address bar
with ``history.replaceState``: the previous values are lost and Back leaves the page. It
also pushes entries the user never made: the URL corrections a page writes on its first
run (a lesson step's controls, a registry key written as its label), and an intermediate
entry for ``st.switch_page(..., query_params=...)`` (the old page with the new query, which
a lesson's Next uses; Back landed there and was sent forward again).

This component (components v2, inline, no iframe) decides by the user's gestures: the
first URL change after a click or a key press becomes a new entry; any other change
replaces the current one (it belongs to the view the user already has). A Back or Forward
is not a gesture, so Streamlit's own corrections after it stay replacements and keep the
Forward entries. Streamlit loads the component's script some seconds after a page first
opens in a browser, and pushes a link's corrections (registry keys written as labels, a
lesson step's controls) before that: the script marks every entry it writes, and the
current one when it starts, and Back skips the entries of the page it did not mark (the
link as typed, then its corrections), so Back from the first view leaves the page.
"""

import streamlit as st

from ui import web

_COMPONENT = st.components.v2.component(
    "clusterlab_history",
    html='<span class="clusterlab-history" hidden></span>',
    js=web.source("history.js"),
)


def keep_history() -> None:
    """Make each change the user makes one browser history entry (once per browser tab).

    Drawn in the main area: a folded sidebar does not mount its content.
    """
    _COMPONENT(key="clusterlab_history")
