"""Random models num and all: Stirling/Bell numbers, size weights, E[RI] and EMI checked by
enumerating every set partition (n <= 8), exact integers, mpmath, and clusim 0.4 (bits)."""

import math
from functools import cache

import mpmath
import numpy as np
import pytest

import metrics as M
from metrics._combinatorics import log_bell, log_stirling2, log_surjection_probability
from metrics.random_models import AllModel, NumModel, expected_mi_binomial_limit


@cache
def stirling(n, k):
    if n == k:
        return 1
    if k == 0 or k > n:
        return 0
    return k * stirling(n - 1, k) + stirling(n - 1, k - 1)


def bell(n):
    return sum(stirling(n, k) for k in range(n + 1))


def set_partitions(n):
    """All set partitions of range(n) as restricted growth strings."""
    def grow(prefix, m):
        if len(prefix) == n:
            yield np.array(prefix)
            return
        for label in range(m + 1):
            yield from grow(prefix + [label], max(m, label + 1))
    yield from grow([0], 1) if n else iter(())


def test_log_stirling_matches_exact_integers():
    for n in (1, 2, 5, 8, 30, 120, 250):
        for k in range(0, n + 1):
            exact = stirling(n, k)
            ours = log_stirling2(n, k)
            if exact == 0:
                assert ours == -math.inf
            else:
                assert ours == pytest.approx(float(mpmath.log(exact)), rel=2e-15, abs=1e-12)


def test_log_bell_matches_exact_integers():
    for n in (0, 1, 2, 3, 8, 50, 200, 400):
        assert log_bell(n) == pytest.approx(float(mpmath.log(bell(n))), rel=1e-15, abs=1e-15)


def test_both_surjection_methods_agree_where_they_overlap():
    # mu = k (1 - 1/k)^m crosses 1 inside this range: both branches are used and compared
    k, m = 40, np.arange(40, 400)
    ours = log_surjection_probability(m, k)
    exact = [float(mpmath.log(mpmath.factorial(k) * stirling(int(x), k) / mpmath.mpf(k) ** int(x)))
             for x in m]
    np.testing.assert_allclose(ours, exact, rtol=0, atol=1e-13)


@pytest.mark.parametrize("n,k", [(8, 3), (50, 2), (60, 10), (200, 7), (200, 150), (250, 249)])
def test_num_weights_and_pair_probability_exact(n, k):
    sizes = np.array([n - k + 1] + [1] * (k - 1))
    a, w = NumModel().size_weights(sizes, n)
    exact = np.array([math.comb(n, int(s)) * stirling(n - int(s), k - 1) / stirling(n, k)
                      for s in a])
    np.testing.assert_allclose(w, exact, rtol=1e-12)
    assert NumModel().pair_probability(sizes, n) == pytest.approx(
        stirling(n - 1, k) / stirling(n, k), rel=1e-13)
    # the expected sizes add up to n and the expected count to K (up to the cut)
    assert np.dot(a, w) == pytest.approx(n, rel=1e-12)
    assert w.sum() == pytest.approx(k, rel=1e-12)


@pytest.mark.parametrize("n,k", [(2, 2), (3, 2), (7, 7), (8, 4), (100, 5), (100, 4), (250, 9),
                                 (1000, 5), (1000, 6), (1000, 30), (300, 299)])
def test_num_pair_probability_is_correctly_rounded_or_within_ulps(n, k):
    # Integers from the recurrence: S(n-1, K) / S(n, K) rounded once by Python's int division.
    for m in range(n + 1):  # bottom up, so the cached recursion stays shallow
        for j in range(k + 1):
            stirling(m, j)
    exact = stirling(n - 1, k) / stirling(n, k)
    sizes = np.array([n - k + 1] + [1] * (k - 1))
    q = NumModel().pair_probability(sizes, n)
    if k * n * math.log2(k) <= 2**15:  # the exact path
        assert q == exact
    else:
        assert q == pytest.approx(exact, rel=2e-14)


def test_surjection_counts_are_stirling_numbers_times_k_factorial():
    from metrics._combinatorics import surjection_counts

    for m, k in [(1, 1), (4, 2), (9, 3), (9, 9), (30, 7), (5, 6)]:
        factorial = math.factorial(k)
        assert surjection_counts(m, k) == (factorial * stirling(m - 1, k),
                                           factorial * stirling(m, k))


@pytest.mark.parametrize("n", [2, 5, 8, 60, 200])
def test_all_weights_and_pair_probability_exact(n):
    a, w = AllModel().size_weights(np.array([n]), n)
    exact = np.array([float(mpmath.mpf(math.comb(n, int(s)) * bell(n - int(s))) / bell(n))
                      for s in a])
    np.testing.assert_allclose(w, exact, rtol=1e-12)
    assert AllModel().pair_probability(np.array([n]), n) == pytest.approx(
        float(mpmath.mpf(bell(n - 1)) / bell(n)), rel=1e-14)


