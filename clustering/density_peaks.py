"""Clustering by fast search and find of density peaks (Rodriguez & Laio, Science 2014)."""

from __future__ import annotations

import copy

import numpy as np
from sklearn.base import BaseEstimator, ClusterMixin
from sklearn.utils.validation import check_is_fitted, validate_data

from clustering._blocks import UpperTriangle, check_metric, distances, row_blocks
from clustering._forest import forest_roots
from metrics.validation import check_choice, check_integer, check_real


def cutoff_position(n_pairs: int, percent: float) -> int:
    """0-based index of d_c among the sorted pair distances, as in the authors' script.

    The script takes ``position = round(N * percent / 100)`` (MATLAB rounds halves away from
    zero) and ``dc = sda(position)`` with 1-based indexing, where N is the number of pairs.

    Parameters
    ----------
    n_pairs : int
        Number of pairs, n(n - 1) / 2.
    percent : float
        Share of the pairs below d_c, in percent.

    Returns
    -------
    int

    Examples
    --------
    >>> cutoff_position(45, 2.0)    # round(0.9) = 1, the first distance
    0
    >>> cutoff_position(100, 2.5)   # round(2.5) = 3 (halves away from zero)
    2
    """
    position = int(np.floor(n_pairs * percent / 100 + 0.5))
    return min(max(position, 1), n_pairs) - 1


# Rows of ranked points per block when computing delta.
_DELTA_ROWS = 64


#: The decision graph's three quantities in LaTeX (Rodriguez & Laio 2014, eqs. 1 and 2, with
#: the Gaussian kernel), as the Explore page shows them.
DECISION_GRAPH_FORMULA = (
    r"\rho_i = \sum_{j \ne i} e^{-(d_{ij}/d_c)^2}, \qquad "
    r"\delta_i = \min_{j:\, \rho_j > \rho_i} d_{ij}, \qquad \gamma_i = \rho_i\, \delta_i"
)


