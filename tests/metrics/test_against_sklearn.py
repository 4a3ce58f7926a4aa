"""Agreement with scikit-learn wherever both define a measure (random and structured inputs)."""

import numpy as np
import pytest
from sklearn import metrics as sk

import metrics as M

RTOL, ATOL = 1e-9, 1e-12
AVERAGES = {"min": "min", "sqrt": "geometric", "arithmetic": "arithmetic", "max": "max"}


def random_pair(seed, n, k_true, k_pred):
    rng = np.random.default_rng(seed)
    return rng.integers(0, k_true, n), rng.integers(0, k_pred, n)


def correlated_pair(seed, n, k):
    rng = np.random.default_rng(seed)
    a = rng.integers(0, k, n)
    b = np.where(rng.random(n) < 0.7, a, rng.integers(0, k, n))
    return a, b


CASES = [
    random_pair(0, 50, 3, 4),
    random_pair(1, 1000, 10, 12),
    random_pair(2, 5000, 40, 7),
    random_pair(3, 30, 30, 3),
    correlated_pair(4, 2000, 6),
    correlated_pair(5, 300, 25),
    (np.array([0, 0, 1, 1, 2, 2]), np.array([0, 0, 1, 2, 2, 2])),
]


@pytest.mark.parametrize("a, b", CASES)
def test_pair_counting_measures(a, b):
    assert M.rand_index(a, b) == pytest.approx(sk.rand_score(a, b), rel=RTOL, abs=ATOL)
    assert M.adjusted_rand_index(a, b) == pytest.approx(
        sk.adjusted_rand_score(a, b), rel=RTOL, abs=ATOL
    )
    assert M.fowlkes_mallows_index(a, b) == pytest.approx(
        sk.fowlkes_mallows_score(a, b), rel=RTOL, abs=ATOL
    )
    pc = M.pair_counts(a, b)
    (tn, fp), (fn, tp) = sk.cluster.pair_confusion_matrix(a, b) // 2
    assert (pc.n11, pc.n10, pc.n01, pc.n00) == (tp, fn, fp, tn)


@pytest.mark.parametrize("a, b", CASES)
def test_information_measures(a, b, ami_tolerance):
    assert M.mutual_information(a, b) == pytest.approx(
        sk.mutual_info_score(a, b), rel=RTOL, abs=ATOL
    )
    for ours, theirs in AVERAGES.items():
        assert M.normalized_mutual_information(a, b, normalization=ours) == pytest.approx(
            sk.normalized_mutual_info_score(a, b, average_method=theirs), rel=RTOL, abs=ATOL
        )
        assert M.adjusted_mutual_information(a, b, normalization=ours) == pytest.approx(
            sk.adjusted_mutual_info_score(a, b, average_method=theirs),
            rel=RTOL,
            abs=ami_tolerance(a, b, ours),
        )
    h, c, v = sk.homogeneity_completeness_v_measure(a, b)
    assert M.homogeneity(a, b) == pytest.approx(h, rel=RTOL, abs=ATOL)
    assert M.completeness(a, b) == pytest.approx(c, rel=RTOL, abs=ATOL)
    assert M.v_measure(a, b) == pytest.approx(v, rel=RTOL, abs=ATOL)
    assert M.v_measure(a, b, beta=0.3) == pytest.approx(
        sk.v_measure_score(a, b, beta=0.3), rel=RTOL, abs=ATOL
    )


@pytest.mark.parametrize("a, b", CASES)
def test_expected_mutual_information(a, b):
    from sklearn.metrics.cluster._expected_mutual_info_fast import expected_mutual_information

    table = sk.cluster.contingency_matrix(a, b)
    assert M.expected_mutual_information(a, b) == pytest.approx(
        expected_mutual_information(table, a.size), rel=RTOL, abs=ATOL
    )


@pytest.mark.parametrize("a, b", CASES)
def test_contingency_table(a, b):
    ct = M.contingency_table(a, b)
    np.testing.assert_array_equal(ct.counts, sk.cluster.contingency_matrix(a, b))
    np.testing.assert_array_equal(ct.true_labels, np.unique(a))
    np.testing.assert_array_equal(ct.pred_labels, np.unique(b))
