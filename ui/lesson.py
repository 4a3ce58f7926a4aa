"""Building blocks of the lessons: predict-then-reveal questions, key numbers that wait for
the reveal, and hidden solutions."""

from collections.abc import Callable, Sequence

import streamlit as st

# Set by the lesson bar (ui.lesson_bar) before the page runs, while a lesson step's question
# waits for its reveal: the labels (their beginnings) of the key numbers that would give the
# answer away, or ALL. The page's own quizzes step aside for the lesson's question.
WAITING = "_lesson_question_waiting"
ALL = "*"
MASK = "?"


def lesson_question_waiting() -> bool:
    """True while a lesson step's question is on screen and not yet revealed."""
    return WAITING in st.session_state


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
        solution()
