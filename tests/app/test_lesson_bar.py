"""Lessons: every step of every shipped lesson opens on its page with its parameters, the
bar moves between steps, and a teacher's own lesson travels in its link."""

import pytest
from streamlit.testing.v1 import AppTest

from explorer.lesson_files import MAX_CODE, decode_lesson, lesson_names, load_lesson
from tests.app.conftest import charts_covered
from tests.ui.test_text import rendered_text
from ui.lesson import MASK
from ui.lesson_bar import URL_PATHS
from ui.page_parameters import APP, TIMEOUT_S, copied_link, open_page
from ui.text import plain

STEPS = [(name, number) for name in lesson_names()
         for number in range(1, len(load_lesson(name, URL_PATHS).steps) + 1)]


def widget_value(at, key: str):
    for kind in ("selectbox", "radio", "select_slider", "slider", "number_input", "toggle"):
        for widget in at.get(kind):
            if getattr(widget, "key", None) == key:
                return widget.value
    if key in at.session_state:  # tabs: AppTest lists no widget for them; the state is the label
        return at.session_state[key]
    raise KeyError(key)


def same(value, text: str) -> bool:
    """A widget value against a step's text: the registry key, or the number."""
    try:
        return float(value) == float(text)
    except (TypeError, ValueError):
        return str(value) == text


def bar_text(at) -> str:
    """The lesson bar's text: its head line and the step's prompt."""
    return " ".join(m.value for m in at.markdown)


def test_the_three_course_lessons_are_shipped():
    titles = {load_lesson(name, URL_PATHS).title for name in lesson_names()}
    assert {"Why adjust for chance", "How many clusters?", "Density-based clustering"} <= titles


@pytest.mark.parametrize(("name", "number"), STEPS)
def test_every_step_of_every_lesson_opens_with_its_parameters(name, number):
    lesson = load_lesson(name, URL_PATHS)
    step = lesson.steps[number - 1]
    at = open_page(URL_PATHS[step.page], {"lesson": [name], "step": [str(number)]})
    assert not at.error, [e.value for e in at.error]
    assert not [w.value for w in at.warning if "Link parameter" in w.value]
    assert f"step {number} of {len(lesson.steps)}" in bar_text(at)
    link = copied_link(at)
    assert set(step.params) <= set(link)  # every step parameter is a control of the page
    for name, values in step.params.items():
        assert same(widget_value(at, name), values[0]), (name, widget_value(at, name))
    if step.question is not None:
        assert at.radio(key=f"lesson_q{number}_choice").label == plain(step.question.text)


@pytest.mark.parametrize(("start", "button", "end"), [(1, "lesson_next", 2),
                                                     (2, "lesson_previous", 1)])
def test_next_and_previous_move_to_the_step_s_page_and_controls(start, button, end):
    # One move per AppTest: AppTest keeps running the page it opened after the script
    # switched pages, so a second click would be replayed on the first page.
    lesson = load_lesson("why_adjust_for_chance", URL_PATHS)
    at = open_page(URL_PATHS[lesson.steps[start - 1].page],
                   {"lesson": ["why_adjust_for_chance"], "step": [str(start)]})
    assert at.button(key="lesson_previous").disabled == (start == 1)
    at.button(key=button).click().run()
    assert not at.exception
    assert f"step {end} of {len(lesson.steps)}" in bar_text(at)
    assert copied_link(at)["step"] == [str(end)]
    for name, values in lesson.steps[end - 1].params.items():
        assert same(widget_value(at, name), values[0]), name


def test_a_teachers_lesson_travels_in_its_link_escaped():
    at = open_page("app_pages/explore_dbscan.py", {"db_eps": ["0.2"]})
    at.text_input(key="lesson_title").input("Moons **bold** $x$").run()
    at.text_input(key="lesson_prompt").input("Is eps = 0.2 <b>too</b> large?").run()
    at.button(key="lesson_add").click().run()
    link = at.sidebar.code[0].value if "lessonz=" in at.sidebar.code[0].value \
        else at.sidebar.code[1].value
    assert "/explore_dbscan?lessonz=" in link
    code = link.split("lessonz=", 1)[1].split("&", 1)[0]
    opened = open_page("app_pages/explore_dbscan.py", {"lessonz": [code], "step": ["1"]})
    text = bar_text(opened)
    assert r"Moons \*\*bold\*\* \$x\$" in text and r"\<b\>too\</b\>" in text
    assert copied_link(opened)["db_eps"] == ["0.2"]


