"""Pair counts and pair-counting measures against brute force over all pairs."""

import itertools
import math
from fractions import Fraction

import numpy as np
import pytest

import metrics as M


def brute_pairs(a, b):
    counts = {(1, 1): 0, (1, 0): 0, (0, 1): 0, (0, 0): 0}
    for i, j in itertools.combinations(range(len(a)), 2):
        counts[(int(a[i] == a[j]), int(b[i] == b[j]))] += 1
    return counts[(1, 1)], counts[(1, 0)], counts[(0, 1)], counts[(0, 0)]


def indicators(a, b):
    pairs = list(itertools.combinations(range(len(a)), 2))
    return (
        np.array([a[i] == a[j] for i, j in pairs], dtype=float),
        np.array([b[i] == b[j] for i, j in pairs], dtype=float),
    )


SMALL = [
    (np.random.default_rng(s).integers(0, k1, n), np.random.default_rng(s + 99).integers(0, k2, n))
    for s, (n, k1, k2) in enumerate([(12, 3, 4), (30, 5, 2), (25, 2, 2), (40, 8, 6), (9, 9, 3)])
]


@pytest.mark.parametrize("a, b", SMALL)
def test_pair_counts_brute_force(a, b):
    pc = M.pair_counts(a, b)
    assert tuple(pc) == brute_pairs(a, b)
    assert all(type(x) is int for x in pc)
    assert pc.n_pairs == len(a) * (len(a) - 1) // 2


@pytest.mark.parametrize("a, b", SMALL)
def test_dom_triple_sum_formulas(a, b):
    """Dom (2001) eqs. 3-5 written as sums over pairs of cells."""
    h = M.contingency_table(a, b).counts
    a01 = sum(h[c, k] * h[c, k2] for c in range(h.shape[0]) for k in range(h.shape[1])
              for k2 in range(k))
    a10 = sum(h[c, k] * h[c2, k] for k in range(h.shape[1]) for c in range(h.shape[0])
              for c2 in range(c))
    a11 = sum(h[c, k] * h[c2, k2] for c in range(h.shape[0]) for c2 in range(c)
              for k in range(h.shape[1]) for k2 in range(h.shape[1]) if k2 != k)
    pc = M.pair_counts(a, b)
    # Dom's a01 (same class, other cluster) is our n10 and so on.
    assert (pc.n10, pc.n01, pc.n00) == (a01, a10, a11)


@pytest.mark.parametrize("a, b", SMALL)
def test_measures_from_pair_definitions(a, b):
    n11, n10, n01, n00 = brute_pairs(a, b)
    assert M.rand_index(a, b) == pytest.approx((n11 + n00) / (n11 + n10 + n01 + n00))
    assert M.jaccard_index(a, b) == pytest.approx(n11 / (n11 + n10 + n01))
    x, y = indicators(a, b)
    assert M.hubert_gamma(a, b) == pytest.approx(np.corrcoef(x, y)[0, 1], rel=1e-12)
    assert M.fowlkes_mallows_index(a, b) == pytest.approx(
        n11 / math.sqrt((n11 + n10) * (n11 + n01)), rel=1e-12
    )


def test_rand_example_of_the_course_slides():
    # Rodriguez's slides: 20 / 24 / 20 / 72 pairs, Rand index 92/136.
    table = [[0, 0, 0, 2], [2, 0, 0, 2], [6, 2, 1, 0], [0, 2, 0, 0]]
    assert tuple(M.pair_counts(contingency=table)) == (20, 24, 20, 72)
    assert M.rand_index(contingency=table) == 92 / 136
    # Hubert & Arabie's ARI in pair-count form: 2 (n11 n00 - n10 n01) / (...).
    assert M.adjusted_rand_index(contingency=table) == pytest.approx(
        2 * (20 * 72 - 24 * 20) / ((20 + 24) * (24 + 72) + (20 + 20) * (20 + 72)), rel=1e-15
    )


def exact_pair_sums(table):
    """sum C(n_ij, 2), sum C(a_i, 2), sum C(b_j, 2) and C(n, 2) as Python ints."""
    def c2(x):
        return x * (x - 1) // 2

    cells = sum(c2(int(x)) for x in np.ravel(table))
    rows = sum(c2(int(x)) for x in np.sum(table, axis=1))
    cols = sum(c2(int(x)) for x in np.sum(table, axis=0))
    return cells, rows, cols, c2(int(np.sum(table)))


def exact_ari(table):
    """Vinh et al. (2009) eq. 3 in exact rationals."""
    cells, rows, cols, n_pairs = exact_pair_sums(table)
    expected = Fraction(rows * cols, n_pairs)
    return (cells - expected) / (Fraction(rows + cols, 2) - expected)


@pytest.mark.parametrize("scale", [1, 10**3, 2 * 10**5])
def test_ari_is_exact_at_huge_n(scale):
    # n = 2e8 at the largest scale: sum C(n_ij, 2) ~ 1e16 overflows nothing here.
    base = np.array([[400, 100, 0], [50, 300, 50], [1, 60, 39]])
    table = base * scale
    assert table.sum() == 1000 * scale
    exact = exact_ari(table)
    assert M.adjusted_rand_index(contingency=table) == float(exact)
    cells, rows, cols, n_pairs = exact_pair_sums(table)
    assert M.rand_index(contingency=table) == float(
        Fraction(n_pairs - (rows - cells) - (cols - cells), n_pairs)
    )


def test_ari_near_zero_keeps_relative_precision():
    # A table whose ARI is tiny: float formulas lose digits, the rational one does not.
    table = np.array([[10**7, 10**7 + 1], [10**7 + 1, 10**7]]) * 5
    assert M.adjusted_rand_index(contingency=table) == float(exact_ari(table))
