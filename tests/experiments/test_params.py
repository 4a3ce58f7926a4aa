"""Parameter specs: every registered experiment's parameters are typed, parsed and checked."""

import numpy as np
import pytest

from clustering import ALGORITHMS
from datasets import DATASETS
from experiments import EXPERIMENTS
from experiments.params import INTEGER_BOUNDS, MAX_WORK, check_work, run_work
from metrics import MEASURES, RANDOM_MODELS

ALL = [(name, param) for name, e in EXPERIMENTS.items() for param in e.specs()]


def as_cli_text(value):
    """How a user writes ``value`` after ``--set PARAM=`` (independent of the parser)."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list | tuple):
        return repr(np.asarray(value).tolist())
    return str(value)


def test_every_experiment_declares_every_preset_parameter():
    assert len(EXPERIMENTS) >= 13
    for experiment in EXPERIMENTS.values():
        names = set().union(*(set(p) for p in experiment.presets.values()))
        assert set(experiment.specs()) == names, experiment.name


@pytest.mark.parametrize("name", list(EXPERIMENTS))
def test_every_preset_passes_its_own_checks(name):
    experiment = EXPERIMENTS[name]
    for preset, values in experiment.presets.items():
        checked = experiment.parameters(preset)
        assert set(checked) == set(values)
        for key, value in values.items():
            if isinstance(value, list | tuple):
                assert np.array(checked[key], dtype=object).tolist() == \
                    np.array(value, dtype=object).tolist()
            else:
                assert checked[key] == value


@pytest.mark.parametrize("name,param", ALL, ids=[f"{n}:{p}" for n, p in ALL])
def test_the_command_line_accepts_every_preset_value_as_text(name, param):
    experiment = EXPERIMENTS[name]
    spec = experiment.specs()[param]
    for values in experiment.presets.values():
        if param in values:
            assert spec.parse(as_cli_text(values[param])) == spec.check(values[param])


@pytest.mark.parametrize("name,param", ALL, ids=[f"{n}:{p}" for n, p in ALL])
def test_show_writes_every_preset_value_as_parse_reads_it_back(name, param):
    experiment = EXPERIMENTS[name]
    spec = experiment.specs()[param]
    for preset in experiment.presets:
        value = experiment.parameters(preset)[param]
        assert spec.parse(spec.show(value)) == value


def test_show_writes_the_forms_the_help_describes():
    specs = EXPERIMENTS["vinh2009-fig1"].specs()
    assert specs["ks"].show([2, 4, 8]) == "2,4,8"
    assert specs["measures"].show(("ari", "ami_max")) == "ari,ami_max"
    assert specs["one_sided"].show(True) == "true"
    assert specs["settings"].show([(100, 10), (500, 20)]) == "[(100,10),(500,20)]"
    assert EXPERIMENTS["gates2017-kmeans"].specs()["n_samples"].show(None) == "none"


def test_lists_take_commas_or_literals():
    specs = EXPERIMENTS["vinh2009-fig1"].specs()
    assert specs["ks"].parse("2, 4,8") == (2, 4, 8)
    assert specs["ks"].parse("[2, 4]") == (2, 4)
    assert specs["settings"].parse("[(100, 10), (500, 20)]") == ((100, 10), (500, 20))
    assert specs["measures"].parse("ari,ami_max") == ("ari", "ami_max")
    for text, value in [("true", True), ("No", False), ("1", True), ("off", False)]:
        assert specs["one_sided"].parse(text) is value


def test_choices_are_the_registries_keys():
    specs = EXPERIMENTS["vinh2009-fig1"].specs()
    for model in RANDOM_MODELS:
        assert specs["random_model"].check(model) == model
    assert specs["measures"].check(tuple(MEASURES)) == tuple(MEASURES)
    fig3 = EXPERIMENTS["lazarenko2021-fig3"].specs()
    assert fig3["datasets"].check(list(DATASETS)) == tuple(DATASETS)
    assert fig3["algorithms"].check(list(ALGORITHMS)) == tuple(ALGORITHMS)
    assert fig3["algorithms"].check(None) is None


@pytest.mark.parametrize("overrides,error,words", [
    (dict(one_sided="no"), TypeError, ["one_sided", "true or false"]),
    (dict(one_sided=1), TypeError, ["one_sided"]),
    (dict(random_model="nm"), ValueError, ["random_model", *RANDOM_MODELS]),
    (dict(measures=("ari", "xx")), ValueError, ["measures", "'xx'", "ami_sqrt", "pami"]),
    (dict(measures="ari"), TypeError, ["measures", "list of"]),
    (dict(ks=(2, 2.5)), TypeError, ["ks", "int"]),
    (dict(n_draws=True), TypeError, ["n_draws", "int"]),
    (dict(n_draws=None), TypeError, ["n_draws"]),
    (dict(settings=((100,),)), ValueError, ["settings", "list of 2 int"]),
    (dict(colour="red"), ValueError, ["'colour'", "settings", "ks", "n_draws", "measures",
                                      "random_model", "one_sided", "n_jobs"]),
])
def test_bad_values_are_refused_naming_the_parameter_and_the_valid_ones(overrides, error,
                                                                          words):
    with pytest.raises(error) as info:
        EXPERIMENTS["vinh2009-fig1"].parameters("quick", **overrides)
    for word in words:
        assert word in str(info.value)


def test_a_fixed_length_tuple_and_floats():
    pairs = EXPERIMENTS["slides-rand"].specs()["pairs"]
    assert pairs.check([1, 2, 3, 4]) == (1, 2, 3, 4)
    with pytest.raises(ValueError, match="list of 4 int"):
        pairs.parse("1,2,3")
    eps = EXPERIMENTS["dom2001-fig1"].specs()["eps1"]
    assert eps.parse("0,0.25") == (0.0, 0.25)
    with pytest.raises(ValueError, match="eps1"):
        eps.parse("0,nan")
    with pytest.raises(ValueError, match="eps1"):
        eps.parse("0,abc")


def test_numpy_values_and_none_where_allowed():
    kmeans = EXPERIMENTS["gates2017-kmeans"]
    params = kmeans.parameters("quick", n_runs=np.int64(3), n_samples=None,
                               one_sided=np.bool_(True))
    assert params["n_runs"] == 3 and type(params["n_runs"]) is int
    assert params["n_samples"] is None and params["one_sided"] is True
    assert kmeans.specs()["n_samples"].parse("None") is None
    with pytest.raises(TypeError, match="n_runs"):
        kmeans.parameters("quick", n_runs=None)


def test_the_python_api_refuses_what_the_command_line_refuses():
    with pytest.raises(TypeError, match="one_sided"):
        EXPERIMENTS["gates2017-fig1"]("quick", one_sided="no")


def shaped(spec, value):
    """``value`` as one item in the shape of ``spec``'s parameter (a list of pairs, ...)."""
    def wrap(kind):
        if kind.item is None:
            return value
        return (wrap(kind.item),) * (kind.length or 1)
    return wrap(spec.type)


