"""A contingency table with given pair counts, so pair-count exercises can use every measure.

Pair-counting measures (Rand, adjusted Rand under the permutation model, Jaccard,
Fowlkes-Mallows, Hubert's Gamma) depend on the table only through its pair counts
``(n11, n10, n01, n00)``. A textbook exercise often gives only those four numbers (the Rand
example of Rodriguez's course slides: 20, 24, 20, 72). :func:`table_with_pair_counts` finds
one table that has them, so the measures can be computed by :mod:`metrics` itself; it also
tells a student when four numbers cannot come from any pair of clusterings.
"""

from __future__ import annotations

import math
from collections.abc import Iterator

import numpy as np

from metrics.validation import check_integer

__all__ = ["MAX_SAMPLES", "n_from_pairs", "table_with_pair_counts"]

#: Largest number of samples searched (N = n(n-1)/2 pairs): beyond it the search is slow.
MAX_SAMPLES = 40

# Search steps per call before giving up (the search is exhaustive within this budget), and
# per pair of margins in the first, quick pass.
_NODE_BUDGET = 40_000
_FIRST_PASS_NODES = 300


def n_from_pairs(n_pairs: int) -> int:
    """The number of samples ``n`` with ``n (n - 1) / 2 = n_pairs``.

    Parameters
    ----------
    n_pairs : int

    Returns
    -------
    int

    Raises
    ------
    ValueError
        When ``n_pairs`` is not such a triangular number (1, 3, 6, 10, 15, ...).

    Examples
    --------
    >>> n_from_pairs(136)   # the slides' exercise: 17 objects
    17
    """
    n = (1 + math.isqrt(1 + 8 * n_pairs)) // 2
    if n * (n - 1) // 2 != n_pairs or n_pairs < 1:
        below = (n - 1) * n // 2 if n * (n - 1) // 2 > n_pairs else n * (n - 1) // 2
        above = below + (n if n * (n - 1) // 2 <= n_pairs else n - 1)
        raise ValueError(
            f"the four pair counts sum to {n_pairs}, but n samples make n(n-1)/2 pairs "
            f"(1, 3, 6, 10, 15, ...): the nearest totals are {below} and {above}."
        )
    return n


def table_with_pair_counts(n11: int, n10: int, n01: int, n00: int) -> np.ndarray | None:
    r"""A contingency table whose pair counts are ``(n11, n10, n01, n00)``, or None if none exists.

    With ``a_i`` the row sums and ``b_j`` the column sums of the table (Dom 2001, eqs. 2-5):

    .. math::
        n_{11} = \sum_{ij}\binom{n_{ij}}{2},\quad
        n_{11} + n_{10} = \sum_i \binom{a_i}{2},\quad
        n_{11} + n_{01} = \sum_j \binom{b_j}{2},\quad
        \textstyle\sum = \binom{n}{2}

    The search enumerates the integer partitions of ``n`` giving the two margins (pairs of
    margins with the fewest cells first, so the table is as small as the search finds), then fills
    the table cell by cell, pruning with the largest ``sum C(n_ij, 2)`` the free cells can
    still reach. It is exhaustive: None means no pair of clusterings of ``n`` samples has
    these pair counts.

    Parameters
    ----------
    n11, n10, n01, n00 : int
        Pairs together in both, only in the reference, only in the clustering, apart in both.

    Returns
    -------
    ndarray of int or None
        A table (reference in rows), or None when none exists.

    Raises
    ------
    ValueError
        On negative or non-integer counts, totals that are not ``n(n-1)/2``, ``n`` above
        :data:`MAX_SAMPLES`, or a search too long to finish.

    Examples
    --------
    >>> table = table_with_pair_counts(20, 24, 20, 72)   # the slides' Rand exercise
    >>> from metrics import pair_counts
    >>> tuple(pair_counts(contingency=table)), int(table.sum())
    ((20, 24, 20, 72), 17)
    >>> table_with_pair_counts(0, 0, 0, 2)   # 2 pairs is no n(n-1)/2
    Traceback (most recent call last):
    ...
    ValueError: the four pair counts sum to 2, but n samples make n(n-1)/2 pairs ...
    """
    counts = n11, n10, n01, n00 = tuple(
        check_integer(count, name, 0)
        for name, count in zip(("n11", "n10", "n01", "n00"), (n11, n10, n01, n00), strict=True))
    n = n_from_pairs(int(sum(counts)))
    if n > MAX_SAMPLES:
        raise ValueError(
            f"the pair counts describe n = {n} samples; tables are searched up to "
            f"n = {MAX_SAMPLES} (pair counts summing to at most {MAX_SAMPLES * 59 // 2})."
        )
    rows_options = list(_partitions(n, n, int(n11 + n10)))
    cols_options = list(_partitions(n, n, int(n11 + n01)))
    # Smallest tables first: the one returned is as easy to read as the search can make it.
    margin_pairs = sorted(
        ((r, c) for r in rows_options for c in cols_options), key=lambda rc: len(rc[0]) * len(rc[1])
    )
    # Two passes: a short search of every pair of margins first (a table, when one exists,
    # is usually found fast), then the undecided pairs with the rest of the budget.
    undecided = []
    spent = 0
    for per_pair in (_FIRST_PASS_NODES, None):
        pairs = margin_pairs if per_pair else undecided
        undecided = []
        for rows, cols in pairs:
            budget = [per_pair or _NODE_BUDGET - spent]
            start = budget[0]
            table = _fill(np.array(rows), np.array(cols), int(n11), budget)
            spent += start - max(budget[0], 0)
            if table is not None:
                return table
            if budget[0] <= 0:
                undecided.append((rows, cols))
            if spent >= _NODE_BUDGET:
                raise ValueError(
                    "the search for a table with these pair counts took too long; try "
                    "smaller counts."
                )
    return None


def _pairs(k: int) -> int:
    return k * (k - 1) // 2


def _most_pairs(total: int, largest: int) -> int:
    """Largest ``sum C(p, 2)`` over partitions of ``total`` into parts of at most ``largest``."""
    if largest <= 0:
        return 0
    full, rest = divmod(total, largest)
    return full * _pairs(largest) + _pairs(rest)


def _partitions(total: int, largest: int, target: int) -> Iterator[tuple[int, ...]]:
    """Partitions of ``total`` (parts ``<= largest``, non-increasing) with sum C(p,2) = target."""
    if total == 0:
        if target == 0:
            yield ()
        return
    if target < 0 or target > _most_pairs(total, largest):
        return
    for part in range(min(largest, total), 0, -1):
        for rest in _partitions(total - part, part, target - _pairs(part)):
            yield (part, *rest)


def _fewest_pairs(total: int, cells: int) -> int:
    """Smallest ``sum C(x, 2)`` over ``cells`` non-negative parts summing to ``total``."""
    if cells <= 0:
        return 0 if total == 0 else 1 << 62
    q, s = divmod(total, cells)
    return s * _pairs(q + 1) + (cells - s) * _pairs(q)


def _fill(rows: np.ndarray, cols: np.ndarray, target: int, budget: list[int]) -> np.ndarray | None:
    """A table with these margins and ``sum C(n_ij, 2) = target``, by depth-first search.

    Before each cell the pairs still to place must lie between what the free cells can
    reach at least (each row's and each column's rest spread evenly) and at most (each
    rest in one cell); dead ends are remembered by their state.
    """
    n_rows, n_cols = rows.size, cols.size
    table = np.zeros((n_rows, n_cols), dtype=np.int64)
    row_left, col_left = [int(r) for r in rows], [int(c) for c in cols]
    dead: set[tuple] = set()

    def feasible(i: int, j: int, left: int) -> bool:
        most = min(
            sum(_pairs(r) for r in row_left[i:]), sum(_pairs(c) for c in col_left)
        )
        fewest_by_rows = _fewest_pairs(row_left[i], n_cols - j) + sum(
            _fewest_pairs(r, n_cols) for r in row_left[i + 1:]
        )
        fewest_by_cols = sum(
            _fewest_pairs(c, n_rows - i - (1 if k < j else 0)) for k, c in enumerate(col_left)
        )
        return max(fewest_by_rows, fewest_by_cols) <= left <= most

    def search(cell: int, left: int) -> bool:
        if cell == n_rows * n_cols:
            return left == 0
        budget[0] -= 1
        if budget[0] <= 0:
            return False
        i, j = divmod(cell, n_cols)
        state = (cell, left, tuple(row_left[i:]), tuple(col_left))
        if state in dead or not feasible(i, j, left):
            return False
        if j == n_cols - 1:
            choices = [row_left[i]] if row_left[i] <= col_left[j] else []
        else:
            choices = range(min(row_left[i], col_left[j]), -1, -1)
        for value in choices:
            if _pairs(value) > left:
                continue
            table[i, j] = value
            row_left[i] -= value
            col_left[j] -= value
            found = search(cell + 1, left - _pairs(value))
            row_left[i] += value
            col_left[j] += value
            if found:
                return True
            table[i, j] = 0
            if budget[0] <= 0:
                return False
        dead.add(state)
        return False

    return table if search(0, target) else None
