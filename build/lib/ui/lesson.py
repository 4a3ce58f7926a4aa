"""Building blocks of the lessons: predict-then-reveal questions and hidden solutions."""

from collections.abc import Callable, Sequence

import streamlit as st


def predict_then_reveal(
    question: str, options: Sequence[str], answer: int, explain: Callable[[], None], key: str,
) -> None:
    """Ask ``question``; once the student has picked an option and pressed Reveal, say whether
    it was right and run ``explain`` (which draws the evidence, computed live)."""
    choice = st.radio(
        question, options, index=None, key=f"{key}_choice",
        help="Commit to a prediction first: it is the guess that makes the answer stick.",
    )
    revealed = f"{key}_revealed"
    st.button(
        "Reveal", key=f"{key}_reveal", disabled=choice is None,
        on_click=lambda: st.session_state.__setitem__(revealed, True),
        help="Show the answer, computed on the spot.",
    )
    if st.session_state.get(revealed) and choice is not None:
        if choice == options[answer]:
            st.success(f"Right: {options[answer]}.")
        else:
            st.warning(f"Not quite: the answer is {options[answer]}.")
        explain()


def exercise(title: str, prompt: str, solution: Callable[[], None], key: str) -> None:
    """An exercise with its solution folded away until the student opens it."""
    st.markdown(f"**Exercise: {title}.** {prompt}")
    with st.expander("Solution", key=f"{key}_solution"):
        solution()
