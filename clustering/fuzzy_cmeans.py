"""Fuzzy c-means (Bezdek, Ehrlich & Full 1984)."""

from __future__ import annotations

from functools import reduce

import numpy as np
from sklearn.base import BaseEstimator, ClusterMixin
from sklearn.utils import check_random_state
from sklearn.utils.validation import check_is_fitted, validate_data

from metrics.validation import check_integer, check_real


def fuzzy_memberships(X: np.ndarray, centers: np.ndarray, m: float) -> np.ndarray:
    r"""Memberships of the points of ``X`` given the centres (Bezdek 1984, eq. 11b).

    .. math:: u_{ij} = \left[\sum_{l=1}^k \left(\frac{\|x_i - c_j\|}{\|x_i - c_l\|}
       \right)^{2/(m-1)}\right]^{-1}

    Parameters
    ----------
    X : ndarray of shape (n_samples, n_features)
    centers : ndarray of shape (k, n_features)
    m : float
        Fuzzifier, > 1.

    Returns
    -------
    ndarray of shape (n_samples, k)
        Each row sums to 1.

    (the slides print the exponent as 2/m-1; it is 2/(m-1)). A point that coincides with one
    or more centres belongs to them in equal shares (the limit of the formula).

    Examples
    --------
    >>> import numpy as np
    >>> fuzzy_memberships(np.array([[1.0], [0.0]]), np.array([[0.0], [3.0]]), m=2.0)
    array([[0.8, 0.2],
           [1. , 0. ]])

    With m = 2 the exponent is 2: distances 1 and 2 give shares proportional to 1/1 and 1/4.
    """
    return _memberships(_squared_distances(np.ascontiguousarray(X.T), centers), m)[0].T


# The loop works on (n_clusters, n_samples) arrays: numpy's elementwise and reduction loops
# run along the last axis, so with a few clusters in the rows every operation is one long
# loop over the points instead of a short loop per point (a fit 1.7 times faster at
# n = 2,000, k = 4), and a sum over clusters adds whole rows in index order.


def _squared_distances(XT: np.ndarray, centers: np.ndarray) -> np.ndarray:
    """Squared Euclidean distances, (n_clusters, n_samples), from the features in rows
    ``XT`` (n_features, n_samples): the same sums, in the same order, as scipy's cdist."""
    d2 = (centers[:, :1] - XT[0]) ** 2
    for center_k, x_k in zip(centers.T[1:, :, None], XT[1:], strict=True):
        d2 += (center_k - x_k) ** 2
    return d2


def _memberships(d2: np.ndarray, m: float) -> tuple[np.ndarray, np.ndarray]:
    """Eq. 11b from the squared distances ``d2`` (n_clusters, n_samples): the memberships
    (columns sum to 1) and their m-th powers, which weigh the next centres (eq. 11a)."""
    nearest = reduce(np.minimum, d2)
    hit = nearest == 0
    if not hit.any():  # the usual case, without the masked copies
        return _weights(d2, nearest, m)
    u = np.empty_like(d2)
    zero = d2[:, hit] == 0
    u[:, hit] = zero / zero.sum(axis=0)
    u[:, ~hit] = _weights(d2[:, ~hit], nearest[~hit], m)[0]
    return u, u**m


def _weights(d2: np.ndarray, nearest: np.ndarray, m: float) -> tuple[np.ndarray, np.ndarray]:
    """Eq. 11b and its m-th power for points whose ``nearest`` squared distance is positive."""
    # (d_ij / d_il)^(2/(m-1)) = (d2_ij / d2_il)^(1/(m-1)). Dividing by the nearest distance
    # keeps every weight in (0, 1], so m close to 1 cannot overflow.
    ratio = d2 / nearest
    u = ratio ** (-1.0 / (m - 1.0))
    total = u.sum(axis=0)
    u /= total
    # Before the division u^(m-1) was 1 / ratio, so u^m = u / (ratio total^(m-1)): a power
    # per point instead of one per membership (11 of the 150 us of a round at n = 2,000,
    # k = 4), within 1e-15 of u**m.
    ratio *= total ** (m - 1.0)
    return u, u / ratio


