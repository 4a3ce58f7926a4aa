"""Pairwise distances computed block by block, so that memory grows like n, not n^2."""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
from scipy.spatial.distance import cdist

# Largest number of distances held at once in one block (32 MB of float64).
BLOCK_ELEMENTS = 1 << 22
# Up to this many pairs (128 MB of float64, n up to about 5,700) the blocks are computed once
# and kept for every pass; above it each pass recomputes them (memory O(n) + one block).
STORED_PAIRS = 1 << 24
# Up to this many pairs the k-th smallest distance is found by partitioning all of them.
_DIRECT_PAIRS = 1 << 16
# Rows (and as many columns) sampled to bracket a distance quantile before the exact pass.
_SAMPLE_ROWS = 256
# Stored blocks are cut into at least this many row blocks: the wasted lower-left triangles of
# the diagonal squares are then at most 1/_MIN_BLOCKS of the pairs.
_MIN_BLOCKS = 16


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


def distances(X: np.ndarray, rows, cols, metric, out: np.ndarray | None = None,
              squared: bool = False) -> np.ndarray:
    """Distances between the points ``X[rows]`` and ``X[cols]`` (slices or index arrays),
    written into ``out`` (a flat buffer) when given.

    ``cdist`` of those rows of X, or the block of X itself when ``metric="precomputed"``.
    A reused buffer saves the page faults of a fresh array per block (half the time of a
    block). Euclidean distances are taken as the square root of scipy's squared euclidean
    ones: the same sums of squares rounded by the same correctly rounded square root, so the
    same numbers as ``cdist``'s (tests compare with pdist exactly), in a third of the time.
    ``squared=True`` leaves out that square root (Euclidean metric only).
    """
    if isinstance(metric, str) and metric == "precomputed":
        block = X[rows][:, cols]
        if out is None:
            return np.array(block)
        out = out[: block.size].reshape(block.shape)
        np.copyto(out, block)
        return out
    XA, XB = X[rows], X[cols]
    if out is not None:
        out = out[: XA.shape[0] * XB.shape[0]].reshape(XA.shape[0], XB.shape[0])
    if isinstance(metric, str) and metric == "euclidean":
        d = cdist(XA, XB, metric="sqeuclidean", out=out)
        return d if squared else np.sqrt(d, out=d)
    return cdist(XA, XB, metric=metric, out=out)


