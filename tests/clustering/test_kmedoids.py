"""KMedoids (FasterPAM and PAM) against brute-force enumeration of all medoid sets on tiny
inputs and against the kmedoids package's FasterPAM."""

import itertools

import kmedoids
import numpy as np
import pytest
from scipy.spatial.distance import cdist

from clustering.kmedoids import KMedoids


def _cost(D, medoids):
    return D[:, list(medoids)].min(axis=1).sum()


@pytest.mark.parametrize("method", ["fasterpam", "pam"])
@pytest.mark.parametrize("metric", ["euclidean", "cityblock", "chebyshev"])
@pytest.mark.parametrize("seed", range(5))
def test_optimal_on_separated_groups(method, metric, seed):
    rng = np.random.default_rng(seed)
    k = int(rng.integers(2, 4))
    centres = rng.uniform(-20, 20, size=(k, 2))
    X = np.vstack([c + rng.normal(size=(int(rng.integers(2, 4)), 2)) for c in centres])
    D = cdist(X, X, metric)
    best = min(_cost(D, m) for m in itertools.combinations(range(len(X)), k))
    km = KMedoids(k, metric=metric, method=method).fit(X)
    # Several medoid sets may share the optimal cost (a group of two points has two medoids).
    assert km.inertia_ == pytest.approx(best)


@pytest.mark.parametrize("method", ["fasterpam", "pam"])
@pytest.mark.parametrize("seed", range(20))
def test_swap_optimal_and_consistent(method, seed):
    # Both are local searches: no single (medoid, non-medoid) swap may improve the result.
    rng = np.random.default_rng(seed)
    n, k = int(rng.integers(5, 10)), int(rng.integers(1, 4))
    X = rng.normal(size=(n, 2))
    D = cdist(X, X)
    km = KMedoids(k, method=method).fit(X)
    medoids = list(km.medoid_indices_)
    for i, o in itertools.product(range(k), range(n)):
        if o not in medoids:
            swapped = medoids[:i] + [o] + medoids[i + 1:]
            assert _cost(D, swapped) >= km.inertia_ - 1e-12
    assert np.array_equal(km.labels_, D[:, medoids].argmin(axis=1))
    assert km.inertia_ == pytest.approx(_cost(D, medoids))
    assert np.array_equal(km.cluster_centers_, X[medoids])


@pytest.mark.parametrize("seed", range(6))
def test_same_medoids_and_objective_as_the_kmedoids_package(seed):
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(300, 3))  # continuous: no tied distances
    D = cdist(X, X)
    k = int(rng.integers(2, 9))
    ref = kmedoids.fasterpam(D, k, init="build", n_cpu=1)
    km = KMedoids(k).fit(X)
    assert sorted(km.medoid_indices_.tolist()) == sorted(np.asarray(ref.medoids).tolist())
    assert km.inertia_ == pytest.approx(ref.loss, rel=1e-12)


def test_precomputed_equals_metric_and_predict():
    X = np.random.default_rng(1).normal(size=(40, 3))
    a = KMedoids(4, metric="cityblock").fit(X)
    b = KMedoids(4, metric="precomputed").fit(cdist(X, X, "cityblock"))
    assert np.array_equal(a.medoid_indices_, b.medoid_indices_)
    assert np.array_equal(a.predict(X), a.labels_)
    assert np.array_equal(b.predict(cdist(X, X, "cityblock")), b.labels_)


@pytest.mark.parametrize("params, X, match", [
    ({"n_clusters": 11}, np.zeros((10, 2)), "n_clusters"),
    ({"metric": "precomputed"}, np.zeros((10, 2)), "square matrix"),
    ({"metric": "nope"}, np.zeros((10, 2)), "metric 'nope'"),
    ({"method": "clara"}, np.zeros((10, 2)), "method must be one of"),
])
def test_errors(params, X, match):
    with pytest.raises(ValueError, match=match):
        KMedoids(**params).fit(X)
