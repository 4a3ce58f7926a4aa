"""A student's side of a class question: the options (or a number box) and Answer.

An answer the store cannot take because the database is down is kept in the session
(`PENDING`) and sent again on each poll until it is stored, or refused (the question was
revealed meanwhile): then the student is told it did not count.
"""

import math

import streamlit as st

from classroom import ClassError, ClassState, ClassStore, StoreUnavailable
from classroom.store import MAX_NUMBER
from explorer.lesson_files import Question
from metrics.validation import ParameterError, check_real
from ui.class_identity import participant
from ui.class_results import letter
from ui.text import plain, show_error

PENDING = "_class_pending"  # (code, step, value) of an answer not yet stored
FORM = "_class_form"  # (code, step, options or None for a number) of the form last drawn


def keep_click() -> None:
    """When the run that a press of Answer started cannot reach the database (so the form is
    not drawn again), keep the answer the press sent as pending."""
    form = st.session_state.get(FORM)
    if form is None:
        return
    code, step, options = form
    if not st.session_state.get(f"class_answer_{step}"):
        return
    if options is None:
        try:
            value = check_real(st.session_state.get(f"class_number_{step}"), "answer")
        except ParameterError:
            value = None
    else:
        choice = st.session_state.get(f"class_choice_{step}")
        value = options.index(choice) if choice in options else None
    if value is not None:
        st.session_state[PENDING] = (code, step, value)


def send_pending(store: ClassStore, token: str) -> None:
    """Send the answer kept while the database was away, and say what became of it.

    Raises
    ------
    classroom.StoreUnavailable
        While the database is still away (the answer stays kept).
    """
    pending = st.session_state.get(PENDING)
    if pending is None:
        return
    code, step, value = pending
    try:
        store.answer(code, token, step, value)
    except StoreUnavailable:
        raise
    except ClassError as error:
        del st.session_state[PENDING]
        show_error(error, prefix=f"Your answer to step {step} did not count: ")
        return
    del st.session_state[PENDING]
    st.success(f"Your answer to step {step} is sent now that the class database is back.")


def pending_note() -> None:
    """Say that an answer is kept in this browser's session until the database is back."""
    pending = st.session_state.get(PENDING)
    if pending is not None:
        st.caption(f"Your answer to step {pending[1]} is kept here and is sent when the class "
                   "database is back.")


def _said(question: Question, value: int | float) -> str:
    if question.numeric:
        return f"{value:g}"
    return f"{letter(value)}. {plain(question.options[value])}"


def answer_form(store: ClassStore, state: ClassState, question: Question) -> None:
    """The question's answer controls for this browser's participant: its last answer is
    preselected; after the reveal they stay, disabled."""
    step, code = state.step, state.code
    token = participant(store, code)
    send_pending(store, token)
    mine = store.my_answer(code, token, step)
    options = None if question.numeric else [
        f"{letter(i)}. {plain(o)}" for i, o in enumerate(question.options)]
    st.session_state[FORM] = (code, step, options)
    if options is None:
        choice = st.number_input(
            plain(question.text), value=None if mine is None else float(mine), format="%g",
            min_value=-MAX_NUMBER, max_value=MAX_NUMBER,  # what the store takes
            key=f"class_number_{step}", disabled=state.is_revealed,
            placeholder="Your answer: a number")
        value = choice if choice is not None and math.isfinite(choice) else None
    else:
        choice = st.radio(plain(question.text), options, index=mine, key=f"class_choice_{step}",
                          disabled=state.is_revealed)
        value = None if choice is None else options.index(choice)
    if st.button("Answer", icon=":material/send:", key=f"class_answer_{step}",
                 disabled=value is None or state.is_revealed, type="primary",
                 help="Send your answer; you can change it until the teacher reveals."):
        try:
            store.answer(code, token, step, value)
            mine = value
        except StoreUnavailable:
            st.session_state[PENDING] = (code, step, value)
            raise
    if mine is not None:
        st.caption(f"Your answer: {_said(question, mine)}."
                   + ("" if state.is_revealed else " You can change it until the reveal."))