def row_blocks(n_rows: int, n_cols: int, max_rows: int | None = None) -> Iterator[slice]:
    """Slices of rows such that a block of rows x ``n_cols`` stays under BLOCK_ELEMENTS."""
    step = max(1, BLOCK_ELEMENTS // max(n_cols, 1))
    if max_rows is not None:
        step = max(1, min(step, max_rows))
    for start in range(0, n_rows, step):
        yield slice(start, min(start + step, n_rows))


class UpperTriangle:
    """Blocks of the upper triangle of the distance matrix: each unordered pair once.

    Iterating yields ``(rows, block)`` with ``block[a, b] = v(rows.start + a, rows.start + b)``
    for b > a and +inf elsewhere (the point itself and pairs already seen), so that kernels
    (exp(-inf) = 0) and comparisons (inf < t is False) skip them without a mask copy. The
    values ``v`` are the distances, or their squares when ``squared`` (the Euclidean metric:
    the square root is the costliest step of a block, and every use needs only the order of
    the distances or their squares); :meth:`threshold` and :meth:`distance` convert exactly.
    Blocks are read-only. Up to ``STORED_PAIRS`` pairs they are computed once and kept, so
    that the several passes of an algorithm cost one distance computation; beyond, every pass
    recomputes them and memory stays O(n) plus one block.
    """

    def __init__(self, X: np.ndarray, metric) -> None:
        self.X, self.metric = X, metric
        self.squared = isinstance(metric, str) and metric == "euclidean"
        n = X.shape[0]
        self.n_pairs = n * (n - 1) // 2
        self._stored = None
        self._below: tuple[float, list] | None = None
        if self.n_pairs <= STORED_PAIRS:
            self._stored = list(self._compute(stored=True))

    def __iter__(self) -> Iterator[tuple[slice, np.ndarray]]:
        return iter(self._stored) if self._stored is not None else self._compute(stored=False)

    def _compute(self, stored: bool) -> Iterator[tuple[slice, np.ndarray]]:
        """The blocks; recomputed ones share one buffer (each is valid until the next)."""
        X, n = self.X, self.X.shape[0]
        blocks = list(row_blocks(n, n, -(-n // _MIN_BLOCKS) if stored else None))
        sizes = [(rows.stop - rows.start) * (n - rows.start) for rows in blocks]
        # Stored: one buffer holding every block; recomputed: one block's worth, reused.
        buffer = np.empty(sum(sizes) if stored else max(sizes, default=0))
        offset = 0
        for rows, size in zip(blocks, sizes, strict=True):
            block = distances(X, rows, slice(rows.start, None), self.metric, buffer[offset:],
                              squared=self.squared)
            if stored:
                offset += size
            height = rows.stop - rows.start
            block[:, :height][np.tri(height, dtype=bool)] = np.inf
            block.flags.writeable = False
            yield rows, block

    def threshold(self, distance: float) -> float:
        """The block value t such that ``value < t`` exactly when the distance < ``distance``.

        For squared blocks: the smallest double whose correctly rounded square root is at
        least ``distance`` (the square root is monotone, so comparing squares against it
        decides the same as comparing the square roots against ``distance``).
        """
        if not self.squared or not np.isfinite(distance) or distance <= 0:
            return distance
        t = distance * distance
        while np.sqrt(t) < distance:
            t = np.nextafter(t, np.inf)
        while np.sqrt(np.nextafter(t, 0.0)) >= distance:
            t = np.nextafter(t, 0.0)
        return float(t)

    def distance(self, values):
        """Distances from block values (their square roots for squared blocks)."""
        return np.sqrt(values) if self.squared else values

    def below(self, distance: float) -> list | Iterator[tuple[np.ndarray, np.ndarray, np.ndarray]]:
        """The pairs closer than ``distance``, block by block: arrays ``(i, j, d_ij)``, i < j.

        Recomputed blocks: a generator, memory that of one block's pairs below the threshold.
        Stored blocks: a list, kept for the next call with the same ``distance`` (density
        peaks asks twice for the pairs within d_c, about ``percent`` % of them).
        """
        if self._stored is None:
            return self._below_blocks(distance)
        if self._below is None or self._below[0] != distance:
            self._below = (distance, list(self._below_blocks(distance)))
        return self._below[1]

    def _below_blocks(self, distance: float) -> Iterator[tuple[np.ndarray, np.ndarray, np.ndarray]]:
        limit = self.threshold(distance)
        for rows, block in self:
            flat = np.flatnonzero(block < limit)
            i, j = np.divmod(flat, block.shape[1])
            i += rows.start
            j += rows.start
            yield i, j, self.distance(block.ravel()[flat])

    def kth_smallest(self, k: int) -> float:
        """The k-th smallest (0-based) of the n(n-1)/2 distances, exactly.

        Few pairs: all of them are partitioned. Otherwise the value is bracketed by the
        values of a sample of pairs (``_SAMPLE_ROWS`` random rows x as many random columns),
        then one pass over the blocks counts the values below the bracket and keeps only
        those inside it; the bracket is widened and the pass repeated in the rare case it
        missed. Memory stays O(n + number of values in the bracket).
        """
        if not 0 <= k < self.n_pairs:
            raise ValueError(f"k={k} out of range for {self.n_pairs} pairs")
        if self.n_pairs <= _DIRECT_PAIRS:
            values = np.concatenate([block.ravel() for _, block in self])
            return float(self.distance(np.partition(values, k)[k]))
        X, n = self.X, self.X.shape[0]
        rng = np.random.default_rng(0)
        size = min(_SAMPLE_ROWS, n)
        rows, cols = rng.choice(n, size=size, replace=False), rng.choice(n, size, replace=False)
        sample = distances(X, rows, cols, self.metric, squared=self.squared)
        sample = sample[rows[:, None] != cols[None, :]]
        last = len(sample) - 1
        q = (k + 0.5) / self.n_pairs
        margin = 0.005
        while True:
            lo_q, hi_q = q - margin, q + margin
            # Only the two bracket values are needed: two partitions, not a sort (numpy's
            # partition at several positions at once is slower than sorting).
            top = int(np.ceil(hi_q * last)) if hi_q < 1 else last
            smallest = np.partition(sample, top)[: top + 1]
            hi = np.inf if hi_q >= 1 else smallest[top]
            bottom = int(lo_q * last) if lo_q > 0 else 0
            lo = -np.inf if lo_q <= 0 else np.partition(smallest, bottom)[bottom]
            below, inside = 0, []
            for _, block in self:
                # Filter on the upper end first: it keeps only ~ q + margin of the block.
                kept = block[block <= hi] if hi < np.inf else block[block < np.inf]
                below += int(np.count_nonzero(kept < lo))
                inside.append(kept[kept >= lo])
            inside = np.concatenate(inside)
            if below <= k < below + len(inside):
                return float(self.distance(np.partition(inside, k - below)[k - below]))
            margin *= 4
