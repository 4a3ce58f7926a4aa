"""A lesson step's controls are set on the first run of its page (issue 36 point 7): a class
of students following the teacher costs the server one page run each, not two.

`ui.links.request` puts a step's values in place before the page draws its controls when an
earlier run of the page in this server process drew them; otherwise `ui.links.check_request`
reruns the page with them, as before. Both end in the same view, warnings and address bar.
"""

from dataclasses import replace

import pytest

from explorer.lesson_files import Lesson, Step, encode_lesson, load_lesson
from tests.app.test_classroom import LESSON, run, start_class
from tests.app.test_lesson_bar import same, widget_value
from ui import links
from ui.lesson_bar import URL_PATHS
from ui.page_parameters import open_page


@pytest.fixture
def page_runs(monkeypatch) -> list[str]:
    """The pages whose run reached its end (`ui.links.check_request`, called by app.py after
    every page run; a run that switches pages stops before)."""
    runs = []
    check = links.check_request

    def counted(slot, page):
        runs.append(page)
        check(slot, page)

    monkeypatch.setattr(links, "check_request", counted)
    return runs


@pytest.fixture
def class_data(tmp_path, monkeypatch):
    monkeypatch.setenv("CLUSTERLAB_DATA_DIR", str(tmp_path))
    monkeypatch.delenv("CLUSTERLAB_DATABASE_URL", raising=False)


@pytest.mark.usefixtures("class_data")
@pytest.mark.parametrize(("seen", "runs"), [("teacher's page seen", 1),
                                           ("page not seen by this server", 2)])
def test_a_student_follows_the_teacher_s_next_in_one_page_run(page_runs, monkeypatch, seen,
                                                             runs):
    step = load_lesson(LESSON, URL_PATHS).steps[2]  # a page and a value not the default
    assert widget_value(open_page(URL_PATHS[step.page]), "sb_mode") != step.params["sb_mode"][0]
    join, teacher = start_class()
    student, host = run(join), run(teacher)
    for _ in range(2):
        host.button(key="class_next").click().run()
        assert not host.exception
    if runs == 2:  # another app server ran the teacher's page (issue 39)
        monkeypatch.setattr(links, "_DRAWN", {})
    page_runs.clear()
    student.run()
    assert not student.exception
    assert page_runs == [step.page] * runs
    for name, values in step.params.items():
        assert same(widget_value(student, name), values[0]), name
    assert not [w.value for w in student.warning if "Link parameter" in w.value]


@pytest.fixture(scope="module")
def clamped_lesson() -> str:
    """Two steps; the second asks K = 99 of a slider that ends at 50, and 12 true classes."""
    return encode_lesson(Lesson("Follow", (
        Step("measure_sandbox", {}, "First."),
        Step("learn_chance", {"lc_k": ("99",), "lc_k_true": ("12",)}, "Second."),
    )))


@pytest.mark.parametrize(("seen", "runs"), [("page seen", [1]), ("page not seen", [2]),
                                           ("range seen wider", [1, 2])])
def test_a_lesson_s_next_sets_its_controls_says_the_warning_and_writes_the_address(
        page_runs, monkeypatch, clamped_lesson, seen, runs):
    monkeypatch.setattr(links, "_DRAWN", {})
    if seen != "page not seen":
        open_page(URL_PATHS["learn_chance"])  # another session drew the page's controls
    if seen == "range seen wider":
        # A range that depends on the data (a dendrogram's height) may have been wider in
        # another session: Streamlit's own reading keeps the value in this one's.
        drawn = links._DRAWN["learn_chance"]
        drawn["lc_k"] = replace(drawn["lc_k"], high=500)
    at = open_page(URL_PATHS["measure_sandbox"], {"lessonz": [clamped_lesson], "step": ["1"]})
    page_runs.clear()
    at.button(key="lesson_next").click().run()
    assert not at.exception
    assert len(page_runs) in runs and set(page_runs) == {"learn_chance"}
    assert (widget_value(at, "lc_k"), widget_value(at, "lc_k_true")) == (50, 12)
    warnings = [w.value for w in at.warning if "Link parameter" in w.value]
    assert len(warnings) == 1 and "`lc_k`" in warnings[0] and "out of range" in warnings[0]
    assert (at.query_params.get("lc_k"), at.query_params.get("lc_k_true")) == ("50", "12")
