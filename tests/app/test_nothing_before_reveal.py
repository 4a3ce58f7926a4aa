"""While a lesson's question waits, no page sends what would answer it (issue 36 point 2).

Any page can be a step of a teacher's own lesson (the sidebar's builder), so every page is
opened as the one step of a lesson whose question names no give-away numbers (it hides
them all): its charts must arrive empty (`ui.lesson.covered_figure`), its tables with no
rows (`ui.lesson.table`) and its key numbers as "?" (`ui.lesson.key_number`). What the
browser receives is what AppTest reads here, so a CSS cover alone fails this test.
"""

import json

import pytest
from streamlit.proto.Dataframe_pb2 import Dataframe

from explorer.lesson_files import Lesson, Question, Step, encode_lesson
from ui.lesson import MASK
from ui.navigation import PAGES
from ui.page_parameters import open_page

pytestmark = pytest.mark.slow

QUESTION = Question("What will the page show?", ("this", "that"), 0)


def opened_as_a_question_step(url_path: str):
    lesson = Lesson("Predict", (Step(url_path, {}, "Predict first.", QUESTION),))
    entry = next(page for page in PAGES if page.url_path == url_path)
    return open_page(entry.path, {"lessonz": [encode_lesson(lesson)], "step": ["1"]})


# Home draws no chart, table or key number.
@pytest.mark.parametrize("url_path", [page.url_path for page in PAGES if page.url_path != "home"])
def test_a_waiting_question_s_page_sends_no_chart_data_table_row_or_key_number(url_path):
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
