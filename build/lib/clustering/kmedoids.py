"""k-medoids by PAM (Kaufman & Rousseeuw 1990): BUILD then SWAP, for any distance."""

from __future__ import annotations

import numpy as np
from scipy.spatial.distance import cdist, pdist, squareform
from sklearn.base import BaseEstimator, ClusterMixin
from sklearn.utils.validation import check_is_fitted, validate_data

from clustering._blocks import check_metric
from clustering._validation import check_n_clusters, check_number


def _nearest_two(D: np.ndarray, medoids: np.ndarray):
    """For each point: index (into medoids) of its nearest medoid, that distance, the second."""
    Dm = D[:, medoids]
    nearest = Dm.argmin(axis=1)
    d1 = Dm[np.arange(len(D)), nearest]
    if len(medoids) == 1:
        return nearest, d1, np.full(len(D), np.inf)
    return nearest, d1, np.partition(Dm, 1, axis=1)[:, 1]


def pam(D: np.ndarray, n_clusters: int, max_iter: int = 300) -> tuple[np.ndarray, int]:
    r"""Partitioning Around Medoids on a full distance matrix.

    Minimises the total deviation :math:`\sum_i \min_{m \in M} d(x_i, m)` over sets M of
    ``n_clusters`` data points (the medoids; the slides' "k-medoids"). BUILD adds, one at a
    time, the point that lowers the total deviation most; SWAP then applies the best
    (medoid, non-medoid) exchange while one lowers it, computing every exchange's gain from
    each point's nearest and second-nearest medoid distances (O(k n^2) per round).

    Parameters
    ----------
    D : ndarray of shape (n, n)
        Symmetric distance matrix.
    n_clusters : int
    max_iter : int, default=300
        Largest number of swaps.

    Returns
    -------
    medoids : ndarray of int, shape (n_clusters,)
    n_swaps : int

    Examples
    --------
    >>> import numpy as np
    >>> from scipy.spatial.distance import cdist
    >>> X = np.array([[0.0], [1.0], [2.0], [10.0], [12.0]])
    >>> medoids, swaps = pam(cdist(X, X), 2)
    >>> sorted(X[medoids, 0].tolist())   # total deviation 1 + 1 + 2 = 4, the smallest
    [1.0, 10.0]
    """
    medoids = [int(D.sum(axis=1).argmin())]
    nearest_d = D[:, medoids[0]].copy()
    for _ in range(1, n_clusters):
        gain = np.maximum(nearest_d[:, None] - D, 0).sum(axis=0)
        gain[medoids] = -np.inf
        medoids.append(int(gain.argmax()))
        nearest_d = np.minimum(nearest_d, D[:, medoids[-1]])
    medoids = np.array(medoids)
    scale = max(float(nearest_d.sum()), np.finfo(float).tiny)
    for n_swaps in range(max_iter):
        nearest, d1, d2 = _nearest_two(D, medoids)
        closer = np.minimum(d1[:, None], D)  # new distance if candidate o joins, nobody leaves
        change = (closer - d1[:, None]).sum(axis=0)  # shape (n,), per candidate o
        # Points whose medoid leaves go to min(second nearest, o) instead of min(nearest, o).
        lost = np.minimum(d2[:, None], D) - closer
        delta = change[None, :] + np.stack(
            [lost[nearest == i].sum(axis=0) for i in range(len(medoids))]
        )
        delta[:, medoids] = np.inf
        i, o = np.unravel_index(delta.argmin(), delta.shape)
        # A relative margin keeps round-off from swapping forever between equal-cost sets.
        if delta[i, o] >= -1e-12 * scale:
            return medoids, n_swaps
        medoids[i] = o
    return medoids, max_iter


class KMedoids(ClusterMixin, BaseEstimator):
    """k-medoids clustering by PAM, with any scipy metric or a precomputed distance matrix.

    Parameters
    ----------
    n_clusters : int, default=3
    metric : str or callable, default="euclidean"
        A ``scipy.spatial.distance`` metric, or "precomputed" (X is a square distance matrix).
    max_iter : int, default=300
        Largest number of SWAP steps.

    Attributes
    ----------
    medoid_indices_ : ndarray of int
    cluster_centers_ : ndarray (n_clusters, n_features)
        The medoids (not set for "precomputed").
    labels_ : ndarray of int
        Index of each point's nearest medoid.
    inertia_ : float
        Total deviation: sum of distances to the nearest medoid.
    n_iter_ : int
        Number of swaps made.

    Examples
    --------
    >>> import numpy as np
    >>> X = np.array([[0.0], [1.0], [2.0], [10.0], [12.0]])
    >>> est = KMedoids(n_clusters=2, metric="cityblock").fit(X)
    >>> est.labels_, est.inertia_
    (array([0, 0, 0, 1, 1]), 4.0)
    """

    def __init__(self, n_clusters=3, *, metric="euclidean", max_iter=300):
        self.n_clusters = n_clusters
        self.metric = metric
        self.max_iter = max_iter

    def fit(self, X, y=None):
        """Find the medoids of ``X``."""
        X = validate_data(self, X, dtype=np.float64)
        check_n_clusters(self.n_clusters, X.shape[0])
        check_number("max_iter", self.max_iter, 0, np.inf, integer=True)
        if self.metric == "precomputed":
            if X.shape[0] != X.shape[1] or (X < 0).any():
                raise ValueError("with metric='precomputed', X must be a square matrix of "
                                 "non-negative distances")
            D = X
        else:
            check_metric(X, self.metric)
            D = squareform(pdist(X, metric=self.metric), checks=False)
        medoids, self.n_iter_ = pam(D, self.n_clusters, self.max_iter)
        nearest, d1, _ = _nearest_two(D, medoids)
        self.medoid_indices_ = medoids
        self.labels_ = nearest
        self.inertia_ = float(d1.sum())
        if self.metric != "precomputed":
            self.cluster_centers_ = X[medoids]
        return self

    def predict(self, X) -> np.ndarray:
        """Index of the nearest medoid (for "precomputed": X holds distances to the medoids
        in its columns ``medoid_indices_``)."""
        check_is_fitted(self)
        X = validate_data(self, X, dtype=np.float64, reset=False)
        if self.metric == "precomputed":
            return X[:, self.medoid_indices_].argmin(axis=1)
        return cdist(X, self.cluster_centers_, metric=self.metric).argmin(axis=1)
