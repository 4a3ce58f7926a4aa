"""Internal indices against scikit-learn, with noise left out."""

import numpy as np
import pandas as pd
import pytest
from sklearn.cluster import KMeans
from sklearn.datasets import make_blobs
from sklearn.metrics import calinski_harabasz_score, davies_bouldin_score, silhouette_score

from clustering.internal import (
    MAX_SILHOUETTE_POINTS,
    elbow_curve,
    f_ratio,
    internal_indices,
    jump_curve,
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


def test_f_ratio_by_hand_and_against_calinski_harabasz():
    """Slides: F = K SSW / SSB. Points 0, 2 | 10, 14: centroids 1 and 12, mean 6.5;
    SSW = 2 + 8 = 10, SSB = 2 * 5.5^2 + 2 * 5.5^2 = 121, F = 2 * 10 / 121."""
    X1 = np.array([[0.0], [2.0], [10.0], [14.0]])
    assert f_ratio(X1, [0, 0, 1, 1]) == pytest.approx(20 / 121, rel=1e-12)
    assert internal_indices(X1, [0, 0, 1, 1]).f_ratio == pytest.approx(20 / 121, rel=1e-12)
    # CH = (SSB / (K - 1)) / (SSW / (n - K)), so F = K (n - K) / ((K - 1) CH).
    labels = Y.copy()
    labels[:10] = -1
    keep = labels != -1
    ch = calinski_harabasz_score(X[keep], labels[keep])
    n, k = keep.sum(), 3
    assert f_ratio(X, labels) == pytest.approx(k * (n - k) / ((k - 1) * ch), rel=1e-9)
    assert f_ratio(X, np.zeros(len(X), int)) is None


def test_jump_method_by_hand():
    """Sugar & James on 0, 1, 10, 11, 30 (d = 1, n = 5), SSE by hand for K = 1..4:
    K=1: mean 10.4, SSE 581.2; K=2: {0,1,10,11} 101 + 0 = 101; K=3: 0.5 + 0.5 = 1;
    K=4: 0.5. MSE = SSE / 5; J(k) = MSE(k)^(-1/2) - MSE(k-1)^(-1/2), J(1) = MSE(1)^(-1/2)."""
    sse = [581.2, 101.0, 1.0, 0.5]
    curve = pd.DataFrame({"k": [1, 2, 3, 4], "sse": sse})
    out = jump_curve(curve, n_features=1, n_samples=5)
    transformed = [(s / 5) ** -0.5 for s in sse]
    want = np.diff(transformed, prepend=0.0) * (0.5 / 5) ** 0.5   # scaled by min MSE^(d/2)
    np.testing.assert_allclose(out["jump"], want, rtol=1e-12)
    assert out.loc[out["chosen"], "k"].tolist() == [3]
    np.testing.assert_allclose(out["mse"], np.array(sse) / 5, rtol=1e-12)


def test_jump_method_on_blobs_and_in_64_dimensions():
    """The jump picks the 3 blobs from k-means SSEs; with d = 64 (digits) MSE^(-32) stays
    finite thanks to the scaling and the argmax is that of the unscaled J."""
    curve = elbow_curve(X, range(1, 8))
    out = jump_curve(curve, n_features=2, n_samples=len(X))
    assert out.loc[out["chosen"], "k"].tolist() == [3]
    rng = np.random.default_rng(0)
    centres = rng.normal(0, 10, (4, 64))
    Z = np.repeat(centres, 30, axis=0) + rng.normal(0, 1, (120, 64))
    out = jump_curve(elbow_curve(Z, range(1, 7)), n_features=64, n_samples=120)
    assert np.isfinite(out["jump"]).all() and out.loc[out["chosen"], "k"].tolist() == [4]
    with pytest.raises(ValueError, match="K = 1, 2"):
        jump_curve(pd.DataFrame({"k": [2, 3], "sse": [1.0, 0.5]}), 1, 4)
