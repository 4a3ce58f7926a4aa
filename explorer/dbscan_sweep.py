"""DBSCAN at every eps (or every min_samples) of a grid in one pass: the frames of the
scrubbers.

Running DBSCAN once per eps costs a neighbour search each time (at n = 2,000 and a large eps,
every point is every point's neighbour). The results only depend on facts computed once:
the k-distance of every point (core at eps exactly when ``kd <= eps``, k = min_samples) and a
minimum spanning tree of the mutual reachability distance ``max(d(p, q), kd_p, kd_q)`` (two
core points are in one cluster at eps exactly when a path of such edges ``<= eps`` joins
them, and a minimum spanning tree holds such a path whenever one exists). At one eps, the
min_samples sweep needs only each point's number of neighbours within eps: a point is core
at min_samples exactly when that number reaches it, and two core neighbours are joined
whatever min_samples is.

Both sweeps then walk their values in order, joining the tree's edges into clusters as they
become short enough (a union-find: each frame costs a pass over the points, not a graph
search), and settle border points from short neighbour lists: a point that is not core has
fewer than min_samples points within eps, all of them among its min_samples nearest.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from scipy.sparse import coo_matrix
from scipy.sparse.csgraph import minimum_spanning_tree
from scipy.spatial.distance import pdist, squareform

from clustering._forest import forest_roots
from clustering._validation import check_X
from clustering.dbscan import POINT_TYPES
from metrics.validation import check_integer, check_real

__all__ = ["dbscan_min_samples_sweep", "dbscan_sweep"]

_CORE, _BORDER, _NOISE = (POINT_TYPES.index(kind) for kind in ("core", "border", "noise"))


def _spanning_tree(weights: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Prim's minimum spanning tree of a dense symmetric weight matrix (zeros are edges):
    the two ends and the weight of each edge."""
    n = weights.shape[0]
    outside = np.ones(n, dtype=bool)
    outside[0] = False
    # The cheapest edge from the tree to each point outside it (infinite once inside).
    best = weights[0].copy()
    best[0] = np.inf
    parent = np.zeros(n, dtype=np.intp)
    tails = np.empty(max(n - 1, 0), dtype=np.intp)
    edge = np.empty(max(n - 1, 0))
    closer = np.empty(n, dtype=bool)
    # In place, without a new array per step: the loop runs once per point.
    for step in range(n - 1):
        j = int(best.argmin())
        tails[step], edge[step] = j, best[j]
        best[j], outside[j] = np.inf, False
        np.less(weights[j], best, out=closer)
        closer &= outside
        np.copyto(best, weights[j], where=closer)
        np.copyto(parent, j, where=closer)
    return parent[tails], tails, edge


def _components(n: int, heads: np.ndarray, tails: np.ndarray, edge_levels: np.ndarray,
                levels: np.ndarray) -> np.ndarray:
    """Row ``r``: every point's component when the edges with ``edge_levels <= levels[r]``
    join them, named by its smallest point index (a union-find over the edges in order)."""
    order = np.argsort(edge_levels, kind="stable")
    edge_levels, heads, tails = edge_levels[order], heads[order], tails[order]
    parent = np.arange(n)

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    roots = np.empty((len(levels), n), dtype=np.intp)
    joined = 0
    for row in np.argsort(levels, kind="stable"):
        stop = int(np.searchsorted(edge_levels, levels[row], side="right"))
        for a, b in zip(heads[joined:stop].tolist(), tails[joined:stop].tolist(),
                        strict=True):
            a, b = root(a), root(b)
            # The smaller index stays the root, so a root is its component's first point.
            parent[max(a, b)] = min(a, b)
        joined = max(joined, stop)
        roots[row] = forest_roots(parent)
    return roots


def _label(roots: np.ndarray, core: np.ndarray, points: np.ndarray, others: np.ndarray,
           labels: np.ndarray, kinds: np.ndarray) -> None:
    """Fill one frame's ``labels`` and ``kinds`` (noise beforehand) from the components
    (`_components`), the core points, and pairs of points within eps (``points[i]`` and
    ``others[i]``) that hold every core neighbour of each point that is not core."""
    if not core.any():
        return
    # Clusters are numbered by their first core point, in index order as scikit-learn does;
    # a component's root is its first point and every point of a cluster is core.
    labels[core] = np.unique(roots[core], return_inverse=True)[1]
    kinds[core] = _CORE
    into = core[others] & ~core[points]
    # A border point joins the lowest-numbered cluster among its core neighbours.
    n = len(core)
    joined = np.full(n, n, dtype=np.intp)
    np.minimum.at(joined, points[into], labels[others[into]])
    border = joined < n
    labels[border] = joined[border]
    kinds[border] = _BORDER


