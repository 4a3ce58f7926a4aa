"""Property-based tests: scikit-learn on random labelings, invariances and bounds."""

import math
import warnings

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sklearn import metrics as sk

import metrics as M

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
SYMMETRIC = [
    "ri", "ari", "jaccard", "fm", "gamma", "mi", "nmi_min", "nmi_sqrt", "nmi_arithmetic",
    "nmi_max", "nmi_joint", "vi", "vi_joint", "nvi_vinh", "ami_min", "ami_sqrt",
    "ami_arithmetic", "ami_max",
    "v_measure",
]
AVERAGES = {"min": "min", "sqrt": "geometric", "arithmetic": "arithmetic", "max": "max"}
# Seed-paper measures whose value for identical partitions is not an end of their range
# (Dom's Q0 and Q1 keep the model cost; pairwise MI and SMI are not normalized): their
# identical-partition values are tested in tests/metrics/test_dom.py and test_pairwise.py.
NOT_EXTREME_AT_IDENTITY = {"q0", "q1", "pami", "smi"}


@st.composite
def labelings(draw, max_n=60):
    n = draw(st.integers(1, max_n))
    k_true = draw(st.integers(1, n))
    k_pred = draw(st.integers(1, n))
    a = draw(st.lists(st.integers(0, k_true - 1), min_size=n, max_size=n))
    b = draw(st.lists(st.integers(0, k_pred - 1), min_size=n, max_size=n))
    return np.array(a), np.array(b)


def close(x, y):
    return x == pytest.approx(y, rel=1e-9, abs=1e-12)


def _identical_all_singletons(a, b):
    ct = M.contingency_table(a, b)
    return ct.shape[0] == ct.shape[1] == ct.n and ct.nnz == ct.n


def _mi_constant(a, b):
    ct = M.contingency_table(a, b)
    return min(ct.shape) == 1 or max(ct.shape) == ct.n


@SETTINGS
@given(labelings())
def test_against_sklearn(ami_tolerance, pair):
    a, b = pair
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        ours = M.compare(a, b)
    assert close(ours["ri"], sk.rand_score(a, b))
    assert close(ours["ari"], sk.adjusted_rand_score(a, b))
    if not _identical_all_singletons(a, b):  # documented departure
        assert close(ours["fm"], sk.fowlkes_mallows_score(a, b))
    assert close(ours["mi"], sk.mutual_info_score(a, b))
    for key, method in AVERAGES.items():
        assert close(
            ours[f"nmi_{key}"], sk.normalized_mutual_info_score(a, b, average_method=method)
        )
        if not (key == "min" and _mi_constant(a, b)):  # documented departure
            assert ours[f"ami_{key}"] == pytest.approx(
                sk.adjusted_mutual_info_score(a, b, average_method=method),
                rel=1e-9,
                abs=ami_tolerance(a, b, key),
            )
    h, c, v = sk.homogeneity_completeness_v_measure(a, b)
    assert close(ours["homogeneity"], h)
    assert close(ours["completeness"], c)
    assert close(ours["v_measure"], v)


@SETTINGS
@given(labelings(), st.randoms(use_true_random=False))
def test_invariant_under_renaming(pair, rnd):
    a, b = pair
    distinct = sorted(set(a.tolist()))
    rnd.shuffle(distinct)
    # Distinct names of mixed types: strings, negative ints, floats.
    names = [(f"s{i}", -7 * (i + 1), i + 0.5)[i % 3] for i in range(len(distinct))]
    mapping_a = dict(zip(distinct, names, strict=True))
    renamed = np.empty(a.size, dtype=object)
    renamed[:] = [mapping_a[v] for v in a.tolist()]
    permuted_b = np.array([{v: -v - 1 for v in set(b.tolist())}[v] for v in b.tolist()])
    before, after = M.compare(a, b), M.compare(renamed, permuted_b)
    for key in before:
        assert after[key] == pytest.approx(before[key], rel=1e-12, abs=1e-15), key


@SETTINGS
@given(labelings())
def test_symmetry_and_bounds(pair):
    a, b = pair
    forward, backward = M.compare(a, b), M.compare(b, a)
    for key in SYMMETRIC:
        assert forward[key] == pytest.approx(backward[key], rel=1e-12, abs=1e-14), key
    assert forward["homogeneity"] == pytest.approx(backward["completeness"], rel=1e-12)
    for key, value in forward.items():
        lo, hi = M.MEASURES[key].range
        assert lo <= value <= hi, key
        assert math.isfinite(value)
    assert forward["ari"] >= -0.5
    # MI <= min(H); VI = H(U) + H(V) - 2 MI
    h_a, h_b = M.entropy(a), M.entropy(b)
    assert forward["mi"] <= min(h_a, h_b) + 1e-12
    assert forward["vi"] == pytest.approx(h_a + h_b - 2 * forward["mi"], abs=1e-12)
    assert M.expected_mutual_information(a, b) <= min(h_a, h_b) + 1e-12


@SETTINGS
@given(labelings())
def test_identical_partitions_score_one(pair):
    a, _ = pair
    renamed = np.array([f"c{v}" for v in a])
    values = M.compare(a, renamed)
    for key, value in values.items():
        m = M.MEASURES[key]
        if key in NOT_EXTREME_AT_IDENTITY:
            continue
        if key in ("mi",):
            assert value == pytest.approx(M.entropy(a), rel=1e-12, abs=1e-15)
        elif m.higher_is_better:
            assert value == 1.0, key
        else:
            assert value == 0.0, key


@SETTINGS
@given(labelings(max_n=40))
def test_contingency_input_equals_labels(pair):
    a, b = pair
    table = M.contingency_table(a, b).counts
    assert M.compare(contingency=table) == M.compare(a, b)
