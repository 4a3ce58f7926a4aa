"""Several algorithms on one dataset, and one algorithm over a grid of two parameters."""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

import numpy as np
import pandas as pd

import clustering
import metrics
from clustering.dbscan import k_distance
from explorer.dbscan_sweep import dbscan_sweep
from explorer.threads import one_thread
from metrics.validation import check_choice

# The five algorithms of the explorer pages, shown side by side by default.
DEFAULT_GALLERY = ("kmeans", "dbscan", "density_peaks", "hierarchical", "fuzzy_cmeans")
SCORES = ("ari", "ami_arithmetic")
GRIDS = ("dbscan", "kmeans")
# Relative to the median distance to the 5th neighbour, which sets the data's scale.
EPS_FACTORS = (0.25, 0.5, 0.75, 1.0, 1.5, 2.0, 3.0, 4.0, 6.0, 9.0, 14.0)
MIN_SAMPLES = (2, 3, 5, 8, 12, 20, 30)
KMEANS_K = tuple(range(2, 11))
KMEANS_SEEDS = tuple(range(8))


@dataclass(frozen=True)
class Panel:
    """One algorithm's clustering, its running time and its scores against the truth.

    Parameters
    ----------
    name : str
        Registry key of the algorithm (``clustering.ALGORITHMS``).
    params : dict
        The parameters it ran with, defaults filled in.
    labels : ndarray of shape (n_samples,)
        Cluster of each point, from 0 (noise -1).
    n_clusters : int
        Number of clusters found (noise excluded).
    seconds : float
        Wall time of the fit.
    scores : dict
        ``ari`` and ``ami_arithmetic`` against the true classes.

    Examples
    --------
    >>> import datasets
    >>> data = datasets.load("blobs", n_samples=60, noise=0.3, random_state=0)
    >>> panel = run_panel("kmeans", data.X, data.y)
    >>> panel.name, panel.n_clusters, round(panel.scores["ari"], 6)
    ('kmeans', 3, 1.0)
    """

    name: str
    params: dict[str, Any]
    labels: np.ndarray
    n_clusters: int
    seconds: float
    scores: dict[str, float]


def gallery_params(name: str, n_classes: int) -> dict[str, Any]:
    """The registry's defaults, with K set to the number of true classes where there is a K.

    As in scikit-learn's clustering comparison, algorithms that need the number of clusters
    are told the right one; the others must find it.

    Parameters
    ----------
    name : str
        Registry key of the algorithm.
    n_classes : int
        Number of true classes (clipped to the algorithm's range for K).

    Returns
    -------
    dict
        Parameter name -> value.

    Examples
    --------
    >>> gallery_params("kmeans", 5)["n_clusters"]
    5
    >>> "n_clusters" in gallery_params("dbscan", 5)
    False
    """
    spec = clustering.ALGORITHMS[name]
    params = {p.name: p.default for p in spec.params}
    if "n_clusters" in params:
        params["n_clusters"] = int(np.clip(n_classes, 1, spec.param("n_clusters").high or 30))
    return params


def run_panel(name: str, X, y, random_state: int = 0,
              params: dict[str, Any] | None = None) -> Panel:
    """Fit ``name`` on X (timed with ``time.perf_counter``) and score it against ``y``.

    Parameters
    ----------
    name : str
        Registry key of the algorithm.
    X : array-like of shape (n_samples, n_features)
    y : array-like of shape (n_samples,)
        True classes.
    random_state : int, default=0
    params : dict, optional
        The algorithm's parameters (default: `gallery_params`).

    Returns
    -------
    Panel

    Examples
    --------
    >>> import datasets
    >>> data = datasets.load("moons", n_samples=100, random_state=0)
    >>> run_panel("dbscan", data.X, data.y, params={"eps": 0.3, "min_samples": 5,
    ...                                             "metric": "euclidean"}).n_clusters
    2
    """
    params = gallery_params(name, len(np.unique(y))) if params is None else params
    start = time.perf_counter()
    result = clustering.run(name, X, random_state=random_state, **params)
    seconds = time.perf_counter() - start
    return Panel(name, result.params, result.labels, result.n_clusters, seconds,
                 metrics.compare(y, result.labels, SCORES))


def eps_values(X) -> np.ndarray:
    """eps values of the DBSCAN grid, scaled to the data: multiples of its typical spacing.

    The scale is the median distance of a point to its 5th nearest neighbour, counting the
    point itself as the first; the grid multiplies it by ``EPS_FACTORS`` (three significant
    digits).

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)

    Returns
    -------
    ndarray of shape (len(EPS_FACTORS),)

    Examples
    --------
    >>> import numpy as np
    >>> X = np.arange(10.0).reshape(-1, 1)   # 5th neighbours at 4,3,2,2,2,2,2,2,3,4: median 2
    >>> eps_values(X)[:4]                    # 2 x (0.25, 0.5, 0.75, 1)
    array([0.5, 1. , 1.5, 2. ])
    """
    scale = float(np.median(k_distance(X, min(5, len(X)), sort=False)))
    return np.array([float(f"{f * scale:.3g}") for f in EPS_FACTORS])


