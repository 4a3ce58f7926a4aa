"""Dom's Q0, Q1, Q2 and normalized Hamming: the paper's extreme cases (eqs. 12, 15, 16),
Appendix B's asymptotics, non-integer counts (footnote 11), brute-force Hamming."""

import math

import numpy as np
import pytest
from scipy import stats

import metrics as M
from metrics.dom import dom_q0, dom_q1, dom_q2, normalized_hamming


def log2_multiset(h, n_classes):
    return math.log2(math.comb(h + n_classes - 1, n_classes - 1))


CLASSES = np.repeat([0, 1, 2, 3], [7, 5, 5, 3])


def test_perfect_clustering_is_eq_12():
    n, sizes = CLASSES.size, np.bincount(CLASSES)
    expected = sum(log2_multiset(int(h), sizes.size) for h in sizes) / n
    relabelled = (CLASSES + 2) % 4
    assert dom_q0(CLASSES, relabelled) == pytest.approx(expected, rel=1e-14)
    assert dom_q2(CLASSES, relabelled) == pytest.approx(1.0, rel=1e-14)


def test_one_cluster_is_eq_15():
    n, sizes = CLASSES.size, np.bincount(CLASSES)
    h_c = stats.entropy(sizes, base=2)
    expected = h_c + log2_multiset(n, sizes.size) / n
    assert dom_q0(CLASSES, np.zeros(n)) == pytest.approx(expected, rel=1e-14)
    # eq. 17: Q1 is 0 when the clusters carry no information at no extra cost
    assert dom_q1(CLASSES, np.zeros(n)) == pytest.approx(0.0, abs=1e-14)


def test_one_cluster_per_object_is_eq_16():
    assert dom_q0(CLASSES, np.arange(CLASSES.size)) == pytest.approx(2.0, rel=1e-14)
    # "all the classes empty except one": |C| counts the empty classes of a given table
    table = np.zeros((3, 10))
    table[1] = 1
    assert dom_q0(contingency=table) == pytest.approx(math.log2(3), rel=1e-14)
    assert dom_q0(contingency=table) > dom_q0(contingency=table.sum(axis=1, keepdims=True))


def test_q1_and_q0_add_up():
    rng = np.random.default_rng(0)
    labels_pred = rng.integers(0, 6, CLASSES.size)
    n, sizes = CLASSES.size, np.bincount(CLASSES)
    h_c = stats.entropy(sizes, base=2)
    total = h_c + log2_multiset(n, sizes.size) / n
    assert dom_q1(CLASSES, labels_pred) + dom_q0(CLASSES, labels_pred) == pytest.approx(total)


def test_units_and_asymmetry():
    rng = np.random.default_rng(1)
    labels_pred = rng.integers(0, 3, CLASSES.size)
    bits = dom_q0(CLASSES, labels_pred)
    assert dom_q0(CLASSES, labels_pred, base=None) == pytest.approx(bits * math.log(2))
    assert dom_q0(labels_pred, CLASSES) != pytest.approx(bits)
    assert 0 < dom_q2(CLASSES, labels_pred) < 1


def test_single_class_convention():
    labels_pred = np.arange(6) % 2
    assert dom_q0(np.zeros(6), labels_pred) == 0.0
    assert dom_q1(np.zeros(6), labels_pred) == 0.0
    assert dom_q2(np.zeros(6), labels_pred) == 1.0


# Dom's Table 2: |C| = |K| = 5, eps1 = 0.2
TABLE_2 = np.full((5, 5), 0.01) + np.diag(np.full(5, 0.15))


def test_non_integer_expected_counts_footnote_11():
    n = 333  # expected counts 3.33 and 53.28: log-gamma binomials
    h = n * TABLE_2
    col = h.sum(axis=0)
    h_ck = -np.sum(h / n * np.log2(h / col))
    cost = sum(
        (math.lgamma(x + 5) - math.lgamma(5) - math.lgamma(x + 1)) / math.log(2) for x in col
    ) / n
    assert dom_q0(contingency=h) == pytest.approx(h_ck + cost, rel=1e-13)