class DensityPeaks(ClusterMixin, BaseEstimator):
    r"""Density peaks clustering (Rodriguez & Laio 2014).

    For each point i (Rodriguez & Laio, eqs. 1 and 2 of the paper and the slides):

    - local density, Gaussian kernel :math:`\rho_i = \sum_{j \ne i} e^{-(d_{ij}/d_c)^2}`
      or cut-off kernel :math:`\rho_i = \sum_{j \ne i} \chi(d_{ij} - d_c)`, with
      :math:`\chi(x) = 1` for :math:`x < 0`;
    - :math:`\delta_i = \min_{j: \rho_j > \rho_i} d_{ij}`, the distance to the nearest point of
      higher density (points are ranked by decreasing density with a stable sort, so among
      equal densities the lower index counts as denser); for the densest point
      :math:`\delta_i = \max_j d_{ij}`;
    - :math:`\gamma_i = \rho_i \delta_i`.

    Cluster centres are the ``n_clusters`` points of largest gamma, or every point with
    :math:`\rho > \rho_{min}` and :math:`\delta > \delta_{min}`. Other points, taken in order
    of decreasing density, join the cluster of their nearest higher-density neighbour.
    The densest point is always a centre (so every point gets a cluster): for any i,
    :math:`\delta_i \le d(i, \text{densest}) \le \delta_{\text{densest}}`, so the densest
    point has both the largest rho and the largest delta, hence the largest gamma, and it
    passes any pair of thresholds that some point passes.

    The halo (points that may be noise) of cluster A is its set of points with density below
    A's border density. Paper rule: the border density is the highest density among A's points
    that lie within d_c of a point of another cluster. Script rule (the authors' published
    MATLAB script, and pydpc): the highest average density :math:`(\rho_i + \rho_j)/2` over
    pairs i in A, j in another cluster, with :math:`d_{ij} < d_c`.

    Distances are computed block by block, each pair once per pass, never as an n x n matrix.
    Up to 2**24 pairs (n up to about 5,700) the blocks of the upper triangle are computed
    once and kept for the passes that locate d_c, sum the densities and find the border
    (at most 128 MB, half of an n x n matrix); beyond, each pass recomputes them and memory
    is O(n) plus a fixed block budget (32 MB) and the distances near d_c (about 1 % of the
    pairs) while d_c is located exactly.

    Parameters
    ----------
    n_clusters : int or None, default=3
        Number of centres, taken by decreasing gamma. Set to None to select centres by the
        thresholds ``rho_min`` and ``delta_min`` instead.
    rho_min, delta_min : float or None, default=None
        Thresholds of the decision graph (strict inequalities); used only when
        ``n_clusters`` is None. A threshold left at None does not constrain.
    percent : float, default=2.0
        d_c is the ``percent`` % quantile of the n(n-1)/2 pair distances, at position
        ``round(N * percent / 100)`` (1-based) of their sorted list, as in the authors' script.
    kernel : {"gaussian", "cutoff"}, default="gaussian"
    metric : str or callable, default="euclidean"
        Any metric accepted by ``scipy.spatial.distance.cdist``, or "precomputed" (X is a
        square distance matrix, e.g. from `clustering.distance_matrix`).
    halo : {"paper", "script"}, default="paper"
        Rule for the border density (see above).
    halo_as_noise : bool, default=False
        If True, halo points get the label -1 in ``labels_``.

    Attributes
    ----------
    dc_ : float
    rho_, delta_, gamma_ : ndarray of shape (n_samples,)
    nearest_higher_ : ndarray of int, shape (n_samples,)
        Index of the nearest point of higher density; -1 for the densest point.
    order_ : ndarray of int
        Indices by decreasing density.
    centers_ : ndarray of int
        Indices of the centres; centre ``centers_[c]`` heads cluster c (sorted by index).
    border_density_ : ndarray of shape (n_clusters_,)
    halo_ : ndarray of bool, shape (n_samples,)
    labels_ : ndarray of int, shape (n_samples,)
    n_clusters_ : int

    Examples
    --------
    >>> import numpy as np
    >>> X = np.array([[0.0, 0], [0.1, 0], [0, 0.1], [5, 5], [5.1, 5], [5, 5.1]])
    >>> est = DensityPeaks(n_clusters=2, percent=20).fit(X)
    >>> est.labels_
    array([0, 0, 0, 1, 1, 1])
    >>> est.centers_.size, bool(est.order_[0] in est.centers_)
    (2, True)

    References
    ----------
    A. Rodriguez and A. Laio, "Clustering by fast search and find of density peaks",
    Science 344 (2014) 1492-1496, and its supplementary MATLAB script.
    """

    def __init__(self, n_clusters=3, *, rho_min=None, delta_min=None, percent=2.0,
                 kernel="gaussian", metric="euclidean", halo="paper", halo_as_noise=False):
        self.n_clusters = n_clusters
        self.rho_min = rho_min
        self.delta_min = delta_min
        self.percent = percent
        self.kernel = kernel
        self.metric = metric
        self.halo = halo
        self.halo_as_noise = halo_as_noise

    def _check_params(self, n_samples: int) -> None:
        check_choice(self.kernel, "kernel", ("gaussian", "cutoff"))
        check_choice(self.halo, "halo", ("paper", "script"))
        check_real(self.percent, "percent", 0, 100, low_open=True)
        if self.n_clusters is not None:
            if self.rho_min is not None or self.delta_min is not None:
                raise ValueError(
                    "give either n_clusters or the thresholds rho_min/delta_min, not both; "
                    "set n_clusters=None to select centres by thresholds"
                )
            check_integer(self.n_clusters, "n_clusters", 1, n_samples)
        elif self.rho_min is None and self.delta_min is None:
            raise ValueError("set n_clusters, or at least one of rho_min and delta_min")

    def fit(self, X, y=None):
        """Compute the decision graph and the clustering of ``X``."""
        X = validate_data(self, X, dtype=np.float64, ensure_min_samples=2)
        n = X.shape[0]
        self._check_params(n)
        check_metric(X, self.metric)

        pairs = UpperTriangle(X, self.metric)
        self.dc_ = pairs.kth_smallest(cutoff_position(pairs.n_pairs, self.percent))
        if self.dc_ <= 0:
            raise ValueError(
                f"d_c is 0: at least {self.percent}% of the pairs of points coincide. "
                "Raise percent or remove duplicate points."
            )
        self.rho_ = self._density(pairs)
        self.order_ = np.argsort(-self.rho_, kind="stable")
        self.delta_, self.nearest_higher_ = self._delta(X, pairs)
        self.gamma_ = self.rho_ * self.delta_
        self.centers_ = self._select_centers()
        self._label(pairs)
        return self

    def relabel(self, X, centers) -> DensityPeaks:
        """A copy of this fitted estimator with ``centers`` as its cluster centres.

        The decision graph (``rho_``, ``delta_``, ``gamma_``) is kept; the assignment along
        nearest higher neighbours and the halo are redone for the new centres, as `fit` does
        for the centres it selects. This is how a student's centres, picked on the decision
        graph, become a clustering.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
            The points the estimator was fitted on.
        centers : array-like of int
            Point numbers of the centres, increasing; the densest point must be one of them
            (it has no denser neighbour to follow).

        Returns
        -------
        DensityPeaks
            A fitted copy; this estimator is left unchanged.

        Examples
        --------
        >>> import datasets
        >>> X = datasets.load("blobs", n_samples=60, random_state=0).X
        >>> est = DensityPeaks(n_clusters=3).fit(X)
        >>> two = est.relabel(X, np.sort(est.centers_[:2]))
        >>> two.n_clusters_, est.n_clusters_
        (2, 3)
        """
        check_is_fitted(self, "rho_")
        out = copy.copy(self)
        out.centers_ = np.asarray(centers, dtype=np.intp)
        out._label(np.asarray(X, dtype=float))
        return out

    def _label(self, pairs: UpperTriangle | np.ndarray) -> None:
        self.n_clusters_ = len(self.centers_)
        labels = self.assign(self.centers_)
        self.border_density_ = self._border_density(pairs, labels)
        self.halo_ = self.rho_ < self.border_density_[labels]
        self.labels_ = np.where(self.halo_, -1, labels) if self.halo_as_noise else labels

    def _density(self, pairs: UpperTriangle) -> np.ndarray:
        # Each pair once, added to both ends; the point itself is not its own neighbour.
        rho = np.zeros(pairs.X.shape[0])
        work = None
        # (d / d_c)^2 from squared blocks is one division, from distances two steps.
        scale = self.dc_**2 if pairs.squared else self.dc_
        limit = pairs.threshold(self.dc_)
        for rows, d in pairs:
            if self.kernel == "gaussian":
                if work is None or work.size < d.size:
                    work = np.empty(d.size)  # reused: a fresh block per pass costs page faults
                w = np.divide(d, scale, out=work[: d.size].reshape(d.shape))
                if not pairs.squared:
                    np.square(w, out=w)
                np.negative(w, out=w)
                np.exp(w, out=w)
            else:
                w = d < limit
            rho[rows] += w.sum(axis=1)
            rho[rows.start:] += w.sum(axis=0)
        return rho

    def _delta(self, X: np.ndarray, pairs: UpperTriangle) -> tuple[np.ndarray, np.ndarray]:
        n = X.shape[0]
        order = self.order_
        rank = np.empty(n, dtype=np.intp)
        rank[order] = np.arange(n)
        # Most points have a denser point within d_c: their delta is the smallest of those
        # distances, found among the ~percent % of pairs below d_c; ties go to the densest
        # (lowest rank) partner, as an argmin over points in rank order would.
        delta = np.full(n, np.inf)
        partner_rank = np.full(n, n, dtype=np.intp)
        for i, j, d in pairs.below(self.dc_):
            i_denser = rank[i] < rank[j]
            point = np.where(i_denser, j, i)
            denser_rank = np.where(i_denser, rank[i], rank[j])
            before = delta[point]
            np.minimum.at(delta, point, d)
            after = delta[point]
            best = d == after
            partner_rank[point[best & (after < before)]] = n  # a smaller delta: forget ties
            np.minimum.at(partner_rank, point[best], denser_rank[best])
        nearest = np.full(n, -1, dtype=np.intp)
        found = partner_rank < n
        nearest[found] = order[partner_rank[found]]
        delta[order[0]] = distances(X, order[:1], order, self.metric).max()
        # The others (density peaks, isolated points): every denser point, by brute force.
        far = np.sort(rank[~found])
        self._delta_of_far_points(X, far[far > 0], delta, nearest)
        return delta, nearest

    def _delta_of_far_points(self, X, far_ranks, delta, nearest) -> None:
        """Delta by brute force for the points of ranks ``far_ranks`` (sorted, all > 0)."""
        order = self.order_
        step = max(1, min(_DELTA_ROWS, far_ranks.size))
        buffer = np.empty(step * X.shape[0])
        for block in row_blocks(far_ranks.size, X.shape[0], step):
            ranks = far_ranks[block]
            top = ranks[-1]
            d = distances(X, order[ranks], order[:top], self.metric, buffer)
            # A point may only look at higher-ranked (denser) ones.
            d[np.arange(top)[None, :] >= ranks[:, None]] = np.inf
            # argmin returns the first minimum, i.e. the highest-ranked among equidistant ones.
            best = d.argmin(axis=1)
            delta[order[ranks]] = d[np.arange(ranks.size), best]
            nearest[order[ranks]] = order[best]

    def centers_above(self, rho_min: float | None = None,
                      delta_min: float | None = None) -> np.ndarray:
        """The points above both thresholds of the decision graph: rho > ``rho_min`` and
        delta > ``delta_min`` (a threshold left at None does not constrain).

        Parameters
        ----------
        rho_min, delta_min : float or None

        Returns
        -------
        ndarray of int
            Point numbers, increasing; empty when no point passes.

        Examples
        --------
        >>> X = np.array([[0.0, 0], [0.1, 0], [0, 0.1], [5, 5], [5.1, 5], [5, 5.1]])
        >>> est = DensityPeaks(n_clusters=2, percent=20).fit(X)
        >>> bool(np.array_equal(est.centers_above(delta_min=1.0), est.centers_))
        True
        """
        check_is_fitted(self, "rho_")
        ok = np.ones(len(self.rho_), dtype=bool)
        if rho_min is not None:
            ok &= self.rho_ > rho_min
        if delta_min is not None:
            ok &= self.delta_ > delta_min
        return np.flatnonzero(ok)

    def assign(self, centers) -> np.ndarray:
        """The cluster of every point when ``centers`` head the clusters: each point joins
        the cluster of its nearest higher-density neighbour, in order of decreasing density
        (no halo; `relabel` adds it).

        Parameters
        ----------
        centers : array-like of int
            Point numbers, increasing; centre ``centers[c]`` heads cluster c. The densest
            point must be one of them (it has no denser neighbour to follow).

        Returns
        -------
        ndarray of int, shape (n_samples,)

        Examples
        --------
        >>> X = np.array([[0.0, 0], [0.1, 0], [0, 0.1], [5, 5], [5.1, 5], [5, 5.1]])
        >>> est = DensityPeaks(n_clusters=2, percent=20).fit(X)
        >>> est.assign(est.order_[:1]).tolist()
        [0, 0, 0, 0, 0, 0]
        """
        check_is_fitted(self, "rho_")
        centers = np.asarray(centers, dtype=np.intp)
        if self.order_[0] not in centers:
            raise ValueError(f"the densest point ({self.order_[0]}) must be a centre: it has "
                             "no denser neighbour to follow")
        # Each point joins the cluster of the first centre on its chain of nearest higher
        # neighbours (the paper's pass in decreasing density), found by pointer jumping:
        # O(n log depth) array operations instead of a Python loop over the points.
        parent = self.nearest_higher_.copy()
        parent[centers] = centers
        labels = np.full(len(self.rho_), -1, dtype=np.intp)
        labels[centers] = np.arange(len(centers))
        return labels[forest_roots(parent)]

    def _select_centers(self) -> np.ndarray:
        if self.n_clusters is not None:
            centers = np.argsort(-self.gamma_, kind="stable")[: self.n_clusters]
        else:
            centers = self.centers_above(self.rho_min, self.delta_min)
            if len(centers) == 0:
                raise ValueError(
                    f"no point has rho > rho_min={self.rho_min} and delta > "
                    f"delta_min={self.delta_min} (max rho {self.rho_.max():.4g}, max delta "
                    f"{self.delta_.max():.4g}); lower the thresholds"
                )
        return np.sort(centers)

    def _border_density(self, pairs: UpperTriangle | np.ndarray, labels: np.ndarray) -> np.ndarray:
        border = np.zeros(self.n_clusters_)
        if self.n_clusters_ == 1:
            return border
        if not isinstance(pairs, UpperTriangle):  # the points themselves (relabel)
            pairs = UpperTriangle(pairs, self.metric)
        for i, j, _ in pairs.below(self.dc_):
            cross = labels[i] != labels[j]
            i, j = i[cross], j[cross]
            # Paper: density of each border point; script: mean density of the border pair.
            if self.halo == "paper":
                np.maximum.at(border, labels[i], self.rho_[i])
                np.maximum.at(border, labels[j], self.rho_[j])
            else:
                mean = 0.5 * (self.rho_[i] + self.rho_[j])
                np.maximum.at(border, labels[i], mean)
                np.maximum.at(border, labels[j], mean)
        return border