def test_every_integer_parameter_of_every_experiment_has_a_stated_range():
    names = {name for e in EXPERIMENTS.values() for name, spec in e.specs().items()
             if spec.type.holds_int()}
    assert names == set(INTEGER_BOUNDS)


@pytest.mark.parametrize("name", sorted(INTEGER_BOUNDS))
def test_every_integer_is_bounded_in_the_api_and_on_the_command_line(name):
    low, high = INTEGER_BOUNDS[name]
    found = [e for e in EXPERIMENTS.values() if name in e.specs()]
    assert found, f"no experiment has {name}: drop it from INTEGER_BOUNDS"
    for experiment in found:
        spec = experiment.specs()[name]
        for ok in (high, low):
            assert spec.check(shaped(spec, ok)) == shaped(spec, ok)
        message = rf"{name}' must be (list of (\d )?)*int in \[{low}, {high}\]"
        for bad in (high + 1, low - 1, 10**30, float("inf"), float("nan")):
            with pytest.raises((ValueError, TypeError), match=message):
                experiment.parameters("quick", **{name: shaped(spec, bad)})
        with pytest.raises(ValueError, match=name):
            spec.parse(spec.show(shaped(spec, high)).replace(str(high), str(high + 1)))


def test_any_new_experiment_gets_specs_from_its_annotations_and_choices():
    from collections.abc import Sequence

    from experiments import Experiment

    def run(n_runs: int = 10, ks: Sequence[int] = (2, 3), alpha: float = 0.5,
            sizes: tuple[int, ...] = (1, 2), mode: str = "a", measure: str = "ari",
            extra=None, random_state=0, progress=None):
        return None

    preset = dict(n_runs=10, ks=(2, 3), alpha=0.5, sizes=(1, 2), mode="a", measure="ari",
                  extra={"x": 1})
    new = Experiment(name="new-one", title="t", paper="p", description="d",
                     presets={"paper": preset, "quick": preset}, run=run, figure="lines",
                     choices={"mode": ("a", "b")})
    specs = new.specs()
    assert {k: s.describe() for k, s in specs.items() if k not in ("measure", "extra")} == {
        "n_runs": "int in [1, 10000]", "ks": "list of int in [1, 10000000]", "alpha": "float",
        "sizes": "list of int in [1, 10000000]", "mode": "one of: a, b"}
    assert specs["measure"].describe() == "one of: " + ", ".join(MEASURES)
    assert specs["alpha"].parse("2") == 2 and specs["alpha"].parse("0.25") == 0.25
    assert specs["extra"].parse("{'x': 2}") == {"x": 2}  # no usable type: any literal
    with pytest.raises(ValueError, match="'mode' must be one of: a, b"):
        new.parameters("quick", mode="c")
    with pytest.raises(ValueError, match="'measure'"):
        new.parameters("quick", measure="nope")


