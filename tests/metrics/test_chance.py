"""Expected values under the permutation model, and the adjusted measures."""

import itertools
import math

import mpmath
import numpy as np
import pytest

import metrics as M
from metrics.model_registry import RANDOM_MODELS
from metrics.random_models import PermutationModel


def labels_from_sizes(sizes):
    return np.repeat(np.arange(len(sizes)), sizes)


@mpmath.workdps(50)
def emi_eq24a(n, sizes_a, sizes_b):
    """Vinh et al. (2009) eq. 24a term by term, exact binomials, 50 digits."""
    total = mpmath.mpf(0)
    for a in sizes_a:
        for b in sizes_b:
            for k in range(max(1, a + b - n), min(a, b) + 1):
                p = mpmath.binomial(b, k) * mpmath.binomial(n - b, a - k) / mpmath.binomial(n, a)
                total += p * mpmath.mpf(k) / n * mpmath.log(mpmath.mpf(n) * k / (a * b))
    return total


@mpmath.workdps(45)
def emi_pair_large(n, a, b):
    """eq. 24a for one pair at large n: exact mode probability (log-gamma at 45 digits) and
    the term recurrence in 45-digit arithmetic, walked until terms fall below 1e-40."""
    mode = (a + 1) * (b + 1) // (n + 2)

    def log_binomial(x, y):
        return mpmath.loggamma(x + 1) - mpmath.loggamma(y + 1) - mpmath.loggamma(x - y + 1)

    p_mode = mpmath.exp(log_binomial(b, mode) + log_binomial(n - b, a - mode) - log_binomial(n, a))
    lo, hi = max(0, a + b - n), min(a, b)
    total, mass = mpmath.mpf(0), mpmath.mpf(0)
    for step in (+1, -1):
        k, p = mode, p_mode
        if step < 0:
            k, p = mode - 1, p_mode * mode * (n - a - b + mode) / ((a - mode + 1) * (b - mode + 1))
        while lo <= k <= hi and p > 1e-40 * p_mode:
            mass += p
            if k > 0:
                total += p * k / n * mpmath.log(mpmath.mpf(n) * k / (a * b))
            if step > 0:
                p = p * (a - k) * (b - k) / ((k + 1) * (n - a - b + k + 1))
            else:
                p = p * k * (n - a - b + k) / ((a - k + 1) * (b - k + 1))
            k += step
    assert abs(mass - 1) < 1e-25
    return total


@pytest.mark.parametrize(
    "n, sizes_a, sizes_b",
    [
        (10, [3, 3, 4], [5, 5]),
        (100, [10, 20, 30, 40], [50, 25, 25]),
        (500, [1] * 50 + [450], [100] * 5),
        (1000, [333, 333, 334], [1] * 10 + [990]),
        (2000, [1000, 600, 400], [1999, 1]),
        (820, list(range(1, 41)), [410, 410]),
    ],
)
def test_emi_matches_exact_sum(n, sizes_a, sizes_b):
    assert sum(sizes_a) == n and sum(sizes_b) == n
    reference = emi_eq24a(n, sizes_a, sizes_b)
    ours = M.expected_mutual_information(
        labels_from_sizes(sizes_a), labels_from_sizes(sizes_b)
    )
    assert abs(ours - reference) <= 1e-13 * reference


@pytest.mark.parametrize(
    "n, sizes_a, sizes_b",
    [
        (10**6, [300_000, 700_000], [100_000, 900_000]),
        (10**7, [4_000_000, 6_000_000], [3_000_000, 7_000_000]),
    ],
)
def test_emi_exact_at_large_n(n, sizes_a, sizes_b):
    reference = sum(emi_pair_large(n, a, b) for a in sizes_a for b in sizes_b)
    ours = M.expected_mutual_information(contingency=_table_with_margins(sizes_a, sizes_b))
    assert abs(ours - reference) <= 1e-13 * reference


def _table_with_margins(rows, cols):
    """Any table with the given margins (the north-west corner rule)."""
    rows, cols = list(rows), list(cols)
    table = np.zeros((len(rows), len(cols)), dtype=np.int64)
    i = j = 0
    while i < len(rows) and j < len(cols):
        x = min(rows[i], cols[j])
        table[i, j] = x
        rows[i] -= x
        cols[j] -= x
        i += rows[i] == 0
        j += cols[j] == 0
    return table


def all_relabelings(a, b):
    """MI and RI of (a, pi(b)) for every permutation pi of the samples."""
    for perm in itertools.permutations(range(len(b))):
        yield np.asarray(b)[list(perm)]


