"""ui.link_plan: what a link asks of a page, decided without Streamlit.

These are the checks of link reading that once took an AppTest (or a browser visit) each:
unknown and renamed parameters, numbers out of range, fractions for integers, repeated
values, injection strings, lesson steps and seeds. The expected values come from the
control's declared range and options and from the gate's rules (metrics.validation), not
from the plan's output. tests/app/test_links.py keeps one AppTest per behaviour a person
sees, for the Streamlit shell (ui.links) around the plan.
"""

from __future__ import annotations

import math
import subprocess
import sys
from dataclasses import replace
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from metrics.seeding import MAX_SEED
from tests.ui.test_text import markup_left, rendered_text
from ui.link_plan import (
    APP_PARAMS,
    IGNORED,
    RENAMED_PREFIXES,
    Control,
    LinkState,
    new_name,
    placed_in_advance,
    plan,
    read_value,
    renamed_params,
    resolve_choice,
    same_value,
)
from ui.navigation import PAGES

PAGE = "explore_dbscan"
# A page's controls as ui.bindings reports them: an integer slider, a real number box, a
# choice, a multiselect, a flag, an integer range slider and a seed box.
MIN_SAMPLES = Control("db_min", ("5",), low=1, high=50, kind="double_array_value",
                      current=(5,), integer=True, default=5)
EPS = Control("db_eps", ("0.5",), low=0.001, high=10.0, kind="double_value", current=(0.5,),
              default=0.5)
DATA = Control("db_data", ("Two moons",), options=("moons", "iris", "blobs"),
               labels=("Two moons", "Iris", "Gaussian blobs"), kind="int_value",
               current=("moons",))
MEASURES = Control("db_measures", ("ARI", "AMI"), options=("ari", "ami", "nmi"),
                   labels=("ARI", "AMI", "NMI"), kind="int_array_value",
                   current=("ari", "ami"), multi=True)
STANDARDIZE = Control("db_std", ("false",), kind="bool_value", current=(False,))
KS = Control("db_ks", ("2", "10"), low=1, high=30, kind="double_array_value",
             current=(2, 10), multi=True, integer=True, default=(2, 10))
SEED = Control("db_seed", ("0",), low=0, high=MAX_SEED, kind="int_value", current=(0,),
               integer=True, default=0)
PRESET = Control("vinh_preset", ("Quick",), options=("quick", "paper"),
                 labels=("Quick", "Paper"), kind="int_value", current=("quick",))
CONTROLS = (MIN_SAMPLES, EPS, DATA, MEASURES, STANDARDIZE, KS, SEED, PRESET)


def opened(params: dict[str, list[str]], controls=CONTROLS, state: LinkState | None = None):
    """The plan at the end of the first run of a page opened by a link with ``params``."""
    return plan(state or LinkState(), PAGE, controls, params, params)


def holding(control: Control, value) -> Control:
    """``control`` after the page gave it ``value`` (as ui.bindings would report it)."""
    values = tuple(value) if control.multi else (value,)
    if control.is_choice:
        texts = tuple(control.labels[control.options.index(v)] for v in values)
    else:
        texts = tuple(str(v).lower() if isinstance(v, bool) else f"{v:g}" for v in values)
    return replace(control, current=values, value=texts)


# -- one value, one control -------------------------------------------------------------

@pytest.mark.parametrize(("asked", "expected"), [
    (["7"], 7), (["3.0"], 3), (["1e1"], 10), ([" 12 "], 12), (["50"], None), (["5"], None),
])
def test_an_integer_control_takes_integers_written_any_way_the_gate_reads(asked, expected):
    # "50" is the slider's own maximum; "5" is what it shows: nothing to change.
    control = holding(MIN_SAMPLES, 50) if asked == ["50"] else MIN_SAMPLES
    reading = read_value(control, asked)
    assert (reading.value, reading.warning) == (expected, None)


