"""Hierarchical against scikit-learn's AgglomerativeClustering and scipy's linkage and tree cut."""

import numpy as np
import pytest
from scipy.cluster.hierarchy import cut_tree as scipy_cut_tree
from scipy.cluster.hierarchy import linkage
from scipy.spatial.distance import pdist, squareform
from sklearn.cluster import AgglomerativeClustering
from sklearn.metrics import adjusted_rand_score

from clustering.hierarchical import Hierarchical, cut_tree


@pytest.fixture(scope="module")
def X():
    return np.random.default_rng(7).normal(size=(150, 3))


@pytest.mark.parametrize("method", ["single", "complete", "average", "ward"])
@pytest.mark.parametrize("k", [1, 2, 4, 11])
def test_same_partitions_as_sklearn(X, method, k):
    ours = Hierarchical(k, linkage=method).fit(X)
    ref = AgglomerativeClustering(k, linkage=method).fit(X)
    assert adjusted_rand_score(ours.labels_, ref.labels_) == 1.0
    assert ours.n_clusters_ == k


@pytest.mark.parametrize("method", ["single", "complete", "average"])
@pytest.mark.parametrize("metric", ["cityblock", "cosine"])
def test_same_partitions_as_sklearn_other_metrics(X, method, metric):
    ours = Hierarchical(5, linkage=method, metric=metric).fit(X)
    ref = AgglomerativeClustering(5, linkage=method, metric=metric).fit(X)
    assert adjusted_rand_score(ours.labels_, ref.labels_) == 1.0


@pytest.mark.parametrize("method", ["single", "complete", "average", "ward"])
@pytest.mark.parametrize("threshold", [0.5, 1.5, 4.0])
def test_distance_threshold_like_sklearn(X, method, threshold):
    ours = Hierarchical(None, distance_threshold=threshold, linkage=method).fit(X)
    ref = AgglomerativeClustering(None, distance_threshold=threshold, linkage=method).fit(X)
    assert ours.n_clusters_ == ref.n_clusters_
    assert adjusted_rand_score(ours.labels_, ref.labels_) == 1.0


def _assert_same_linkage(ours, Z):
    """Same merges and sizes; heights equal up to rounding (summation order differs)."""
    np.testing.assert_array_equal(ours[:, [0, 1, 3]], Z[:, [0, 1, 3]])
    np.testing.assert_allclose(ours[:, 2], Z[:, 2], rtol=1e-12, atol=1e-13)


# X is continuous random data: no tied distances, so the merge order is unique.
@pytest.mark.parametrize("method", ["single", "complete", "average", "weighted", "centroid",
                                    "median", "ward"])
def test_linkage_matrix_is_scipys(X, method):
    _assert_same_linkage(Hierarchical(3, linkage=method).fit(X).linkage_matrix_,
                         linkage(X, method=method))


@pytest.mark.parametrize("method", ["single", "complete", "average", "weighted"])
@pytest.mark.parametrize("metric", ["sqeuclidean", "cityblock", "cosine", "correlation",
                                    "canberra", "braycurtis", "chebyshev"])
def test_linkage_matrix_is_scipys_other_metrics(X, method, metric):
    _assert_same_linkage(Hierarchical(3, linkage=method, metric=metric).fit(X).linkage_matrix_,
                         linkage(pdist(X, metric=metric), method=method))


@pytest.mark.parametrize("method", ["single", "complete", "average", "weighted"])
def test_precomputed_gives_the_linkage_of_the_points(X, method):
    ours = Hierarchical(3, linkage=method, metric="precomputed").fit(squareform(pdist(X)))
    _assert_same_linkage(ours.linkage_matrix_, linkage(pdist(X), method=method))


@pytest.mark.parametrize("method", ["single", "average"])
def test_nan_distances_are_a_clear_error(method):
    X = np.random.default_rng(0).normal(size=(20, 3))
    X[4] = 0.0  # cosine distance to a zero vector is undefined
    with pytest.raises(ValueError, match="undefined"):
        Hierarchical(3, linkage=method, metric="cosine").fit(X)