@pytest.mark.parametrize(
    "a, b",
    [([0, 0, 1, 1, 2, 2, 2], [0, 1, 1, 1, 1, 2, 3]), ([0, 0, 0, 1, 1, 2], [0, 0, 1, 1, 2, 2])],
)
def test_expectations_by_full_enumeration(a, b):
    values = [M.compare(a, p, ["mi", "ri", "ari"]) for p in all_relabelings(a, b)]
    mis, ris = [v["mi"] for v in values], [v["ri"] for v in values]
    assert M.expected_mutual_information(a, b) == pytest.approx(np.mean(mis), rel=1e-12)
    assert M.expected_rand_index(a, b) == pytest.approx(np.mean(ris), rel=1e-12)
    assert np.mean([v["ari"] for v in values]) == pytest.approx(0.0, abs=1e-12)


def test_emi_monte_carlo():
    r = np.random.default_rng(3)
    a = labels_from_sizes([30, 20, 10, 5, 5])
    b = labels_from_sizes([25, 25, 15, 5])
    draws = np.array([M.mutual_information(a, r.permutation(b)) for _ in range(3000)])
    emi = M.expected_mutual_information(a, b)
    assert abs(draws.mean() - emi) < 4 * draws.std() / math.sqrt(draws.size)


def test_avi_equals_ami_arithmetic():
    """Vinh et al. (2009) eq. 28: AVI = (2I - 2E) / (H(U) + H(V) - 2E) = AMI, eq. 27."""
    r = np.random.default_rng(5)
    a = r.integers(0, 5, 300)
    b = np.where(r.random(300) < 0.4, a, r.integers(0, 7, 300))
    mi, emi = M.mutual_information(a, b), M.expected_mutual_information(a, b)
    h_a, h_b = M.entropy(a), M.entropy(b)
    avi = (2 * mi - 2 * emi) / (h_a + h_b - 2 * emi)
    assert M.adjusted_mutual_information(a, b) == pytest.approx(avi, rel=1e-12)
    nvi = (h_a + h_b - 2 * mi) / (h_a + h_b - 2 * emi)
    assert nvi == pytest.approx(1 - avi, rel=1e-12)
    sqrt = (mi - emi) / (math.sqrt(h_a * h_b) - emi)
    assert M.adjusted_mutual_information(a, b, normalization="sqrt") == pytest.approx(sqrt)


def test_emi_from_sizes_groups_and_weights():
    n = 200
    sizes_a, sizes_b = [50, 50, 100], [20, 30, 150]
    direct = float(emi_eq24a(n, sizes_a, sizes_b))
    grouped = M.expected_mutual_information_from_sizes(n, [50, 100], [2, 1], [20, 30, 150], [1] * 3)
    assert grouped == pytest.approx(direct, rel=1e-13)
    ungrouped = M.expected_mutual_information_from_sizes(n, sizes_a, [1] * 3, sizes_b, [1] * 3)
    assert ungrouped == pytest.approx(direct, rel=1e-13)
    # Non-integer expected counts (each side still adds up to n): bilinear in the weights.
    side_a, side_b = [(50, 1.0), (100, 1.5)], [(20, 1.5), (150, 1.0), (40, 0.5)]
    mixed = M.expected_mutual_information_from_sizes(
        n, [a for a, _ in side_a], [w for _, w in side_a],
        [b for b, _ in side_b], [w for _, w in side_b])
    parts = [float(emi_eq24a(n, [a], [b])) * wa * wb for a, wa in side_a for b, wb in side_b]
    assert mixed == pytest.approx(sum(parts), rel=1e-13)
    assert M.expected_mutual_information_from_sizes(n, [n], [1], [8], [25]) == 0.0


@pytest.mark.parametrize(
    "args, message",
    [
        ((0, [1], [1], [1], [1]), r"n must be an integer in \[1, inf\)"),
        ((10, [11], [1], [5], [2]), r"\[1, n\]"),
        ((10, [2.5], [1], [5], [2]), "whole"),
        ((10, [5], [-1], [5], [2]), "non-negative"),
        ((10, [5, 5], [1], [5], [2]), "same length"),
        ((10, [5], [1], [5], [2]), "sum to n = 10"),
        ((10, [5], [2], [3], [3]), "sizes_b weighted by weights_b must sum to n"),
    ],
)
def test_emi_from_sizes_validation(args, message):
    with pytest.raises(ValueError, match=message):
        M.expected_mutual_information_from_sizes(*args)