@pytest.mark.parametrize("asked", ["2.7", "5.5", "1e-3", "49.999"])
def test_a_fraction_for_an_integer_is_refused_not_rounded(asked):
    """Issue 40: db_min=2.7 became 2 with a false "out of range" warning."""
    control = holding(MIN_SAMPLES, 2)  # what Streamlit's own seeding may have shown
    reading = read_value(control, [asked])
    assert reading.value == MIN_SAMPLES.default  # back to the default, not a rounding
    assert "out of range" not in reading.warning
    assert "cannot be used, so the page shows `5`" in reading.warning
    assert "Valid values: an integer from 1 to 50." in reading.warning


def test_streamlit_s_own_reading_of_a_refused_value_is_not_read_again():
    """Streamlit seeds an integer widget from 2.7 with 2 and writes 2 into the URL; after the
    plan gives the control its default, the rerun's URL says 2: not a new link value."""
    link = {"db_seed": ["2.7"]}
    first = opened(link, controls=(holding(SEED, 2),))
    assert first.rerun and dict(first.state.pending) == {"db_seed": 0}
    corrected = {"db_seed": ["2"]}
    second = plan(replace(first.state, pending={}, notices=()), PAGE, (SEED,), corrected,
                  corrected)
    assert not second.rerun and second.write == ("db_seed",)  # the address bar gets 0


def test_a_real_control_keeps_a_fraction():
    assert read_value(EPS, ["0.25"]).value == 0.25
    assert read_value(EPS, ["2.7"]).value == 2.7


@pytest.mark.parametrize(("control", "asked", "end"), [
    (MIN_SAMPLES, "51", 50), (MIN_SAMPLES, "0", 1), (MIN_SAMPLES, "-99999999999999999999", 1),
    (EPS, "11", 10.0), (EPS, "0", 0.001), (EPS, "-1e300", 0.001),
    (SEED, str(MAX_SEED + 1), MAX_SEED), (SEED, "-1", 0), (SEED, "99999999999999999999", MAX_SEED),
])
def test_a_number_beyond_the_range_is_moved_to_the_nearest_end_and_said(control, asked, end):
    shown = holding(control, control.current[0] + 1)  # somewhere inside the range
    reading = read_value(shown, [asked])
    assert reading.value == end and type(reading.value) is type(control.current[0])
    assert "is out of range, so the page shows" in reading.warning
    assert f"`{end:,}`" in reading.warning or f"`{end:g}`" in reading.warning


@pytest.mark.parametrize("asked", ["seven", "", "1e309", "nan", "inf", "0x10", "1_000", "²",
                                   "٣", "9" * 41, "3; 4", "true"])
def test_a_seed_that_is_no_integer_leaves_the_default_with_one_warning(asked):
    control = holding(SEED, 77)
    reading = read_value(control, [asked])
    assert reading.value == 0
    assert "cannot be used, so the page shows `0`" in reading.warning
    assert f"an integer from 0 to {MAX_SEED:,}" in reading.warning


def test_a_value_the_control_already_shows_is_no_change():
    assert read_value(MIN_SAMPLES, ["5.0"]).value is None
    assert same_value(MIN_SAMPLES, ["5.0"]) and not same_value(MIN_SAMPLES, ["5.5"])
    assert same_value(DATA, ["Two moons"]) and not same_value(DATA, ["two_moons"])


@pytest.mark.parametrize(("asked", "expected"), [
    (["iris"], "iris"), (["Iris"], "iris"), (["IRIS"], "iris"), (["gaussian_blobs"], "blobs"),
    (["Gaussian+blobs"], "blobs"), (["gaussian-blobs"], "blobs"), (["two moons"], None),
])
def test_a_choice_is_named_by_its_key_or_label_in_any_spelling(asked, expected):
    assert read_value(DATA, asked) == read_value(DATA, asked)  # no hidden state
    reading = read_value(DATA, asked)
    assert (reading.value, reading.warning) == (expected, None)


def test_a_renamed_label_still_names_its_option():
    for spelling in ("Paper's settings", "paper's_settings", "Paper"):
        assert read_value(PRESET, [spelling]).value == "paper"