def _ensemble_averages(ensemble_a, ensemble_b):
    """Mean MI (nats) and Rand index over all pairs, from batched contingency tables."""
    b = np.array(ensemble_b)
    m, n = b.shape
    span = n + 1
    mi_total = ri_total = 0.0
    for x in ensemble_a:
        cells = (np.arange(m)[:, None] * span * span + x[None, :] * span + b).ravel()
        table = np.bincount(cells, minlength=m * span * span).reshape(m, span, span)
        rows, cols = table.sum(axis=2), table.sum(axis=1)
        with np.errstate(divide="ignore", invalid="ignore"):
            ratio = n * table / (rows[:, :, None] * cols[:, None, :])
            mi = np.where(table > 0, table / n * np.log(ratio), 0.0).sum(axis=(1, 2))
        pairs = lambda c: (c * (c - 1) // 2).sum(axis=tuple(range(1, c.ndim)))  # noqa: E731
        n11, p_rows, p_cols = pairs(table), pairs(rows), pairs(cols)
        total = n * (n - 1) // 2
        ri = (total + 2 * n11 - p_rows - p_cols) / total
        mi_total += mi.sum()
        ri_total += ri.sum()
    count = len(ensemble_a) * m
    return mi_total / count, ri_total / count


@pytest.mark.parametrize("n,one_sided", [(4, False), (6, False), (6, True), (8, True)])
def test_all_model_matches_enumeration(n, one_sided):
    every = list(set_partitions(n))
    assert len(every) == bell(n)
    reference = np.arange(n) // 3
    ensemble_a = [reference] if one_sided else every
    mi, ri = _ensemble_averages(ensemble_a, every)
    kw = dict(random_model="all", one_sided=one_sided)
    assert M.expected_mutual_information(reference, every[3], **kw) == pytest.approx(
        mi, rel=1e-12, abs=1e-14)
    assert M.expected_rand_index(reference, every[3], **kw) == pytest.approx(ri, rel=1e-12)


@pytest.mark.parametrize("n,k_true,k_pred", [(6, 2, 3), (7, 3, 3), (8, 4, 2), (8, 2, 5)])
@pytest.mark.parametrize("one_sided", [False, True])
def test_num_model_matches_enumeration(n, k_true, k_pred, one_sided):
    every = list(set_partitions(n))
    with_k = {k: [p for p in every if p.max() + 1 == k] for k in (k_true, k_pred)}
    assert len(with_k[k_pred]) == stirling(n, k_pred)
    reference = np.arange(n) % k_true
    pred = with_k[k_pred][0]
    ensemble_a = [reference] if one_sided else with_k[k_true]
    mi, ri = _ensemble_averages(ensemble_a, with_k[k_pred])
    kw = dict(random_model="num", one_sided=one_sided)
    assert M.expected_mutual_information(reference, pred, **kw) == pytest.approx(
        mi, rel=1e-12, abs=1e-14)
    assert M.expected_rand_index(reference, pred, **kw) == pytest.approx(ri, rel=1e-12)


def _pair(seed, n, k_true, k_pred):
    rng = np.random.default_rng(seed)
    return rng.integers(0, k_true, n), rng.integers(0, k_pred, n)


@pytest.mark.parametrize("model", ["num", "all", "num1", "all1"])
@pytest.mark.parametrize("n,k_true,k_pred", [(20, 3, 4), (50, 5, 2)])
def test_against_clusim_in_bits(model, n, k_true, k_pred):
    clusim_sim = pytest.importorskip("clusim.sim")
    from clusim.clustering import Clustering

    labels_true, labels_pred = _pair(n + k_true, n, k_true, k_pred)
    c_true = Clustering(elm2clu_dict={i: [int(v)] for i, v in enumerate(labels_true)})
    c_pred = Clustering(elm2clu_dict={i: [int(v)] for i, v in enumerate(labels_pred)})
    ours_model, one_sided = model[:3], model.endswith("1")
    # clusim's clustering2 is the fixed reference of its one-sided models
    ami = clusim_sim.adj_mi(c_pred, c_true, random_model=model, norm_type="sum", logbase=2)
    ari = clusim_sim.adjrand_index(c_pred, c_true, random_model=model)
    kw = dict(random_model=ours_model, one_sided=one_sided)
    assert M.adjusted_mutual_information(labels_true, labels_pred, **kw) == pytest.approx(
        ami, rel=1e-9, abs=1e-12)
    assert M.adjusted_rand_index(labels_true, labels_pred, **kw) == pytest.approx(
        ari, rel=1e-9, abs=1e-12)


@pytest.mark.parametrize("model", ["num", "all", "num1", "all1"])
@pytest.mark.parametrize("normalization,norm_type",
                         [("min", "min"), ("sqrt", "sqrt"), ("max", "max")])
def test_against_clusim_every_normalization(model, normalization, norm_type):
    clusim_sim = pytest.importorskip("clusim.sim")
    from clusim.clustering import Clustering

    labels_true, labels_pred = _pair(3, 24, 4, 3)
    c_true = Clustering(elm2clu_dict={i: [int(v)] for i, v in enumerate(labels_true)})
    c_pred = Clustering(elm2clu_dict={i: [int(v)] for i, v in enumerate(labels_pred)})
    expected = clusim_sim.adj_mi(c_pred, c_true, random_model=model, norm_type=norm_type,
                                 logbase=2)
    ours = M.adjusted_mutual_information(labels_true, labels_pred, random_model=model[:3],
                                         one_sided=model.endswith("1"),
                                         normalization=normalization)
    assert ours == pytest.approx(expected, rel=1e-9, abs=1e-12)


@pytest.mark.parametrize("one_sided", [False, True])
def test_binomial_limit_matches_general_sum(one_sided):
    labels_true, labels_pred = _pair(7, 3000, 6, 4)
    ct = M.contingency_table(labels_true, labels_pred)
    num = NumModel()
    model_true = M.RANDOM_MODELS["perm"] if one_sided else num
    fast = expected_mi_binomial_limit(ct.n, model_true, ct.row_sums, num, ct.col_sums)
    sa, wa = model_true.size_weights(ct.row_sums, ct.n)
    sb, wb = num.size_weights(ct.col_sums, ct.n)
    general = M.expected_mutual_information_from_sizes(ct.n, sa, wa, sb, wb)
    assert fast is not None
    assert fast == pytest.approx(general, rel=1e-13)


def test_binomial_limit_only_when_negligible():
    assert NumModel().binomial_limit(np.array([5000, 5000]), 10_000) == 2
    assert NumModel().binomial_limit(np.array([40] * 5), 200) is None  # mu_4(n - a) ~ 1e-8


def test_entropy_bounds_and_identical_clusterings_under_all():
    labels = np.repeat(np.arange(4), 5)
    assert NumModel().entropy_bound(np.full(4, 5), 20, base=2) == pytest.approx(2.0)
    assert AllModel().entropy_bound(np.full(4, 5), 20) == pytest.approx(math.log(20))
    # bound log n > H: identical clusterings do not score 1 under "all" (Gates & Ahn)
    assert M.adjusted_mutual_information(labels, labels, random_model="all") < 1.0


def test_bad_input():
    with pytest.raises(ValueError):
        NumModel().size_weights(np.array([3, 3]), 7)
    with pytest.raises(ValueError):
        log_stirling2(-1, 2)
    with pytest.raises(TypeError):
        log_stirling2(2.5, 1)


@pytest.mark.parametrize("n,k", [(8, 2), (8, 7), (60, 59), (60, 30), (250, 120), (250, 20)])
def test_zero_truncated_poisson_path_is_exact(n, k):
    # the path used when K (n - K) is large and inclusion-exclusion is inaccurate
    from metrics.random_models import _num_weights_ztp

    a, w, q = _num_weights_ztp(n, k)
    exact = np.array([math.comb(n, int(s)) * stirling(n - int(s), k - 1) / stirling(n, k)
                      for s in a], dtype=float)
    # Fourier inversion is accurate relative to the largest probability: tail weights (far
    # too small to matter for E[MI]) are only accurate in absolute terms
    np.testing.assert_allclose(w, exact, rtol=1e-12, atol=1e-13 * exact.max())
    assert q == pytest.approx(stirling(n - 1, k) / stirling(n, k), rel=1e-12)


def test_many_blocks_at_large_n():
    n, k = 100_000, 20_000  # neither inclusion-exclusion nor the recurrence is practical
    sizes = np.array([n - k + 1] + [1] * (k - 1))
    a, w = NumModel().size_weights(sizes, n)
    assert np.dot(a, w) == pytest.approx(n, rel=1e-10)
    assert w.sum() == pytest.approx(k, rel=1e-10)
    q = NumModel().pair_probability(sizes, n)
    # q = S(n-1, K) / S(n, K) lies between 1/K (surjection bound) and the singleton-free mean
    assert 0 < q < 1 / k


@mpmath.workdps(30)
def test_num_emi_matches_mpmath_beyond_enumeration():
    # E[MI] under two-sided num at n = 40 (10^20 pairs of partitions), in 30-digit arithmetic
    n, k_a, k_b = 40, 4, 3

    def weights(k):
        return {a: mpmath.mpf(math.comb(n, a) * stirling(n - a, k - 1)) / stirling(n, k)
                for a in range(1, n - k + 2)}

    total = mpmath.mpf(0)
    for a, w_a in weights(k_a).items():
        for b, w_b in weights(k_b).items():
            for k in range(max(1, a + b - n), min(a, b) + 1):
                hyp = mpmath.mpf(math.comb(b, k) * math.comb(n - b, a - k)) / math.comb(n, a)
                total += w_a * w_b * hyp * k / n * mpmath.log(mpmath.mpf(n * k) / (a * b))
    ours = M.expected_mutual_information(np.arange(n) % k_a, np.arange(n) % k_b,
                                         random_model="num")
    assert ours == pytest.approx(float(total), rel=1e-14)
