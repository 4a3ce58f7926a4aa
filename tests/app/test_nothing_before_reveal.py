"""While a lesson's question waits, no page sends what would answer it (issue 36 point 2).

Any page can be a step of a teacher's own lesson (the sidebar's builder), so every page is
opened as the one step of a lesson whose question names no give-away numbers (it hides
them all): its charts must arrive empty (`ui.lesson.covered_figure`), its tables with no
rows (`ui.lesson.table`), its key numbers as "?" (`ui.lesson.key_number`) and its prose
without a number it computed (`ui.lesson.result_text`). What the browser receives is what
AppTest reads here, so a CSS cover alone fails this test.

A number in prose is a computed result unless the course wrote it: a number of the app's
own text (its string literals and named constants, its lesson files) or a parameter the
student set (the page's link holds every control) may show before the reveal. Any other
number fails, whether or not the page would show it after the reveal: that asks no run
after the reveal of each page (the suite is over its time budget), and the last test checks
that the text itself arrives then.
"""

import ast
import json
import re
from functools import cache
from pathlib import Path

import pytest
from streamlit.proto.Dataframe_pb2 import Dataframe
from streamlit.testing.v1 import AppTest

from explorer.lesson_files import Lesson, Question, Step, encode_lesson
from ui.lesson import MASK, RESULT_PENDING
from ui.navigation import PAGES
from ui.page_parameters import copied_link, open_page

pytestmark = pytest.mark.slow

QUESTION = Question("What will the page show?", ("this", "that"), 0)
# A page's view with more to hold back than its default: the sandbox's slide table has an
# accuracy line besides every chart, table and key number of the default one.
STEP_PARAMS = {"measure_sandbox": {"sb_mode": ("Land use (slides)",)}}
ROOT = Path(__file__).resolve().parents[2]
# Where the app's own text is written (tests and docs are not the app's text).
SOURCES = ("app_pages", "ui", "explorer", "experiments", "datasets", "clustering", "metrics",
           "plots")
# A number as prose writes it: 1,000 and 0.090 are one number each; a sign is not part of it.
NUMBER = re.compile(r"\d+(?:[,_]\d{3})*(?:\.\d+)?")
PROSE = ("markdown", "caption", "info", "success", "warning", "error")


def numbers(text: str) -> set[str]:
    return {found.replace(",", "").replace("_", "") for found in NUMBER.findall(text)}


def course_text(tree: ast.Module):
    """A module's fixed text: its string literals (the literal parts of f-strings too, not
    docstrings, whose examples print computed values) and its named constants' numbers."""
    docstrings = {id(node.value) for node in ast.walk(tree) if isinstance(node, ast.Expr)}
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) \
                and id(node) not in docstrings:
            yield node.value
    for node in tree.body:
        if isinstance(node, ast.Assign) and all(
                isinstance(target, ast.Name) and target.id.isupper() for target in node.targets):
            yield from (repr(leaf.value) for leaf in ast.walk(node.value)
                        if isinstance(leaf, ast.Constant) and type(leaf.value) in (int, float))


@cache
def fixed_numbers() -> frozenset[str]:
    found = set()
    for folder in SOURCES:
        for path in (ROOT / folder).rglob("*.py"):
            for text in course_text(ast.parse(path.read_text(encoding="utf-8"))):
                found |= numbers(text)
    for path in (ROOT / "lessons").glob("*.toml"):
        found |= numbers(path.read_text(encoding="utf-8"))
    return frozenset(found)


def prose(at) -> list[str]:
    """The text of the page's markdown, captions, alerts and tab labels."""
    return [element.value for kind in PROSE for element in getattr(at, kind)] \
        + [tab.label for tab in at.tabs]


def opened_as_a_question_step(url_path: str):
    lesson = Lesson("Predict", (Step(url_path, STEP_PARAMS.get(url_path, {}), "Predict first.",
                                     QUESTION),))
    entry = next(page for page in PAGES if page.url_path == url_path)
    return open_page(entry.path, {"lessonz": [encode_lesson(lesson)], "step": ["1"]})


def test_the_fixed_text_holds_the_course_s_numbers_not_computed_ones():
    fixed = fixed_numbers()
    # learn_chance's TRIALS is a named constant; "log 2 = 0.693" is written in learn_features.
    assert "12" in fixed and "0.693" in fixed
    # Computed on the page: the slide example's printed terms (0.208 nats) in learn_features,
    # the land-use table's accuracy (325 / 391 = 0.831) in the contingency sandbox.
    assert "0.208" not in fixed and "0.831" not in fixed


# Home draws no chart, table or key number.
@pytest.mark.parametrize("url_path", [page.url_path for page in PAGES if page.url_path != "home"])
def test_a_waiting_question_s_page_sends_no_chart_data_table_row_key_number_or_result(url_path):
    at = opened_as_a_question_step(url_path)
    assert not at.exception
    assert at.get("plotly_chart") or at.metric or at.dataframe, "nothing was checked"
    for chart in at.get("plotly_chart"):
        figure = json.loads(chart.proto.spec)
        assert not figure.get("data") and not figure.get("frames"), url_path
    # A table the student types into (st.data_editor) holds the student's own input.
    read_only = [t for t in at.dataframe if t.proto.editing_mode == Dataframe.EditingMode.READ_ONLY]
    for table in read_only:
        assert len(table.value) == 0, (url_path, table.value.columns.tolist())
    for metric in at.metric:
        assert metric.value == MASK, (url_path, metric.label, metric.value)

    shown = prose(at)
    assert shown, "no prose was read (the lesson bar writes some)"
    student_set = numbers(" ".join(" ".join(values) for values in copied_link(at).values()))
    for text in shown:
        computed = numbers(text) - fixed_numbers() - student_set
        assert not computed, (url_path, sorted(computed), text)


def test_a_result_in_prose_waits_for_the_reveal_and_then_arrives():
    def page():
        import streamlit as st

        from ui.lesson import WAITING, result_text, wait_for_reveal

        st.session_state.pop(WAITING, None)  # as the lesson bar starts every run
        if st.session_state.get("asking"):
            wait_for_reveal(None)
        st.markdown(result_text("k-means found **3** clusters."))
        st.caption("ARI: " + result_text("0.42.", instead="on Reveal."))

    at = AppTest.from_function(page)
    at.session_state["asking"] = True
    at.run()
    assert [at.markdown[0].value, at.caption[0].value] == [RESULT_PENDING, "ARI: on Reveal."]
    at.session_state["asking"] = False  # the lesson bar's run after the reveal
    at.run()
    assert [at.markdown[0].value, at.caption[0].value] == ["k-means found **3** clusters.",
                                                           "ARI: 0.42."]
