"""The batch engine against metrics' scalar functions (the independent reference)."""

import numpy as np
import pytest

from experiments.engine import random_labels, spawn_generators
from metrics import compare, contingency_table, expected_mutual_information_from_sizes
from metrics._emi_kernel import emi_of_sizes
from metrics.batch import (
    BATCH_MEASURES,
    EMICache,
    batch_contingency,
    batch_expected_mi,
    batch_measures,
)


def pair_term(n: int, a: int, b: int) -> float:
    """The metrics kernel's EMI term of one pair of cluster sizes (sizes not adding up to n,
    which the public expected_mutual_information_from_sizes refuses)."""
    return emi_of_sizes(n, np.array([a]), np.array([1.0]), np.array([b]), np.array([1.0]))


def _tables(rng, n=30, k_true=4, k_pred=5, size=40):
    truth = random_labels(n, k_true, size, rng)
    pred = random_labels(n, k_pred, size, rng)
    tables = batch_contingency(truth, pred, k_true, k_pred)
    return truth, pred, tables


def test_batch_contingency_equals_metrics_tables():
    rng = np.random.default_rng(1)
    truth, pred, tables = _tables(rng)
    for t, p, table in zip(truth, pred, tables, strict=True):
        expected = contingency_table(t, p).toarray()
        nonempty = table[table.sum(axis=1) > 0][:, table.sum(axis=0) > 0]
        np.testing.assert_array_equal(nonempty, expected)


def test_a_shared_reference_row_broadcasts():
    rng = np.random.default_rng(2)
    truth = np.arange(12) % 3
    pred = random_labels(12, 4, 5, rng)
    tables = batch_contingency(truth, pred, 3, 4)
    assert tables.shape == (5, 3, 4)
    assert (tables.sum(axis=(1, 2)) == 12).all()


@pytest.mark.parametrize("random_model,one_sided", [("perm", False), ("num", False),
                                                    ("num", True), ("all", False),
                                                    ("all", True)])
def test_batch_measures_equal_scalar_measures(random_model, one_sided):
    rng = np.random.default_rng(3)
    _, _, tables = _tables(rng, size=25)
    # Degenerate tables: identical partitions, one cluster on a side, all singletons.
    special = np.zeros((4, 4, 5), dtype=np.int64)
    special[0, [0, 1, 2, 3], [0, 1, 2, 3]] = [10, 8, 7, 5]
    special[1, 0, [0, 1, 2]] = [10, 10, 10]
    special[2, [0, 1, 2, 3], 0] = [4, 6, 10, 10]
    special[3, 0, 0] = 30
    tables = np.concatenate([tables, special])
    names = list(BATCH_MEASURES)
    got = batch_measures(tables, names, random_model=random_model, one_sided=one_sided)
    for b, table in enumerate(tables):
        expected = compare(contingency=table, measures=names, random_model=random_model,
                           one_sided=one_sided)
        for name in names:
            assert got[name][b] == pytest.approx(expected[name], abs=1e-12), (b, name)


def test_other_registered_measures_go_through_compare():
    rng = np.random.default_rng(4)
    _, _, tables = _tables(rng, size=5)
    got = batch_measures(tables, ["jaccard", "vi", "purity"])
    for b, table in enumerate(tables):
        expected = compare(contingency=table, measures=["jaccard", "vi", "purity"])
        for name, value in expected.items():
            assert got[name][b] == pytest.approx(value, abs=1e-12)


def test_emi_terms_equal_metrics_kernel():
    cache = EMICache()
    n = 200
    a = np.array([1, 3, 50, 100, 199, 200, 17])
    b = np.array([200, 7, 60, 100, 2, 1, 170])
    terms = cache.terms(n, a, b)
    for x, y, t in zip(a, b, terms, strict=True):
        expected = pair_term(n, x, y)
        assert t == pytest.approx(expected, rel=1e-10, abs=1e-15)


def test_batch_expected_mi_matches_metrics_at_larger_n():
    rng = np.random.default_rng(5)
    tables = batch_contingency(random_labels(1000, 3, 6, rng), random_labels(1000, 8, 6, rng),
                               3, 8)
    got = batch_expected_mi(tables)
    for table, value in zip(tables, got, strict=True):
        rows, cols = table.sum(axis=1), table.sum(axis=0)
        reference = expected_mutual_information_from_sizes(
            1000, rows, np.ones(rows.size), cols, np.ones(cols.size))
        assert value == pytest.approx(reference, rel=1e-10)


