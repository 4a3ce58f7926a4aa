"""Presenter mode and the focus view, for a teacher at a projector.

Presenter mode (``?present=true``, or the sidebar toggle) sets large, dark type, charts that
scale with the window, and puts each page's charts right under its title so a link opens
with its chart on the first screen. The focus view (``?controls=off``, with or without
presenter mode) shows only the title, the charts, the key numbers, messages and a lesson's
bar: no
sidebar, no widgets, no quiz, no downloads, the chart filling the window.

Both are style rules on Streamlit's own element types, so every page gets them without
page code; the figures follow through `ui.export.plot` and `plots.layout`.
"""

import streamlit as st

from ui import web

KEY = "present"
FOCUS_PARAM = "controls"

_CHART = '[data-testid="stPlotlyChart"]'
_NUMBER = '[data-testid="stMetric"]'
_TOP = '[data-testid="stMainBlockContainer"] > [data-testid="stVerticalBlock"]'
_COLUMN = (' > [data-testid="stHorizontalBlock"] > [data-testid="stColumn"]'
           ' > [data-testid="stVerticalBlock"]')
# The page's own elements and those of its top-level columns (not deeper: a chart's caption
# inside a panel stays with it).
_BLOCK = f":is({_TOP}, {_TOP}{_COLUMN}, {_TOP} > *{_COLUMN}) > "

# A message inside a tab or an expander stays there.
_FOLDED = '[role="tablist"], [data-testid="stExpander"]'
# A lesson step's bar (ui.lesson_bar) or a class's (ui.classroom): first on screen, even when
# it holds a key number or a message (a class's count, its reveal), and kept in the focus view.
BARS = ":is(.st-key-lesson_bar, .st-key-class_bar)"
# Title, then messages, key numbers and charts, then the rest (prose, quizzes, controls):
# Streamlit stacks a block's elements in a flex column, so ``order`` moves them.
_ROW = f'[data-testid="stHorizontalBlock"]:has(> [data-testid="stColumn"] {_CHART})'
# The key numbers a page puts beside its chart in presenter mode (`number_columns`).
NUMBERS_BESIDE = "numbers_beside"
ORDER_CSS = web.filled("order.css", BARS=BARS, BLOCK=_BLOCK, CHART=_CHART, FOLDED=_FOLDED,
                    NUMBER=_NUMBER, ROW=_ROW)

# Sizes chosen for a 1280x720 projector read from the back of a classroom.
# The first child of a block holding a chart (later charts keep their place, so a second
# chart never jumps above the controls that belong to it).
FIRST_WITH_CHART = f"*:has({_CHART}):not(*:has({_CHART}) ~ *)"
# Blocks inside the page's own columns (fragments, containers, tabs), but not the columns of
# a gallery nested in them, where a label above each chart must stay above it.
INNER = (f'{_TOP} [data-testid="stVerticalBlock"]'
         ':not([data-testid="stColumn"] [data-testid="stColumn"] > *)')
PRESENTER_CSS = web.filled("presenter.css", CHART=_CHART, FIRST_WITH_CHART=FIRST_WITH_CHART,
                           INNER=INNER, NUMBERS=f".st-key-{NUMBERS_BESIDE}", ROW=_ROW) + ORDER_CSS

_KEEP = f'h1, {_CHART}, {_NUMBER}, [data-testid="stAlert"], [data-testid="stDataFrame"]'
FOCUS_CSS = web.filled("focus.css", BARS=BARS, CHART=_CHART, KEEP=_KEEP) + ORDER_CSS


def requested() -> bool:
    """Presenter mode or the focus view as the URL or the toggle asks, readable before the
    toggle is drawn.

    ``app.py`` needs it to fold the sidebar in ``st.set_page_config``, which runs first.
    """
    if KEY in st.session_state and st.session_state[KEY]:
        return True
    return str(st.query_params.get(KEY, "")).lower() == "true" or focus()


def presenter_toggle() -> bool:
    """Draw the presenter-mode toggle (in the sidebar)."""
    return st.toggle(
        "Presenter mode", key=KEY, bind="query-params",
        help="Large type and charts for a projector, each page's chart first; the sidebar "
        "starts folded. It is part of the link, so a shared link opens in presenter mode "
        "too. Add controls=off to a link to show only the title, charts and key numbers.",
    )


def apply_style() -> None:
    """Inject the presenter and focus styles while they are on.

    Drawn in the main area: a folded sidebar does not mount its content, so a style put
    there would not apply until the sidebar is opened.
    """
    css = (PRESENTER_CSS if is_on() else "") + (FOCUS_CSS if focus() else "")
    if css:
        st.html(f"<style>{css}</style>")


def is_on() -> bool:
    """True while presenter mode is on (for pages and charts that adapt to it)."""
    return bool(st.session_state.get(KEY, False))


def number_columns(count: int, beside) -> list:
    """Where a page puts its ``count`` key numbers (``st.metric``): a row of columns above
    its chart, or, in presenter mode, one box in ``beside`` (the column of controls next to
    the chart), one number under another at the column's top, so that the chart starts right
    under the page's title and its plot covers 40 % of a projector's first screen (issue 38).
    """
    if not is_on():
        return list(st.columns(count))
    return [beside.container(key=NUMBERS_BESIDE)] * count


def focus() -> bool:
    """True in the focus view: the link says ``controls=off``."""
    return str(st.query_params.get(FOCUS_PARAM, "")).lower() == "off"
