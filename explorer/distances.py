"""The computations behind the Distances lesson: unit balls, neighbourhoods, geodesic paths."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from scipy.sparse.csgraph import shortest_path

from clustering.distances import connected_knn_graph, distance_matrix
from metrics.seeding import as_generator
from metrics.validation import check_real


def unit_ball(p: float, n_points: int = 401) -> np.ndarray:
    r"""Points of the 2-D Minkowski unit sphere :math:`|x|^p + |y|^p = 1` (``p = inf``: the
    square :math:`\max(|x|, |y|) = 1`), going once around, as an (n_points, 2) array.

    Parameters
    ----------
    p : float
        Positive; ``numpy.inf`` for the Chebyshev square.
    n_points : int
        Points along the outline (the first and last coincide).

    Returns
    -------
    ndarray of shape (n_points, 2)

    Examples
    --------
    >>> ball = unit_ball(1.0, 9)
    >>> np.abs(ball).sum(axis=1).round(12).tolist() == [1.0] * 9
    True
    """
    if not p > 0:
        raise ValueError(f"p must be positive, got {p!r}")
    angle = np.linspace(0, 2 * np.pi, n_points)
    direction = np.column_stack([np.cos(angle), np.sin(angle)])
    if np.isinf(p):
        norm = np.abs(direction).max(axis=1)
    else:
        norm = (np.abs(direction) ** p).sum(axis=1) ** (1 / p)
    return direction / norm[:, None]


def triangle_check(p: float) -> tuple[float, float]:
    """The two sides of the triangle inequality d(a, c) <= d(a, b) + d(b, c) for
    a = (0, 0), b = (1, 0), c = (1, 1) under the Minkowski distance of exponent p.

    For p < 1 the left side is larger: :math:`2^{1/p} > 2`, so the distance is not a metric.

    Parameters
    ----------
    p : float
        The Minkowski exponent.

    Returns
    -------
    direct : float
        d(a, c).
    detour : float
        d(a, b) + d(b, c).

    Examples
    --------
    >>> triangle_check(0.5)
    (4.0, 2.0)
    """
    D = distance_matrix([[0.0, 0.0], [1.0, 0.0], [1.0, 1.0]], "minkowski", p=p)
    return float(D[0, 2]), float(D[0, 1] + D[1, 2])


def correlated_cloud(n: int, correlation: float, random_state: int = 0) -> np.ndarray:
    """n points of a 2-D Gaussian with unit variances and the given correlation.

    Parameters
    ----------
    n : int
    correlation : float
        In (-1, 1).
    random_state : None, int or numpy.random.Generator
        Seed rule of `metrics.seeding.as_generator`.

    Returns
    -------
    ndarray of shape (n, 2)

    Examples
    --------
    >>> X = correlated_cloud(20000, 0.8)
    >>> round(float(np.corrcoef(X.T)[0, 1]), 2)
    0.8
    """
    check_real(correlation, "correlation", -1, 1, low_open=True, high_open=True)
    cov = np.array([[1.0, correlation], [correlation, 1.0]])
    return as_generator(random_state).multivariate_normal([0.0, 0.0], cov, size=n)


def most_central(X) -> int:
    """Index of the point nearest (in Euclidean distance) to the mean of the data.

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)

    Returns
    -------
    int

    Examples
    --------
    >>> most_central([[0.0, 0.0], [1.0, 1.0], [2.0, 2.0]])
    1
    """
    X = np.asarray(X, dtype=float)
    return int(np.argmin(np.linalg.norm(X - X.mean(axis=0), axis=1)))


def nearest(X, center: int, k: int, metric: str, **params) -> np.ndarray:
    """Indices of the k points nearest to point ``center`` (itself excluded) under ``metric``
    (`clustering.distance_matrix`), nearest first.

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
    center : int
    k : int
    metric : str
        A key of `clustering.DISTANCES`.
    **params
        The metric's parameters.

    Returns
    -------
    ndarray of int, shape (k,)

    Examples
    --------
    >>> nearest([[0.0, 0.0], [3.0, 0.0], [0.0, 1.0], [2.0, 2.0]], 0, 2, "cityblock").tolist()
    [2, 1]
    """
    row = distance_matrix(X, metric, **params)[center]
    order = np.argsort(row, kind="stable")
    return order[order != center][:k]


@dataclass(frozen=True, eq=False)
class GeodesicPath:
    """A shortest path through the k-nearest-neighbour graph.

    Attributes
    ----------
    path : ndarray of int
        Point indices from the source to the target.
    geodesic : float
        Its length (sum of the Euclidean lengths of its edges).
    euclidean : float
        The straight-line distance between its ends.
    edges : ndarray of shape (n_edges, 2)
        The graph's edges (i < j), for drawing.

    Parameters
    ----------
    path, geodesic, euclidean, edges
        The attributes above.

    Examples
    --------
    >>> found = geodesic_path([[0.0, 0.0], [1.0, 0.0], [1.0, 1.0]], 1, 0, 2)
    >>> found.path.tolist(), found.edges.tolist()
    ([0, 1, 2], [[0, 1], [1, 2]])
    """

    path: np.ndarray
    geodesic: float
    euclidean: float
    edges: np.ndarray


def geodesic_path(X, n_neighbors: int, source: int, target: int) -> GeodesicPath:
    """The shortest path from ``source`` to ``target`` in the k-nearest-neighbour graph
    (`clustering.distances.connected_knn_graph`, pieces joined; Dijkstra's algorithm in
    ``scipy.sparse.csgraph``), as the geodesic distance follows it.

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
    n_neighbors : int
        Neighbours of each point in the graph.
    source, target : int
        The path's ends.

    Returns
    -------
    GeodesicPath

    Examples
    --------
    >>> X = [[0.0, 0.0], [1.0, 0.0], [2.0, 0.0], [2.0, 1.0]]
    >>> found = geodesic_path(X, 1, 0, 3)
    >>> # three unit steps along the graph; straight line sqrt(2**2 + 1**2) = sqrt(5)
    >>> found.path.tolist(), found.geodesic, round(found.euclidean, 3)
    ([0, 1, 2, 3], 3.0, 2.236)
    """
    X = np.asarray(X, dtype=float)
    graph = connected_knn_graph(X, n_neighbors)
    lengths, predecessors = shortest_path(graph, method="D", directed=False, indices=source,
                                          return_predecessors=True)
    path = [target]
    while path[-1] != source:
        path.append(int(predecessors[path[-1]]))
    rows, cols = graph.nonzero()
    edges = np.unique(np.sort(np.column_stack([rows, cols]), axis=1), axis=0)
    return GeodesicPath(np.array(path[::-1]), float(lengths[target]),
                        float(np.linalg.norm(X[source] - X[target])), edges)


def farthest_pair(D, mask=None) -> tuple[int, int]:
    """The two points (among ``mask``, default all) whose distance in ``D`` is largest.

    Parameters
    ----------
    D : array-like of shape (n, n)
        A distance matrix.
    mask : array-like of bool, optional
        The points to choose from.

    Returns
    -------
    tuple of int
        The two indices, smaller first.

    Examples
    --------
    >>> D = np.array([[0, 1, 5], [1, 0, 4], [5, 4, 0]])
    >>> farthest_pair(D), farthest_pair(D, [True, True, False])
    ((0, 2), (0, 1))
    """
    D = np.asarray(D)
    idx = np.flatnonzero(np.ones(len(D), dtype=bool) if mask is None else mask)
    sub = D[np.ix_(idx, idx)]
    i, j = np.unravel_index(np.argmax(sub), sub.shape)
    return int(idx[min(i, j)]), int(idx[max(i, j)])