def test_an_integer_parameter_without_a_stated_range_is_refused():
    from experiments import Experiment

    preset = {"n_sets": 3, "pairs_of": ((1, 2),)}
    for name in preset:
        new = Experiment(name="new-one", title="t", paper="p", description="d",
                         presets={"paper": {name: preset[name]}, "quick": {name: preset[name]}},
                         run=lambda random_state, progress, **kw: None, figure="lines")
        with pytest.raises(ValueError, match=f"integer parameter '{name}' has no range"):
            new.specs()


def test_every_paper_preset_fits_the_work_limit_and_the_issue_runs_do_not():
    works = {name: run_work(e.parameters("paper"))[0] for name, e in EXPERIMENTS.items()}
    assert max(works.values()) <= MAX_WORK
    # By hand: 2 settings x 19 ks x 5 measures x 10,000 draws x n = 500.
    assert works["vinh2009-fig1"] == 2 * 19 * 5 * 10_000 * 500
    fig1 = EXPERIMENTS["vinh2009-fig1"]
    with pytest.raises(ValueError, match=f"over the limit of {MAX_WORK:,} per run"):
        fig1.parameters("quick", ks=tuple(range(2, 5003)))
    with pytest.raises(ValueError, match="n_draws 20,000"):
        fig1.parameters("paper", n_draws=20_000)
    assert fig1.parameters("quick", ks=tuple(range(2, 4002)))["ks"][-1] == 4001


def test_the_work_counts_every_list_repetition_and_the_largest_n():
    assert run_work({"ns": (100, 10**4), "k": 10, "n_repeats": 3, "one_sided": True}) == (
        2 * 3 * 10**4, "ns 2 x n_repeats 3 x n 10,000")
    assert run_work({"settings": ((100, 10), (500, 20)), "n_draws": 7})[0] == 2 * 7 * 500
    assert run_work({"one_sided": False}) == (1, "n 1")
    check_work("x", {"n_draws": MAX_WORK})
    with pytest.raises(ValueError, match="x: this run's work is n_draws"):
        check_work("x", {"n_draws": MAX_WORK + 1})


@pytest.mark.parametrize("name, text", [("ns", "-5"), ("ns", "100000000"), ("ns", "100,-5"),
                                        ("k", "0"), ("n_repeats", "1e30")])
def test_a_refusal_echoes_the_text_typed(name, text):
    spec = EXPERIMENTS["lazarenko2021-fig2"].specs()[name]
    with pytest.raises(ValueError) as info:
        spec.parse(text)
    assert str(info.value).endswith(f"; got {text!r}.")
    assert "19884624838656" not in str(info.value)


@pytest.mark.parametrize("name,param,bad,valid", [
    ("vinh2009-consensus", "generations", ("restarts", "bootstrap"), ["restarts", "subsample"]),
    ("gates2017-sizes", "sequences", ("giant", "huge"), ["balanced", "giant", "geometric"]),
    ("gates2017-baseline", "linkage_method", "ward2", ["single", "average", "ward"]),
    ("gates2017-baseline", "random_models", ("perm", "nm"), list(RANDOM_MODELS)),
])
def test_the_new_experiments_lists_are_checked_too(name, param, bad, valid):
    with pytest.raises(ValueError) as info:
        EXPERIMENTS[name].parameters("quick", **{param: bad})
    assert f"'{param}'" in str(info.value)
    for word in valid:
        assert word in str(info.value)


def test_an_integer_too_long_to_print_is_refused_with_a_short_message():
    with pytest.raises(ValueError, match="got an integer of about 5000 digits"):
        EXPERIMENTS["vinh2009-fig1"]("quick", n_draws=10**5000)