@pytest.mark.parametrize("code", ["not-a-lesson", "A" * (MAX_CODE + 1), "eJwrSS0uAQAEXQHB"])
def test_a_damaged_or_oversized_lesson_link_is_an_error_not_a_crash(code):
    at = open_page("app_pages/home.py", {"lessonz": [code]})
    assert not at.exception
    assert at.error and "lesson" in at.error[0].value


def test_an_unknown_lesson_name_lists_the_lessons():
    at = open_page("app_pages/home.py", {"lesson": ["<script>"]})
    assert not at.exception
    assert "why_adjust_for_chance" in rendered_text(at.error[0].value)


def metric_values(at) -> dict[str, str]:
    return {m.label: m.value for m in at.metric}


def test_a_lesson_question_hides_its_give_away_numbers_and_the_page_quiz_until_reveal():
    at = open_page("app_pages/learn_chance.py",
                   {"lesson": ["why_adjust_for_chance"], "step": ["1"]})
    values = metric_values(at)
    assert values == {"NMI (arithmetic) at K = 50": "?", "AMI (arithmetic) at K = 50": "?"}
    # the page's quiz steps aside
    assert [r.key for r in at.main.radio] == ["lesson_q1_choice"]
    choice = at.radio(key="lesson_q1_choice")
    choice.set_value(choice.options[2]).run()
    at.button(key="lesson_q1_reveal").click().run()
    assert "?" not in metric_values(at).values()
    assert 0.4 < float(metric_values(at)["NMI (arithmetic) at K = 50"]) < 0.55


def csv_downloads(at) -> list[bool]:
    """For each "Chart data (CSV)" download of the page: is it disabled?"""
    return [b.disabled for b in at.get("download_button")
            if b.label == "Chart data (CSV)"]


@pytest.mark.parametrize(("page", "name", "number", "option"), [
    ("learn_chance", "why_adjust_for_chance", 1, 2),
    ("measure_sandbox", "why_adjust_for_chance", 3, 1),
    ("learn_families", "density_based_clustering", 1, 2),
])
def test_a_question_step_covers_the_page_s_charts_until_reveal(page, name, number, option):
    at = open_page(f"app_pages/{page}.py", {"lesson": [name], "step": [str(number)]})
    assert charts_covered(at)
    # the chart's numbers cannot be downloaded either
    assert csv_downloads(at) and all(csv_downloads(at))
    choice = at.radio(key=f"lesson_q{number}_choice")
    choice.set_value(choice.options[option]).run()
    assert charts_covered(at)  # a choice alone reveals nothing
    at.button(key=f"lesson_q{number}_reveal").click().run()
    assert not at.exception
    assert not charts_covered(at)
    assert csv_downloads(at) and not any(csv_downloads(at))


@pytest.mark.parametrize(("name", "number"), [(name, number) for name, number in STEPS
                                              if load_lesson(name, URL_PATHS)
                                              .steps[number - 1].question is None][:3])
def test_a_step_without_a_question_shows_its_charts(name, number):
    step = load_lesson(name, URL_PATHS).steps[number - 1]
    at = open_page(URL_PATHS[step.page], {"lesson": [name], "step": [str(number)]})
    assert not at.exception
    assert at.get("plotly_chart") and not charts_covered(at)


def test_without_a_lesson_the_page_keeps_its_quiz_and_its_numbers():
    at = open_page("app_pages/learn_chance.py", {})
    assert "lc_q1_choice" in [r.key for r in at.radio]
    assert "?" not in metric_values(at).values()


