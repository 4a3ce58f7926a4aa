"""`distance_matrix` against scipy's cdist and scikit-learn's Isomap."""

import numpy as np
import pytest
from scipy.spatial.distance import cdist, pdist, squareform
from sklearn.datasets import make_swiss_roll
from sklearn.manifold import Isomap

from clustering.distances import DISTANCES, distance_matrix, inverse_covariance, knn_graph

RNG = np.random.default_rng(3)
X = RNG.normal(size=(40, 4)) @ RNG.normal(size=(4, 4))
BINARY = (RNG.random((30, 8)) < 0.4).astype(float)


@pytest.mark.parametrize("metric", ["euclidean", "cityblock", "chebyshev", "cosine"])
def test_plain_metrics_match_cdist(metric):
    np.testing.assert_allclose(distance_matrix(X, metric), cdist(X, X, metric), atol=1e-12)


@pytest.mark.parametrize("metric", ["hamming", "jaccard"])
def test_binary_metrics_match_cdist(metric):
    np.testing.assert_allclose(distance_matrix(BINARY, metric), cdist(BINARY, BINARY, metric))


@pytest.mark.parametrize("p", [0.5, 1.0, 1.5, 3.0, np.inf])
def test_minkowski_matches_cdist(p):
    np.testing.assert_allclose(distance_matrix(X, "minkowski", p=p),
                               cdist(X, X, "minkowski", p=p), atol=1e-12)


def test_minkowski_limits_are_cityblock_euclidean_chebyshev():
    for p, name in [(1, "cityblock"), (2, "euclidean"), (np.inf, "chebyshev")]:
        np.testing.assert_allclose(distance_matrix(X, "minkowski", p=p), cdist(X, X, name),
                                   atol=1e-12)


def test_mahalanobis_given_and_estimated_match_cdist():
    VI = np.linalg.inv(np.cov(X.T))
    expected = cdist(X, X, "mahalanobis", VI=VI)
    np.testing.assert_allclose(distance_matrix(X, "mahalanobis", VI=VI), expected, atol=1e-10)
    np.testing.assert_allclose(distance_matrix(X, "mahalanobis"), expected, atol=1e-10)


def test_mahalanobis_is_invariant_under_linear_maps():
    A = np.array([[2.0, 1.0, 0, 0], [0, 1.0, 0, 0], [0, 0, 3.0, 0], [1.0, 0, 0, 1.0]])
    np.testing.assert_allclose(distance_matrix(X @ A.T + 5, "mahalanobis"),
                               distance_matrix(X, "mahalanobis"), atol=1e-8)


def test_slides_jaccard_and_hamming_example():
    # Slides, "Qualitative features": i = 10001001, j = 01001011, S_ij = 2/5, and the Hamming
    # distance counts the changes turning i into j: |i u j| - |i n j| = 5 - 2 = 3.
    i = [1, 0, 0, 0, 1, 0, 0, 1]
    j = [0, 1, 0, 0, 1, 0, 1, 1]
    D_jac = distance_matrix([i, j], "jaccard")
    D_ham = distance_matrix([i, j], "hamming")
    assert D_jac[0, 1] == pytest.approx(1 - 2 / 5)
    assert D_ham[0, 1] * len(i) == pytest.approx(3)


@pytest.mark.parametrize("n_neighbors", [5, 10])
def test_geodesic_matches_isomap(n_neighbors):
    roll, _ = make_swiss_roll(300, noise=0.1, random_state=0)
    iso = Isomap(n_neighbors=n_neighbors, n_components=2).fit(roll)
    np.testing.assert_allclose(distance_matrix(roll, "geodesic", n_neighbors=n_neighbors),
                               iso.dist_matrix_, rtol=1e-10, atol=1e-10)


def test_geodesic_default_is_ten_neighbours():
    roll, _ = make_swiss_roll(200, noise=0.1, random_state=1)
    np.testing.assert_allclose(distance_matrix(roll, "geodesic"),
                               Isomap(n_neighbors=10).fit(roll).dist_matrix_, atol=1e-10)


