"""Point types and k-distance against scikit-learn's DBSCAN and brute-force distances."""

import numpy as np
import pytest
from scipy.spatial.distance import cdist
from sklearn.cluster import DBSCAN
from sklearn.neighbors import NearestNeighbors

from clustering.dbscan import CORE_SHARE, dbscan_point_types, k_distance, suggested_eps
from datasets import load


@pytest.mark.parametrize("eps, min_samples", [(0.05, 3), (0.1, 5), (0.2, 10), (0.3, 1)])
@pytest.mark.parametrize("metric", ["euclidean", "cityblock"])
def test_point_types_agree_with_sklearn(eps, min_samples, metric):
    X = load("moons", n_samples=300, noise=0.1).X
    types = dbscan_point_types(X, eps, min_samples, metric)
    ref = DBSCAN(eps=eps, min_samples=min_samples, metric=metric).fit(X)
    core = np.zeros(len(X), dtype=bool)
    core[ref.core_sample_indices_] = True
    assert np.array_equal(types == "core", core)
    assert np.array_equal(types == "noise", ref.labels_ == -1)
    assert np.array_equal(types == "border", ~core & (ref.labels_ >= 0))


def test_point_types_by_hand():
    # MinPts counts the point itself: 0 and 1 have 2 points within eps = 1 (core for 2).
    X = np.array([[0.0], [1.0], [2.0], [10.0]])
    assert dbscan_point_types(X, 1.0, 3).tolist() == ["border", "core", "border", "noise"]
    assert dbscan_point_types(X, 1.0, 2).tolist() == ["core", "core", "core", "noise"]


@pytest.mark.parametrize("k", [1, 2, 5])
def test_k_distance_brute_force(k):
    X = np.random.default_rng(3).normal(size=(60, 2))
    D = np.sort(cdist(X, X), axis=1)  # column 0 is the point itself
    np.testing.assert_allclose(k_distance(X, k, sort=False), D[:, k - 1])
    curve = k_distance(X, k)
    np.testing.assert_allclose(curve, np.sort(D[:, k - 1])[::-1])
    eps = np.median(k_distance(X, k + 1))
    core = np.zeros(len(X), dtype=bool)
    core[DBSCAN(eps=eps, min_samples=k).fit(X).core_sample_indices_] = True
    assert np.array_equal(k_distance(X, k, sort=False) <= eps, core)


@pytest.mark.parametrize("call, match", [
    (lambda X: k_distance(X, 0), "k must be"),
    (lambda X: k_distance(X, 11), "k must be"),
    (lambda X: dbscan_point_types(X, 0.0, 3), "eps must be positive"),
    (lambda X: dbscan_point_types(X, 0.5, 0), "min_samples must be"),
    (lambda X: k_distance(X[0], 1), "2-D"),
])
def test_errors(call, match):
    with pytest.raises(ValueError, match=match):
        call(np.zeros((10, 2)))


def test_the_dbscan_figure_draws_every_point_type():
    """plots.dbscan cannot import clustering (a lower layer): its sizes list the same types."""
    from clustering.dbscan import POINT_TYPES
    from plots.dbscan import SIZES

    assert tuple(SIZES) == POINT_TYPES


@pytest.mark.parametrize("eps, min_samples, metric", [
    (0.1, 5, "euclidean"), (0.2, 10, "cityblock"), (0.15, 1, "euclidean"),
    (0.12, 4, "mahalanobis"),  # fitted on a distance matrix (`OnDistances`)
])
def test_run_reports_the_point_types_of_a_brute_force_count(eps, min_samples, metric):
    # clustering.run reads the types off the fit (core mask and labels); a brute-force count
    # of every point's eps-neighbourhood is the independent reference.
    from clustering import run

    X = load("moons", n_samples=300, noise=0.12, random_state=1).X
    dist = cdist(X, X, metric)  # scipy's Mahalanobis uses the inverse covariance of X too
    near = dist <= eps
    core = near.sum(axis=1) >= min_samples
    border = ~core & (near & core[None, :]).any(axis=1)
    want = np.where(core, "core", np.where(border, "border", "noise"))
    result = run("dbscan", X, eps=eps, min_samples=min_samples, metric=metric)
    assert border.any() or min_samples == 1, "a case without border points tests little"
    np.testing.assert_array_equal(result.extras["point_types"], want)
    np.testing.assert_array_equal(result.extras["core_mask"], core)


@pytest.mark.parametrize("min_samples", [3, 5, 10])
def test_suggested_eps_is_a_high_quantile_of_scikit_learns_k_distances(min_samples):
    # A drawing's scale: three tight groups on the 0-10 surface, 20 points each.
    rng = np.random.default_rng(3)
    X = np.concatenate([c + rng.normal(scale=0.3, size=(20, 2)) for c in ([2, 2], [8, 3],
                                                                           [5, 8])])
    dist, _ = NearestNeighbors(n_neighbors=min_samples, algorithm="brute").fit(X).kneighbors(X)
    expected = np.quantile(dist[:, -1], CORE_SHARE)
    assert suggested_eps(X, min_samples) == pytest.approx(expected, rel=5e-3)  # 3 digits
    found = DBSCAN(eps=suggested_eps(X, min_samples), min_samples=min_samples).fit(X).labels_
    # Not "0 clusters": nearly every point is a core point, and the three groups stay apart.
    assert (found == -1).mean() <= 1 - CORE_SHARE + 1e-9
    assert len(set(found) - {-1}) == 3