def test_appendix_b_asymptotics():
    # Q0 ~ H(C|K) + |K| (|C| - 1) log n / n (eq. 13), with the next-order constant of
    # log C(n p + c - 1, c - 1) = (c - 1) log(n p) - log (c - 1)! + O(1/n)
    p_k = TABLE_2.sum(axis=0)
    h_c_given_k = -np.sum(TABLE_2 * np.log2(TABLE_2 / p_k))
    constant = np.sum(4 * np.log2(p_k) - math.log2(math.factorial(4)))
    for n in (1e3, 1e4, 1e5, 1e6, 1e7):
        excess = dom_q0(contingency=n * TABLE_2) - h_c_given_k
        leading = 5 * 4 * math.log2(n) / n
        # n (excess - leading) - constant = sum_k sum_{j<=4} log2(1 + j / (n p_k)) in
        # [0, sum_k 10 / (n p_k ln 2)]: the O(1/n) term of Appendix B's expansion
        remainder = n * (excess - leading) - constant
        bound = np.sum(10 / (n * p_k * math.log(2)))
        assert -1e-7 <= remainder <= bound + 1e-7
    assert dom_q0(contingency=1e7 * TABLE_2) == pytest.approx(h_c_given_k, abs=1e-4)


def brute_hamming(a, b):
    n = a.size
    d_ck = sum(np.sum(a[b == k] != np.bincount(a[b == k]).argmax()) for k in np.unique(b))
    d_kc = sum(np.sum(b[a == c] != np.bincount(b[a == c]).argmax()) for c in np.unique(a))
    return 1 - (d_ck + d_kc) / (2 * n)


@pytest.mark.parametrize("seed", range(5))
def test_hamming_matches_definition(seed):
    rng = np.random.default_rng(seed)
    a, b = rng.integers(0, 4, 40), rng.integers(0, 6, 40)
    assert normalized_hamming(a, b) == pytest.approx(brute_hamming(a, b), abs=1e-15)
    assert normalized_hamming(a, a) == 1.0


def test_sparse_tables_are_not_densified():
    import scipy.sparse as sp

    table = np.array([[3.0, 0, 1, 0], [0, 2, 2, 0], [0, 0, 0, 0]])  # an empty class counts
    for function in (dom_q0, dom_q1, dom_q2, normalized_hamming):
        assert function(contingency=sp.csr_array(table)) == function(contingency=table)
    # 20000 x 25000 classes and clusters: a dense table would take 4 GB
    rng = np.random.default_rng(0)
    ct = M.contingency_table(rng.integers(0, 20_000, 100_000), rng.integers(0, 25_000, 100_000))
    assert ct.is_sparse
    assert 0 < dom_q2(contingency=ct) < 1
    assert 0 < normalized_hamming(contingency=ct) < 1


def test_registry_and_compare():
    for key in ("q0", "q1", "q2", "hamming"):
        assert key in M.MEASURES
    values = M.compare(CLASSES, np.arange(CLASSES.size) % 3, ["q0", "q2", "hamming"])
    assert values["q0"] == pytest.approx(dom_q0(CLASSES, np.arange(CLASSES.size) % 3))


def test_bad_input():
    with pytest.raises(ValueError):
        dom_q0(contingency=np.array([[1.0, -1.0]]))
    with pytest.raises(ValueError):
        dom_q0(contingency=np.zeros((2, 2)))
    with pytest.raises(ValueError):
        dom_q0(CLASSES)
    with pytest.raises(ValueError):
        dom_q0(CLASSES, CLASSES, base=1)


@pytest.mark.parametrize("key", ["q0", "q1", "q2", "hamming", "pami", "pami_normalized", "smi"])
def test_seed_registry_entries(key):
    rng = np.random.default_rng(4)
    a = rng.integers(0, 4, 200)
    b = np.where(rng.random(200) < 0.5, a, rng.integers(0, 5, 200))
    m = M.MEASURES[key]
    assert m.name == key and m.label and m.description and m.formula
    assert m.higher_is_better == (key != "q0")
    assert m.adjusted == key.startswith(("pami", "smi"))
    value = m.function(a, b)
    assert m.range[0] <= value <= m.range[1]
    assert m.function(contingency=M.contingency_table(a, b)) == pytest.approx(value, rel=1e-12)
    # a perfect clustering is the best of these values
    best = m.function(a, a)
    assert (best >= value) if m.higher_is_better else (best <= value)
