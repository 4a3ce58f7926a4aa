"""Chart first: every Explore and Measure page opens with its main chart on the first screen.

The pages write their prose, formulas, controls and charts in the order that reads best in
the source; this style, shared by every page of those sections, moves them on screen (CSS
``order`` in Streamlit's flex columns, as presenter mode does): the title, then the row that
holds the first chart, then the prose and formulas below. Inside that row the chart comes
first in its column, above the buttons and captions that drive it. On a phone, where
Streamlit stacks columns, the chart's column comes before the controls' column.
Presenter mode and the focus view have their own, larger style (`ui.presenter`).
"""

import streamlit as st

from ui import presenter, web
from ui.navigation import PAGES

SECTIONS = ("Explore", "Measure")
CHART_FIRST_PAGES = frozenset(page.url_path for page in PAGES if page.section in SECTIONS)

_CHART = '[data-testid="stPlotlyChart"]'
_ALERT = '[data-testid="stAlert"]'
_TOP = '[data-testid="stMainBlockContainer"] > [data-testid="stVerticalBlock"]'
_COLUMN = (' > [data-testid="stHorizontalBlock"] > [data-testid="stColumn"]'
           ' > [data-testid="stVerticalBlock"]')
# The first child of a block holding a chart (later charts keep their place, so a second
# chart never jumps above the controls that belong to it).
_FIRST_WITH_CHART = f"*:has({_CHART}):not(*:has({_CHART}) ~ *)"
# Blocks inside the page's own columns (fragments, containers, tabs), but not the columns
# of a gallery nested in them, where a label above each chart must stay above it.
_INNER = (f'{_TOP} [data-testid="stVerticalBlock"]'
          ':not([data-testid="stColumn"] [data-testid="stColumn"] > *)')
# The page's top-level row that holds a chart: its control column keeps a narrow width.
_ROW = (f':is({_TOP}, {_TOP} > *) > [data-testid="stHorizontalBlock"]:has({_CHART})')
# Streamlit stacks columns below this width.
PHONE_WIDTH_PX = 640

CHART_FIRST_CSS = web.filled(
    "chart_first.css", PHONE_WIDTH_PX=PHONE_WIDTH_PX, ALERT=_ALERT, CHART=_CHART, COLUMN=_COLUMN,
    FIRST_WITH_CHART=_FIRST_WITH_CHART, INNER=_INNER, ROW=_ROW, TOP=_TOP, BARS=presenter.BARS)


def apply_chart_first(url_path: str) -> None:
    """Inject the chart-first style on the page ``url_path`` when it is an Explore or
    Measure page shown in the default mode."""
    if url_path in CHART_FIRST_PAGES and not (presenter.is_on() or presenter.focus()):
        st.html(f"<style>{CHART_FIRST_CSS}</style>")