def test_a_choice_that_names_nothing_lists_the_valid_labels():
    reading = read_value(DATA, ["wine"])
    assert reading.value is None
    assert reading.warning.endswith(
        "Valid values: one of `Two moons`, `Iris`, `Gaussian blobs`.")


def test_a_flag_takes_true_or_false_in_any_case():
    assert read_value(STANDARDIZE, ["TRUE"]).value is True
    assert read_value(STANDARDIZE, ["false"]).value is None  # already false
    assert "Valid values: `true` or `false`." in read_value(STANDARDIZE, ["yes"]).warning
    assert read_value(STANDARDIZE, ["true", "true"]).value is None


# -- repeated values ----------------------------------------------------------------------

def test_a_multi_valued_control_takes_each_repeated_value_in_order():
    assert read_value(MEASURES, ["nmi", "ARI"]).value == ["nmi", "ari"]
    assert read_value(KS, ["3", "20"]).value == [3, 20]
    reading = read_value(KS, ["3", "31"])
    assert reading.value == [3, 30] and "out of range" in reading.warning


@pytest.mark.parametrize(("control", "asked"), [
    (MIN_SAMPLES, ["3", "4"]),   # one slider, two values
    (KS, ["3"]),                 # a range, one value
    (KS, ["3", "4", "5"]),
    (KS, ["3", "4.5"]),          # a fraction among integers
    (DATA, ["iris", "wine"]),    # one of two names nothing
])
def test_the_wrong_number_of_repeated_values_is_refused(control, asked):
    reading = read_value(control, asked)
    assert "cannot be used" in reading.warning
    assert reading.value in (None, control.default)


def test_an_empty_value_empties_a_multiselect():
    """Copy link writes an empty multiselect as ``name=``, which Streamlit reads as no value."""
    result = opened({"db_measures": []}, controls=(MEASURES,))
    assert result.rerun and dict(result.state.pending) == {"db_measures": []}


def test_resolve_choice_needs_every_token_to_name_an_option():
    assert resolve_choice(MEASURES, ["ami", "NMI"]) == ["ami", "nmi"]
    assert resolve_choice(MEASURES, ["ami", "vi"]) is None


# -- the whole plan -----------------------------------------------------------------------

def test_a_link_s_values_are_applied_on_one_rerun_then_written_to_the_address_bar():
    link = {"db_min": ["7"], "db_data": ["iris"], "db_eps": ["0.5"]}
    first = opened(link)
    assert first.rerun and first.warnings == ()
    assert dict(first.state.pending) == {"db_min": 7, "db_data": "iris"}
    assert first.state.named == {"db_min", "db_data", "db_eps"}
    # The rerun: the widgets hold the values; the address bar gets the labels.
    drawn = [holding(MIN_SAMPLES, 7), holding(DATA, "iris"), EPS]
    second = plan(replace(first.state, pending={}), PAGE, drawn, link, link)
    assert not second.rerun and second.warnings == ()
    assert second.write == ("db_data",)  # "iris" -> "Iris"; "7" is already written as 7
    assert second.state.applied == frozenset() and second.state.named == frozenset()


def test_warnings_wait_for_the_rerun_and_each_is_said_once():
    link = {"db_min": ["2.7"], "db_data": ["iris"], "db_kk": ["5"]}
    first = opened(link)
    assert first.rerun and len(first.state.notices) == 1  # the fraction; unknown names later
    drawn = [holding(MIN_SAMPLES, 5), holding(DATA, "iris")]
    second = plan(replace(first.state, pending={}, notices=()), PAGE, drawn, link, link)
    assert [w for w in second.warnings if "db_kk" in w] == [
        "No control on this page as shown reads the link parameter `db_kk`: ignored. "
        "Copy link gives the names this page uses."]
    third = plan(second.state, PAGE, drawn, link, link)
    assert third.warnings == () and not third.rerun


