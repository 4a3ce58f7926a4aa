"""Entropies, mutual information and its normalisations; set-matching measures."""

import itertools
import math

import mpmath
import numpy as np
import pytest
from scipy import stats
from sklearn import metrics as sk

import metrics as M

rng = np.random.default_rng(7)
A = rng.integers(0, 6, 400)
B = np.where(rng.random(400) < 0.5, A, rng.integers(0, 4, 400))


def test_entropy_matches_scipy():
    counts = np.bincount(A)
    assert M.entropy(A) == pytest.approx(stats.entropy(counts), rel=1e-14)
    assert M.entropy(A, base=2) == pytest.approx(stats.entropy(counts, base=2), rel=1e-14)
    assert M.entropy(["a", "b", "a", "c"]) == pytest.approx(stats.entropy([2, 1, 1]))
    assert M.entropy([3, 3, 3]) == 0.0


def test_conditional_and_joint_entropies():
    joint = stats.entropy(M.contingency_table(A, B).counts.ravel())
    assert M.joint_entropy(A, B) == pytest.approx(joint, rel=1e-14)
    assert M.conditional_entropy(A, B) == pytest.approx(joint - M.entropy(B), rel=1e-13)
    assert M.conditional_entropy(B, A) == pytest.approx(joint - M.entropy(A), rel=1e-13)
    assert M.conditional_entropy(A, B, base=2) == pytest.approx(
        (joint - M.entropy(B)) / math.log(2), rel=1e-13
    )


def test_mutual_information_and_variation_of_information():
    mi = sk.mutual_info_score(A, B)
    h_a, h_b = M.entropy(A), M.entropy(B)
    assert M.mutual_information(A, B, base=10) == pytest.approx(mi / math.log(10), rel=1e-12)
    vi = h_a + h_b - 2 * mi
    assert M.variation_of_information(A, B) == pytest.approx(vi, rel=1e-12)
    assert M.variation_of_information(A, B, base=2) == pytest.approx(vi / math.log(2), rel=1e-12)
    joint = M.joint_entropy(A, B)
    assert M.variation_of_information(A, B, normalized=True) == pytest.approx(
        vi / joint, rel=1e-12
    )
    assert M.normalized_mutual_information(A, B, normalization="joint") == pytest.approx(
        mi / joint, rel=1e-12
    )
    assert M.normalized_mutual_information(
        A, B, normalization="geometric"
    ) == M.normalized_mutual_information(A, B, normalization="sqrt")


def test_v_measure_is_nmi_arithmetic():
    assert M.v_measure(A, B) == pytest.approx(M.normalized_mutual_information(A, B), rel=1e-12)


@mpmath.workdps(50)
def exact_mi(table):
    table = np.asarray(table)
    n = int(table.sum())
    rows, cols = table.sum(axis=1), table.sum(axis=0)
    total = mpmath.mpf(0)
    for (i, j), x in np.ndenumerate(table):
        if x:
            total += mpmath.mpf(int(x)) / n * mpmath.log(
                mpmath.mpf(n) * int(x) / (int(rows[i]) * int(cols[j]))
            )
    return total


def test_mutual_information_keeps_precision_near_independence():
    # MI ~ 1e-12 from cells ~ 1e6: eq. (8) summed directly loses most digits here.
    table = np.array([[10**6, 10**6 + 1, 10**6], [10**6, 10**6, 10**6 - 1]])
    reference = exact_mi(table)
    ours = M.mutual_information(contingency=table)
    assert abs(ours - reference) <= 1e-12 * abs(reference)


def test_mutual_information_against_mpmath_on_random_tables():
    for seed in range(3):
        table = np.random.default_rng(seed).integers(0, 50, (7, 9))
        reference = exact_mi(table)
        assert M.mutual_information(contingency=table) == pytest.approx(
            float(reference), rel=1e-13
        )


def test_unknown_normalization_and_base():
    with pytest.raises(ValueError, match="normalization"):
        M.normalized_mutual_information(A, B, normalization="mean")
    with pytest.raises(ValueError, match="base"):
        M.mutual_information(A, B, base=1)
    with pytest.raises(ValueError, match="beta"):
        M.v_measure(A, B, beta=0)


def brute_purity(a, b):
    return sum(max(np.sum((b == c) & (a == k)) for k in set(a)) for c in set(b)) / len(a)


def brute_classification_error(a, b):
    classes, clusters = sorted(set(a)), sorted(set(b))
    small, large = (classes, clusters) if len(classes) <= len(clusters) else (clusters, classes)
    small_is_a = len(classes) <= len(clusters)
    best = 0
    for chosen in itertools.permutations(large, len(small)):
        hits = 0
        for s, l_ in zip(small, chosen, strict=True):
            x, y = (s, l_) if small_is_a else (l_, s)
            hits += np.sum((a == x) & (b == y))
        best = max(best, hits)
    return 1 - best / len(a)


@pytest.mark.parametrize("seed", range(4))
def test_set_matching_brute_force(seed):
    r = np.random.default_rng(seed)
    a, b = r.integers(0, 4, 30), r.integers(0, 5, 30)
    assert M.purity(a, b) == pytest.approx(brute_purity(a, b))
    assert M.classification_error(a, b) == pytest.approx(brute_classification_error(a, b))
    assert M.classification_error(a, b) == pytest.approx(M.classification_error(b, a))
    assert M.classification_error(a, a) == 0.0