def test_the_sandbox_shows_the_exercise_s_numbers_and_hides_only_the_ari():
    at = open_page("app_pages/measure_sandbox.py",
                   {"lesson": ["why_adjust_for_chance"], "step": ["3"]})
    # The slides' exercise: RI = (20 + 72) / 136 = 0.68 (printed on the slides).
    assert metric_values(at) == {"Pair counts": "20 · 24 · 20 · 72", "RI": "0.68", "ARI": "?"}
    # nor does the worked computation of the ARI below
    assert not [x.value for x in at.latex if "ARI" in x.value]
    choice = at.radio(key="lesson_q3_choice")
    choice.set_value(choice.options[1]).run()
    at.button(key="lesson_q3_reveal").click().run()
    assert metric_values(at)["ARI"] == "0.24"
    assert [x.value for x in at.latex if r"\mathrm{ARI} =" in x.value and "= 0.24" in x.value]


def test_every_shipped_lesson_says_what_the_class_learns():
    for name in lesson_names():
        assert len(load_lesson(name, URL_PATHS).summary) > 20, name


def link_warnings(at) -> str:
    return " ".join(w.value for w in at.warning)


@pytest.mark.parametrize(("step", "shown"), [("99", "4"), ("0", "1"), ("two", "1")])
def test_a_step_outside_the_lesson_is_said_and_the_nearest_step_opens(step, shown):
    # Opened straight on the step's page, as a browser does (the warning is said once).
    lesson = load_lesson("why_adjust_for_chance", URL_PATHS)
    at = AppTest.from_file(APP, default_timeout=TIMEOUT_S)
    at.query_params["lesson"], at.query_params["step"] = "why_adjust_for_chance", step
    at.switch_page(URL_PATHS[lesson.steps[int(shown) - 1].page]).run()
    assert not at.exception
    assert f"opens step {shown}" in link_warnings(at) and "1 to 4" in link_warnings(at)
    assert f"step {shown} of 4" in bar_text(at)


def test_home_and_the_sidebar_list_every_shipped_lesson_with_its_steps_and_summary():
    at = open_page("app_pages/home.py")
    for name in lesson_names():
        lesson = load_lesson(name, URL_PATHS)
        label = f"{plain(lesson.title)} ({len(lesson.steps)} steps)"
        main = [link for link in at.main.get("page_link") if link.proto.label == label]
        side = [link for link in at.sidebar.get("page_link") if link.proto.label == label]
        assert main and side, label
        assert main[0].proto.page == lesson.steps[0].page
        assert main[0].proto.query_string == f"lesson={name}&step=1"
        assert plain(lesson.summary) in [c.value for c in at.main.caption]


@pytest.mark.parametrize("kind", ["choices", "a number"])
def test_the_builder_adds_a_question_to_a_step_and_the_link_carries_it(kind):
    at = open_page("app_pages/explore_dbscan.py", {"db_eps": ["0.2"]})
    at.text_input(key="lesson_q_text").input("How many clusters will DBSCAN find?").run()
    at.radio(key="lesson_q_kind").set_value(kind).run()
    if kind == "choices":
        at.text_area(key="lesson_q_options").input("1\n2\n3").run()
        at.selectbox(key="lesson_q_right").set_value("2").run()
    else:
        at.number_input(key="lesson_q_value").set_value(2.0).run()
    at.button(key="lesson_add").click().run()
    link = next(c.value for c in at.sidebar.code if "lessonz=" in c.value)
    code = link.split("lessonz=", 1)[1].split("&", 1)[0]
    question = decode_lesson(code, URL_PATHS).steps[0].question
    assert question.text == "How many clusters will DBSCAN find?"
    assert (question.options, question.answer) == (
        (("1", "2", "3"), 1) if kind == "choices" else ((), 2.0))
    opened = open_page("app_pages/explore_dbscan.py", {"lessonz": [code], "step": ["1"]})
    assert not opened.error
    # Every key number's value waits for the reveal (the question names none): not sent.
    assert opened.metric and all(m.value == MASK for m in opened.metric)


def test_a_builder_question_without_enough_choices_is_refused_with_the_reason():
    at = open_page("app_pages/explore_dbscan.py")
    at.text_input(key="lesson_q_text").input("Which one?").run()
    at.text_area(key="lesson_q_options").input("only one").run()
    at.button(key="lesson_add").click().run()
    assert not at.exception
    assert "2 to 6 options" in at.sidebar.error[0].value
