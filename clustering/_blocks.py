"""Pairwise distances computed block by block, so that memory grows like n, not n^2."""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
from scipy.spatial.distance import cdist, pdist

# Largest number of distances held at once in one block (32 MB of float64).
BLOCK_ELEMENTS = 1 << 22
# Up to this many pairs, the condensed distance vector is small enough to hold whole.
_DIRECT_PAIRS = 1 << 22
# Rows sampled to bracket a distance quantile before the exact pass.
_SAMPLE_ROWS = 256


def check_metric(X: np.ndarray, metric) -> None:
    """Raise ValueError if scipy's ``cdist`` does not accept ``metric``, or if, for
    ``metric="precomputed"``, X is not a square matrix of finite non-negative distances."""
    if metric == "precomputed":
        if X.shape[0] != X.shape[1] or not np.isfinite(X).all() or (X < 0).any():
            raise ValueError("with metric='precomputed', X must be a square matrix of finite, "
                             "non-negative distances (clustering.distance_matrix makes one)")
        return
    try:
        cdist(X[:1], X[:1], metric=metric)
    except (ValueError, TypeError) as err:
        raise ValueError(
            f"metric {metric!r} is not a scipy.spatial.distance metric usable on this data: {err}"
        ) from None


def pair_distances(X: np.ndarray, rows, cols, metric) -> np.ndarray:
    """Distances between the points ``rows`` and the points ``cols`` (slices or index arrays):
    ``cdist`` of those rows of X, or the block of X itself when ``metric="precomputed"``."""
    if metric == "precomputed":
        block = X[rows]
        return np.array(block[:, cols])
    return cdist(X[rows], X[cols], metric=metric)


def row_blocks(n_rows: int, n_cols: int) -> Iterator[slice]:
    """Slices of rows such that a block of rows x ``n_cols`` stays under BLOCK_ELEMENTS."""
    step = max(1, BLOCK_ELEMENTS // max(n_cols, 1))
    for start in range(0, n_rows, step):
        yield slice(start, min(start + step, n_rows))


def upper_blocks(X: np.ndarray, metric) -> Iterator[tuple[slice, np.ndarray]]:
    """Blocks of the upper triangle of the distance matrix: each unordered pair once.

    Yields ``(rows, block)`` with ``block[a, b] = d(rows.start + a, rows.start + b)`` for
    b > a and +inf elsewhere (the point itself and pairs already seen), so that kernels
    (exp(-inf) = 0) and comparisons (inf < t is False) skip them without a mask copy.
    """
    n = X.shape[0]
    for rows in row_blocks(n, n):
        block = pair_distances(X, rows, slice(rows.start, None), metric)
        size = rows.stop - rows.start
        block[:, :size][np.tri(size, dtype=bool)] = np.inf
        yield rows, block


def kth_smallest_pair_distance(X: np.ndarray, metric, k: int) -> float:
    """The k-th smallest (0-based) of the n(n-1)/2 distances between distinct points, exactly.

    Small inputs use the condensed vector. Large ones bracket the value with the distances of a
    few sampled rows, then one blockwise pass counts the distances below the bracket and keeps
    only those inside it; the bracket is widened and the pass repeated in the rare case it
    missed. Memory stays O(n + number of distances in the bracket).
    """
    n = X.shape[0]
    n_pairs = n * (n - 1) // 2
    if not 0 <= k < n_pairs:
        raise ValueError(f"k={k} out of range for {n_pairs} pairs")
    if n_pairs <= _DIRECT_PAIRS:
        condensed = (X[np.triu_indices(n, 1)] if metric == "precomputed"
                     else pdist(X, metric=metric))
        return float(np.partition(condensed, k)[k])
    rng = np.random.default_rng(0)
    rows = rng.choice(n, size=_SAMPLE_ROWS, replace=False)
    sample = pair_distances(X, rows, slice(None), metric)
    sample = np.sort(sample[np.arange(n)[None, :] != rows[:, None]])
    q = (k + 0.5) / n_pairs
    margin = 0.005
    while True:
        lo_q, hi_q = q - margin, q + margin
        lo = -np.inf if lo_q <= 0 else sample[int(lo_q * (len(sample) - 1))]
        hi = np.inf if hi_q >= 1 else sample[int(np.ceil(hi_q * (len(sample) - 1)))]
        below, inside = 0, []
        for _, block in upper_blocks(X, metric):
            below += int(np.count_nonzero(block < lo))
            keep = (block >= lo) & (block <= hi)
            if hi == np.inf:
                keep &= block < np.inf
            inside.append(block[keep])
        inside = np.concatenate(inside)
        if below <= k < below + len(inside):
            return float(np.partition(inside, k - below)[k - below])
        margin *= 4
