"""Any distance of `DISTANCES` for an estimator that accepts ``metric="precomputed"``."""

from __future__ import annotations

import numpy as np
from sklearn.base import BaseEstimator, ClusterMixin, clone

from clustering.distances import distance_matrix

#: Largest n for which the app builds a full n x n distance matrix (800 MB of float64).
MAX_PRECOMPUTED = 10_000


class OnDistances(ClusterMixin, BaseEstimator):
    """Cluster ``distance_matrix(X, metric, **metric_params)`` with a precomputed-metric
    estimator, for distances that the estimator cannot compute itself (geodesic,
    Mahalanobis, Minkowski with a chosen p, Hamming and Jaccard as defined once in
    `clustering.distances`).

    Parameters
    ----------
    estimator : estimator
        Unfitted, built with ``metric="precomputed"``; it is cloned before fitting.
    metric : str
        A key of `clustering.distances.DISTANCES`.
    metric_params : dict or None
        The metric's parameters (``p``, ``n_neighbors``, ``VI``).

    Attributes
    ----------
    estimator_ : estimator
        The fitted clone.
    distances_ : ndarray of shape (n_samples, n_samples)
    labels_ : ndarray of int

    Examples
    --------
    >>> from sklearn.cluster import DBSCAN
    >>> X = [[0.0, 0.0], [0.0, 1.0], [0.0, 2.0], [10.0, 0.0], [10.0, 1.0]]
    >>> est = OnDistances(DBSCAN(eps=1.5, min_samples=2, metric="precomputed"), "geodesic",
    ...                   {"n_neighbors": 3}).fit(X)
    >>> est.labels_.tolist()
    [0, 0, 0, 1, 1]
    """

    def __init__(self, estimator, metric="euclidean", metric_params=None):
        self.estimator = estimator
        self.metric = metric
        self.metric_params = metric_params

    def fit(self, X, y=None):
        """Compute the distance matrix of ``X`` and fit the estimator on it."""
        n = np.shape(X)[0]
        if n > MAX_PRECOMPUTED:
            raise ValueError(
                f"metric {self.metric!r} needs all {n} x {n} distances in memory; use at most "
                f"{MAX_PRECOMPUTED:,} points, or euclidean, cityblock, chebyshev or cosine"
            )
        self.distances_ = distance_matrix(X, self.metric, **(self.metric_params or {}))
        self.estimator_ = clone(self.estimator).fit(self.distances_)
        self.labels_ = self.estimator_.labels_
        return self
