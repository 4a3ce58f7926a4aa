"""Chart first: every lesson (Learn), Explore and Measure page opens with its main chart on the
first screen.

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

SECTIONS = ("Learn", "Explore", "Measure")
# The home page shows no chart.
CHART_FIRST_PAGES = frozenset(page.url_path for page in PAGES
                              if page.section in SECTIONS and page.url_path != "home")

_CHART = '[data-testid="stPlotlyChart"]'
_ALERT = '[data-testid="stAlert"]'
_TOP = '[data-testid="stMainBlockContainer"] > [data-testid="stVerticalBlock"]'
_COLUMN = (' > [data-testid="stHorizontalBlock"] > [data-testid="stColumn"]'
           ' > [data-testid="stVerticalBlock"]')
# The page's top-level row that holds a chart: its control column keeps a narrow width.
_ROW = (f':is({_TOP}, {_TOP} > *) > [data-testid="stHorizontalBlock"]:has({_CHART})')
# Streamlit stacks columns below this width.
PHONE_WIDTH_PX = 640

CHART_FIRST_CSS = web.filled(
    "chart_first.css", PHONE_WIDTH_PX=PHONE_WIDTH_PX, ALERT=_ALERT, CHART=_CHART, COLUMN=_COLUMN,
    FIRST_WITH_CHART=presenter.FIRST_WITH_CHART, INNER=presenter.INNER, ROW=_ROW, TOP=_TOP,
    BARS=presenter.BARS)


def apply_chart_first(url_path: str) -> None:
    """Inject the chart-first style on the page ``url_path`` when it is a lesson, Explore or
    Measure page shown in the default mode."""
    if url_path in CHART_FIRST_PAGES and not (presenter.is_on() or presenter.focus()):
        st.html(f"<style>{CHART_FIRST_CSS}</style>")