class FuzzyCMeans(ClusterMixin, BaseEstimator):
    r"""Fuzzy c-means clustering (Bezdek, Ehrlich & Full, Computers & Geosciences 1984).

    Minimises :math:`J_m(U, C) = \sum_{i=1}^n \sum_{l=1}^k u_{il}^m \|x_i - c_l\|^2` under
    :math:`\sum_l u_{il} = 1` by alternating

    - centres :math:`c_l = \sum_i u_{il}^m x_i / \sum_i u_{il}^m` (Bezdek eq. 11a),
    - memberships by `fuzzy_memberships` (eq. 11b),

    starting from random memberships (uniform draws, each row normalised to sum 1), until
    the Frobenius norm of the change of U falls below ``tol`` or ``max_iter`` rounds.

    Parameters
    ----------
    n_clusters : int, default=3
    m : float, default=2.0
        Fuzzifier, > 1; values near 1 give almost hard memberships.
    tol : float, default=1e-5
        Stop when :math:`\|U^{(t+1)} - U^{(t)}\|_F < tol`.
    max_iter : int, default=300
    init : ndarray of shape (n_samples, n_clusters) or None
        Initial memberships (rows are normalised to sum 1); None draws them.
    random_state : int, RandomState or None

    Attributes
    ----------
    initial_membership_ : ndarray (n_samples, n_clusters)
    membership_ : ndarray (n_samples, n_clusters)
        Final memberships, computed from the final centres.
    cluster_centers_ : ndarray (n_clusters, n_features)
    centers_history_ : ndarray of shape (n_iter_, n_clusters, n_features)
        The centres of each round, from the memberships of the round before (row 0 from
        ``initial_membership_``); the memberships of round t are `fuzzy_memberships` of
        row t, so this is the whole run.
    objective_ : ndarray
        :math:`J_m(U^{(t)}, C^{(t+1)})` at each round t (memberships of the round, centres
        computed from them).
    fpc_ : float
        Partition coefficient :math:`\frac{1}{n}\sum_{i,l} u_{il}^2` (1: hard; 1/k: uniform).
    labels_ : ndarray of int
        Cluster of largest membership.
    n_iter_ : int

    Examples
    --------
    >>> import numpy as np
    >>> X = np.array([[0.0, 0], [0, 1], [10, 0], [10, 1]])
    >>> est = FuzzyCMeans(n_clusters=2, random_state=0).fit(X)
    >>> sorted(est.labels_[[0, 2]].tolist()), bool(est.labels_[0] == est.labels_[1])
    ([0, 1], True)
    >>> bool(est.fpc_ > 0.99)   # nearly hard: u = 1 / (1 + (0.5 / 10.01)^2) = 0.9975
    True
    >>> est.centers_history_.shape == (est.n_iter_, 2, 2)
    True
    """

    def __init__(self, n_clusters=3, *, m=2.0, tol=1e-5, max_iter=300, init=None,
                 random_state=None):
        self.n_clusters = n_clusters
        self.m = m
        self.tol = tol
        self.max_iter = max_iter
        self.init = init
        self.random_state = random_state

    def _initial_membership(self, n: int) -> np.ndarray:
        if self.init is None:
            u = check_random_state(self.random_state).random_sample((n, self.n_clusters))
        else:
            u = np.array(self.init, dtype=float)
            if u.shape != (n, self.n_clusters) or (u < 0).any() or not np.isfinite(u).all():
                raise ValueError(
                    f"init must be a non-negative array of shape (n_samples, n_clusters) = "
                    f"({n}, {self.n_clusters}); got shape {u.shape}"
                )
            if (u.sum(axis=1) == 0).any():
                raise ValueError("every row of init needs a positive membership")
        return u / u.sum(axis=1, keepdims=True)

    def fit(self, X, y=None):
        """Run fuzzy c-means on ``X``."""
        X = validate_data(self, X, dtype=np.float64)
        check_integer(self.n_clusters, "n_clusters", 1, X.shape[0])
        check_real(self.m, "m", 1.0, low_open=True)
        check_real(self.tol, "tol", 0.0)
        check_integer(self.max_iter, "max_iter", 1)
        self.initial_membership_ = self._initial_membership(X.shape[0])
        u = np.ascontiguousarray(self.initial_membership_.T)
        XT = np.ascontiguousarray(X.T)
        # One product gives the weighted sums of the features and, in the last column, the
        # total weights of eq. 11a.
        X1 = np.hstack([X, np.ones((X.shape[0], 1))])
        objective, history = [], []
        um = u**self.m
        for _ in range(self.max_iter):
            sums = um @ X1
            centers = sums[:, :-1] / sums[:, -1:]
            history.append(centers)
            d2 = _squared_distances(XT, centers)
            objective.append(float(np.vdot(um, d2)))
            u_new, um = _memberships(d2, self.m)
            change = np.linalg.norm(u_new - u)
            u = u_new
            if change < self.tol:
                break
        self.n_iter_ = len(objective)
        self.cluster_centers_ = centers
        self.centers_history_ = np.stack(history)
        self.membership_ = np.ascontiguousarray(u.T)
        self.objective_ = np.array(objective)
        self.fpc_ = float(np.vdot(u, u) / X.shape[0])
        self.labels_ = self.membership_.argmax(axis=1)
        return self

    def predict_membership(self, X) -> np.ndarray:
        """Soft assignment: memberships of new points to the fitted centres (eq. 11b)."""
        check_is_fitted(self)
        X = validate_data(self, X, dtype=np.float64, reset=False)
        return fuzzy_memberships(X, self.cluster_centers_, self.m)

    def predict(self, X) -> np.ndarray:
        """Hard assignment: the cluster of largest membership."""
        return self.predict_membership(X).argmax(axis=1)
