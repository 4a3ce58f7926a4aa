"""The `DISTANCES` registry and `distance_matrix`: every distance the app offers, defined once.

The slides' "Similarities and distances" (Rodriguez, clustering course): Minkowski distances
and their special cases, Mahalanobis, cosine, the qualitative-feature distances (Hamming,
Jaccard) and the geodesic distance through a k-nearest-neighbour graph.
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass
from typing import Any

import numpy as np
from scipy.sparse import csr_matrix
from scipy.sparse.csgraph import connected_components, shortest_path
from scipy.spatial.distance import cdist, pdist
from sklearn.neighbors import kneighbors_graph

from clustering._blocks import row_blocks
from clustering._validation import check_X
from clustering.params import AlgorithmParam
from metrics.validation import check_integer, check_real


@dataclass(frozen=True, kw_only=True)
class DistanceSpec:
    """One distance between points.

    Attributes
    ----------
    name : str
        Registry key, and the ``metric`` name every algorithm accepts.
    label : str
        Display name.
    formula : str
        LaTeX of :math:`d(x, y)`.
    description : str
        One line for a student.
    kind : {"quantitative", "binary"}
        The features it is meant for (the slides' quantitative and qualitative features).
    is_metric : bool
        Whether it satisfies the four axioms of a metric (symmetry, non-negativity, identity
        of indiscernibles, triangle inequality) for every value of its parameters.
    params : tuple of AlgorithmParam
        Its tunable parameters, each shown only when this distance is chosen.
    native : bool
        Whether scipy's ``cdist`` and scikit-learn's neighbour searches take the name alone
        with the same meaning, so an algorithm can use it without a precomputed matrix.

    Parameters
    ----------
    name, label, formula, description, kind, is_metric, params, native
        The attributes above, in that order.

    Examples
    --------
    >>> spec = DISTANCES["minkowski"]
    >>> spec.label, spec.is_metric, [p.name for p in spec.params]
    ('Minkowski', False, ['p'])
    """

    name: str
    label: str
    formula: str
    description: str
    kind: str
    is_metric: bool
    params: tuple[AlgorithmParam, ...] = ()
    native: bool = False


#: Default number of neighbours of the geodesic distance's graph (as scikit-learn's Isomap is
#: usually run: enough to connect a noisy manifold, few enough not to short-circuit it).
GEODESIC_NEIGHBORS = 10

_SPECS = [
    DistanceSpec(
        name="euclidean",
        label="Euclidean",
        formula=r"\sqrt{\sum_l (x_l - y_l)^2}",
        description="Straight-line distance (Minkowski with p = 2).",
        kind="quantitative",
        is_metric=True,
        native=True,
    ),
    DistanceSpec(
        name="cityblock",
        label="City block (Manhattan)",
        formula=r"\sum_l |x_l - y_l|",
        description="Sum of the coordinate differences (Minkowski with p = 1).",
        kind="quantitative",
        is_metric=True,
        native=True,
    ),
    DistanceSpec(
        name="chebyshev",
        label="Chebyshev (sup)",
        formula=r"\max_l |x_l - y_l|",
        description="Largest coordinate difference (Minkowski as p goes to infinity).",
        kind="quantitative",
        is_metric=True,
        native=True,
    ),
    DistanceSpec(
        name="minkowski",
        label="Minkowski",
        formula=r"\left(\sum_l |x_l - y_l|^p\right)^{1/p}",
        description="The p-norm of the difference; a metric only for p >= 1.",
        kind="quantitative",
        is_metric=False,
        params=(AlgorithmParam("p", "float", default=3.0, low=0.1, high=20.0, step=0.1,
                          shown_when=("metric", ("minkowski",)),
                          help="Minkowski exponent: 1 = city block, 2 = Euclidean, large = "
                               "Chebyshev; "
                               "below 1 it breaks the triangle inequality."),),
    ),
    DistanceSpec(
        name="mahalanobis",
        label="Mahalanobis",
        formula=r"\sqrt{(x - y)^\top \mathbb{C}^{-1} (x - y)}",
        description="Euclidean after decorrelating and rescaling the features by their covariance "
                    "C (estimated from the data).",
        kind="quantitative",
        is_metric=True,
    ),
    DistanceSpec(
        name="cosine",
        label="Cosine",
        formula=r"1 - \frac{x^\top y}{\|x\|\,\|y\|}",
        description="One minus the cosine of the angle between the vectors; ignores their lengths "
                    "(not a metric).",
        kind="quantitative",
        is_metric=False,
        native=True,
    ),
    DistanceSpec(
        name="hamming",
        label="Hamming",
        formula=r"\frac{1}{d}\,\#\{l : x_l \ne y_l\}",
        description="Share of the features that differ (times d: the number of changes turning x "
                    "into y).",
        kind="binary",
        is_metric=True,
    ),
    DistanceSpec(
        name="jaccard",
        label="Jaccard",
        formula=r"1 - \frac{|x \cap y|}{|x \cup y|}",
        description="One minus the share of the features present in either that are present in "
                    "both (a feature is present where it is non-zero).",
        kind="binary",
        is_metric=True,
    ),
    DistanceSpec(
        name="geodesic",
        label="Geodesic (kNN graph)",
        formula=r"\min_{\text{paths } x \to y} \sum_{\text{edges}} \|x_a - x_b\|",
        description="Length of the shortest path through the k-nearest-neighbour graph, each edge "
                    "as long as its Euclidean distance: distance along the data's surface.",
        kind="quantitative",
        is_metric=True,
        params=(AlgorithmParam("n_neighbors", "int", default=GEODESIC_NEIGHBORS, low=1, high=100,
                          step=1, shown_when=("metric", ("geodesic",)),
                          help="Geodesic distance: neighbours linked to each point. Too few cut "
                               "the graph "
                               "into pieces; too many short-circuit folds of the data."),),
    ),
]

DISTANCES: dict[str, DistanceSpec] = {s.name: s for s in _SPECS}

#: The parameters of every distance, each shown only when its distance is chosen.
DISTANCE_PARAMS: tuple[AlgorithmParam, ...] = tuple(p for s in _SPECS for p in s.params)


def inverse_covariance(X) -> np.ndarray:
    r"""The inverse of the sample covariance of ``X`` (ddof = 1): Mahalanobis' :math:`C^{-1}`.

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)

    Returns
    -------
    ndarray of shape (n_features, n_features)

    Raises
    ------
    ValueError
        When the covariance is singular (fewer samples than features plus one, a constant
        feature, or features that are linear combinations of others).

    Examples
    --------
    >>> inverse_covariance([[0, 0], [2, 0], [0, 1], [2, 1]]).round(3)
    array([[0.75, 0.  ],
           [0.  , 3.  ]])
    """
    X = check_X(X)
    n, d = X.shape
    cov = np.atleast_2d(np.cov(X, rowvar=False)) if n > 1 else np.zeros((d, d))
    if n <= d or np.linalg.matrix_rank(cov) < d:
        raise ValueError(
            f"the covariance of the {d} features is singular (n_samples={n}); drop constant or "
            "linearly dependent features, or pass VI= (an inverse covariance) yourself"
        )
    return np.linalg.inv(cov)


def knn_graph(X, n_neighbors: int = GEODESIC_NEIGHBORS) -> csr_matrix:
    """The k-nearest-neighbour graph of ``X``, edges weighted by their Euclidean length.

    scikit-learn's ``kneighbors_graph(mode="distance")``, as Isomap builds it: a directed
    sparse matrix whose row i holds i's ``n_neighbors`` nearest other points; shortest paths
    read it as undirected.

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
    n_neighbors : int
        In [1, n_samples - 1].

    Returns
    -------
    scipy.sparse.csr_matrix of shape (n_samples, n_samples)

    Raises
    ------
    ValueError
        If ``n_neighbors`` is not an integer in [1, n_samples - 1].

    Examples
    --------
    >>> knn_graph([[0.0], [1.0], [3.0]], n_neighbors=1).toarray()
    array([[0., 1., 0.],
           [1., 0., 0.],
           [0., 2., 0.]])
    """
    X = check_X(X)
    n = X.shape[0]
    n_neighbors = check_integer(n_neighbors, "n_neighbors (at most n_samples - 1)", 1, n - 1)
    return kneighbors_graph(X, n_neighbors, mode="distance")


def connected_knn_graph(X, n_neighbors: int = GEODESIC_NEIGHBORS) -> csr_matrix:
    """`knn_graph`, with its pieces (if it falls into several) joined as scikit-learn's
    Isomap joins them: an edge between the closest points of every two pieces.

    Parameters
    ----------
    X, n_neighbors
        As for `knn_graph`.

    Returns
    -------
    scipy.sparse.csr_matrix
        The graph, connected when read as undirected.

    Warns
    -----
    UserWarning
        When pieces were joined, naming how many there were and saying to raise
        ``n_neighbors``.

    Examples
    --------
    >>> import warnings
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     graph = connected_knn_graph([[0.0], [1.0], [5.0], [6.0]], n_neighbors=1)
    >>> graph.toarray()[1, 2], "2 separate pieces" in str(caught[0].message)
    (np.float64(4.0), True)
    """
    X = check_X(X)
    graph = knn_graph(X, n_neighbors)
    n_components, labels = connected_components(graph, directed=False)
    if n_components > 1:
        warnings.warn(
            f"the {n_neighbors}-nearest-neighbour graph falls into {n_components} separate "
            "pieces; they were joined by the shortest edge between each two pieces, as "
            "scikit-learn's Isomap does. Raise n_neighbors for a graph that is connected on "
            "its own.", UserWarning, stacklevel=2)
        graph = _joined(X, graph, labels, n_components)
    return graph


def _joined(X: np.ndarray, graph, labels: np.ndarray, n_components: int):
    """The graph plus, for every two components, an edge between their closest points."""
    graph = graph.tolil()
    members = [np.flatnonzero(labels == c) for c in range(n_components)]
    for a in range(n_components):
        for b in range(a):
            D = cdist(X[members[a]], X[members[b]])
            i, j = np.unravel_index(D.argmin(), D.shape)
            u, v = members[a][i], members[b][j]
            graph[u, v] = graph[v, u] = D[i, j]
    return graph.tocsr()


# Up to this many features a distance costs about as little as writing it: scipy's cdist
# computing both triangles beats pdist's one triangle plus the mirror copy (1.3-2.5 times
# squareform(pdist) at d = 2-8, n = 2,000). Beyond, computing each pair once wins: cdist
# was 0.55-0.72 of squareform(pdist) at d = 50, a tie at d = 10 here and 0.80-0.92 there in
# issue 40's run (benchmarks/results/clustering_distances.md).
_TWO_TRIANGLES_MAX_FEATURES = 8
# scipy's metrics whose cdist and pdist give the same bits for every pair (tested).
_SCIPY_METRICS = ("euclidean", "cityblock", "chebyshev", "cosine", "hamming", "jaccard")
# Distances in [0, 1] whatever the (finite) data: counts of features, no arithmetic that can
# overflow, so their matrix needs no finiteness check.
_BOUNDED_METRICS = ("hamming", "jaccard")
# Rows (or columns) per block of the square matrix: a block of a few hundred kB stays in
# cache while it is transposed or computed.
_BLOCK = 256


def _fill_lower(D: np.ndarray) -> None:
    """Copy the upper triangle of the square ``D`` onto its lower one.

    By square blocks, so reading columns stays in cache (scipy's squareform mirrors element
    by element: 0.6-0.8 of its time at n = 2,000-5,000).
    """
    n = D.shape[0]
    below = np.tri(_BLOCK, k=-1, dtype=bool)
    for a in range(0, n, _BLOCK):
        b = min(a + _BLOCK, n)
        diagonal = D[a:b, a:b]
        np.copyto(diagonal, diagonal.T.copy(), where=below[:b - a, :b - a])
        for c in range(b, n, _BLOCK):
            D[c:c + _BLOCK, a:b] = D[a:b, c:c + _BLOCK].T


def _square_pdist(X: np.ndarray, metric: str, **kwargs: Any) -> np.ndarray:
    """``squareform(pdist(X, metric, **kwargs))`` in one n x n buffer, its diagonal left
    unset.

    pdist writes the condensed distances into the buffer's tail; row i's are then moved to
    the head of row i, which never overtakes the condensed distances still to be read (row
    i ends at (i + 1) n, row i + 1's start after n^2 / 2 + i n - i^2 / 2). One triangle is
    computed, no second matrix allocated (squareform needs 1.5 n^2 floats).
    """
    n = X.shape[0]
    D = np.empty((n, n))
    flat = D.reshape(-1)
    start = n * n - n * (n - 1) // 2
    pdist(X, metric=metric, out=flat[start:], **kwargs)
    for i in range(n - 1):
        stop = start + n - 1 - i
        flat[i * n + i + 1:(i + 1) * n] = flat[start:stop]
        start = stop
    _fill_lower(D)
    return D


def _scipy_square(X: np.ndarray, metric: str, **kwargs: Any) -> np.ndarray:
    """The square matrix of scipy's ``metric``: both triangles by cdist for few features, one
    triangle by pdist beyond (`_TWO_TRIANGLES_MAX_FEATURES`); the diagonal is left unset."""
    if metric in _SCIPY_METRICS and X.shape[1] <= _TWO_TRIANGLES_MAX_FEATURES:
        return cdist(X, X, metric=metric, **kwargs)
    return _square_pdist(X, metric, **kwargs)


def _minkowski(X: np.ndarray, p: float) -> np.ndarray:
    r"""Minkowski distances :math:`(\sum_l |x_l - y_l|^p)^{1/p}` of the rows of ``X``.

    numpy by blocks of rows against the rows after them (one triangle, each block written
    with its transpose): scipy's pdist spends about 50 ns per pair at d = 2 where numpy's
    pow over an array takes 3 ns per element.
    """
    n, d = X.shape
    D = np.empty((n, n))
    # An overflow is reported by distance_matrix's finiteness check, with what to do.
    with np.errstate(over="ignore"):
        # Blocks of about 256 k distances, which stay in cache.
        for rows in row_blocks(n, n, max_rows=_BLOCK * _BLOCK * 4 // n):
            a, b = rows.start, rows.stop
            total = np.zeros((b - a, n - a))
            for feature in range(d):
                diff = np.subtract.outer(X[a:b, feature], X[a:, feature])
                np.abs(diff, out=diff)
                total += np.power(diff, p, out=diff)
            np.power(total, 1.0 / p, out=total)
            D[a:b, a:] = total
            D[a:, a:b] = total.T
    return D


def _whitened(X: np.ndarray, VI: np.ndarray) -> np.ndarray | None:
    r"""Points whose Euclidean distances are the Mahalanobis distances of ``X`` under ``VI``,
    or None when ``VI`` is not positive definite.

    :math:`(x - y)^\top V (x - y) = \|L^\top (x - y)\|^2` for the Cholesky factor
    :math:`V = L L^\top` (of VI's symmetric part, which is all the quadratic form sees);
    centring first keeps the rounding relative to the spread of the data, not its offset.
    """
    try:
        L = np.linalg.cholesky((VI + VI.T) / 2)
    except np.linalg.LinAlgError:
        return None
    return (X - X.mean(axis=0)) @ L


def distance_matrix(X, metric: str = "euclidean", **params: Any) -> np.ndarray:
    r"""All pairwise distances between the rows of ``X`` under a distance of `DISTANCES`.

    Minkowski: :math:`d(x, y) = (\sum_l |x_l - y_l|^p)^{1/p}`; p = 1 is the city-block, p = 2
    the Euclidean and p -> infinity the Chebyshev distance :math:`\max_l |x_l - y_l|`
    (slides, "Quantitative features: metric distances"). Mahalanobis:
    :math:`\sqrt{(x - y)^\top C^{-1} (x - y)}` with C the covariance of the features (the
    slides write it without the square root, which breaks the triangle inequality).
    Cosine: :math:`1 - x^\top y / (\|x\| \|y\|)`. Hamming: the share of differing features.
    Jaccard: :math:`1 - |x \cap y| / |x \cup y|`, a feature being present where it is
    non-zero (slides,
    "Qualitative features"). Geodesic: the shortest path through the k-nearest-neighbour
    graph with Euclidean edge lengths (slides, "Geodesic distance"; Tenenbaum, de Silva and
    Langford 2000, Isomap), by Dijkstra's algorithm in ``scipy.sparse.csgraph``.

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
    metric : str
        A key of `DISTANCES`.
    **params
        ``p`` (minkowski, > 0; ``numpy.inf`` gives Chebyshev), ``VI`` (mahalanobis: the
        inverse covariance, estimated from X by `inverse_covariance` when not given),
        ``n_neighbors`` (geodesic, default 10).

    Returns
    -------
    ndarray of shape (n_samples, n_samples)
        Symmetric, zero on the diagonal, every entry finite.

    Raises
    ------
    ValueError
        Unknown metric or parameter, a parameter out of range, a singular covariance, or an
        all-zero row under cosine (its angle is undefined).

    Warns
    -----
    UserWarning
        When the k-nearest-neighbour graph falls into several pieces: they are joined, as
        scikit-learn's Isomap joins them, by an edge between the closest points of every
        two pieces, and the warning names how many pieces there were and says to raise
        ``n_neighbors``.

    Examples
    --------
    >>> X = [[0, 0], [3, 4]]
    >>> distance_matrix(X)[0, 1], distance_matrix(X, "cityblock")[0, 1]
    (np.float64(5.0), np.float64(7.0))
    >>> float(distance_matrix(X, "minkowski", p=np.inf)[0, 1])
    4.0
    >>> distance_matrix([[0.0], [1.0], [3.0]], "geodesic", n_neighbors=1)
    array([[0., 1., 3.],
           [1., 0., 2.],
           [3., 2., 0.]])
    """
    if metric not in DISTANCES:
        raise ValueError(f"unknown metric {metric!r}; valid names: {', '.join(DISTANCES)}")
    X = check_X(X)
    allowed = {p.name for p in DISTANCES[metric].params} | (
        {"VI"} if metric == "mahalanobis" else set())
    unknown = sorted(set(params) - allowed)
    if unknown:
        raise ValueError(
            f"unknown parameter(s) {', '.join(map(repr, unknown))} for metric {metric!r}; "
            f"valid: {', '.join(sorted(allowed)) or 'none'}"
        )
    if metric == "geodesic":
        graph = connected_knn_graph(X, params.get("n_neighbors", GEODESIC_NEIGHBORS))
        return shortest_path(graph, method="D", directed=False)
    kwargs: dict[str, Any] = {}
    if metric == "minkowski":
        p = params.get("p", DISTANCES["minkowski"].params[0].default)
        # p = inf is Chebyshev's distance, the limit of Minkowski's.
        kwargs["p"] = check_real(p, "p", 0, low_open=True, allow_inf=True)
    elif metric == "mahalanobis":
        VI = params.get("VI")
        VI = inverse_covariance(X) if VI is None else np.asarray(VI, dtype=float)
        if VI.shape != (X.shape[1],) * 2:
            raise ValueError(f"VI must be a {X.shape[1]} x {X.shape[1]} matrix, got {VI.shape}")
        kwargs["VI"] = VI
    elif metric == "cosine":
        zero = np.flatnonzero(~X.any(axis=1))
        if len(zero):
            raise ValueError(
                f"cosine distance is undefined for all-zero rows (rows {zero[:5].tolist()}); "
                "remove them or choose another metric"
            )
    # Every one of these distances is symmetric. Mahalanobis is the Euclidean distance of the
    # whitened points (several times scipy's pdist), unless VI is not positive definite.
    if metric == "mahalanobis" and (Z := _whitened(X, kwargs["VI"])) is not None:
        D = _scipy_square(Z, "euclidean")
    elif metric == "minkowski":
        D = (_minkowski(X, kwargs["p"]) if np.isfinite(kwargs["p"])
             else _scipy_square(X, "chebyshev"))
    elif metric == "jaccard":
        # Presence is what Jaccard compares (the formula's sets); scipy's jaccard on the raw
        # values would also count 1 against 2 as a mismatch.
        D = _scipy_square(X != 0, metric)
    else:
        D = _scipy_square(X, metric, **kwargs)
    np.fill_diagonal(D, 0.0)
    # NaN and inf both survive max (distances are non-negative): one pass, no n^2 mask.
    if metric not in _BOUNDED_METRICS and not np.isfinite(D.max()):
        raise ValueError(
            f"the {metric} distances of these data are not all finite (a negative-definite VI, "
            "or values too large); rescale the data or choose another metric"
        )
    return D
