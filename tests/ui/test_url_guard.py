"""ui.url_guard: link values that would crash a number input are dropped with a warning
(the values are judged by ui.link_plan.unreadable)."""

import pytest
from streamlit.testing.v1 import AppTest

from ui.link_plan import MAX_VALUE_LENGTH, dropped_params, unreadable
from ui.page_parameters import APP, TIMEOUT_S


@pytest.mark.parametrize("value", ["inf", "-inf", "nan", "NaN", "1e309", "9" * 400,
                                   "x" * (MAX_VALUE_LENGTH + 1)])
def test_values_no_widget_can_take_are_named(value):
    assert unreadable(value)


@pytest.mark.parametrize("value", ["0", "-1", "3.5", "1e308", "blobs", "0, 0; 4, 4", "",
                                   "x" * MAX_VALUE_LENGTH])
def test_ordinary_values_are_kept(value):
    assert unreadable(value) is None


def test_long_lesson_and_drawing_parameters_are_left_to_their_own_readers():
    long = "A" * (MAX_VALUE_LENGTH + 1)
    assert dropped_params({"lessonz": [long], "ex_drawn": [long], "ex_k": ["3", "nan"],
                           "x": [long, "inf"]}) == {
        "ex_k": ["not a finite number"],
        "x": [f"longer than {MAX_VALUE_LENGTH:,} characters", "not a finite number"]}


@pytest.mark.slow
def test_an_infinite_seed_in_a_link_is_dropped_and_the_page_runs():
    at = AppTest.from_file(APP, default_timeout=TIMEOUT_S)
    at.query_params["cmp_rs"] = "-inf"
    at.query_params["cmp_k"] = "3"
    at.run()
    assert not at.exception, at.exception
    assert [w.value for w in at.warning if "cmp\\_rs (not a finite number)" in w.value]
    assert "cmp_rs" not in at.query_params and at.query_params["cmp_k"] == "3"
    at.switch_page("app_pages/explore_compare.py").run()
    assert not at.exception, at.exception
    assert at.number_input(key="cmp_rs").value == 0


def open_directly(path: str, params: dict[str, str]) -> AppTest:
    """The page opened by a link to it (not reached from Home: the page's first run is the
    one that reads the link)."""
    at = AppTest.from_file(APP, default_timeout=TIMEOUT_S)
    at.switch_page(path)
    for name, value in params.items():
        at.query_params[name] = value
    return at.run()


@pytest.mark.slow
@pytest.mark.parametrize("path, param, value", [
    ("app_pages/explore.py", "ex_seed", "1e309"),
    ("app_pages/measure_upload.py", "up_seed", "1e309"),
    ("app_pages/explore_compare.py", "cmp_rs", "-inf"),
])
def test_an_infinite_seed_in_a_link_to_the_page_itself_is_dropped(path, param, value):
    at = open_directly(path, {param: value})
    assert not at.exception, at.exception
    assert [w.value for w in at.warning if "not a finite number" in w.value]
    assert at.number_input(key=param).value == 0


@pytest.mark.slow
def test_present_nan_after_the_page_was_drawn_is_dropped():
    at = open_directly("app_pages/explore.py", {})
    at.query_params["present"] = "nan"
    at.run()
    assert not at.exception, at.exception
    assert [w.value for w in at.warning if "present (not a finite number)" in w.value]
    assert at.toggle(key="present").value is False
