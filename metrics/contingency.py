"""The contingency table of two labelings, the one input every measure is computed from."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np
import scipy.sparse as sp

from metrics._labels import check_pair, encode

__all__ = ["DENSE_LIMIT_BYTES", "Contingency", "contingency_table", "resolve"]

#: Largest dense table (in bytes of int64 counts) built; larger tables are stored sparse.
DENSE_LIMIT_BYTES = 100 * 2**20
# Samples per chunk when counting cells.
_CHUNK = 1 << 16
# Samples range-checked and combined at a time: two pieces of int64 labels fit in L2 cache.
_PIECE = 1 << 15
# How a table is counted, the quickest way measured at n = 1e7 for its number of cells: up
# to _PAIRED_CELLS one np.add.at per pair of samples (half the increments, into a table of
# cells**2), up to _BINCOUNT_CELLS a bincount per piece, up to _ADD_AT_CELLS (2 MB of
# counts, a core's L2 cache) np.add.at into the one table, beyond that, given at least
# _BUFFERED_SAMPLES_PER_CELL samples per cell, a bincount per chunk of pieces at least as
# long as the table (np.add.at's scattered increments then miss the cache: 1.16 times its
# time at n = 1e7, 1,000 x 1,000 cells; with fewer samples per cell each chunk's fresh
# table costs more: 0.72-0.87 times at n = 1-4e6).
_PAIRED_CELLS = 128
_BINCOUNT_CELLS = 1024
_ADD_AT_CELLS = 1 << 18
_BUFFERED_SAMPLES_PER_CELL = 8
# Samples per chunk, in tables' worth: each chunk's bincount fills a fresh table, so two
# tables' worth per chunk halves that work (0.85 -> 0.95 of the plain bincount's time).
_CHUNK_TABLES = 2
# np.maximum.reduce: the max() method's extra Python layer is a few % per piece.
_max = np.maximum.reduce


@dataclass(frozen=True, eq=False)
class Contingency:
    """Counts ``n_ij`` of samples in class ``i`` of labels_true and cluster ``j`` of labels_pred.

    Build one with :func:`contingency_table` (from labelings) or :func:`from_counts` (from a
    table); the constructor does not check its arguments.

    Parameters
    ----------
    counts : numpy.ndarray or scipy.sparse.csr_array
        The R x C table of int64 counts (sparse when a dense table would exceed
        ``DENSE_LIMIT_BYTES`` or be much larger than n). Rows and columns of zero sum never
        occur.
    row_sums, col_sums : numpy.ndarray
        Class sizes ``a_i`` and cluster sizes ``b_j`` (int64).
    n : int
        Number of samples.
    true_labels, pred_labels : numpy.ndarray or None
        The label of each row / column (None when built from a bare table).

    Quantities derived from the table (entropies, pair counts, expected mutual information)
    are cached on the instance, so passing one ``Contingency`` to several measures (as
    :func:`metrics.compare` does) computes each of them once.

    Examples
    --------
    >>> ct = contingency_table([0, 0, 1, 1], [0, 0, 1, 2])
    >>> ct.shape, ct.n, ct.nnz
    ((2, 3), 4, 3)
    >>> ct.nonzero()[2].tolist()  # the counts of the non-zero cells, row by row
    [2, 1, 1]
    """

    counts: np.ndarray | sp.csr_array
    row_sums: np.ndarray
    col_sums: np.ndarray
    n: int
    true_labels: np.ndarray | None = None
    pred_labels: np.ndarray | None = None
    _cache: dict[Any, Any] = field(default_factory=dict, init=False, repr=False)

    @property
    def shape(self) -> tuple[int, int]:
        return (self.row_sums.size, self.col_sums.size)

    @property
    def is_sparse(self) -> bool:
        return sp.issparse(self.counts)

    @property
    def nnz(self) -> int:
        """Number of non-zero cells."""
        if self.is_sparse:
            return int(self.counts.nnz)
        return self.cached("nnz", lambda: int(np.count_nonzero(self.counts)))

    def nonzero(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Row indices, column indices and values (int64) of the non-zero cells."""
        if "nonzero" not in self._cache:
            if self.is_sparse:
                coo = self.counts.tocoo()
                cells = (coo.row.astype(np.intp), coo.col.astype(np.intp), coo.data)
            else:
                # One flat index array (then split) costs about half of a 2-D np.nonzero,
                # and np.nonzero of a bool mask a quarter of the int64 table's (no branch
                # per cell).
                flat = np.flatnonzero(self.counts != 0)
                rows = flat // self.shape[1]
                cells = (rows, flat - rows * self.shape[1], self.counts.ravel()[flat])
            self._cache["nonzero"] = cells
        return self._cache["nonzero"]

    def cell_margins(self) -> tuple[np.ndarray, np.ndarray]:
        """Row sum ``a_i`` and column sum ``b_j`` (int64) of each non-zero cell, cached.

        In the order of :meth:`nonzero`; several measures' per-cell terms need both.
        """

        def compute():
            rows, cols, _ = self.nonzero()
            return self.row_sums[rows], self.col_sums[cols]

        return self.cached("cell_margins", compute)

    def distinct_counts(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """The distinct counts x of the non-zero cells (sorted), each cell's index among them
        and the number of cells of each count, cached.

        Terms that depend on a cell's count only are then computed once per distinct count
        (at most sqrt(2n) of them, against up to n cells). Counts are mostly small: indexed
        by value when the largest is at most a few times their number (no sort), through
        ``np.unique`` otherwise.
        """

        def compute():
            values = self.nonzero()[2]
            largest = int(values.max())
            if largest > 4 * values.size + 1024:
                counts, group, cells = np.unique(
                    values, return_inverse=True, return_counts=True)
                return counts, group, cells
            cells = np.bincount(values, minlength=largest + 1)
            present = cells > 0
            rank = np.cumsum(present) - 1
            # The smallest index type: the cell-sized index array is kept with the table.
            rank = rank.astype(np.min_scalar_type(rank[-1]))
            return np.flatnonzero(present), rank[values], cells[present]

        return self.cached("distinct_counts", compute)

    def maxima(self, axis: int) -> np.ndarray:
        """Largest count of each column (``axis=0``) or row (``axis=1``), int64, cached."""

        def compute():
            if not self.is_sparse:
                return self.counts.max(axis=axis)
            # From the cached cells: scipy's column maxima of a CSR table cost seven times
            # this pass (10 ms against 1.5 ms at n = 1e6, K = 5,000).
            rows, cols, values = self.nonzero()
            largest = np.zeros(self.shape[1 - axis], dtype=np.int64)
            np.maximum.at(largest, cols if axis == 0 else rows, values)
            return largest

        return self.cached(("maxima", axis), compute)

    def cached(self, key: Any, compute: Any) -> Any:
        """Return ``compute()``, computed once per ``key`` for this table."""
        if key not in self._cache:
            self._cache[key] = compute()
        return self._cache[key]

    def toarray(self) -> np.ndarray:
        """The table as a dense array (refuses tables above ``DENSE_LIMIT_BYTES``)."""
        if not self.is_sparse:
            return self.counts
        rows, cols = self.shape
        if rows * cols * 8 > DENSE_LIMIT_BYTES:
            raise ValueError(
                f"the {rows} x {cols} contingency table is too large to make dense "
                f"(more than {DENSE_LIMIT_BYTES // 2**20} MB); use its sparse counts."
            )
        return self.counts.toarray()


def contingency_table(labels_true: object, labels_pred: object) -> Contingency:
    """Contingency table of two labelings of the same samples.

    ``counts[i, j] = |U_i ∩ V_j|`` (Vinh et al. 2009, Table 1), with rows the classes of
    ``labels_true`` and columns the clusters of ``labels_pred``, each in sorted label order when
    the labels are sortable.

    Built in O(n): labels become integer codes (their own values when they are integers in a
    small range, otherwise via ``np.unique``), and one ``np.bincount`` of the combined codes
    counts every cell. Tables above ``DENSE_LIMIT_BYTES`` (or much larger than n) are stored
    as ``scipy.sparse``.

    Parameters
    ----------
    labels_true, labels_pred : array-like of shape (n_samples,)
        Hashable labels (ints, strings, floats, mixed objects); NaN/None are rejected.

    Returns
    -------
    Contingency

    Raises
    ------
    ValueError
        On empty, 2-D, NaN-containing or unequal-length labelings.

    Examples
    --------
    Class "a" holds samples 0 and 1, both in cluster 0; class "b" holds sample 2 (cluster 1)
    and sample 3 (cluster 2):

    >>> ct = contingency_table(["a", "a", "b", "b"], [0, 0, 1, 2])
    >>> ct.toarray().tolist()
    [[2, 0, 0], [0, 1, 1]]
    >>> ct.row_sums.tolist(), ct.col_sums.tolist(), ct.true_labels.tolist()
    ([2, 2], [2, 1, 1], ['a', 'b'])
    """
    a, b = check_pair(labels_true, labels_pred)
    # Dense when it fits the memory limit and costs at most ~ what sorting n codes would.
    dense_cells = min(DENSE_LIMIT_BYTES // 8, 16 * a.shape[0] + 65536)
    counts = _count_small_integers(a, b, dense_cells)
    if counts is not None:
        uniques_a = uniques_b = None
        offset_a = offset_b = 0
        span_a, span_b = counts.shape
    else:
        codes_a, span_a, uniques_a, offset_a = encode(a)
        codes_b, span_b, uniques_b, offset_b = encode(b)
    if counts is None and span_a * span_b > dense_cells and (
        offset_a is not None or offset_b is not None
    ):
        # Unused codes could make the table huge: compact them before deciding.
        codes_a, span_a, uniques_a, offset_a = _compact(codes_a, span_a, uniques_a, offset_a)
        codes_b, span_b, uniques_b, offset_b = _compact(codes_b, span_b, uniques_b, offset_b)
    if counts is not None or span_a * span_b <= dense_cells:
        if counts is None:
            counts = _dense_counts(codes_a, codes_b, span_a, span_b)
        row_sums, col_sums = counts.sum(axis=1), counts.sum(axis=0)
        keep_rows, keep_cols = row_sums > 0, col_sums > 0
        if not keep_rows.all():
            counts, row_sums = counts[keep_rows], row_sums[keep_rows]
        if not keep_cols.all():
            counts, col_sums = np.ascontiguousarray(counts[:, keep_cols]), col_sums[keep_cols]
    else:
        combined = np.multiply(codes_a, span_b, dtype=np.int64, casting="unsafe")
        combined += codes_b
        cells, values = np.unique(combined, return_counts=True)
        counts = sp.csr_array(
            (values.astype(np.int64), (cells // span_b, cells % span_b)), shape=(span_a, span_b)
        )
        row_sums = np.asarray(counts.sum(axis=1)).astype(np.int64).ravel()
        col_sums = np.asarray(counts.sum(axis=0)).astype(np.int64).ravel()
        keep_rows, keep_cols = np.ones(span_a, bool), np.ones(span_b, bool)
    return Contingency(
        counts=counts,
        row_sums=row_sums,
        col_sums=col_sums,
        n=int(a.shape[0]),
        true_labels=_labels_of(uniques_a, offset_a, keep_rows),
        pred_labels=_labels_of(uniques_b, offset_b, keep_cols),
    )


def _dense_counts(codes_a, codes_b, span_a, span_b):
    """``bincount`` of the combined codes ``a * span_b + b``, by chunks of samples.

    Chunks bound the temporary combined codes (8 bytes per sample otherwise) and keep them in
    cache; a chunk is never smaller than the table, so adding the chunk tables costs O(n).
    """
    cells = span_a * span_b
    chunk = max(_CHUNK, cells)
    counts = None
    for start in range(0, codes_a.shape[0], chunk):
        combined = np.multiply(
            codes_a[start : start + chunk], span_b, dtype=np.intp, casting="unsafe"
        )
        combined += codes_b[start : start + chunk]
        part = np.bincount(combined, minlength=cells)
        counts = part if counts is None else counts + part
    return counts.astype(np.int64, copy=False).reshape(span_a, span_b)


def _count_small_integers(a, b, max_cells):
    """The dense table of non-negative integer labels used as their own codes, or None.

    The common case (labels 0..K-1) in a single pass over the labels: each piece of
    ``_PIECE`` samples is turned into combined codes ``a * cols + b``, and each array's
    piece is range-checked right after it was read for that, from cache (separate min and
    max passes over the arrays cost a third of the time at n = 1e7). A piece is counted
    only once checked: one with a larger label grows the table and is combined again.
    The checks make ``np.bincount``'s own min/max pass redundant, so tables above
    ``_BINCOUNT_CELLS`` are counted by ``np.add.at`` into the one table instead (no pass
    before counting, no table per piece) while they fit ``_ADD_AT_CELLS`` or have few
    samples per cell; larger ones collect the checked pieces' codes until they outnumber
    the cells and count them with one bincount, as a plain chunked bincount does.
    Mid-sized tables take a bincount per piece; tables
    of at most ``_PAIRED_CELLS`` count each piece's two halves as pairs of codes
    ``first * cells + second`` (half the increments of the few, contended cells), whose
    table of ``cells**2`` gives both samples' cells at the end (for whole pieces only: on
    fewer samples the larger table costs more than it saves). None (the caller then encodes
    the labels) for other dtypes, negative labels, or a table above ``max_cells``.
    """
    if a.dtype.kind not in "iu" or b.dtype.kind not in "iu":
        return None
    # Seen as unsigned, a negative label is above the signed maximum: one max per piece
    # checks both ends of the range.
    limits = [np.iinfo(a.dtype).max, np.iinfo(b.dtype).max]
    a, b = (v.view(v.dtype.str.replace("i", "u")) for v in (a, b))
    # intp += uint64 has no integer loop: read 64-bit values (checked below 2**63) as int64.
    a, b = (v.view(np.int64) if v.itemsize == 8 else v for v in (a, b))
    unsigned_a, unsigned_b = (v.view(v.dtype.str.replace("i", "u")) for v in (a, b))
    if a.shape[0] <= _PIECE:
        return _count_one_piece(a, b, unsigned_a, unsigned_b, limits, max_cells)
    rows = cols = 0
    counts = np.zeros(0, dtype=np.intp)  # the rows x cols table, flat
    pairs = None  # counts of (code of sample i, code of sample i + half a piece), flat
    # Combined codes; for a table above _BINCOUNT_CELLS those of several checked pieces wait
    # here, fill of them, for one bincount once they outnumber the cells.
    buffer = np.empty(_PIECE, dtype=np.intp)
    fill, buffered = 0, False
    for start in range(0, a.shape[0], _PIECE):
        piece_a, piece_b = a[start : start + _PIECE], b[start : start + _PIECE]
        if fill + piece_a.shape[0] > buffer.shape[0]:
            counts += np.bincount(buffer[:fill], minlength=counts.shape[0])
            fill = 0
        piece = buffer[fill : fill + piece_a.shape[0]]
        np.multiply(piece_a, cols, out=piece, dtype=np.intp, casting="unsafe")
        top_a = int(_max(unsigned_a[start : start + _PIECE]))
        np.add(piece, piece_b, out=piece, casting="unsafe")
        top_b = int(_max(unsigned_b[start : start + _PIECE]))
        if top_a >= rows or top_b >= cols:
            if top_a > limits[0] or top_b > limits[1]:
                return None
            grown_rows, grown_cols = max(rows, top_a + 1), max(cols, top_b + 1)
            if grown_rows * grown_cols > max_cells:
                return None
            if fill:
                counts += np.bincount(buffer[:fill], minlength=counts.shape[0])
            _add_pairs(counts, pairs)
            pairs = None
            grown = np.zeros((grown_rows, grown_cols), dtype=np.intp)
            grown[:rows, :cols] = counts.reshape(rows, cols)
            rows, cols, counts = grown_rows, grown_cols, grown.ravel()
            buffered = (counts.shape[0] > _ADD_AT_CELLS
                        and a.shape[0] >= _BUFFERED_SAMPLES_PER_CELL * counts.shape[0])
            if buffered:
                # As a plain chunked bincount, with chunks of _CHUNK_TABLES tables' worth.
                size = min(a.shape[0] - start, max(_PIECE, _CHUNK_TABLES * counts.shape[0]))
                if buffer.shape[0] < size:
                    buffer = np.empty(size, dtype=np.intp)
            fill = 0
            piece = buffer[: piece_a.shape[0]]
            np.multiply(piece_a, cols, out=piece, dtype=np.intp, casting="unsafe")
            np.add(piece, piece_b, out=piece, casting="unsafe")
        cells = counts.shape[0]
        if cells <= _PAIRED_CELLS and piece.shape[0] == _PIECE:
            if pairs is None:
                pairs = np.zeros(cells * cells, dtype=np.intp)
            half = piece.shape[0] // 2
            first = piece[:half]
            np.multiply(first, cells, out=first)
            first += piece[half:]
            np.add.at(pairs, first, 1)
        elif cells <= _BINCOUNT_CELLS:
            counts += np.bincount(piece, minlength=cells)
        elif not buffered:
            np.add.at(counts, piece, 1)
        else:
            fill += piece.shape[0]
    if fill:
        counts += np.bincount(buffer[:fill], minlength=counts.shape[0])
    _add_pairs(counts, pairs)
    return counts.reshape(rows, cols).astype(np.int64, copy=False)


def _count_one_piece(a, b, unsigned_a, unsigned_b, limits, max_cells):
    """`_count_small_integers` of at most ``_PIECE`` samples: one range check and one
    bincount (the pieces' loop costs more in calls than in counting on small labelings: a
    third of an ARI at n = 100)."""
    top_a, top_b = int(_max(unsigned_a)), int(_max(unsigned_b))
    if top_a > limits[0] or top_b > limits[1] or (top_a + 1) * (top_b + 1) > max_cells:
        return None
    combined = np.multiply(a, top_b + 1, dtype=np.intp, casting="unsafe")
    np.add(combined, b, out=combined, casting="unsafe")
    counts = np.bincount(combined, minlength=(top_a + 1) * (top_b + 1))
    return counts.reshape(top_a + 1, top_b + 1).astype(np.int64, copy=False)


def _add_pairs(counts, pairs):
    """Add to the flat table ``counts`` the cells of both samples of each counted pair."""
    if pairs is not None:
        pairs = pairs.reshape(counts.shape[0], counts.shape[0])
        counts += pairs.sum(axis=0)
        counts += pairs.sum(axis=1)


def _compact(codes, span, uniques, offset):
    if offset is None:
        return codes, span, uniques, offset
    present = np.bincount(codes, minlength=span) > 0
    remap = np.cumsum(present) - 1
    values = np.flatnonzero(present) + offset
    return remap[codes], values.size, values, None


def _labels_of(uniques, offset, keep):
    if uniques is not None:
        return uniques[keep] if not keep.all() else uniques
    return np.flatnonzero(keep) + offset


def from_counts(table: object) -> Contingency:
    """A :class:`Contingency` from a 2-D table of non-negative integer counts.

    Rows and columns summing to zero are dropped (an empty cluster is no cluster).

    Parameters
    ----------
    table : array-like of shape (n_classes, n_clusters), scipy sparse array or Contingency
        Whole non-negative counts (floats such as 2.0 are accepted); a ``Contingency`` is
        returned as it is.

    Returns
    -------
    Contingency
        With ``true_labels`` and ``pred_labels`` None.

    Raises
    ------
    ValueError
        A table that is not 2-D, ragged, non-numeric, holds negative, fractional or
        non-finite counts, sums to 0, or beyond the int64 range.

    Examples
    --------
    >>> ct = from_counts([[2, 0, 0], [0, 1, 0]])  # the third column is an empty cluster
    >>> ct.toarray().tolist(), ct.n
    ([[2, 0], [0, 1]], 3)
    >>> from_counts([[1, -1]])
    Traceback (most recent call last):
    ...
    ValueError: contingency must hold non-negative counts.
    """
    if isinstance(table, Contingency):
        return table
    if sp.issparse(table):
        matrix = sp.csr_array(table)
        data = matrix.data
    else:
        try:
            matrix = np.asarray(table)
        except ValueError:
            raise ValueError(
                "contingency must be a 2-D table of counts whose rows all have the same "
                "length (one count per cluster of labels_pred)."
            ) from None
        data = matrix
    if matrix.ndim != 2:
        raise ValueError(
            f"contingency must be a 2-D table of counts, got shape {matrix.shape}."
        )
    if data.dtype.kind not in "biuf":
        raise ValueError(f"contingency must hold numbers, got dtype {data.dtype}.")
    if data.dtype.kind == "f" and not (
        np.isfinite(data).all() and np.array_equal(data, np.trunc(data))
    ):
        raise ValueError("contingency must hold whole-number counts (no NaN, inf, 0.5).")
    if data.size and data.min() < 0:
        raise ValueError("contingency must hold non-negative counts.")
    _check_fits_int64(data)
    if sp.issparse(matrix):
        matrix = sp.csr_array(matrix.astype(np.int64))
        matrix.eliminate_zeros()
        row_sums = np.asarray(matrix.sum(axis=1)).astype(np.int64).ravel()
        col_sums = np.asarray(matrix.sum(axis=0)).astype(np.int64).ravel()
    else:
        matrix = matrix.astype(np.int64)
        row_sums, col_sums = matrix.sum(axis=1), matrix.sum(axis=0)
    n = int(row_sums.sum())
    if n == 0:
        raise ValueError("contingency is empty (its counts sum to 0): it needs a sample.")
    keep_rows, keep_cols = row_sums > 0, col_sums > 0
    matrix = matrix[keep_rows][:, keep_cols]
    if sp.issparse(matrix):
        matrix = sp.csr_array(matrix)
        rows, cols = matrix.shape
        if rows * cols * 8 <= DENSE_LIMIT_BYTES:
            matrix = matrix.toarray()
    if not sp.issparse(matrix):
        # The same memory layout as contingency_table's makes the same sums, to the ulp.
        matrix = np.ascontiguousarray(matrix)
    return Contingency(matrix, row_sums[keep_rows], col_sums[keep_cols], n)


_INT64_MAX = np.iinfo(np.int64).max


def _check_fits_int64(data: np.ndarray) -> None:
    """Refuse counts whose total (hence some entry, row sum or n) exceeds int64.

    Every later computation keeps counts in int64 (and switches to exact Python ints for
    their products), so this one check at the boundary rules out wrapped sums, a negative n
    or float counts such as 1e20 cast to garbage.
    """
    if not data.size:
        return
    largest = data.max()
    # Fast path: size * max below 2**62 cannot overflow (checked in float, with margin).
    if float(largest) * data.size < 2.0**62:
        return
    if data.dtype.kind == "f":
        big = float(largest) >= 2.0**63
        total = None if big else sum(int(v) for v in data.ravel().tolist())
    else:
        big = int(largest) > _INT64_MAX
        total = None if big else sum(data.ravel().tolist())
    if big or total > _INT64_MAX:
        what = f"an entry of {largest:.6g}" if big else f"a total n of {total:.6g}"
        raise ValueError(
            f"contingency has {what}, beyond the 64-bit integer range (2**63 - 1 = "
            f"{_INT64_MAX:.3g}): counts of samples must be whole numbers whose sum fits in "
            "int64."
        )


def resolve(labels_true: object, labels_pred: object, contingency: object) -> Contingency:
    """The contingency table of a measure's input: two labelings or ``contingency=``.

    Parameters
    ----------
    labels_true, labels_pred : array-like of shape (n_samples,) or None
        The classes and the clusters (hashable labels).
    contingency : array-like of shape (n_classes, n_clusters), Contingency or None
        Counts instead of the two labelings (rows classes, columns clusters).

    Returns
    -------
    Contingency
        ``contingency`` checked, or the table of the two labelings.

    Raises
    ------
    ValueError
        Both or neither input given, only one labeling, or an invalid one (see
        :func:`contingency_table` and :func:`from_counts`).

    Examples
    --------
    >>> resolve([0, 0, 1], [1, 1, 0], None).toarray().tolist()
    [[0, 2], [1, 0]]
    >>> resolve(None, None, [[2, 0], [0, 1]]).n
    3
    >>> resolve([0, 1], [0, 1], [[1, 0], [0, 1]])
    Traceback (most recent call last):
    ...
    ValueError: pass either labels_true and labels_pred, or contingency=, not both.
    """
    if contingency is not None:
        if labels_true is not None or labels_pred is not None:
            raise ValueError(
                "pass either labels_true and labels_pred, or contingency=, not both."
            )
        return from_counts(contingency)
    if labels_true is None or labels_pred is None:
        raise ValueError(
            "pass both labels_true and labels_pred (1-D label arrays), or contingency=."
        )
    return contingency_table(labels_true, labels_pred)