def test_random_labels_exact_k_has_every_cluster():
    labels = random_labels(12, 6, 200, np.random.default_rng(6), exact_k=True)
    assert labels.shape == (200, 12)
    present = (labels[:, :, None] == np.arange(6)).any(axis=1)
    assert present.all()
    # Without the redraw about 44 % of such labelings have all 6 clusters (inclusion-
    # exclusion), so the check above is not vacuous.
    plain = random_labels(12, 6, 200, np.random.default_rng(6))
    assert not (plain[:, :, None] == np.arange(6)).any(axis=1).all()


def test_generators_do_not_depend_on_how_they_are_split():
    a = [g.integers(0, 1000, 5) for g in spawn_generators(7, 3)]
    b = [g.integers(0, 1000, 5) for g in spawn_generators(7, 3)]
    np.testing.assert_array_equal(a, b)


@pytest.mark.parametrize("bad", [["nope"], [], "ri2"])
def test_unknown_measures_are_refused(bad):
    with pytest.raises(ValueError, match="MEASURES"):
        batch_measures(np.ones((1, 2, 2), dtype=int), bad)


def test_bad_tables_are_refused():
    with pytest.raises(ValueError, match="same n"):
        batch_measures(np.array([[[1, 1]], [[1, 2]]]), ["ri"])
    with pytest.raises(ValueError, match="random_model"):
        batch_measures(np.ones((1, 2, 2), dtype=int), ["ari"], random_model="bogus")


def test_large_n_terms_use_the_sparse_store_and_agree():
    cache = EMICache()
    n = 5000
    a = np.array([[1, 2500, 0], [4999, 7, 2500]])
    b = np.array([[5000, 2500, 3], [2, 4000, 2500]])
    first = cache.terms(n, a, b)
    again = cache.terms(n, a, b)
    np.testing.assert_array_equal(first, again)
    for x, y, t in zip(a.ravel(), b.ravel(), first.ravel(), strict=True):
        expected = 0.0 if 0 in (x, y) else pair_term(n, x, y)
        assert t == pytest.approx(expected, rel=1e-9, abs=1e-15)


def test_emi_terms_are_exact_at_a_size_where_log_gammas_lose_digits():
    """50-digit eq. (24a) of Vinh et al. (2009) for one pair of clusters: the engine now uses
    metrics' kernel (error 2e-16 here) instead of its former log-gamma kernel (1.5e-10)."""
    mpmath = pytest.importorskip("mpmath")
    n, a, b = 20_000, 9_000, 700
    with mpmath.workdps(50):
        total = mpmath.binomial(n, a)
        reference = mpmath.fsum(
            mpmath.binomial(b, k) * mpmath.binomial(n - b, a - k) / total
            * mpmath.mpf(k) / n * mpmath.log(mpmath.mpf(n) * k / (a * b))
            for k in range(1, b + 1)
        )
    got = EMICache().terms(n, np.array([a]), np.array([b]))[0]
    assert got == pytest.approx(float(reference), rel=1e-13)


def test_the_random_model_is_looked_up_once_per_batch(monkeypatch):
    import metrics.model_registry as registry

    calls = []
    original = registry.get_random_model
    monkeypatch.setattr(registry, "get_random_model",
                        lambda name: calls.append(name) or original(name))
    tables = _tables(np.random.default_rng(8), size=5)[2]
    batch_measures(tables, ["ari", "ami_min", "ami_max"], random_model="num", one_sided=True)
    assert calls == ["num"]


@pytest.mark.parametrize(("n", "k", "size", "message"), [
    (0, 2, 1, r"n must be an integer in \[1, inf\), got 0"),
    (5, 0, 1, r"k must be an integer in \[1, inf\), got 0"),
    (5, 2, -1, r"size must be an integer in \[0, inf\), got -1"),
])
def test_random_labels_refuses_bad_counts(n, k, size, message):
    with pytest.raises(ValueError, match=message):
        random_labels(n, k, size, np.random.default_rng(0))