def test_geodesic_is_at_least_euclidean():
    roll, _ = make_swiss_roll(200, noise=0.0, random_state=2)
    assert (distance_matrix(roll, "geodesic") >= cdist(roll, roll) - 1e-9).all()


# Isomap's own join edits a CSR matrix in place, and scipy says so.
@pytest.mark.filterwarnings("ignore::scipy.sparse.SparseEfficiencyWarning")
@pytest.mark.parametrize("offsets", [(0, 100), (0, 50, 100)])
def test_disconnected_graph_is_joined_as_isomap_joins_it_and_said_so(offsets):
    rng = np.random.default_rng(5)
    pieces = np.vstack([rng.normal(size=(20, 2)) + [o, o / 2] for o in offsets])
    with pytest.warns(UserWarning, match=rf"{len(offsets)} separate pieces.*Raise n_neighbors"):
        D = distance_matrix(pieces, "geodesic", n_neighbors=5)
    with pytest.warns(UserWarning):
        expected = Isomap(n_neighbors=5).fit(pieces).dist_matrix_
    assert np.isfinite(D).all()
    np.testing.assert_allclose(D, expected, rtol=1e-10)


def test_knn_graph_matches_isomap_graph():
    roll, _ = make_swiss_roll(100, random_state=0)
    graph = knn_graph(roll, 7)
    assert (graph.getnnz(axis=1) == 7).all()
    expected = np.sort(cdist(roll, roll), axis=1)[:, 1:8]
    np.testing.assert_allclose(np.sort(graph.toarray(), axis=1)[:, -7:], expected)


@pytest.mark.parametrize("metric", sorted(DISTANCES))
def test_every_distance_is_symmetric_zero_diagonal_finite(metric):
    D = distance_matrix(np.abs(X), metric)
    assert np.isfinite(D).all()
    np.testing.assert_array_equal(np.diag(D), 0)
    np.testing.assert_allclose(D, D.T, atol=1e-12)


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: distance_matrix(X, "manhattan"), "unknown metric 'manhattan'"),
        (lambda: distance_matrix(X, "euclidean", p=3), "unknown parameter"),
        (lambda: distance_matrix(X, "minkowski", p=0), r"p must be a number in \(0, inf\]"),
        (lambda: distance_matrix(X, "geodesic", n_neighbors=40), r"\[1, 39\]"),
        (lambda: distance_matrix(np.zeros((3, 2)), "cosine"), "all-zero rows"),
        (lambda: distance_matrix(X[:, [0, 0]], "mahalanobis"), "singular"),
        (lambda: distance_matrix(X, "mahalanobis", VI=np.eye(2)), "4 x 4"),
        (lambda: distance_matrix([[np.nan, 1.0]]), "NaN"),
        (lambda: distance_matrix([1.0, 2.0]), "2-D"),
    ],
)
def test_bad_input_says_what_to_do(call, message):
    with pytest.raises(ValueError, match=message):
        call()


# More rows than one block (256) and not a multiple of it: every block edge is crossed.
LARGE = RNG.normal(size=(601, 3)) @ RNG.normal(size=(3, 3)) + 4.0
LARGE_BINARY = (RNG.random((601, 6)) < 0.4) * RNG.integers(1, 4, size=(601, 6))


def test_binary_metrics_are_scipys_squareform_of_pdist():
    np.testing.assert_array_equal(distance_matrix(LARGE_BINARY, "hamming"),
                                  squareform(pdist(LARGE_BINARY, "hamming")))
    np.testing.assert_array_equal(distance_matrix(LARGE_BINARY, "jaccard"),
                                  squareform(pdist(LARGE_BINARY != 0, "jaccard")))


# 50 features: both paths (two triangles up to 8 features, one triangle beyond) at 2, 10, 50.
WIDE = RNG.normal(size=(601, 50))
WIDE_BINARY = (RNG.random((601, 50)) < 0.4) * RNG.integers(1, 4, size=(601, 50))


@pytest.mark.parametrize("d", [2, 10, 50])
@pytest.mark.parametrize("metric", ["euclidean", "cityblock", "chebyshev", "cosine", "hamming",
                                    "jaccard"])
