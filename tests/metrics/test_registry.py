"""The MEASURES registry and compare()."""

import dataclasses
import math

import numpy as np
import pytest

import metrics as M

KEYS = [
    "ri", "ari", "jaccard", "fm", "gamma", "mi", "nmi_min", "nmi_sqrt", "nmi_arithmetic",
    "nmi_max", "nmi_joint", "vi", "vi_joint", "nvi_vinh", "ami_min", "ami_sqrt",
    "ami_arithmetic", "ami_max",
    "homogeneity", "completeness", "v_measure", "purity",
]
# registered by metrics.seed_measures, after the core measures
SEED_KEYS = ["q0", "q1", "q2", "hamming", "pami", "pami_normalized", "smi"]
FAMILIES = {"pair counting", "information", "set matching"}

rng = np.random.default_rng(11)
A = rng.integers(0, 5, 500)
B = np.where(rng.random(500) < 0.6, A, rng.integers(0, 6, 500))


def test_keys_exactly_in_order():
    assert list(M.MEASURES) == KEYS + SEED_KEYS


@pytest.mark.parametrize("key", KEYS)
def test_entry_fields(key):
    m = M.MEASURES[key]
    assert m.name == key
    assert m.label and m.description and m.formula
    assert m.family in FAMILIES
    lo, hi = m.range
    assert lo < hi
    assert m.adjusted == key.startswith(("ari", "ami"))
    assert m.takes_random_model == ("random_model" in m.options)
    assert m.higher_is_better == (key not in ("vi", "vi_joint", "nvi_vinh"))
    with pytest.raises(dataclasses.FrozenInstanceError):
        m.name = "x"
    value = m.function(A, B)
    assert lo <= value <= hi
    assert m.function(contingency=M.contingency_table(A, B)) == value


def test_compare_equals_the_functions():
    values = M.compare(A, B)
    assert list(values) == KEYS + SEED_KEYS
    assert values["ari"] == M.adjusted_rand_index(A, B)
    assert values["nmi_joint"] == M.normalized_mutual_information(A, B, normalization="joint")
    assert values["ami_max"] == M.adjusted_mutual_information(A, B, normalization="max")
    assert values["vi_joint"] == M.variation_of_information(A, B, normalized=True)
    for key, value in values.items():
        assert value == M.MEASURES[key].function(A, B)


def test_compare_options_and_subsets():
    bits = M.compare(A, B, ["mi", "vi", "ami_sqrt", "ari"], base=2)
    assert list(bits) == ["mi", "vi", "ami_sqrt", "ari"]
    assert bits["mi"] == pytest.approx(M.mutual_information(A, B) / math.log(2))
    assert bits["vi"] == pytest.approx(M.variation_of_information(A, B, base=2))
    assert bits["ami_sqrt"] == M.adjusted_mutual_information(A, B, normalization="sqrt")
    assert M.compare(A, B, "ri") == {"ri": M.rand_index(A, B)}
    assert M.compare(A, B, ["v_measure"], beta=2.0)["v_measure"] == M.v_measure(A, B, beta=2.0)
    table = M.contingency_table(A, B).counts
    assert M.compare(contingency=table, measures=["ari"]) == {"ari": M.adjusted_rand_index(A, B)}


def test_compare_computes_shared_quantities_once(monkeypatch):
    import metrics.chance as chance

    calls = []
    original = chance.emi_of_sizes

    def counting(*args):
        calls.append(args)
        return original(*args)

    monkeypatch.setattr(chance, "emi_of_sizes", counting)
    M.compare(A, B, ["ami_min", "ami_sqrt", "ami_arithmetic", "ami_max"])
    assert len(calls) == 1


def test_compare_errors():
    with pytest.raises(ValueError, match="unknown measure"):
        M.compare(A, B, ["ari", "accuracy"])
    with pytest.raises(TypeError, match="accepts base"):
        M.compare(A, B, normalization="min")
    with pytest.raises(ValueError, match="unknown random_model"):
        M.compare(A, B, ["ari"], random_model="bogus")


def test_formulas_are_latex_strings():
    for m in M.MEASURES.values():
        assert m.formula.count("{") == m.formula.count("}"), m.name
        assert "\\" in m.formula


def test_entries_are_written_with_keywords_and_hold_their_own_options():
    import functools
    import inspect

    with pytest.raises(TypeError):
        M.Measure("ri", "Rand index", "pair counting", False, (0.0, 1.0), True, "", "",
                  M.rand_index)
    for m in M.MEASURES.values():
        assert not isinstance(m.base_function, functools.partial), m.name
        parameters = inspect.signature(m.base_function).parameters
        assert set(m.fixed_options) <= set(parameters), m.name
        assert not set(m.fixed_options) & set(m.options), m.name
    nmi_min = M.MEASURES["nmi_min"]
    assert nmi_min.base_function is M.normalized_mutual_information
    assert nmi_min.fixed_options == {"normalization": "min"}
    assert nmi_min.function(A, B) == M.normalized_mutual_information(A, B, normalization="min")
    assert M.MEASURES["ami_max"].function(A, B, random_model="all") == (
        M.adjusted_mutual_information(A, B, normalization="max", random_model="all"))
