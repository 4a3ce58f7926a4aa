"""Internal indices against scikit-learn, with noise left out."""

import numpy as np
import pytest
from sklearn.cluster import KMeans
from sklearn.datasets import make_blobs
from sklearn.metrics import calinski_harabasz_score, davies_bouldin_score, silhouette_score

from clustering.internal import (
    MAX_SILHOUETTE_POINTS,
    elbow_curve,
    internal_indices,
    silhouettes,
    within_sse,
)

X, Y = make_blobs(n_samples=200, centers=3, random_state=0)


def test_sse_is_the_k_means_objective():
    model = KMeans(n_clusters=3, n_init=5, random_state=0).fit(X)
    assert within_sse(X, model.labels_) == pytest.approx(model.inertia_, rel=1e-6)
    # One cluster: the total sum of squares.
    assert within_sse(X, np.zeros(len(X), int)) == pytest.approx(X.var(axis=0).sum() * len(X))


def test_indices_match_scikit_learn_and_leave_noise_out():
    labels = Y.copy()
    labels[:15] = -1
    keep = labels != -1
    scores = internal_indices(X, labels)
    assert scores.silhouette == pytest.approx(silhouette_score(X[keep], labels[keep]))
    assert scores.calinski_harabasz == pytest.approx(
        calinski_harabasz_score(X[keep], labels[keep])
    )
    assert scores.davies_bouldin == pytest.approx(davies_bouldin_score(X[keep], labels[keep]))
    assert scores.n_scored == keep.sum() and scores.n_clusters == 3
    values, kept = silhouettes(X, labels)
    assert values.mean() == pytest.approx(scores.silhouette) and (kept >= 0).all()


def test_undefined_indices_are_none_not_nan():
    scores = internal_indices(X, np.zeros(len(X), int))
    assert scores.silhouette is None and scores.davies_bouldin is None
    assert scores.calinski_harabasz is None
    with pytest.raises(ValueError, match="between 2 and n - 1"):
        silhouettes(X, np.zeros(len(X), int))


def test_elbow_curve_starts_at_the_total_sum_of_squares_and_falls():
    curve = elbow_curve(X, range(1, 6))
    assert list(curve["k"]) == [1, 2, 3, 4, 5]
    assert curve["sse"].iloc[0] == pytest.approx(X.var(axis=0).sum() * len(X))
    assert curve["sse"].iloc[2] < 0.5 * curve["sse"].iloc[0]


def test_large_clusterings_get_a_sampled_silhouette():
    big, truth = make_blobs(n_samples=MAX_SILHOUETTE_POINTS + 500, centers=3, random_state=1)
    values, kept = silhouettes(big, truth)
    assert values.size == kept.size == MAX_SILHOUETTE_POINTS
    assert values.mean() == pytest.approx(silhouette_score(big, truth), abs=0.02)
