"""Building blocks of the lessons: predict-then-reveal questions, key numbers, charts and
tables that wait for the reveal, and hidden solutions."""

from collections.abc import Callable, Sequence
from typing import Any

import pandas as pd
import plotly.graph_objects as go
import streamlit as st

from ui import web
from ui.presenter import BARS

# Set by the lesson bar (ui.lesson_bar) before the page runs, while a lesson step's question
# waits for its reveal: the labels (their beginnings) of the key numbers that would give the
# answer away, or ALL. The page's own quizzes step aside for the lesson's question.
WAITING = "_lesson_question_waiting"
ALL = "*"
MASK = "?"

# While a question waits, the page's charts and the tables a student reads are not sent:
# `ui.export.plot` sends `covered_figure` (the chart's height, no data) and `table` an empty
# table of the same columns and height. The style covers them (and any table a page draws
# itself; a table to edit or select in is a widget, which carries an ``st-key-`` class):
# the box keeps its place and size (the chart-first layout and its measures stay) and a
# constant caption says why.
_ELEMENT = '[data-testid="stMain"] [data-testid="stElementContainer"]'
_CHART = f'{_ELEMENT}:has([data-testid="stPlotlyChart"]):not({BARS} *)'
_TABLE = (f'{_ELEMENT}:has([data-testid="stDataFrame"]):not([class*="st-key-"])'
          f':not({BARS} *)')
CHART_CAPTION = "Predict first: the chart appears on Reveal."
TABLE_CAPTION = "Predict first: the table appears on Reveal."
RESULT_PENDING = "Predict first: the result appears on Reveal."
COVER_CSS = web.filled("cover.css", CHART=_CHART, TABLE=_TABLE, CHART_CAPTION=CHART_CAPTION,
                    TABLE_CAPTION=TABLE_CAPTION)


def lesson_question_waiting() -> bool:
    """True while a lesson step's question is on screen and not yet revealed."""
    return WAITING in st.session_state


def wait_for_reveal(hides: tuple[str, ...] | None) -> None:
    """Hold back what would answer the step's question until its reveal.

    The key numbers whose labels begin with one of ``hides`` show "?" (every key number when
    ``hides`` is None or empty), the page's own quizzes step aside, and the page's charts and
    tables are covered. Called by the lesson bar and the class bar on every run before the
    reveal; the run after the reveal leaves it out, which lifts all of it.
    """
    st.session_state[WAITING] = hides or ALL
    st.html(f"<style>{COVER_CSS}</style>")


def covered_figure(fig: go.Figure) -> go.Figure:
    """What is sent instead of ``fig`` while a lesson's question waits: a figure of the
    same height with no data, no title and no axes (the cover's caption says why)."""
    hidden = {"visible": False}
    return go.Figure(layout={"height": fig.layout.height, "xaxis": hidden, "yaxis": hidden,
                             "margin": {"l": 0, "r": 0, "t": 0, "b": 0}})


def table(data: pd.DataFrame, where=st, **kwargs: Any) -> None:
    """``where.dataframe(data, **kwargs)`` (``where`` a column, by default the page), or
    while a lesson's question waits an empty table of the same columns and height (the rows
    would answer it), under the cover."""
    if not lesson_question_waiting():
        where.dataframe(data, **kwargs)
        return
    rows = min(len(data), 10)  # Streamlit's default height shows about 10 rows
    kwargs.setdefault("height", 38 + 35 * rows)
    kwargs.pop("key", None)  # a widget's key: its cover is the caption
    kwargs.pop("on_select", None)
    kwargs.pop("selection_mode", None)
    where.dataframe(data.iloc[:0], **kwargs)
    where.caption(TABLE_CAPTION)