def test_unknown_parameters_are_named_once_and_the_app_s_own_are_not():
    link = {"db_kk": ["1"], "zz": ["2"], **{name: ["x"] for name in (*APP_PARAMS, *IGNORED)
                                           if name != "controls"}}
    result = opened(link, controls=(EPS,))
    unknown = [w for w in result.warnings if "No control" in w]
    assert unknown == ["No control on this page as shown reads the link parameters `db_kk`, "
                       "`zz`: ignored. Copy link gives the names this page uses."]


@pytest.mark.parametrize(("focus", "warned"), [
    ("off", False), ("on", False), ("OFF", False), ("of", True), ("", True), ("nan", True)])
def test_the_focus_parameter_is_on_or_off(focus, warned):
    result = opened({"controls": [focus]}, controls=(EPS,))
    assert any("Link parameter `controls`" in w for w in result.warnings) == warned


def test_the_url_is_read_only_when_the_page_opens():
    """On a rerun after a student moved a control, the browser's URL may still hold the
    control's older value: reading it would move the control back."""
    link = {"db_min": ["7"]}
    state = replace(opened(link).state, pending={}, applying=False)
    moved = holding(MIN_SAMPLES, 12)
    result = plan(state, PAGE, [moved], link, link)
    assert not result.rerun and result.state.pending == {}
    # Another page is another opening.
    other = {"db_min": ["8"]}
    assert plan(state, "explore", [moved], other, other).state.pending == {"db_min": 8}


def test_a_text_box_is_never_read_again_from_the_url():
    """Streamlit gives a text box whatever text the link holds (the page checks it: drawn
    points). A page that stopped (st.stop()) on every run before reaches the plan first on
    a later run, as if it opened there, with a URL from before what the drawing's tools
    put in the box on that run: the box's text is no refused link value."""
    drawing = Control("db_drawn", ("AAAABBBB",), current=("AAAABBBB",))
    result = opened({"db_drawn": ["AAAA"], "db_min": ["7"]}, controls=(drawing, MIN_SAMPLES))
    assert result.warnings == () and result.state.notices == ()
    assert dict(result.state.pending) == {"db_min": 7}  # the other controls are still read


def test_a_lesson_step_sets_controls_on_any_run_and_the_rest_on_the_next():
    """A lesson step (ui.links.request) names controls of the page it switches to; those
    that appear only once others are set (an algorithm's own parameters) wait a run."""
    state = replace(LinkState(opened=PAGE), request={"db_data": ("blobs",),
                                                     "db_dbscan_eps": ("0.2",)})
    first = plan(state, PAGE, CONTROLS, {}, {})
    assert first.rerun and dict(first.state.pending) == {"db_data": "blobs"}
    assert dict(first.state.request) == {"db_dbscan_eps": ("0.2",)}
    eps = Control("db_dbscan_eps", ("0.5",), low=0.01, high=2.0, kind="double_value",
                  current=(0.5,), default=0.5)
    second = plan(replace(first.state, pending={}), PAGE, (holding(DATA, "blobs"), eps), {}, {})
    assert second.rerun and dict(second.state.pending) == {"db_dbscan_eps": 0.2}


def test_a_step_s_value_is_applied_even_if_the_same_link_value_was_answered():
    state = replace(opened({"db_min": ["9"]}).state, pending={}, applying=False)
    state = replace(state, request={"db_min": ("9",)})
    assert plan(state, PAGE, [MIN_SAMPLES], {}, {}).state.pending == {"db_min": 9}


@pytest.mark.parametrize(("asked", "placed"), [
    # in the URL form Streamlit reads: a choice by its label
    ({"db_data": ["Gaussian_Blobs"]}, {"db_data": ("Gaussian blobs",)}),
    ({"db_measures": ["nmi", "ari"]}, {"db_measures": ("NMI", "ARI")}),
    ({"db_std": ["TRUE"]}, {"db_std": ("true",)}),
    ({"db_ks": ["0", "99"]}, {"db_ks": ("1", "30")}),                # moved into range
    ({"db_eps": ["2.5e-1"], "db_min": ["5.0"]}, {"db_eps": ("0.25",), "db_min": ("5",)}),
    ({"db_min": ["2.7"], "db_data": ["wine"], "db_ks": ["3"]}, {}),   # unusable: left to plan
    ({"db_dbscan_eps": ["0.2"]}, {}),                                 # no earlier run drew it
])
def test_a_step_s_values_are_read_in_advance_as_the_plan_reads_them(asked, placed):
    assert placed_in_advance({control.param: control for control in CONTROLS},
                             asked) == placed


