"""What every page needs for WCAG 2.1 AA that Streamlit does not give: a visible focus ring,
page links that wrap when the text is enlarged, no motion for a reader who asked for none
(ui/web/a11y.css), and formulas wider than their column reachable by keyboard
(ui/web/a11y.js). docs/accessibility.md is the criterion-by-criterion statement."""

import streamlit as st

from ui import chart_alt, live_guard, web

_KEY = "a11y"
# The box of the component that runs a11y.js: the style hides it (tests wait for that to know
# the style applies).
HOST = f".st-key-{_KEY}"
# Boxes of components that draw nothing in the page's flow (a chart's text alternative, a class
# page's guard): out of it, or each would add a block gap.
OFF_FLOW = ", ".join(f'[class*="st-key-{prefix}"]'
                     for prefix in (chart_alt.KEY_PREFIX, live_guard.KEY_PREFIX))
CSS = web.filled("a11y.css", HOST=HOST, OFF_FLOW=OFF_FLOW)

# A plain script, as ui/web/lesson_keys.js: a components v2 component here kept a class's
# student pages from ever looking idle to the browser tests (test_classroom).
_SCRIPT = f"<script>{web.source('a11y.js')}</script>"


def apply() -> None:
    """Inject the style and start the script (once per browser tab), in the main area: a
    folded sidebar does not mount its content."""
    st.html(f"<style>{CSS}</style>")
    with st.container(key=_KEY):
        st.html(_SCRIPT, unsafe_allow_javascript=True)
