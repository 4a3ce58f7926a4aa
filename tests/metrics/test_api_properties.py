"""Property tests over every registered measure's own function.

tests/metrics/test_properties.py checks ``compare`` against scikit-learn; here each function
of :data:`metrics.MEASURES` is called directly, with every option it documents: renaming the
clusters changes nothing, ``contingency=`` gives the value of the labels, the symmetric
measures are symmetric under two-sided random models, and every documented error is raised.
"""

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import metrics as M

SETTINGS = settings(max_examples=25, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])
# Symmetric in (labels_true, labels_pred) by their formulas when both sides are random.
SYMMETRIC = {
    "ri", "ari", "jaccard", "fm", "gamma", "mi", "nmi_min", "nmi_sqrt", "nmi_arithmetic",
    "nmi_max", "nmi_joint", "vi", "vi_joint", "nvi_vinh", "ami_min", "ami_sqrt",
    "ami_arithmetic", "ami_max",
    "v_measure", "pami", "pami_normalized",
}


def option_sets(measure):
    """Every combination of the options ``measure`` documents (random models, one_sided)."""
    if not measure.takes_random_model:
        return [{}]
    return [{"random_model": model, "one_sided": side}
            for model in M.RANDOM_MODELS for side in (False, True)]


@st.composite
def labelings(draw, max_n=24):
    n = draw(st.integers(2, max_n))
    k_true, k_pred = draw(st.integers(1, n)), draw(st.integers(1, n))
    a = draw(st.lists(st.integers(0, k_true - 1), min_size=n, max_size=n))
    b = draw(st.lists(st.integers(0, k_pred - 1), min_size=n, max_size=n))
    return np.array(a), np.array(b)


def rename(labels, rnd):
    """The same partition under other names (strings, in a shuffled order)."""
    distinct = sorted(set(labels.tolist()))
    names = [f"c{i}" for i in range(len(distinct))]
    rnd.shuffle(names)
    mapping = dict(zip(distinct, names, strict=True))
    return np.array([mapping[v] for v in labels.tolist()])


def same(x, y):
    return x == pytest.approx(y, rel=1e-9, abs=1e-12)


@pytest.mark.parametrize("name", list(M.MEASURES))
@SETTINGS
@given(pair=labelings(), rnd=st.randoms(use_true_random=False))
def test_renaming_and_contingency_input_change_nothing(name, pair, rnd):
    a, b = pair
    measure = M.MEASURES[name]
    table = M.contingency_table(a, b).toarray()
    for options in option_sets(measure):
        value = measure.function(a, b, **options)
        assert same(measure.function(rename(a, rnd), rename(b, rnd), **options), value), options
        assert same(measure.function(contingency=table, **options), value), options


@pytest.mark.parametrize("name", sorted(SYMMETRIC))
@SETTINGS
@given(pair=labelings())
def test_symmetric_measures_are_symmetric_under_two_sided_models(name, pair):
    a, b = pair
    measure = M.MEASURES[name]
    for options in option_sets(measure):
        if options.get("one_sided"):
            continue
        assert same(measure.function(a, b, **options), measure.function(b, a, **options))


def test_the_symmetric_list_names_registered_measures():
    assert set(M.MEASURES) >= SYMMETRIC


BAD_CALLS = [
    ("labels of different lengths", {"labels_true": [0, 1, 1], "labels_pred": [0, 1]},
     ValueError, "same samples"),
    ("labels and a table", {"labels_true": [0, 1], "labels_pred": [0, 1],
                            "contingency": [[1, 0], [0, 1]]}, ValueError, "contingency"),
    ("nothing", {}, ValueError, "labels_true"),
    ("a missing label", {"labels_true": [0, None, 1], "labels_pred": [0, 1, 1]},
     ValueError, "missing"),
    ("a negative count", {"contingency": [[1, -1], [0, 2]]}, ValueError, "non-negative"),
    ("a fractional count", {"contingency": [[1, 0.5], [0, 2]]}, ValueError, "whole-number"),
    ("a ragged table", {"contingency": [[1, 2], [3]]}, ValueError, "same length"),
    ("nested labels", {"labels_true": [[0], [1, 2]], "labels_pred": [0, 1]},
     ValueError, "1-D array-like"),
]


# Dom's measures document tables of non-integer counts (expected tables) as valid input.
REAL_COUNTS = {name for name, m in M.MEASURES.items()
               if m.base_function.__module__ == "metrics.dom"}


@pytest.mark.parametrize("name", list(M.MEASURES))
@pytest.mark.parametrize("case, kwargs, error, message", BAD_CALLS, ids=[c[0] for c in BAD_CALLS])
def test_every_documented_error(name, case, kwargs, error, message):
    if case == "a fractional count" and name in REAL_COUNTS:
        assert np.isfinite(M.MEASURES[name].function(**kwargs))
        return
    with pytest.raises(error, match=message):
        M.MEASURES[name].function(**kwargs)


@pytest.mark.parametrize("name", [n for n, m in M.MEASURES.items() if m.takes_random_model])
def test_random_model_options_are_checked(name):
    function = M.MEASURES[name].function
    with pytest.raises(ValueError, match="unknown random_model"):
        function([0, 0, 1], [0, 1, 1], random_model="permutation")
    with pytest.raises(TypeError, match="one_sided must be True or False"):
        function([0, 0, 1], [0, 1, 1], one_sided="no")


@pytest.mark.parametrize("name", [n for n, m in M.MEASURES.items() if "base" in m.options])
@pytest.mark.parametrize("base", [1, 0.5, -2, "2", float("nan")])
def test_log_base_must_exceed_one(name, base):
    with pytest.raises(ValueError, match=r"base must be a finite number in \(1, inf\)"):
        M.MEASURES[name].function([0, 0, 1], [0, 1, 1], base=base)