def test_a_step_placed_in_advance_needs_no_rerun_and_keeps_its_warning_and_address():
    """What ui.links.request leaves: the step's values given to the widgets as the page
    drew them, their controls named and to be written into the address bar."""
    step = {"db_data": ("iris",), "db_ks": ("2", "99"), "db_min": ("2.7",)}
    placed = placed_in_advance({c.param: c for c in CONTROLS}, step)
    state = LinkState(opened="explore", request=step, applied=frozenset(placed),
                      named=frozenset(step))
    drawn = [holding(DATA, "iris"), holding(KS, [2, 30]), MIN_SAMPLES]
    result = plan(state, PAGE, drawn, {}, {})
    assert not result.rerun and result.state.pending == {}
    assert result.write == ("db_data", "db_ks")
    assert len(result.warnings) == 2  # the fraction refused and the range, once each
    assert "out of range" in result.warnings[0] and "2\\.7" in result.warnings[1]
    assert result.state.named == frozenset() and result.state.applied == frozenset()


def test_a_page_s_own_rerun_keeps_the_warnings_for_that_run():
    state = LinkState(rerun=True, later=("The lesson has no step 9.",))
    result = plan(state, PAGE, [MIN_SAMPLES], {"zz": ["1"]}, {"zz": ["1"]})
    assert result.rerun and not result.state.rerun and result.warnings == ()
    assert result.state.notices[0] == "The lesson has no step 9."


# -- renamed parameters -------------------------------------------------------------------

def test_old_prefixes_are_no_current_prefix():
    current = {f"{entry.prefix}_" for entry in PAGES}
    assert set(RENAMED_PREFIXES) & current == set()
    assert set(RENAMED_PREFIXES.values()) <= current


def test_new_name_translates_only_old_prefixes():
    assert new_name("lds_p") == "dist_p"
    assert new_name("ldi_noise_swiss_roll") == "dim_noise_swiss_roll"
    assert new_name("db_eps") == "db_eps"
    assert new_name("xlds_p") == "xlds_p"  # a prefix, not a substring


def test_an_old_link_is_renamed_with_its_values_and_the_rest_kept():
    url = {"lds_p": ["0.5"], "lds_qual": ["Jaccard"], "present": ["true"],
           "ldi_ks": ["2", "5"]}
    assert renamed_params(url) == {"dist_p": ["0.5"], "dist_qual": ["Jaccard"],
                                   "present": ["true"], "dim_ks": ["2", "5"]}
    assert renamed_params({"dist_p": ["0.5"]}) is None


@given(st.dictionaries(st.sampled_from(["lds_p", "dist_p", "ldi_k", "dim_k", "db_eps"]),
                       st.lists(st.sampled_from(["1", "2"]), min_size=1, max_size=2)))
def test_a_name_given_both_ways_keeps_the_current_one_s_values(url):
    renamed = renamed_params(url)
    if all(new_name(name) == name for name in url):
        assert renamed is None
        return
    current = {name: values for name, values in url.items() if new_name(name) == name}
    old = {new_name(name): values for name, values in url.items() if new_name(name) != name}
    assert renamed == {**old, **current}


# -- injection and anything else a link may hold -------------------------------------------

HOSTILE = ("[log in](http://evil.example/login)", "![x](http://host/x.png)",
           "<img src=x onerror=alert(1)>", "**bold** _it_ `code` $x$ :red[red]", "a`b``c",
           "line\nbreak", "é✓\u202e\u0000", "9" * 10_000)