def test_scipy_metrics_are_squareform_of_pdist_at_every_width(metric, d):
    data = (WIDE_BINARY if metric in ("hamming", "jaccard") else WIDE)[:, :d]
    expected = squareform(pdist(data != 0 if metric == "jaccard" else data, metric))
    np.testing.assert_array_equal(distance_matrix(data, metric), expected)


@pytest.mark.parametrize("d", [2, 10, 50])
def test_minkowski_and_mahalanobis_are_scipys_at_every_width(d):
    data = WIDE[:, :d]
    np.testing.assert_allclose(distance_matrix(data, "minkowski", p=3.0),
                               squareform(pdist(data, "minkowski", p=3.0)), rtol=1e-12)
    VI = inverse_covariance(data)
    np.testing.assert_allclose(distance_matrix(data, "mahalanobis"),
                               squareform(pdist(data, "mahalanobis", VI=VI)),
                               rtol=1e-10, atol=1e-12)


def test_jaccard_compares_presence_not_values():
    # Both rows have features 1 and 2 present and feature 3 absent: the same sets.
    D = distance_matrix([[1, 2, 0], [3, 1, 0], [0, 5, 0]], "jaccard")
    np.testing.assert_array_equal(D[0], [0.0, 0.0, 0.5])


@pytest.mark.parametrize("p", [0.5, 1.0, 2.0, 3.0, 4.5])
def test_blockwise_minkowski_is_scipys(p):
    np.testing.assert_allclose(distance_matrix(LARGE, "minkowski", p=p),
                               squareform(pdist(LARGE, "minkowski", p=p)), rtol=1e-12)


def test_whitened_mahalanobis_is_scipys_even_for_an_asymmetric_vi():
    VI = inverse_covariance(LARGE)
    asymmetric = VI + np.array([[0, 0.3, 0], [-0.3, 0, 0], [0, 0, 0]])
    for V in (VI, asymmetric):
        np.testing.assert_allclose(distance_matrix(LARGE, "mahalanobis", VI=V),
                                   squareform(pdist(LARGE, "mahalanobis", VI=V)),
                                   rtol=1e-10, atol=1e-12)


def test_semidefinite_vi_falls_back_to_scipys_pdist():
    VI = np.diag([1.0, 2.0, 0.0])  # no Cholesky factor; the quadratic form is still >= 0
    np.testing.assert_array_equal(distance_matrix(LARGE, "mahalanobis", VI=VI),
                                  squareform(pdist(LARGE, "mahalanobis", VI=VI)))


@pytest.mark.parametrize(
    ("metric", "params"),
    [("euclidean", {}), ("cosine", {}), ("minkowski", {"p": 3.0}), ("minkowski", {"p": 1.5}),
     ("mahalanobis", {"VI": np.eye(3)}), ("mahalanobis", {"VI": -np.eye(3)})],
)
def test_non_finite_distances_are_refused(metric, params):
    huge = np.array([[1e300, -1e300, 0.0], [-1e300, 1e300, 1.0], [0.0, 0.0, 2.0]])
    data = LARGE if params.get("VI") is not None and params["VI"][0, 0] < 0 else huge
    with pytest.raises(ValueError, match=f"the {metric} distances of these data are not all "
                                         "finite"):
        distance_matrix(data, metric, **params)


@pytest.mark.parametrize("metric", ["hamming", "jaccard"])
def test_bounded_metrics_stay_finite_on_huge_values(metric):
    huge = LARGE_BINARY * 1e300
    reference = huge if metric == "hamming" else huge != 0
    np.testing.assert_array_equal(distance_matrix(huge, metric),
                                  squareform(pdist(reference, metric)))


def test_inverse_covariance_is_numpys():
    np.testing.assert_allclose(inverse_covariance(X) @ np.cov(X.T), np.eye(4), atol=1e-10)


def test_metric_params_are_shown_only_for_their_metric():
    p = DISTANCES["minkowski"].params[0]
    k = DISTANCES["geodesic"].params[0]
    assert p.shown({"metric": "minkowski"}) and not p.shown({"metric": "geodesic"})
    assert k.shown({"metric": "geodesic"}) and not k.shown({"metric": "euclidean"})
