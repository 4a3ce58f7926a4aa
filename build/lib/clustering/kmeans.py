"""k-means (Lloyd's algorithm) that records every iteration, for a step-through."""

from __future__ import annotations

import numpy as np
from scipy.spatial.distance import cdist
from sklearn.base import BaseEstimator, ClusterMixin
from sklearn.cluster import kmeans_plusplus
from sklearn.utils import check_random_state
from sklearn.utils.validation import check_is_fitted, validate_data

from clustering._validation import check_choice, check_n_clusters, check_number

INITS = ("k-means++", "greedy-k-means++", "random")


def dsquared_seeding(X: np.ndarray, n_clusters: int, random_state=None) -> np.ndarray:
    r"""Plain k-means++ seeding (Arthur & Vassilvitskii 2007; the slides' "k-means++").

    The first centre is a uniformly drawn point; each next one is drawn with probability
    :math:`p(x) \propto D(x)^2`, the squared distance from x to its nearest chosen centre.
    (scikit-learn's default is the greedy variant, which draws several candidates per step
    and keeps the one that lowers the inertia most.)

    Parameters
    ----------
    X : ndarray of shape (n_samples, n_features)
    n_clusters : int
    random_state : int, Generator or None

    Returns
    -------
    ndarray of int, shape (n_clusters,)
        Indices of the chosen points.

    Examples
    --------
    >>> import numpy as np
    >>> X = np.array([[0.0], [0.1], [100.0]])
    >>> chosen = sorted(X[dsquared_seeding(X, 2, random_state=0), 0].tolist())
    >>> chosen[1]   # the far point: drawn with probability at least 100^2 / (100^2 + 0.1^2)
    100.0
    """
    rng = check_random_state(random_state)
    n = X.shape[0]
    chosen = [rng.randint(n)]
    d2 = cdist(X, X[chosen], "sqeuclidean")[:, 0]
    for _ in range(1, n_clusters):
        total = d2.sum()
        # All points already sit on a centre (duplicates): any choice is as good.
        p = d2 / total if total > 0 else None
        chosen.append(rng.choice(n, p=p))
        d2 = np.minimum(d2, cdist(X, X[chosen[-1:]], "sqeuclidean")[:, 0])
    return np.array(chosen)


