"""DBSCAN at every eps (or every min_samples) of a grid in one pass: the frames of the
scrubbers.

Running DBSCAN once per eps costs a neighbour search each time (at n = 2,000 and a large eps,
every point is every point's neighbour). The results only depend on two facts computed once:
the k-distance of every point (core at eps exactly when ``kd <= eps``, k = min_samples) and a
minimum spanning tree of the mutual reachability distance ``max(d(p, q), kd_p, kd_q)`` (two
core points are in one cluster at eps exactly when a path of such edges ``<= eps`` joins
them, and a minimum spanning tree holds such a path whenever one exists). At one eps, the
min_samples sweep needs only each point's number of neighbours within eps: a point is core
at min_samples exactly when that number reaches it.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from scipy.sparse import coo_matrix
from scipy.sparse.csgraph import connected_components
from scipy.spatial.distance import pdist, squareform

from clustering._validation import check_X
from clustering.dbscan import POINT_TYPES
from metrics.validation import check_integer

__all__ = ["dbscan_min_samples_sweep", "dbscan_sweep"]


def _spanning_tree(weights: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Prim's minimum spanning tree of a dense symmetric weight matrix (zeros are edges)."""
    n = weights.shape[0]
    inside = np.zeros(n, dtype=bool)
    inside[0] = True
    best = weights[0].copy()
    parent = np.zeros(n, dtype=np.intp)
    heads, tails, edge = [], [], []
    for _ in range(n - 1):
        best_out = np.where(inside, np.inf, best)
        j = int(np.argmin(best_out))
        heads.append(parent[j])
        tails.append(j)
        edge.append(best[j])
        inside[j] = True
        closer = weights[j] < best
        best[closer] = weights[j][closer]
        parent[closer] = j
    return np.array(heads, dtype=np.intp), np.array(tails, dtype=np.intp), np.array(edge)


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
    kd = np.partition(dist, min_samples - 1, axis=1)[:, min_samples - 1]
    heads, tails, weight = _spanning_tree(np.maximum(dist, np.maximum.outer(kd, kd)))
    labels = np.full((len(eps_values), n), -1, dtype=np.intp)
    kinds = np.full((len(eps_values), n), POINT_TYPES.index("noise"), dtype=np.int8)
    for row, eps in enumerate(eps_values):
        core = kd <= eps
        use = weight <= eps
        graph = coo_matrix((np.ones(use.sum()), (heads[use], tails[use])), shape=(n, n))
        _label(dist, eps, core, graph, labels[row], kinds[row])
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
    if not (isinstance(eps, int | float | np.number) and np.isfinite(eps) and eps > 0):
        raise ValueError(f"eps must be a positive number, got {eps!r}")
    values = [check_integer(m, "min_samples", 1, n) for m in min_samples_values]
    dist = squareform(pdist(X))
    heads, tails = np.nonzero(np.triu(dist <= eps, 1))
    neighbours = 1 + np.bincount(heads, minlength=n) + np.bincount(tails, minlength=n)
    labels = np.full((len(values), n), -1, dtype=np.intp)
    kinds = np.full((len(values), n), POINT_TYPES.index("noise"), dtype=np.int8)
    for row, min_samples in enumerate(values):
        core = neighbours >= min_samples
        use = core[heads] & core[tails]
        graph = coo_matrix((np.ones(use.sum()), (heads[use], tails[use])), shape=(n, n))
        _label(dist, eps, core, graph, labels[row], kinds[row])
    return labels, kinds


def _label(dist: np.ndarray, eps: float, core: np.ndarray, graph, labels: np.ndarray,
           kinds: np.ndarray) -> None:
    """Fill one frame's ``labels`` and ``kinds`` (noise beforehand) from the pairwise
    distances, the core points at ``eps`` and a graph whose components among the core
    points are the clusters."""
    if not core.any():
        return
    n = len(core)
    _, component = connected_components(graph, directed=False)
    # Number clusters by their first core point, in index order as scikit-learn does.
    first = np.full(n, n, dtype=np.intp)
    np.minimum.at(first, component[core], np.flatnonzero(core))
    order = np.argsort(first)
    rank = np.empty(n, dtype=np.intp)
    rank[order] = np.arange(n)
    labels[core] = rank[component[core]]
    kinds[core] = POINT_TYPES.index("core")
    others = np.flatnonzero(~core)
    if not others.size:
        return
    # A border point joins the lowest-numbered cluster among its core neighbours.
    reach = dist[np.ix_(others, np.flatnonzero(core))] <= eps
    joined = np.where(reach, labels[core][None, :], n).min(axis=1, initial=n)
    border = joined < n
    labels[others[border]] = joined[border]
    kinds[others[border]] = POINT_TYPES.index("border")