def dbscan_sweep(X, eps_values: Sequence[float], min_samples: int
                 ) -> tuple[np.ndarray, np.ndarray]:
    """Labels and point types of DBSCAN(eps, min_samples) (euclidean) for every eps given.

    The same partition as ``sklearn.cluster.DBSCAN`` run at each eps, labels included:
    clusters are numbered in the order of their first core point, and a border point joins
    the lowest-numbered cluster among its core neighbours, as scikit-learn's scan does.

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
    eps_values : sequence of float
        The radii, each > 0.
    min_samples : int
        Points (itself included) a core point needs within eps, in [1, n_samples].

    Returns
    -------
    labels : ndarray of int, shape (len(eps_values), n_samples)
        Cluster of each point at each eps; -1 is noise.
    point_types : ndarray of int8, shape (len(eps_values), n_samples)
        Index into `clustering.dbscan.POINT_TYPES` (0 core, 1 border, 2 noise).

    Examples
    --------
    >>> X = np.array([[0.0], [0.5], [1.0], [1.9], [5.0]])
    >>> labels, kinds = dbscan_sweep(X, [0.4, 1.0], min_samples=3)
    >>> labels.tolist(), kinds.tolist()
    ([[-1, -1, -1, -1, -1], [0, 0, 0, 0, -1]], [[2, 2, 2, 2, 2], [0, 0, 0, 1, 2]])
    """
    X = check_X(X)
    n = X.shape[0]
    min_samples = check_integer(min_samples, "min_samples", 1, n)
    eps_values = np.asarray(eps_values, dtype=float)
    if eps_values.ndim != 1 or not np.all(eps_values > 0):
        raise ValueError(f"eps values must be positive numbers, got {eps_values!r}")
    dist = squareform(pdist(X))
    # Each point's min_samples nearest (itself among them, in no order): the k-distance is
    # the largest, and they hold every neighbour within eps of a point that is not core.
    near = np.argpartition(dist, min_samples - 1, axis=1)[:, :min_samples]
    near_dist = np.take_along_axis(dist, near, axis=1)
    kd = near_dist.max(axis=1)
    # The mutual reachability distance, written over the distances (no second n x n array).
    np.maximum(dist, kd[:, None], out=dist)
    np.maximum(dist, kd[None, :], out=dist)
    heads, tails, weight = _spanning_tree(dist)
    roots = _components(n, heads, tails, weight, eps_values)
    points = np.repeat(np.arange(n), min_samples)
    near, near_dist = near.ravel(), near_dist.ravel()
    labels = np.full((len(eps_values), n), -1, dtype=np.intp)
    kinds = np.full((len(eps_values), n), _NOISE, dtype=np.int8)
    for row, eps in enumerate(eps_values):
        within = near_dist <= eps
        _label(roots[row], kd <= eps, points[within], near[within], labels[row], kinds[row])
    return labels, kinds


def dbscan_min_samples_sweep(X, eps: float, min_samples_values: Sequence[int]
                             ) -> tuple[np.ndarray, np.ndarray]:
    """Labels and point types of DBSCAN(eps, min_samples) (euclidean) for every min_samples
    given, at one eps.

    The same partition as ``sklearn.cluster.DBSCAN`` run at each min_samples, labels
    included (see `dbscan_sweep`). Two core points within eps of each other are joined
    whatever min_samples is, so one neighbourhood graph serves every value.

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
    eps : float
        The radius, > 0.
    min_samples_values : sequence of int
        Each in [1, n_samples].

    Returns
    -------
    labels, point_types : ndarray
        As `dbscan_sweep` returns them, one row per value of ``min_samples_values``.

    Examples
    --------
    >>> X = np.array([[0.0], [0.5], [1.0], [1.9], [5.0]])
    >>> labels, kinds = dbscan_min_samples_sweep(X, 1.0, [1, 3])
    >>> labels.tolist(), kinds.tolist()
    ([[0, 0, 0, 0, 1], [0, 0, 0, 0, -1]], [[0, 0, 0, 0, 0], [0, 0, 0, 1, 2]])
    """
    X = check_X(X)
    n = X.shape[0]
    eps = check_real(eps, "eps", 0, low_open=True)
    values = np.array([check_integer(m, "min_samples", 1, n) for m in min_samples_values],
                      dtype=np.intp)
    heads, tails = _pairs_within(X, eps)
    neighbours = 1 + np.bincount(heads, minlength=n) + np.bincount(tails, minlength=n)
    # Two neighbours are in one cluster from the smallest of their neighbour counts down:
    # a spanning forest that joins the pairs with the largest such count first keeps every
    # frame's clusters (weights >= 1: the sparse graph takes a zero for no edge).
    share = np.minimum(neighbours[heads], neighbours[tails])
    top = int(neighbours.max())
    forest = minimum_spanning_tree(coo_matrix((top + 1 - share, (heads, tails)),
                                              shape=(n, n))).tocoo()
    roots = _components(n, forest.row.astype(np.intp), forest.col.astype(np.intp),
                        forest.data - (top + 1), -values)
    # Pairs from a point that may be a border point (fewer neighbours than some value).
    points, others = np.concatenate([heads, tails]), np.concatenate([tails, heads])
    keep = neighbours[points] < values.max(initial=0)
    points, others = points[keep], others[keep]
    labels = np.full((len(values), n), -1, dtype=np.intp)
    kinds = np.full((len(values), n), _NOISE, dtype=np.int8)
    for row, min_samples in enumerate(values):
        _label(roots[row], neighbours >= min_samples, points, others, labels[row], kinds[row])
    return labels, kinds


def _pairs_within(X: np.ndarray, eps: float) -> tuple[np.ndarray, np.ndarray]:
    """The pairs ``i < j`` of points at most ``eps`` apart, found in the condensed distances
    (half of the square matrix, the same numbers)."""
    n = X.shape[0]
    at = np.flatnonzero(pdist(X) <= eps)
    # Row i of the condensed matrix holds the pairs (i, i + 1 .. n - 1) from this offset.
    rows = np.arange(n)
    starts = rows * n - rows * (rows + 1) // 2
    heads = np.searchsorted(starts, at, side="right") - 1
    return heads, at - starts[heads] + heads + 1
