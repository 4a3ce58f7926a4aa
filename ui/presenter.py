"""Presenter mode for a teacher at a projector: large fonts, sidebar folded away.

The toggle lives in the shared sidebar and is bound to the URL (``?present=true``), so a
prepared link opens the app already in presenter mode.
"""

import streamlit as st

KEY = "present"

# Sizes chosen for a 1280-pixel-wide projector read from the back of a classroom.
CSS = """
<style>
html { font-size: 20px; }
[data-testid="stMain"] p, [data-testid="stMain"] li,
[data-testid="stMain"] label p { font-size: 1.3rem !important; line-height: 1.5; }
[data-testid="stMain"] h1 { font-size: 3rem !important; }
[data-testid="stMain"] h2 { font-size: 2.2rem !important; }
[data-testid="stMain"] h3 { font-size: 1.8rem !important; }
[data-testid="stMain"] .katex { font-size: 1.45em !important; }
[data-testid="stMain"] [data-testid="stDataFrame"] { font-size: 1.2rem; }
</style>
"""

#: Plotly font size in presenter mode (the default is 12).
CHART_FONT_SIZE = 20


def requested() -> bool:
    """Presenter mode as the URL or the toggle asks, readable before the toggle is drawn.

    ``app.py`` needs it to fold the sidebar in ``st.set_page_config``, which runs first.
    """
    if KEY in st.session_state:
        return bool(st.session_state[KEY])
    return str(st.query_params.get(KEY, "")).lower() == "true"


def presenter_toggle() -> bool:
    """Draw the presenter-mode toggle (in the sidebar)."""
    return st.toggle(
        "Presenter mode", key=KEY, bind="query-params",
        help="Large fonts and charts for a projector; the sidebar starts folded. "
        "It is part of the link, so a shared link opens in presenter mode too.",
    )


def apply_style() -> None:
    """Inject the large-font style while presenter mode is on.

    Drawn in the main area: a folded sidebar does not mount its content, so a style put
    there would not apply until the sidebar is opened.
    """
    if is_on():
        st.html(CSS)


def is_on() -> bool:
    """True while presenter mode is on (for pages and charts that adapt to it)."""
    return bool(st.session_state.get(KEY, False))
