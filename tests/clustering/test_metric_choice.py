"""Every algorithm with a ``metric`` takes every distance of DISTANCES, checked against the
reference libraries run on scipy's (or Isomap's) distance matrix."""

import numpy as np
import pytest
from scipy.cluster.hierarchy import linkage
from scipy.spatial.distance import cdist, squareform
from sklearn import cluster
from sklearn.datasets import make_moons
from sklearn.manifold import Isomap

import clustering
from clustering.density_peaks import cutoff_position
from clustering.distances import DISTANCES

X, _ = make_moons(80, noise=0.05, random_state=0)
X = X + 2.0  # no all-zero row, so the cosine distance is defined everywhere
WITH_METRIC = [name for name, spec in clustering.ALGORITHMS.items()
               if any(p.name == "metric" for p in spec.params)]
METRIC_PARAMS = {"minkowski": {"p": 3.0}, "geodesic": {"n_neighbors": 8}}
# Hamming and Jaccard compare features that are present or not: 20 binary features.
BINARY = (np.random.default_rng(0).random((80, 20)) < 0.4).astype(float)


def data(metric):
    return BINARY if DISTANCES[metric].kind == "binary" else X


def reference(metric):
    if metric == "geodesic":
        return Isomap(n_neighbors=8).fit(X).dist_matrix_
    if metric == "mahalanobis":
        return cdist(X, X, metric, VI=np.linalg.inv(np.cov(X.T)))
    return cdist(data(metric), data(metric), metric, **METRIC_PARAMS.get(metric, {}))


def test_the_algorithms_with_a_metric():
    assert set(WITH_METRIC) == {"dbscan", "density_peaks", "hierarchical", "kmedoids",
                                "hdbscan", "optics"}


@pytest.mark.parametrize("name", WITH_METRIC)
def test_every_metric_is_offered_with_its_own_parameters(name):
    spec = clustering.ALGORITHMS[name]
    assert spec.param("metric").choices == tuple(DISTANCES)
    assert spec.param("p").shown({"metric": "minkowski"})
    assert not spec.param("p").shown({"metric": "euclidean"})
    assert spec.param("n_neighbors").shown({"metric": "geodesic"})
    assert not spec.param("n_neighbors").shown({"metric": "minkowski"})


def test_kmeans_says_it_is_euclidean():
    spec = clustering.ALGORITHMS["kmeans"]
    assert "Euclidean by construction" in spec.description
    assert all(p.name != "metric" for p in spec.params)


def run(name, metric, **params):
    return clustering.run(name, data(metric), metric=metric, **METRIC_PARAMS.get(metric, {}),
                          **params)


@pytest.mark.parametrize("metric", sorted(DISTANCES))
def test_dbscan_matches_sklearn_on_the_reference_matrix(metric):
    D = reference(metric)
    eps = max(float(np.quantile(D[D > 0], 0.05)), 0.001)
    ours = run("dbscan", metric, eps=eps, min_samples=4)
    expected = cluster.DBSCAN(eps=eps, min_samples=4, metric="precomputed").fit(D).labels_
    np.testing.assert_array_equal(ours.labels, clustering.canonical_labels(expected))
    assert set(ours.extras["point_types"]) <= {"core", "border", "noise"}


def _is_average_linkage(Z, D):
    """Whether every merge of Z joins two clusters at the least mean pair distance of D at
    that step (the valid trees when distances tie: either tie may be merged first)."""
    n = len(D)
    sums = np.zeros((2 * n - 1, 2 * n - 1))  # sum of D over pairs between two clusters
    sums[:n, :n] = D
    size = np.zeros(2 * n - 1)
    size[:n] = 1
    alive = np.zeros(2 * n - 1, dtype=bool)
    alive[:n] = True
    for step, (a, b, height, count) in enumerate(Z):
        a, b, new = int(a), int(b), n + step
        mean = sums / np.outer(size, size).clip(1)
        np.fill_diagonal(mean, np.inf)
        mean[~alive] = mean[:, ~alive] = np.inf
        if not (alive[a] and alive[b] and np.isclose(height, mean[a, b], rtol=1e-9)
                and np.isclose(mean[a, b], mean.min(), rtol=1e-9)):
            return False
        sums[new] = sums[a] + sums[b]
        sums[:, new] = sums[new]
        size[new] = size[a] + size[b]
        alive[[a, b]], alive[new] = False, True
        if size[new] != count:
            return False
    return True


@pytest.mark.parametrize("metric", sorted(DISTANCES))
def test_hierarchical_merge_heights_match_scipy(metric):
    ours = run("hierarchical", metric, linkage="average", n_clusters=2)
    Z = ours.extras["linkage_matrix"]
    if DISTANCES[metric].kind == "binary":
        # Binary features tie many distances, and scipy and fastcluster break ties apart.
        expected = linkage(squareform(reference(metric), checks=False), "average")
        assert _is_average_linkage(expected, reference(metric))  # the check accepts scipy's
        assert not _is_average_linkage(expected[::-1], reference(metric))  # and not any tree
        assert _is_average_linkage(Z, reference(metric))
        return
    expected = linkage(squareform(reference(metric), checks=False), "average")
    np.testing.assert_allclose(Z[:, 2], expected[:, 2], rtol=1e-9, atol=1e-12)