def _assign(X: np.ndarray, centers: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Nearest centre of each point and the squared distance to it.

    The nearest centre minimises ||c||^2 - 2 x.c (one matrix product, as in scikit-learn).
    A point exactly equidistant from two centres goes to either, depending on round-off.
    """
    labels = ((centers**2).sum(axis=1)[None, :] - 2 * X @ centers.T).argmin(axis=1)
    return labels, ((X - centers[labels]) ** 2).sum(axis=1)


def _update(X: np.ndarray, labels: np.ndarray, dist2: np.ndarray, k: int) -> np.ndarray:
    """Cluster means; an empty cluster takes the point farthest from its centre.

    Like scikit-learn, the points farthest from their centres are moved, largest first, one
    to each empty cluster, before the means are taken.
    """
    counts = np.bincount(labels, minlength=k)
    empty = np.flatnonzero(counts == 0)
    if len(empty):
        labels = labels.copy()
        far = np.argsort(-dist2, kind="stable")[: len(empty)]
        labels[far] = empty
        counts = np.bincount(labels, minlength=k)
    sums = np.zeros((k, X.shape[1]))
    np.add.at(sums, labels, X)
    return sums / counts[:, None]


class KMeansStepper(ClusterMixin, BaseEstimator):
    r"""k-means by Lloyd's algorithm, keeping the centres and labels of every iteration.

    Minimises the inertia :math:`\sum_i \|x_i - c_{z_i}\|^2` (slides, "k-means") by
    alternating assignment :math:`z_i = \arg\min_l \|x_i - c_l\|` and update
    :math:`c_l = \text{mean}\{x_i : z_i = l\}`. It stops as scikit-learn's ``lloyd`` does:
    when no label changes, or when the total squared centre shift is at most
    ``tol`` times the mean feature variance, or after ``max_iter`` rounds.

    Parameters
    ----------
    n_clusters : int, default=3
    init : {"k-means++", "greedy-k-means++", "random"} or ndarray (n_clusters, n_features)
        "k-means++": plain D^2 sampling (`dsquared_seeding`); "greedy-k-means++":
        scikit-learn's ``kmeans_plusplus``; "random": distinct points drawn uniformly;
        an array: the initial centres.
    max_iter : int, default=300
    tol : float, default=1e-4
    random_state : int, RandomState or None

    Attributes
    ----------
    init_centers_ : ndarray (n_clusters, n_features)
    history_ : list of (centres, labels)
        Entry t holds the centres of iteration t and the labels assigned to them; the last
        entry is the final state (``cluster_centers_``, ``labels_``).
    cluster_centers_, labels_, inertia_, n_iter_

    Examples
    --------
    >>> import numpy as np
    >>> X = np.array([[0.0, 0], [0, 1], [4, 0], [4, 1]])
    >>> est = KMeansStepper(2, init=np.array([[0.0, 0], [4, 0]])).fit(X)
    >>> est.cluster_centers_, est.inertia_, len(est.history_)
    (array([[0. , 0.5],
           [4. , 0.5]]), 1.0, 2)
    """

    def __init__(self, n_clusters=3, *, init="k-means++", max_iter=300, tol=1e-4,
                 random_state=None):
        self.n_clusters = n_clusters
        self.init = init
        self.max_iter = max_iter
        self.tol = tol
        self.random_state = random_state

    def _init_centers(self, X: np.ndarray) -> np.ndarray:
        k = self.n_clusters
        if not isinstance(self.init, str):
            centers = np.array(self.init, dtype=float)
            if centers.shape != (k, X.shape[1]) or not np.isfinite(centers).all():
                raise ValueError(
                    f"init array must be finite with shape (n_clusters, n_features) = "
                    f"({k}, {X.shape[1]}); got shape {centers.shape}"
                )
            return centers
        check_choice("init", self.init, INITS)
        rng = check_random_state(self.random_state)
        if self.init == "k-means++":
            return X[dsquared_seeding(X, k, rng)]
        if self.init == "greedy-k-means++":
            return kmeans_plusplus(X, k, random_state=rng)[0]
        return X[rng.permutation(X.shape[0])[:k]]

    def fit(self, X, y=None):
        """Run Lloyd's algorithm on ``X`` and record its iterations."""
        X = validate_data(self, X, dtype=np.float64)
        k = self.n_clusters
        check_n_clusters(k, X.shape[0])
        check_number("max_iter", self.max_iter, 1, np.inf, integer=True)
        check_number("tol", self.tol, 0.0, np.inf)
        centers = self._init_centers(X)
        self.init_centers_ = centers
        tol = float(np.mean(np.var(X, axis=0)) * self.tol)
        history = []
        labels_old = None
        strict = False
        for _ in range(self.max_iter):
            labels, dist2 = _assign(X, centers)
            history.append((centers, labels))
            new = _update(X, labels, dist2, k)
            if labels_old is not None and np.array_equal(labels, labels_old):
                strict = True
                break
            shift = float(((new - centers) ** 2).sum())
            centers = new
            if shift <= tol:
                break
            labels_old = labels
        self.n_iter_ = len(history)
        if not strict:
            # Assign once more so that the final labels belong to the final centres.
            labels, dist2 = _assign(X, centers)
            history.append((centers, labels))
        self.history_ = history
        self.cluster_centers_ = centers
        self.labels_ = labels
        self.inertia_ = float(dist2.sum())
        return self

    def predict(self, X) -> np.ndarray:
        """Index of the nearest fitted centre."""
        check_is_fitted(self)
        X = validate_data(self, X, dtype=np.float64, reset=False)
        return _assign(X, self.cluster_centers_)[0]