def _replay(Z, k):
    """Clusters after the first n - k merges, with plain sets."""
    n = len(Z) + 1
    members = {i: {i} for i in range(n)}
    for step in range(n - k):
        members[n + step] = members.pop(int(Z[step, 0])) | members.pop(int(Z[step, 1]))
    labels = np.empty(n, dtype=int)
    for label, points in enumerate(members.values()):
        labels[list(points)] = label
    return labels


@pytest.mark.parametrize("method", ["weighted", "centroid", "median"])
@pytest.mark.parametrize("k", [1, 6, 40])
def test_other_linkages_match_scipy(X, method, k):
    ours = Hierarchical(k, linkage=method).fit(X)
    Z = linkage(X, method=method)
    _assert_same_linkage(ours.linkage_matrix_, Z)
    assert adjusted_rand_score(ours.labels_, _replay(Z, k)) == 1.0
    if method == "weighted":  # scipy's cut_tree is only right for monotone trees
        assert adjusted_rand_score(ours.labels_, scipy_cut_tree(Z, n_clusters=k).ravel()) == 1.0


def test_ward_height_is_the_increase_of_the_sum_of_squares(X):
    # Each merge height is sqrt(2 dSSE) (Ward 1963, scipy's scaling).
    Z = Hierarchical(2, linkage="ward").fit(X).linkage_matrix_
    labels = cut_tree(Z, 2)

    def sse(points):
        return ((points - points.mean(axis=0)) ** 2).sum()

    increase = sse(X) - sse(X[labels == 0]) - sse(X[labels == 1])
    assert Z[-1, 2] == pytest.approx(np.sqrt(2 * increase), rel=1e-12)


def test_cut_tree_by_replaying_merges():
    # 0-1 merge first, then 2-3, then the two pairs, on a line with gaps 1, 3, 1.5.
    Z = linkage(np.array([[0.0], [1.0], [4.0], [5.5]]), "single")
    assert cut_tree(Z, 4).tolist() == [0, 1, 2, 3]
    assert cut_tree(Z, 3).tolist() == [0, 0, 1, 2]
    assert cut_tree(Z, 2).tolist() == [0, 0, 1, 1]
    assert cut_tree(Z, 1).tolist() == [0, 0, 0, 0]


@pytest.mark.parametrize("k", [1, 2, 5, 299, 300])
def test_cut_tree_of_a_chain_matches_replaying_merges(k):
    # Gaps growing along a line: single linkage adds one point at a time, a tree as deep as
    # it can be (the most pointer-doubling passes), the points in shuffled order.
    order = np.random.default_rng(2).permutation(300)
    points = np.cumsum(np.arange(1.0, 301.0))[order, None]
    Z = linkage(points, "single")
    labels = cut_tree(Z, k)
    assert adjusted_rand_score(labels, _replay(Z, k)) == 1.0
    _, first = np.unique(labels, return_index=True)
    assert len(first) == k and np.all(np.diff(first) > 0)


def test_labels_numbered_by_first_point(X):
    labels = Hierarchical(7, linkage="average").fit(X).labels_
    _, first = np.unique(labels, return_index=True)
    assert np.all(np.diff(first) > 0) and labels[0] == 0


@pytest.mark.parametrize("params, match", [
    ({"linkage": "ward", "metric": "cityblock"}, "only defined for Euclidean"),
    ({"linkage": "centroid", "metric": "cosine"}, "only defined for Euclidean"),
    ({"n_clusters": None}, "exactly one of"),
    ({"n_clusters": 3, "distance_threshold": 1.0}, "exactly one of"),
    ({"n_clusters": None, "distance_threshold": -1.0}, "distance_threshold"),
    ({"linkage": "ward2"}, "linkage must be one of"),
    ({"n_clusters": 31}, "n_clusters"),
])
def test_errors(params, match):
    X = np.random.default_rng(0).normal(size=(30, 2))
    with pytest.raises(ValueError, match=match):
        Hierarchical(**params).fit(X)