@pytest.mark.parametrize("metric", sorted(DISTANCES))
def test_kmedoids_medoids_minimise_the_reference_deviation(metric):
    D = reference(metric)
    ours = run("kmedoids", metric, n_clusters=2)
    medoids = ours.extras["medoid_indices"]
    assert ours.extras["inertia"] == pytest.approx(D[:, medoids].min(axis=1).sum())
    np.testing.assert_array_equal(ours.extras["centers"], data(metric)[medoids])


@pytest.mark.parametrize("metric", sorted(DISTANCES))
def test_density_peaks_density_from_the_reference_matrix(metric):
    D = reference(metric)
    ours = run("density_peaks", metric, n_clusters=2)
    pairs = np.sort(squareform(D, checks=False))
    dc = pairs[cutoff_position(len(pairs), 2.0)]
    assert ours.extras["dc"] == pytest.approx(dc)
    rho = np.exp(-((D / dc) ** 2)).sum(axis=1) - 1  # the point itself is not a neighbour
    np.testing.assert_allclose(ours.extras["rho"], rho, rtol=1e-9, atol=1e-9)


@pytest.mark.parametrize("metric", sorted(DISTANCES))
@pytest.mark.parametrize("name", ["hdbscan", "optics"])
def test_hdbscan_and_optics_match_sklearn_on_the_reference_matrix(name, metric):
    D = reference(metric)
    if name == "hdbscan":
        expected = cluster.HDBSCAN(min_cluster_size=10, min_samples=5, metric="precomputed",
                                   copy=True).fit(D).labels_
        ours = run(name, metric, min_cluster_size=10, min_samples=5)
    else:
        expected = cluster.OPTICS(min_samples=10, min_cluster_size=20,
                                  metric="precomputed").fit(D).labels_
        ours = run(name, metric, min_samples=10, min_cluster_size=20)
    np.testing.assert_array_equal(ours.labels, clustering.canonical_labels(expected))


def test_geodesic_separates_the_moons_that_euclidean_merges():
    data, truth = make_moons(300, noise=0.06, random_state=1)
    from metrics import adjusted_rand_index

    euclid = clustering.run("hierarchical", data, linkage="average", n_clusters=2)
    geo = clustering.run("hierarchical", data, linkage="average", n_clusters=2,
                         metric="geodesic", n_neighbors=10)
    assert adjusted_rand_index(truth, geo.labels) > 0.9 > adjusted_rand_index(truth,
                                                                              euclid.labels)


def test_too_many_points_for_a_full_matrix_is_refused():
    from clustering.precomputed import MAX_PRECOMPUTED

    big = np.random.default_rng(0).normal(size=(MAX_PRECOMPUTED + 1, 2))
    with pytest.raises(ValueError, match="at most 10,000 points"):
        clustering.run("dbscan", big, metric="geodesic")


@pytest.mark.parametrize("n", [80, 420])  # 420 points: more pairs than are partitioned whole
def test_density_peaks_on_a_precomputed_matrix_is_density_peaks_on_the_points(n):
    from clustering import DensityPeaks

    points, _ = make_moons(n, noise=0.08, random_state=2)
    direct = DensityPeaks(n_clusters=2, metric="cityblock").fit(points)
    matrix = DensityPeaks(n_clusters=2, metric="precomputed").fit(cdist(points, points,
                                                                        "cityblock"))
    assert matrix.dc_ == direct.dc_
    np.testing.assert_allclose(matrix.rho_, direct.rho_, rtol=1e-12)
    np.testing.assert_allclose(matrix.delta_, direct.delta_, rtol=1e-12)
    np.testing.assert_array_equal(matrix.labels_, direct.labels_)


def test_precomputed_matrix_must_be_square_and_non_negative():
    from clustering import DensityPeaks, Hierarchical

    for estimator in (DensityPeaks(n_clusters=2, metric="precomputed"),
                      Hierarchical(n_clusters=2, linkage="average", metric="precomputed")):
        with pytest.raises(ValueError, match="square matrix of finite, non-negative"):
            estimator.fit(-np.ones((5, 5)))


def test_budget_counts_the_full_matrix_of_a_metric_computed_first():
    from clustering.budget import estimate_cost, max_rows

    n = 3000
    plain = estimate_cost("dbscan", n, 3, {"metric": "euclidean"})
    geodesic = estimate_cost("dbscan", n, 3, {"metric": "geodesic", "n_neighbors": 10})
    assert geodesic.memory_bytes - plain.memory_bytes == pytest.approx(n * n * 8)
    assert geodesic.seconds > plain.seconds
    assert max_rows("dbscan", 3, {"metric": "geodesic"}) < max_rows("dbscan", 3)