def quoted_value(warning: str) -> str:
    return warning.split("“", 1)[1].rsplit("”", 1)[0]


@pytest.mark.parametrize("value", HOSTILE)
@pytest.mark.parametrize("control", [MIN_SAMPLES, DATA, STANDARDIZE, SEED])
def test_a_hostile_value_is_shown_as_text_and_never_as_markup(control, value):
    warning = read_value(control, [value]).warning
    shown = quoted_value(warning)
    assert markup_left(shown) == []
    flat = " ".join(value.split())
    assert rendered_text(shown) == flat if len(flat) <= 60 else len(shown) < 400


@pytest.mark.parametrize("name", ["`x`<b>", "a" * 500, "[x](http://e.example)"])
def test_a_hostile_unknown_name_cannot_break_out_of_its_quotes(name):
    (warning,) = opened({name: ["1"]}, controls=(EPS,)).warnings
    quoted = warning.split("parameter ", 1)[1].split(": ignored")[0]
    assert quoted.count("`") == 2 and len(quoted) < 70


texts = st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=45)
numbers_as_text = st.one_of(
    st.integers(-10**30, 10**30).map(str),
    st.floats(allow_nan=True, allow_infinity=True).map(repr),
    st.fractions(max_denominator=10).map(lambda q: f"{float(q)}"),
    texts,
)


@given(numbers_as_text)
def test_any_text_gives_an_integer_control_an_integer_in_range_or_its_default(text):
    reading = read_value(holding(MIN_SAMPLES, 6), [text])
    assert reading.value is None or (type(reading.value) is int
                                     and 1 <= reading.value <= 50)
    try:
        number = Fraction(text.strip())
    except (ValueError, ZeroDivisionError):
        number = None
    if number is not None and number.denominator == 1 and len(text) <= 40:
        expected = min(max(int(number), 1), 50)
        assert reading.value == (None if expected == 6 else expected)
        assert (reading.warning is None) == (1 <= number <= 50)
    elif number is not None and len(text) <= 40:  # a fraction: never rounded
        assert reading.value == MIN_SAMPLES.default and "an integer" in reading.warning


@given(numbers_as_text)
def test_any_text_gives_a_real_control_a_finite_number_in_range_or_its_default(text):
    reading = read_value(EPS, [text])
    if reading.value is not None:
        assert math.isfinite(reading.value) and 0.001 <= reading.value <= 10.0
    if reading.warning is not None:
        assert markup_left(quoted_value(reading.warning)) == []


@given(st.dictionaries(texts, st.lists(texts, min_size=1, max_size=3), max_size=6),
       st.sampled_from([None, "off", "x"]))
def test_any_link_gives_a_plan_whose_values_the_controls_can_take(link, focus):
    if focus is not None:
        link["controls"] = [focus]
    result = opened(link)
    for param, value in result.state.pending.items():
        control = next(c for c in CONTROLS if c.param == param)
        values = value if control.multi else [value]
        if control.is_choice:
            assert set(values) <= set(control.options)
        elif control.is_number:
            assert all(control.low <= v <= control.high for v in values)
    for warning in (*result.warnings, *result.state.notices):
        for shown in warning.split("“")[1:]:
            assert markup_left(shown.split("”")[0]) == []
    # The same link answered again asks nothing more.
    again = plan(replace(result.state, pending={}, notices=(), applying=False), PAGE,
                 CONTROLS, link, link)
    assert not again.state.pending and again.warnings == ()


@given(st.sampled_from(DATA.labels + DATA.options), st.lists(st.sampled_from(" _+-"),
                                                              max_size=3), st.booleans())
def test_any_spelling_of_a_label_or_key_names_its_option(name, noise, upper):
    spelt = "".join(noise) + (name.upper() if upper else name.lower())
    index = (DATA.labels.index(name) if name in DATA.labels else DATA.options.index(name))
    assert resolve_choice(DATA, [spelt]) == [DATA.options[index]]


def test_the_plan_imports_no_streamlit():
    code = "import sys, ui.link_plan; print('streamlit' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == "False"