def test_random_model_registry():
    a, b = [0, 0, 1, 1, 2], [0, 1, 1, 2, 2]
    with pytest.raises(ValueError, match="perm"):
        M.adjusted_rand_index(a, b, random_model="nope")
    with pytest.raises(ValueError, match="unknown random_model"):
        M.adjusted_mutual_information(a, b, random_model="num1")
    # For "perm", one-sided and two-sided coincide (Gates & Ahn 2017).
    for f in (M.adjusted_rand_index, M.adjusted_mutual_information,
              M.expected_mutual_information, M.expected_rand_index):
        assert f(a, b, one_sided=True) == f(a, b)
    assert isinstance(RANDOM_MODELS["perm"], PermutationModel)


def test_a_registered_model_is_used(monkeypatch):
    """A model added to RANDOM_MODELS drives ERI, EMI and the AMI bound."""

    class Uniform(M.RandomModel):
        # Every pair together with probability 1/2; one cluster of each size 1..n/2, weight 1.
        def pair_probability(self, sizes, n):
            return 0.5

        def size_weights(self, sizes, n):
            s = np.arange(1, n // 2 + 1)
            return s, np.ones(s.size)

        def entropy_bound(self, sizes, n, base=None):
            return math.log(n)

    monkeypatch.setitem(RANDOM_MODELS, "uniform", Uniform())
    a, b = [0, 0, 1, 1, 2, 2], [0, 0, 0, 1, 1, 2]
    assert M.expected_rand_index(a, b, random_model="uniform") == 0.5
    assert M.expected_rand_index(a, b, random_model="uniform", one_sided=True) == pytest.approx(
        0.5 * (3 / 15) + 0.5 * (12 / 15)
    )
    emi = M.expected_mutual_information(a, b, random_model="uniform")
    assert emi == pytest.approx(float(emi_eq24a(6, [1, 2, 3], [1, 2, 3])), rel=1e-13)
    one_sided = M.expected_mutual_information(a, b, random_model="uniform", one_sided=True)
    assert one_sided == pytest.approx(float(emi_eq24a(6, [2, 2, 2], [1, 2, 3])), rel=1e-13)
    mi = M.mutual_information(a, b)
    assert M.adjusted_mutual_information(a, b, random_model="uniform") == pytest.approx(
        (mi - emi) / (math.log(6) - emi)
    )
    ri = M.rand_index(a, b)
    assert M.adjusted_rand_index(a, b, random_model="uniform") == pytest.approx(
        (ri - 0.5) / 0.5
    )


def test_emi_from_sizes_in_chunks_of_pairs(monkeypatch):
    import metrics._emi_kernel as emi_kernel

    n, sizes = 500, np.arange(1, 40)

    def adding_up_to_n(s):  # expected counts of a model: sum(sizes * weights) = n
        w = np.exp(-s / 7.0)
        return w * n / (s @ w)

    weights, weights_b = adding_up_to_n(sizes), adding_up_to_n(sizes[:9])
    whole = M.expected_mutual_information_from_sizes(n, sizes, weights, sizes[:9], weights_b)
    monkeypatch.setattr(emi_kernel, "PAIRS_PER_CHUNK", 10)
    chunked = M.expected_mutual_information_from_sizes(n, sizes, weights, sizes[:9], weights_b)
    assert chunked == pytest.approx(whole, rel=1e-14)
    reference = sum(
        float(emi_eq24a(n, [int(a)], [int(b)])) * wa * wb
        for a, wa in zip(sizes, weights, strict=True)
        for b, wb in zip(sizes[:9], weights_b, strict=True)
    )
    assert whole == pytest.approx(reference, rel=1e-13)


def test_an_ami_call_looks_its_random_model_up_once(monkeypatch):
    import metrics.model_registry as registry

    calls = []
    original = registry.get_random_model
    monkeypatch.setattr(registry, "get_random_model",
                        lambda name: calls.append(name) or original(name))
    M.adjusted_mutual_information([0, 0, 1, 1, 2], [0, 1, 1, 2, 2], random_model="all",
                                  one_sided=True)
    assert calls == ["all"]


@pytest.mark.parametrize("labels", [([0, 1], [0, 1]), ([0, 0, 1, 1], [0, 1, 0, 1])])
def test_ami_refuses_an_unknown_normalization_even_on_identical_labelings(labels):
    with pytest.raises(ValueError, match="normalization must be one of 'min', 'sqrt'"):
        M.adjusted_mutual_information(*labels, normalization="mean")
