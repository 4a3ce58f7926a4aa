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

_JS = """
export default function () {
  if (window.__clusterlabHistory) return;
  window.__clusterlabHistory = true;
  const history = window.history;
  const push = history.pushState.bind(history);
  const replace = history.replaceState.bind(history);
  const mark = (state) => Object.assign({}, state, { clusterlab: true });
  let fresh = false;  // a gesture the history has no entry for yet
  const gesture = (event) => { if (event.isTrusted) fresh = true; };
  for (const type of ["pointerdown", "keydown"]) {
    window.addEventListener(type, gesture, true);
  }
  // An entry not marked was pushed before this script ran (see above): skip it.
  window.addEventListener("popstate", (event) => {
    fresh = false;
    if ((event.state && event.state.clusterlab) || window.location.hash) return;
    event.stopImmediatePropagation();
    history.back();
  }, true);
  const write = (state, title, url) => {
    const next = url === undefined || url === null ? null : new URL(url, window.location.href);
    if (fresh && next !== null && next.href !== window.location.href) {
      fresh = false;
      return push(mark(state), title, url);
    }
    return replace(mark(state), title, url);
  };
  history.pushState = write;
  history.replaceState = write;
  replace(mark(history.state), "", window.location.href);
}
"""

_COMPONENT = st.components.v2.component(
    "clusterlab_history",
    html='<span class="clusterlab-history" hidden></span>',
    js=_JS,
)


def keep_history() -> None:
    """Make each change the user makes one browser history entry (once per browser tab).

    Drawn in the main area: a folded sidebar does not mount its content.
    """
    _COMPONENT(key="clusterlab_history")
