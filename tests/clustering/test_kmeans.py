"""KMeansStepper against scikit-learn's KMeans (lloyd) from the same initial centres."""

import numpy as np
import pytest
from scipy.spatial.distance import cdist
from sklearn.cluster import KMeans, kmeans_plusplus

from clustering.kmeans import KMeansStepper, dsquared_seeding
from datasets import load


# Not iris or digits: their rounded measurements put some points exactly halfway between two
# centres, and each implementation then breaks the tie by its own round-off.
@pytest.mark.parametrize("name", ["blobs", "wine", "anisotropic", "no_structure"])
@pytest.mark.parametrize("init", ["k-means++", "greedy-k-means++", "random"])
@pytest.mark.parametrize("k", [3, 7])
def test_final_state_equals_sklearn(name, init, k):
    X = load(name).X
    ours = KMeansStepper(k, init=init, random_state=2).fit(X)
    ref = KMeans(k, init=ours.init_centers_, n_init=1, algorithm="lloyd").fit(X)
    assert np.array_equal(ours.labels_, ref.labels_)
    np.testing.assert_allclose(ours.cluster_centers_, ref.cluster_centers_, rtol=1e-10)
    assert ours.n_iter_ == ref.n_iter_
    assert ours.inertia_ == pytest.approx(ref.inertia_, rel=1e-10)


def test_strict_convergence_with_zero_tol_matches_sklearn():
    X = load("breast_cancer", standardize=True).X
    ours = KMeansStepper(6, tol=0.0, random_state=0).fit(X)
    ref = KMeans(6, init=ours.init_centers_, n_init=1, tol=0.0, algorithm="lloyd").fit(X)
    assert np.array_equal(ours.labels_, ref.labels_)
    assert ours.n_iter_ == ref.n_iter_


def test_given_centres_and_history():
    X = load("blobs", n_samples=200, noise=1.5).X
    init = X[:3] + 0.01
    ours = KMeansStepper(3, init=init, max_iter=50).fit(X)
    assert np.array_equal(ours.history_[0][0], init)
    final_centres, final_labels = ours.history_[-1]
    assert np.array_equal(final_centres, ours.cluster_centers_)
    assert np.array_equal(final_labels, ours.labels_)
    for centres, labels in ours.history_:
        assert np.array_equal(labels, cdist(X, centres, "sqeuclidean").argmin(axis=1))
    # Each Lloyd step cannot raise the inertia (slides: assignment and update both minimise).
    inertia = [cdist(X, c, "sqeuclidean")[np.arange(len(X)), lab].sum()
               for c, lab in ours.history_]
    assert np.all(np.diff(inertia) <= 1e-9 * inertia[0])
    assert np.array_equal(ours.predict(X), ours.labels_)


def test_empty_cluster_is_refilled_like_sklearn():
    X = load("blobs", n_samples=120).X
    init = np.vstack([X[:2], [[1e3, 1e3]]])  # the third centre attracts no point
    ours = KMeansStepper(3, init=init).fit(X)
    ref = KMeans(3, init=init, n_init=1, algorithm="lloyd").fit(X)
    assert len(np.unique(ours.labels_)) == 3
    assert np.array_equal(ours.labels_, ref.labels_)


def test_greedy_variant_is_sklearns_kmeans_plusplus():
    X = load("blobs", n_samples=100).X
    ours = KMeansStepper(4, init="greedy-k-means++", random_state=5).fit(X)
    centres, _ = kmeans_plusplus(X, 4, random_state=np.random.RandomState(5))
    np.testing.assert_array_equal(ours.init_centers_, centres)


def test_dsquared_sampling_distribution():
    # Points 0, 1, 3 on a line: P(first = i) = 1/3, P(second = j | i) = d_ij^2 / sum_l d_il^2.
    X = np.array([[0.0], [1.0], [3.0]])
    d2 = cdist(X, X, "sqeuclidean")
    exact = d2 / d2.sum(axis=1, keepdims=True) / 3
    draws = 6000
    rng = np.random.RandomState(0)
    counts = np.zeros((3, 3))
    for _ in range(draws):
        i, j = dsquared_seeding(X, 2, rng)
        counts[i, j] += 1
    expected = exact * draws
    nonzero = expected > 0
    assert counts[~nonzero].sum() == 0  # never the same point twice
    # Pearson chi-square with 5 degrees of freedom; 20.5 is its 0.999 quantile.
    chi2 = ((counts[nonzero] - expected[nonzero]) ** 2 / expected[nonzero]).sum()
    assert chi2 < 20.5


def test_dsquared_with_duplicates_does_not_fail():
    X = np.zeros((5, 2))
    assert len(dsquared_seeding(X, 3, 0)) == 3


@pytest.mark.parametrize("params, match", [
    ({"init": "kmeans||"}, "init must be one of"),
    ({"init": np.zeros((2, 2))}, "init array"),
    ({"n_clusters": 21}, "n_clusters"),
    ({"max_iter": 0}, "max_iter"),
])
def test_errors(params, match):
    X = np.random.default_rng(0).normal(size=(20, 2))
    with pytest.raises(ValueError, match=match):
        KMeansStepper(**{"n_clusters": 3, **params}).fit(X)