def dbscan_grid_row(X: np.ndarray, eps: np.ndarray, min_samples: int) -> np.ndarray:
    """DBSCAN's labels at every eps for one min_samples, as ``sklearn.cluster.DBSCAN``
    gives them, also when min_samples exceeds the number of points (all noise).

    Parameters
    ----------
    X : ndarray of shape (n_samples, n_features)
    eps : ndarray of shape (n_eps,)
        The radii, each > 0.
    min_samples : int
        Points (itself included) a core point needs within eps; at least 1.

    Returns
    -------
    ndarray of int, shape (n_eps, n_samples)
        Cluster of each point at each eps; -1 is noise.

    Examples
    --------
    >>> dbscan_grid_row(np.zeros((3, 2)), np.array([0.5, 1.0]), 5).tolist()
    [[-1, -1, -1], [-1, -1, -1]]
    """
    if min_samples > len(X):
        return np.full((len(eps), len(X)), -1)
    return dbscan_sweep(X, eps, min_samples)[0]


def parameter_grid(kind: str, X, y) -> pd.DataFrame:
    """Every clustering of a two-parameter grid, scored against ``y``.

    ``kind="dbscan"``: eps (`eps_values`) x min_samples; ``kind="kmeans"``: K x seed (plain
    k-means++ starts).

    Parameters
    ----------
    kind : {"dbscan", "kmeans"}
    X : array-like of shape (n_samples, n_features)
    y : array-like of shape (n_samples,)
        True classes.

    Returns
    -------
    DataFrame
        One row per cell: ``row`` and ``col`` (the two parameters' values, see
        `grid_axes`), ``n_clusters``, ``ari`` and ``ami``.

    Raises
    ------
    ValueError
        Unknown ``kind``.

    Examples
    --------
    >>> import datasets
    >>> data = datasets.load("blobs", n_samples=60, noise=0.3, random_state=0)
    >>> grid = parameter_grid("kmeans", data.X, data.y)
    >>> len(grid) == len(KMEANS_K) * len(KMEANS_SEEDS)
    True
    >>> float(grid.loc[grid["col"] == 3, "ari"].max())   # well-separated blobs, right K
    1.0
    """
    check_choice(kind, "kind", GRIDS)
    X = np.asarray(X, dtype=float)
    rows = []
    with one_thread():
        if kind == "dbscan":
            # One sweep over eps per min_samples gives scikit-learn's labels at a third of
            # the cost of a fit per cell (benchmarks/bench_explore.py).
            eps = eps_values(X)
            cells = ((m, e, labels) for m in MIN_SAMPLES
                     for e, labels in zip(eps, dbscan_grid_row(X, eps, m), strict=True))
        else:
            cells = ((seed, k, clustering.run("kmeans", X, random_state=seed,
                                              n_clusters=k).labels)
                     for seed in KMEANS_SEEDS for k in KMEANS_K)
        for row, col, labels in cells:
            scores = metrics.compare(y, labels, SCORES)
            rows.append({"row": row, "col": col, "n_clusters": int(labels.max()) + 1,
                         "ari": scores["ari"], "ami": scores["ami_arithmetic"]})
    return pd.DataFrame(rows)


def grid_axes(kind: str) -> tuple[str, str]:
    """Names of the row and column parameters of a grid.

    Parameters
    ----------
    kind : {"dbscan", "kmeans"}

    Returns
    -------
    tuple of two str

    Examples
    --------
    >>> grid_axes("dbscan")
    ('min_samples', 'eps')
    """
    return ("min_samples", "eps") if kind == "dbscan" else ("seed", "n_clusters")


def cell_params(kind: str, X, row: float, col: float) -> tuple[dict[str, Any], int]:
    """The parameters and seed of one cell of `parameter_grid`.

    Parameters
    ----------
    kind : {"dbscan", "kmeans"}
    X : array-like
        The data (kept for a uniform signature; the cell's values are absolute).
    row, col : float
        The cell's row and column values.

    Returns
    -------
    params : dict
    seed : int

    Examples
    --------
    >>> cell_params("kmeans", None, 4, 3)
    ({'n_clusters': 3}, 4)
    """
    if kind == "dbscan":
        return {"eps": float(col), "min_samples": int(row)}, 0
    return {"n_clusters": int(col)}, int(row)
