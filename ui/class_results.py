"""A revealed class question: the distribution of the class's answers beside the true one
(bars per option for a choice, a histogram for a number), on the teacher's and the
students' screens alike."""

import pandas as pd
import streamlit as st

from explorer.lesson_files import Question
from plots.class_answers import answers_histogram
from plots.lines import bar_chart
from plots.palette import CLUSTER_COLORS, NOISE_COLOR
from ui.export import plot
from ui.text import figure_text, plain


def letter(index: int) -> str:
    """The letter of option ``index`` (A for 0)."""
    return chr(65 + index)


def choice_results(question: Question, counts: tuple[int, ...], key: str) -> None:
    """Bars of ``counts`` per option, the right one in colour, and the counts in words."""
    chart, words = st.columns([3, 2], vertical_alignment="center")
    labels = [figure_text(f"{letter(i)}. {o}"[:40]) for i, o in enumerate(question.options)]
    data = pd.DataFrame({"answer": labels, "answers": list(counts)})
    colors = [CLUSTER_COLORS[2] if i == question.answer else NOISE_COLOR
              for i in range(len(counts))]
    with chart:
        plot(bar_chart(data, "answer", "answers", title="The class's answers",
                       y_title="answers", colors=colors, text_format="d"),
             key, filename="class_answers")
    total = max(sum(counts), 1)
    with words:
        st.success(f"True answer: {letter(question.answer)}. "
                   f"{plain(question.options[question.answer])}")
        st.markdown("  \n".join(
            f"{letter(i)}. {plain(option)}: **{count}** ({count / total:.0%})"
            for i, (option, count) in enumerate(zip(question.options, counts, strict=True))))
        if question.explanation:
            st.markdown(plain(question.explanation))


def number_results(question: Question, numbers: tuple[float, ...], key: str) -> None:
    """The histogram of the class's numbers with the true value marked, and its summary."""
    chart, words = st.columns([3, 2], vertical_alignment="center")
    with chart:
        plot(answers_histogram(numbers, float(question.answer)), key, filename="class_answers")
    with words:
        st.success(f"True answer: {float(question.answer):g}")
        if numbers:
            middle = pd.Series(numbers).median()
            st.markdown(f"{len(numbers)} answers; median **{middle:g}**, from "
                        f"{min(numbers):g} to {max(numbers):g}.")
        else:
            st.markdown("No answers.")
        if question.explanation:
            st.markdown(plain(question.explanation))
