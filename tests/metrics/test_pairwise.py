"""Pairwise adjusted MI and entropy: brute force over all n^2 transpositions, Theorem 1 over
every cell, Propositions 2-3, and the normalized form."""

import math

import numpy as np
import pytest
from sklearn.metrics import mutual_info_score

import metrics as M
from metrics.pairwise import pairwise_adjusted_entropy, pairwise_adjusted_mutual_information


def brute_force(x, y):
    """I(x, y) minus its mean over the n^2 ordered pairs (i, j) swapping y_i and y_j."""
    n = x.size
    total = 0.0
    for i in range(n):
        for j in range(n):
            z = y.copy()
            z[i], z[j] = z[j], z[i]
            total += mutual_info_score(x, z)
    return mutual_info_score(x, y) - total / n**2


def theorem_1(x, y):
    """Eq. (7) over every cell of the dense table, zero cells included."""
    table = M.contingency_table(x, y).counts.astype(float)
    n = table.sum()
    a, b = table.sum(axis=1)[:, None], table.sum(axis=0)[None, :]

    def f(v):
        v = np.asarray(v, dtype=float) / n
        return np.where(v > 0, v * np.log(np.where(v > 0, v, 1)), 0.0)

    first = table * (n - a - b + table) / n**2 * (f(table) - f(table - 1))
    second = (a - table) * (b - table) / n**2 * (f(table) - f(table + 1))
    return 2 * first.sum() + 2 * second.sum()


CASES = [(seed, n, k_a, k_b) for seed, (n, k_a, k_b) in enumerate(
    [(6, 2, 3), (9, 3, 3), (12, 4, 2), (10, 2, 5), (13, 3, 4), (8, 5, 5)])]


@pytest.mark.parametrize("seed,n,k_a,k_b", CASES)
def test_matches_brute_force_over_all_swaps(seed, n, k_a, k_b):
    rng = np.random.default_rng(seed)
    x, y = rng.integers(0, k_a, n), rng.integers(0, k_b, n)
    expected = brute_force(x, y)  # a mean of n^2 MI values: rounding ~1e-15
    assert pairwise_adjusted_mutual_information(x, y) == pytest.approx(expected, abs=1e-13)
    assert pairwise_adjusted_mutual_information(x, y) == pytest.approx(theorem_1(x, y),
                                                                       abs=1e-15)
    assert pairwise_adjusted_entropy(x) == pytest.approx(brute_force(x, x), abs=1e-13)


def test_symmetric_and_base():
    rng = np.random.default_rng(9)
    x, y = rng.integers(0, 3, 30), rng.integers(0, 4, 30)
    value = pairwise_adjusted_mutual_information(x, y)
    assert pairwise_adjusted_mutual_information(y, x) == pytest.approx(value, rel=1e-13)
    assert pairwise_adjusted_mutual_information(x, y, base=2) == pytest.approx(
        value / math.log(2))


@pytest.mark.parametrize("trivial", [np.zeros(11, dtype=int), np.arange(11)])
def test_propositions_2_and_3_trivial_clusterings_give_zero(trivial):
    other = np.random.default_rng(0).integers(0, 3, 11)
    assert pairwise_adjusted_mutual_information(trivial, other) == 0.0
    assert pairwise_adjusted_mutual_information(other, trivial) == 0.0
    assert pairwise_adjusted_entropy(trivial) == 0.0
    assert pairwise_adjusted_entropy(other) > 0.0


def test_normalized_form():
    rng = np.random.default_rng(2)
    x, y = rng.integers(0, 3, 50), rng.integers(0, 3, 50)
    value = pairwise_adjusted_mutual_information(x, y, normalized=True)
    mean_q = 0.5 * (pairwise_adjusted_entropy(x) + pairwise_adjusted_entropy(y))
    assert value == pytest.approx(pairwise_adjusted_mutual_information(x, y) / mean_q)
    assert pairwise_adjusted_mutual_information(x, (x + 1) % 3, normalized=True) == (
        pytest.approx(1.0))
    assert pairwise_adjusted_mutual_information(np.zeros(5), np.zeros(5), normalized=True) == 1.0
    # Corollary 2 is Theorem 1 on identical partitions
    assert pairwise_adjusted_mutual_information(x, x) == pytest.approx(
        pairwise_adjusted_entropy(x), rel=1e-13)
    assert pairwise_adjusted_mutual_information(np.zeros(5), np.arange(5), normalized=True) == 0.0


def test_large_sparse_input_in_linear_time():
    rng = np.random.default_rng(3)
    n = 1_000_000
    x, y = rng.integers(0, 2000, n), rng.integers(0, 3000, n)
    ct = M.contingency_table(x, y)
    value = pairwise_adjusted_mutual_information(contingency=ct)
    # independent labels: s_p is tiny compared with the entropies
    assert math.isfinite(value) and abs(value) < 1e-3 * M.entropy(x)


def test_registry():
    x = np.arange(20) % 4
    y = np.arange(20) % 5
    values = M.compare(x, y, ["pami", "pami_normalized"])
    assert values["pami"] == pytest.approx(pairwise_adjusted_mutual_information(x, y))


def theorem_1_mpmath(table):
    """Eq. (7) over every cell in 50-digit arithmetic, written as in the paper."""
    mpmath = pytest.importorskip("mpmath")
    with mpmath.workdps(50):
        n = int(table.sum())
        big_n = mpmath.mpf(n)

        def f(v):
            return mpmath.mpf(0) if v == 0 else (v / big_n) * mpmath.log(v / big_n)

        total = mpmath.mpf(0)
        for i, a in enumerate(table.sum(axis=1).tolist()):
            for j, b in enumerate(table.sum(axis=0).tolist()):
                x = int(table[i, j])
                if x:
                    total += x * (n - a - b + x) * (f(x) - f(x - 1))
                total += (a - x) * (b - x) * (f(x) - f(x + 1))
        return 2 * total / big_n**2


@pytest.mark.parametrize("n", [10**6, 10**8, 2 * 10**8])
@pytest.mark.parametrize("seed", [0, 1])
def test_near_independent_tables_match_50_digit_reference(n, seed):
    # Multinomial draws from a product law: s_p is ~1e-16 while Theorem 1's terms are ~1e-7,
    # the cancellation that cost 3 digits at n = 1e8 and all of them at n = 2e8.
    rng = np.random.default_rng(seed)
    p, q = rng.dirichlet(np.full(10, 5.0)), rng.dirichlet(np.full(10, 5.0))
    table = rng.multinomial(n, np.outer(p, q).ravel()).reshape(10, 10)
    expected = theorem_1_mpmath(table)
    value = pairwise_adjusted_mutual_information(contingency=table)
    assert abs(value - float(expected)) <= 1e-8 * abs(float(expected))


def test_sparse_table_with_zero_cells_at_large_n_matches_50_digit_reference():
    # Zero cells (closed form of Corollary 1) and n^2 beyond int64 (exact Python products).
    table = np.array([[3 * 10**9, 0, 7], [5, 2 * 10**9, 10**9], [0, 1, 4 * 10**9]])
    expected = theorem_1_mpmath(table)
    value = pairwise_adjusted_mutual_information(contingency=table)
    assert abs(value - float(expected)) <= 1e-12 * abs(float(expected))