def result_text(text: str, instead: str = RESULT_PENDING) -> str:
    """``text``, prose that holds a result the page computed (a score, the number of
    clusters found, an accuracy), or ``instead`` while a lesson's question waits.

    Written into the page, the result would reach every browser before the reveal and answer
    the question; ``instead`` is a sentence without it (by default, that it comes on
    Reveal), and the run after the reveal writes ``text``. A number the student set or the
    course states is no result: it needs no wait.

    Parameters
    ----------
    text : str
        The prose with the result, as the page writes it when no question waits.
    instead : str, optional
        What to write while a question waits.

    Returns
    -------
    str
        The text to hand to ``st.markdown``, ``st.caption``, an alert or a label.

    Examples
    --------
    >>> result_text("k-means found **3** clusters.")
    'k-means found **3** clusters.'
    """
    return instead if lesson_question_waiting() else text


def worked_answer(what: str) -> bool:
    """True if a page may draw ``what`` (a worked computation of its numbers, which answers
    any question about them); while a lesson's question waits, say instead that it comes on
    Reveal and return False."""
    if lesson_question_waiting():
        st.caption(f"Predict first: {what} appear on Reveal.")
        return False
    return True


def gives_away(label: str) -> bool:
    """True if the key number ``label`` must stay hidden until the lesson's reveal."""
    hides = st.session_state.get(WAITING)
    return hides is not None and (hides == ALL or any(label.startswith(h) for h in hides))


def key_number(label: str, value: object, help: str | None = None, where=st) -> None:
    """``st.metric`` in ``where`` (a column), showing "?" while it gives a lesson's answer
    away."""
    if gives_away(label):
        where.metric(label, MASK, help="Hidden until the lesson's question is revealed.")
    else:
        where.metric(label, value, help=help)


def _reveal_button(key: str, disabled: bool) -> bool:
    revealed = f"{key}_revealed"
    st.button(
        "Reveal", key=f"{key}_reveal", disabled=disabled,
        on_click=lambda: st.session_state.__setitem__(revealed, True),
        help="Show the answer, computed on the spot.",
    )
    return bool(st.session_state.get(revealed)) and not disabled


def predict_then_reveal(
    question: str, options: Sequence[str], answer: int, explain: Callable[[], None], key: str,
    *, compact: bool = False,
) -> None:
    """Ask ``question``; once the student has picked an option and pressed Reveal, say whether
    it was right and run ``explain`` (which draws the evidence, computed live).

    A page's own quiz is left out while a lesson step asks its question (one question per
    screen); ``compact`` puts the options and the Reveal button on one line.
    """
    if not compact and lesson_question_waiting():
        return
    with st.container(horizontal=compact, vertical_alignment="bottom", gap="small"):
        choice = st.radio(
            question, options, index=None, key=f"{key}_choice", horizontal=compact,
            help="Commit to a prediction first: it is the guess that makes the answer stick.",
        )
        revealed = _reveal_button(key, choice is None)
    if revealed:
        if choice == options[answer]:
            st.success(f"Right: {options[answer]}.")
        else:
            st.warning(f"Not quite: the answer is {options[answer]}.")
        explain()


def predict_a_number(question: str, answer: float, explain: Callable[[], None],
                     key: str) -> None:
    """Ask for a number; Reveal shows the true one next to the guess, then ``explain``."""
    with st.container(horizontal=True, vertical_alignment="bottom", gap="small"):
        guess = st.number_input(question, value=None, key=f"{key}_guess", width=320,
                                placeholder="Your prediction",
                                help="Commit to a number first, then reveal the true one.")
        revealed = _reveal_button(key, guess is None)
    if revealed:
        st.info(f"The answer: {answer:g} (your prediction: {guess:g}).")
        explain()


def exercise(title: str, prompt: str, solution: Callable[[], None], key: str) -> None:
    """An exercise with its solution folded away until the student opens it."""
    st.markdown(f"**Exercise: {title}.** {prompt}")
    with st.expander("Solution", key=f"{key}_solution"):
        # A folded solution still reaches the browser, and it works out the numbers a
        # lesson's question may ask for.
        if worked_answer("the solution and its numbers"):
            solution()
