"""What a clustering run costs, estimated before it runs, so a shared server can refuse it.

Each registered algorithm has a work formula in its size (n points, d features) and
parameters, taken from its complexity, and a measured cost per unit of work; memory is the
largest array it holds (n x n distance or message matrices for the quadratic ones). The
constants were measured with ``benchmarks/bench_budget.py`` on one core and round up.

The app runs an algorithm only when `estimate_cost` fits `APP_BUDGET`; `max_rows` gives the
largest sample that would fit, for the message that offers it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np

from clustering.catalog import ALGORITHMS
from clustering.distances import DISTANCES
from clustering.hierarchical import EUCLIDEAN_ONLY, VECTOR_SINGLE_METRICS
from metrics.validation import check_integer

# Squared distances summed over all points must stay well below float64's 1.8e308.
MAX_SUM_OF_SQUARES = 1e300
# Below this, squared distances between distinct points round to zero.
MIN_SQUARED_SPAN = 1e-290


@dataclass(frozen=True)
class Budget:
    """Largest run allowed: CPU seconds on one core and bytes of working memory.

    Parameters
    ----------
    seconds : float
        CPU seconds on one core.
    memory_bytes : float
        Bytes of working memory.

    Examples
    --------
    >>> Budget(seconds=1.0, memory_bytes=1e8).seconds
    1.0
    """

    seconds: float
    memory_bytes: float


@dataclass(frozen=True)
class Cost:
    """Estimated CPU seconds (one core) and peak working memory of one run, in bytes.

    Parameters
    ----------
    seconds, memory_bytes : float
        As in :class:`Budget`, estimated for one run.

    Examples
    --------
    >>> Cost(2.0, 1e6).fits(Budget(seconds=1.0, memory_bytes=1e9))
    False
    """

    seconds: float
    memory_bytes: float

    def fits(self, budget: Budget) -> bool:
        return self.seconds <= budget.seconds and self.memory_bytes <= budget.memory_bytes


# What one classroom server gives one run: a few seconds, a few hundred MB.
APP_BUDGET = Budget(seconds=10.0, memory_bytes=1.0e9)

_F = 8  # bytes per float64
# Seconds any run costs whatever its size (validation, estimator set-up, label handling).
_OVERHEAD_S = 0.05


def _pairwise(n, d, p):
    """All n^2 pair distances: the work of the neighbourhood-based algorithms."""
    return n * n * (d + 8)


def _hierarchical_memory(n, d, p):
    """Linkages built from the points (fastcluster's linkage_vector) hold O(n d); the others
    the condensed distance matrix (4 n^2 bytes) and the linkage."""
    if p["linkage"] in EUCLIDEAN_ONLY or (
            p["linkage"] == "single" and p["metric"] in VECTOR_SINGLE_METRICS):
        return n * (d + 32) * _F
    return n * n * _F


# name -> (seconds per unit of work, work(n, d, params), memory(n, d, params) in bytes).
# Iterative algorithms count every one of their max_iter rounds: the worst case they allow.
_MODELS: dict[str, tuple[float, Callable, Callable]] = {
    "kmeans": (2e-8, lambda n, d, p: n * p["n_clusters"] * d * p["max_iter"],
               lambda n, d, p: n * (d + p["n_clusters"]) * _F * 4),
    "fuzzy_cmeans": (2e-8, lambda n, d, p: n * p["n_clusters"] * d * p["max_iter"],
                     lambda n, d, p: n * (d + p["n_clusters"]) * _F * 6),
    "gmm": (1e-9, lambda n, d, p: n * p["n_clusters"] * (d + 1) ** 2 * p["max_iter"]
            * p.get("n_init", 1), lambda n, d, p: n * p["n_clusters"] * (d + 1) * _F * 4),
    "dbscan": (5e-9, _pairwise, lambda n, d, p: n * n * _F),
    "density_peaks": (5e-9, _pairwise, lambda n, d, p: 3 * n * n * _F),
    "hierarchical": (5e-9, _pairwise, _hierarchical_memory),
    "hdbscan": (5e-9, _pairwise, lambda n, d, p: 2 * n * n * _F),
    "kmedoids": (2e-8, lambda n, d, p: n * n * (d + p["n_clusters"]),
                 lambda n, d, p: 5 * n * n * _F),
    "spectral": (1e-8, lambda n, d, p: _pairwise(n, d, p)
                 + n * p["n_clusters"] * p["n_neighbors"] * 300,
                 lambda n, d, p: (4 * n * n if p["affinity"] == "rbf"
                                  else 12 * n * p["n_neighbors"]) * _F),
    # Both loop in Python over the points: a large cost per point before the n^2 term shows.
    "mean_shift": (5e-7, lambda n, d, p: (2e6 + n * n * (1 + d / 32))
                   * (1 if p["bin_seeding"] else 10), lambda n, d, p: n * n * _F),
    "optics": (1.3e-7, lambda n, d, p: (18_000 * n + n * n) * (1 + d / 32),
               lambda n, d, p: 2 * n * n * _F),
    "birch": (2e-8, lambda n, d, p: n * d * p["branching_factor"] * 10,
              lambda n, d, p: n * d * _F * 16),
    "affinity_propagation": (6e-9, lambda n, d, p: n * n * (d + p["max_iter"]),
                             lambda n, d, p: 7 * n * n * _F),
}


def _metric_cost(n: float, d: float, p: Mapping[str, Any]) -> tuple[float, float]:
    """Extra seconds and bytes of a metric the algorithm cannot compute itself: the full
    n x n matrix of `clustering.distance_matrix` comes first, and for the geodesic distance
    Dijkstra's algorithm from every point, O(n (n k + n log n))."""
    metric = p.get("metric")
    if metric is None or DISTANCES[metric].native:
        return 0.0, 0.0
    seconds = 5e-9 * _pairwise(n, d, p)
    if metric == "geodesic":
        seconds += 1e-8 * n * n * (p["n_neighbors"] + np.log2(max(n, 2.0)))
    return seconds, n * n * _F


def estimate_cost(name: str, n_samples: int, n_features: int,
                  params: Mapping[str, Any] | None = None) -> Cost:
    """Estimated CPU time and memory of `clustering.run` (``name``) on n x d data.

    The time is the algorithm's work in the worst case its parameters allow (e.g. every one
    of ``max_iter`` rounds) times a cost per unit measured on one core; the memory is its
    largest arrays. A metric computed as a full matrix first (geodesic, Mahalanobis, ...)
    adds that matrix and its computation. Both are upper estimates, good to a small factor.

    Parameters
    ----------
    name : str
        A key of `clustering.ALGORITHMS`.
    n_samples, n_features : int
    params : mapping, optional
        The algorithm's parameters; missing ones take their registered default.

    Returns
    -------
    Cost

    Raises
    ------
    ValueError
        Unknown algorithm.

    Examples
    --------
    >>> small = estimate_cost("affinity_propagation", 500, 2)
    >>> large = estimate_cost("affinity_propagation", 5000, 2)
    >>> round(large.memory_bytes / small.memory_bytes)   # n^2 message matrices
    100
    >>> large.fits(APP_BUDGET)
    False
    """
    if name not in _MODELS:
        raise ValueError(f"unknown algorithm {name!r}; valid names: {', '.join(ALGORITHMS)}")
    resolved = {p.name: p.default for p in ALGORITHMS[name].params} | dict(params or {})
    per_unit, work, memory = _MODELS[name]
    n = float(check_integer(n_samples, "n_samples", 0))
    d = float(check_integer(n_features, "n_features", 1))
    extra_seconds, extra_bytes = _metric_cost(n, d, resolved)
    return Cost(seconds=_OVERHEAD_S + per_unit * work(n, d, resolved) + extra_seconds,
                memory_bytes=memory(n, d, resolved) + extra_bytes)


def max_rows(name: str, n_features: int, params: Mapping[str, Any] | None = None,
             budget: Budget = APP_BUDGET) -> int:
    """The largest number of points ``name`` can cluster within ``budget`` (0 if none).

    Parameters
    ----------
    name : str
        A key of `clustering.ALGORITHMS`.
    n_features : int
    params : mapping, optional
        The algorithm's parameters; missing ones take their registered default.
    budget : Budget, default=APP_BUDGET

    Returns
    -------
    int
        Found by doubling, then bisection, on `estimate_cost`.

    Examples
    --------
    >>> m = max_rows("affinity_propagation", 2)
    >>> estimate_cost("affinity_propagation", m, 2).fits(APP_BUDGET)
    True
    >>> estimate_cost("affinity_propagation", m + 1, 2).fits(APP_BUDGET)
    False
    """
    low, high = 0, 1
    while estimate_cost(name, high, n_features, params).fits(budget) and high < 10**12:
        low, high = high, high * 2
    while high - low > 1:
        middle = (low + high) // 2
        if estimate_cost(name, middle, n_features, params).fits(budget):
            low = middle
        else:
            high = middle
    return low


def distances_overflow(X) -> bool:
    """Whether squared distances in ``X`` overflow or vanish in float64.

    True when n · d · max|x|² exceeds `MAX_SUM_OF_SQUARES` (sums of squared distances, as
    k-means and the internal indices form them, would be infinite) or when the points are
    distinct but every squared distance rounds to zero. Standardising the features fixes both.

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features), finite

    Returns
    -------
    bool

    Examples
    --------
    >>> distances_overflow(np.full((60, 2), 1e200) * np.arange(60)[:, None])
    True
    >>> distances_overflow([[0.0, 1.0], [2.0, 3.0]])
    False
    """
    X = np.asarray(X, dtype=float)
    if X.size == 0:
        return False
    largest = float(np.max(np.abs(X)))
    # Compared on a log scale so the check itself cannot overflow.
    if np.log10(X.size) + 2 * np.log10(largest or 1.0) > np.log10(MAX_SUM_OF_SQUARES):
        return True
    span = float(np.max(np.ptp(X, axis=0)))
    return span > 0 and span**2 < MIN_SQUARED_SPAN
