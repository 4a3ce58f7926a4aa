"""Pairwise adjusted mutual information and entropy (Lazarenko & Bonald).

The adjustment replaces the random permutation of adjusted MI by a random transposition: two
positions i, j drawn uniformly and independently from {1..n} exchange their labels (the
identity when i = j, probability 1/n). Then

    s_p(A, B) = I(A, B) - E[I(A, B o sigma_p)],    q_p(A) = s_p(A, A),

computed from the contingency table in O(number of non-zero cells) (Theorem 1 with the
zero cells summed in closed form, i.e. Corollary 1 with its missing factor 1/n^2 restored;
the authors' notebook returns half of Theorem 1). s_p = 0 when either clustering is trivial
(one cluster, or all singletons: Proposition 2); q_p(A) >= 0 with equality exactly for the
trivial clusterings (Proposition 3).
"""

from __future__ import annotations

import numpy as np

from metrics._checks import check_bool
from metrics.contingency import resolve
from metrics.information import is_identity, log_base

__all__ = ["pairwise_adjusted_entropy", "pairwise_adjusted_mutual_information"]


def _xlogx(x: np.ndarray, n: int) -> np.ndarray:
    """f(x) = (x/n) log(x/n), with f(0) = 0."""
    x = np.asarray(x, dtype=np.float64) / n
    return x * np.log(np.where(x > 0, x, 1.0))


def _pami(ct) -> float:
    n = ct.n
    rows_count, cols_count = ct.shape
    if n < 2 or rows_count in (1, n) or cols_count in (1, n):
        return 0.0  # Proposition 2, exactly (the closed form would leave rounding noise)
    rows, cols, nij = ct.nonzero()
    a = ct.row_sums[rows]
    b = ct.col_sums[cols]
    nij_f = nij.astype(np.float64)
    f1 = float(_xlogx(1, n))
    # A swap moving one of cell (i,j)'s elements out (to a cell (i',j') with i' != i, j' != j)
    together = nij_f * (n - a - b + nij) / n**2 * (_xlogx(nij, n) - _xlogx(nij - 1, n))
    # A swap moving one element into cell (i,j), here for the non-zero cells
    into = (a - nij) * (b - nij) / n**2 * (_xlogx(nij, n) - _xlogx(nij + 1, n) + f1)
    # ... and for all cells at once, the zero cells contributing -f(1) each
    all_cells = (
        n * n
        - int(np.dot(ct.row_sums, ct.row_sums))
        - int(np.dot(ct.col_sums, ct.col_sums))
        + int(np.dot(nij, nij))
    )
    return float(2.0 * (together.sum() + into.sum()) - 2.0 * all_cells / n**2 * f1)


def pairwise_adjusted_mutual_information(
    labels_true=None,
    labels_pred=None,
    *,
    contingency=None,
    normalized: bool = False,
    base: float | None = None,
) -> float:
    """Pairwise adjusted mutual information s_p (Lazarenko & Bonald, Theorem 1, Corollary 1).

    .. math::
        s_p = \\frac{2}{n^2}\\sum_{ij} n_{ij}(n - a_i - b_j + n_{ij})\\,[f(n_{ij}) - f(n_{ij}-1)]
            + \\frac{2}{n^2}\\sum_{ij} (a_i - n_{ij})(b_j - n_{ij})\\,[f(n_{ij}) - f(n_{ij}+1)]

    with f(x) = (x/n) log(x/n), summed over the non-zero cells plus the zero cells in closed
    form (each contributes -(2/n^2) a_i b_j f(1)). Natural logs unless ``base`` is given.

    With ``normalized=True`` returns s_p / mean(q_p(A), q_p(B)) (q_p from
    :func:`pairwise_adjusted_entropy`; unitless). This normalization is ClusterLab's
    addition, by analogy with AMI's arithmetic normalization; it is not in the paper.
    When both clusterings are trivial (q_p = 0 on both sides) it is 1 for identical
    partitions and 0 otherwise.
    """
    ct = resolve(labels_true, labels_pred, contingency)
    s_p = _pami(ct)
    scale = log_base(base)  # checked even when normalized ignores it
    if not check_bool(normalized, "normalized"):
        return s_p / scale
    if is_identity(ct):
        return 1.0  # s_p(A, A) = q_p(A) by definition (Corollary 2)
    q = 0.5 * (_entropy_of_sizes(ct.row_sums, ct.n) + _entropy_of_sizes(ct.col_sums, ct.n))
    return s_p / q if q > 0.0 else 0.0


def _entropy_of_sizes(sizes: np.ndarray, n: int) -> float:
    if n < 2:
        return 0.0
    a = np.asarray(sizes, dtype=np.float64)
    terms = a * (n - a) / n**2 * (_xlogx(a, n) - _xlogx(a - 1, n) - _xlogx(1, n))
    return float(2.0 * terms.sum())


def pairwise_adjusted_entropy(labels, *, base: float | None = None) -> float:
    """Pairwise adjusted entropy q_p(A) = s_p(A, A) (Lazarenko & Bonald, Corollary 2).

    .. math:: q_p = \\frac{2}{n^2}\\sum_i a_i (n - a_i)\\,[f(a_i) - f(a_i - 1) - f(1)]

    with f(x) = (x/n) log(x/n). Zero exactly for one cluster or all singletons
    (Proposition 3), positive otherwise. Natural logs unless ``base`` is given.
    """
    ct = resolve(labels, labels, None)
    return _entropy_of_sizes(ct.row_sums, ct.n) / log_base(base)
