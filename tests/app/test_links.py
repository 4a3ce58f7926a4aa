"""Links: every control of every page is written into Copy link (defaults included), link
values are accepted by label or registry key, and unusable values are named in a warning.

These tests read the app's own "Copy link" box, so they also catch a Streamlit upgrade that
breaks `ui.bindings` (which reads Streamlit's widget bindings). How each link value is read
(spellings, ranges, fractions, repeated values, lesson steps, unknown names) is decided by
the pure `ui.link_plan` and tested there (tests/ui/test_link_plan.py); here one page run
per behaviour a person sees checks the Streamlit shell around it.
"""

import pytest

from metrics.seeding import MAX_SEED
from tests.ui.test_text import markup_left, rendered_text
from ui.navigation import PAGES
from ui.page_parameters import (
    DOC,
    copied_link,
    documented_table,
    open_page,
    page_parameters,
    parameters_markdown,
)


def test_the_documented_parameter_table_is_the_code_s():
    assert documented_table(DOC.read_text()) == parameters_markdown(), (
        "docs/teaching.md is out of date: run `python -m ui.page_parameters`")


def link_warnings(at) -> list[str]:
    return [w.value for w in at.warning if "Link parameter" in w.value]


def test_registry_keys_any_spelling_and_algorithm_parameters_open_the_view():
    at = open_page("app_pages/measure_truth.py", {
        "mt_dataset": ["two_moons"], "mt_algorithm": ["dbscan"], "mt_dbscan_eps": ["0.15"],
        "mt_noise_policy": ["Left out"],
    })
    assert at.selectbox(key="mt_dataset").value == "moons"
    assert at.selectbox(key="mt_algorithm").value == "dbscan"
    assert at.number_input(key="mt_dbscan_eps").value == 0.15
    link = copied_link(at)
    assert link["mt_dataset"] == ["Two moons"] and link["mt_algorithm"] == ["DBSCAN"]
    assert link["mt_dbscan_eps"] == ["0.15"]
    assert not link_warnings(at)


@pytest.mark.parametrize(("path", "params", "labels"), [
    # two selectboxes, one of which draws the other's parameters
    ("app_pages/explore.py", {"ex_data": ["moons"], "ex_algo": ["dbscan"]},
     {"ex_data": "Two moons", "ex_algo": "DBSCAN"}),
    # a radio, by the preset's label before it was shortened
    ("app_pages/experiments_vinh2009.py", {"vinh_preset": ["Paper's settings"]},
     {"vinh_preset": "Paper"}),
])
def test_a_key_in_a_link_stays_in_the_address_bar_as_its_label(path, params, labels):
    at = open_page(path, params)
    for _ in range(2):  # as opened, and on the next run (a student moving another control)
        assert not at.exception
        assert {name: at.query_params.get(name) for name in labels} == labels
        assert not link_warnings(at)
        at.run()
    assert {name: copied_link(at)[name] for name in labels} == {
        name: [label] for name, label in labels.items()}


def test_an_unusable_value_gives_one_escaped_warning_and_the_default():
    """Also issue 40's fraction for an integer: refused with what is valid, not rounded."""
    at = open_page("app_pages/measure_truth.py", {
        "mt_model": ["**bold** `tick` <b>x</b>"], "mt_seed": ["2.7"],
    })
    warnings = link_warnings(at)
    assert len(warnings) == 2
    model = next(w for w in warnings if "`mt_model`" in w)
    value = model.split("“")[1].split("”")[0]
    assert rendered_text(value) == "**bold** `tick` <b>x</b>"  # shown as typed
    assert markup_left(value) == []  # and nothing of it read as Markdown
    assert "Valid values: one of" in model and "`perm: sizes fixed" in model
    seed = next(w for w in warnings if "`mt_seed`" in w)
    assert f"an integer from 0 to {MAX_SEED:,}" in seed and "out of range" not in seed
    assert at.selectbox(key="mt_model").value == "perm"
    assert at.number_input(key="mt_seed").value == 0
    assert at.query_params.get("mt_seed") in (None, "0")


def alternative(at, name: str, current: list[str]) -> list[str] | None:
    """A valid value other than ``current`` for the control bound to ``name`` (URL form),
    taken from the cheap end of its range; None for controls without one."""
    for kind in ("selectbox", "radio", "multiselect", "select_slider", "slider",
                 "number_input", "toggle", "checkbox"):
        for w in at.get(kind):
            if getattr(w, "key", None) != name:
                continue
            if kind in ("selectbox", "radio", "select_slider"):
                options = [str(o) for o in w.options]
                return [options[1] if current == [options[0]] else options[0]]
            if kind == "multiselect":
                return [w.options[1] if current == [w.options[0]] else w.options[0]]
            if kind in ("toggle", "checkbox"):
                return ["false" if current == ["true"] else "true"]
            low = 0 if w.min is None else w.min
            step = w.step or 1
            value = low + step if float(current[0]) != low + step else low + 2 * step
            return [f"{value:g}"]
    return None


def same(a: list[str], b: list[str]) -> bool:
    try:
        return [float(x) for x in a] == [float(x) for x in b]
    except ValueError:
        return a == b


@pytest.mark.parametrize("path", [entry.path for entry in PAGES])
def test_every_control_is_set_from_a_link_and_copy_link_reproduces_it(path):
    defaults = dict(page_parameters(path))
    at = open_page(path)
    wanted = {name: alternative(at, name, list(values)) for name, values in defaults.items()}
    wanted = {name: value for name, value in wanted.items() if value is not None}
    if not defaults:
        assert path.endswith("home.py")  # the only page without controls
        return
    assert wanted, f"no control of {path} found by its URL name"
    link = copied_link(open_page(path, wanted))
    # A changed choice can remove another control (an algorithm's parameters go with it):
    # every control still drawn holds the link's value, and so does the new Copy link.
    kept = [name for name in wanted if name in link]
    assert len(kept) >= len(wanted) / 2
    for name in kept:
        assert same(link[name], wanted[name]), (name, link[name], wanted[name])


def test_a_number_beyond_its_range_an_unknown_parameter_and_a_misspelt_focus_are_said():
    at = open_page("app_pages/learn_chance.py",
                   {"lc_k": ["51"], "lc_kk": ["5"], "controls": ["of"]})
    assert at.slider(key="lc_k").value == 50  # the slider's maximum, not its default 10
    warnings = " ".join(w.value for w in at.warning)
    assert "`lc_k`" in warnings and "out of range" in warnings and "`50`" in warnings
    assert "`lc_kk`" in warnings and "ignored" in warnings
    assert "`controls`" in warnings and "“of”" in warnings
