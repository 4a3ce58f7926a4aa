"""Dom's MDL-based external validity measures and the normalized Hamming measure (Dom 2001).

The table h(c, k) counts the objects of class c (labels_true, rows) in cluster k
(labels_pred, columns); n = sum h, |C| the number of classes (rows). Logs are base 2 by
default (the paper's bits). Binomial coefficients are computed with log-gamma, so that
non-integer (expected) counts are allowed, as the paper's footnote 11 needs: pass them as
``contingency=`` (a 2-D array of non-negative numbers; a row of zeros is an empty class and
still counts in |C|, as in the paper's discussion of eq. 16).

Single class (|C| = 1): every model cost log C(h + 0, 0) is 0 and H(C|K) = 0, so Q0 = Q1 = 0;
Q2 = 0/0 is defined as 1 (the single class is predicted perfectly at no cost).
"""

from __future__ import annotations

import math
from typing import NamedTuple

import numpy as np
import scipy.sparse as sp
from scipy.special import gammaln

from metrics._docstring import fill_doc
from metrics._special import serial_dot, sum_x_log_ratio
from metrics.contingency import Contingency, contingency_table
from metrics.information import conditional_entropy, log_base

__all__ = ["dom_q0", "dom_q1", "dom_q2", "normalized_hamming"]


class _Cells(NamedTuple):
    """The table as its non-zero cells and margins (never densified)."""

    rows: np.ndarray
    cols: np.ndarray
    values: np.ndarray
    row_sums: np.ndarray  # h(c), one per class, empty classes included
    col_sums: np.ndarray  # h(k)
    n: float
    table: Contingency | None = None  # the integer table they came from, when one did


def _cells(labels_true, labels_pred, contingency) -> _Cells:
    """Cells of the table from labels or ``contingency=`` (non-integer counts allowed)."""
    if contingency is None:
        if labels_true is None or labels_pred is None:
            raise ValueError("pass both labels_true and labels_pred (1-D labels), or contingency=.")
        contingency = contingency_table(labels_true, labels_pred)
    elif labels_true is not None or labels_pred is not None:
        raise ValueError("pass either labels_true and labels_pred, or contingency=, not both.")
    if isinstance(contingency, Contingency):
        ct = contingency
        rows, cols, values = ct.nonzero()
        # Once per table: compare() asks for Q0, Q1, Q2 and the Hamming distance in turn.
        # The cells stay int64 (no float copy): with the table, every measure takes the
        # shared entropies and maxima instead.
        return ct.cached("dom_cells", lambda: _Cells(
            rows, cols, values, ct.row_sums.astype(np.float64),
            ct.col_sums.astype(np.float64), float(ct.n), ct))
    if sp.issparse(contingency):
        matrix = sp.coo_array(contingency)
        if matrix.dtype.kind not in "biuf":
            raise ValueError("contingency must be a 2-D table of numbers (counts).")
        matrix = sp.coo_array(matrix.astype(np.float64))
        rows, cols, values = matrix.row, matrix.col, matrix.data
        row_sums = np.asarray(matrix.sum(axis=1)).ravel()
        col_sums = np.asarray(matrix.sum(axis=0)).ravel()
    else:
        try:
            table = np.asarray(contingency)
        except ValueError:
            raise ValueError(
                "contingency must be a 2-D table of counts whose rows all have the same length."
            ) from None
        if table.ndim != 2 or table.dtype.kind not in "biuf":
            raise ValueError("contingency must be a 2-D table of numbers (counts).")
        table = table.astype(np.float64)
        rows, cols = np.nonzero(table)
        values = table[rows, cols]
        row_sums, col_sums = table.sum(axis=1), table.sum(axis=0)
    if not np.isfinite(values).all() or values.min(initial=0.0) < 0:
        raise ValueError("contingency must hold finite, non-negative counts.")
    keep = values > 0
    n = float(row_sums.sum())
    if n <= 0:
        raise ValueError("contingency is empty (its counts sum to 0): it needs a sample.")
    return _Cells(rows[keep], cols[keep], values[keep], row_sums, col_sums, n)


def _log_multiset(h: np.ndarray, n_classes: int) -> float:
    """sum over h of log C(h + |C| - 1, |C| - 1), the number of |C|-vectors of counts summing
    to h (eq. 9); ``math.fsum`` makes it independent of the order of h, so that Q2 of a
    perfect clustering is exactly 1."""
    r = n_classes - 1
    return math.fsum(gammaln(h + r + 1) - gammaln(r + 1) - gammaln(h + 1))


def _conditional_entropy(t: _Cells) -> float:
    """H(C|K) = sum_{c,k} (h/n) log(h(k)/h(c,k)) in nats (non-negative terms)."""
    if t.table is not None:  # the same sum, shared with the information measures
        return conditional_entropy(contingency=t.table)
    return sum_x_log_ratio(t.values, t.col_sums[t.cols]) / t.n


@fill_doc
def dom_q0(labels_true=None, labels_pred=None, *, contingency=None, base: float | None = 2.0):
    r"""Dom's Q0: description length per object of the classes given the clusters (lower is better).

    .. math:: Q_0 = \tilde H(C|K) + \frac1n \sum_k \log \binom{h(k) + |C| - 1}{|C| - 1}

    Dom 2001, eq. 11: the code length of the class labels with the clusters known, plus the
    cost of transmitting each cluster's class counts. Perfect clustering gives eq. 12, one
    cluster eq. 15, one cluster per object log |C| (eq. 16). Base 2 by default (bits).

    Parameters
    ----------
    %(labels)s
    %(contingency)s
    base : float or None, default=2.0
        Logarithm base (2: bits; None: nats).

    Returns
    -------
    float
        In the unit of ``base`` per object; >= 0.

    Raises
    ------
    %(label_errors)s

    References
    ----------
    .. [1] %(ref_dom2001)s, eqs. (11) and (12).

    Examples
    --------
    >>> round(dom_q0([0, 0, 1, 1], [0, 0, 1, 1]), 12)   # eq. 12: (1/4) 2 log2 C(2 + 1, 1)
    0.792481250361
    """
    t = _cells(labels_true, labels_pred, contingency)
    cost = _log_multiset(t.col_sums, t.row_sums.size) / t.n
    return (_conditional_entropy(t) + cost) / log_base(base)


@fill_doc
def dom_q1(labels_true=None, labels_pred=None, *, contingency=None, base: float | None = 2.0):
    r"""Dom's Q1: mutual information less the extra model cost of the clusters (higher is better).

    .. math:: Q_1 = \tilde I(C;K) + \frac1n \Big[\log\binom{n + |C| - 1}{|C| - 1}
              - \sum_k \log\binom{h(k) + |C| - 1}{|C| - 1}\Big]

    Dom 2001, eq. 17 (the code length saved over coding the classes with their own counts).

    Parameters
    ----------
    %(labels)s
    %(contingency)s
    base : float or None, default=2.0
        Logarithm base (2: bits; None: nats).

    Returns
    -------
    float

    Raises
    ------
    %(label_errors)s

    References
    ----------
    .. [1] %(ref_dom2001)s, eq. (17).

    Examples
    --------
    >>> round(dom_q1([0, 0, 1, 1], [0, 0, 1, 1]), 12)   # 1 + (log2 5 - 2 log2 3) / 4
    0.788000773361
    """
    t = _cells(labels_true, labels_pred, contingency)
    n_classes = t.row_sums.size
    row = t.row_sums[t.row_sums > 0]
    h_c = serial_dot(row, np.log(t.n / row)) / t.n
    mi = h_c - _conditional_entropy(t)
    costs = _log_multiset(np.array([t.n]), n_classes) - _log_multiset(t.col_sums, n_classes)
    return (mi + costs / t.n) / log_base(base)


@fill_doc
def dom_q2(labels_true=None, labels_pred=None, *, contingency=None):
    r"""Dom's Q2 in (0, 1]: the perfect clustering's Q0 over this clustering's Q0.

    .. math:: Q_2 = \frac{\frac1n \sum_c \log\binom{h(c) + |C| - 1}{|C| - 1}}{Q_0}

    Dom 2001, eq. 18; 1 for the perfect clustering, towards 0 only as n grows. With a single
    class both sides are 0 and Q2 is defined as 1. Unitless (the log base cancels).

    Parameters
    ----------
    %(labels)s
    %(contingency)s

    Returns
    -------
    float
        In (0, 1].

    Raises
    ------
    %(label_errors)s

    References
    ----------
    .. [1] %(ref_dom2001)s, eq. (18).

    Examples
    --------
    >>> dom_q2([0, 0, 1, 1], [0, 0, 1, 1])
    1.0
    >>> dom_q2([0, 0, 1, 1], [0, 1, 2, 3]) < 1   # one cluster per object (eq. 16)
    True
    """
    t = _cells(labels_true, labels_pred, contingency)
    n_classes = t.row_sums.size
    if n_classes == 1:
        return 1.0
    best = _log_multiset(t.row_sums, n_classes) / t.n
    q0 = _conditional_entropy(t) + _log_multiset(t.col_sums, n_classes) / t.n
    return best / q0


@fill_doc
def normalized_hamming(labels_true=None, labels_pred=None, *, contingency=None) -> float:
    r"""Normalized Hamming measure (Dom 2001, eqs. 19-23, after Kanungo et al. 1995).

    .. math:: \tilde D_H = 1 - \frac{D_H(C;K) + D_H(K;C)}{2n},\quad
              D_H(C;K) = n - \sum_k \max_c h(c,k),\ D_H(K;C) = n - \sum_c \max_k h(c,k)

    Each directional distance counts the objects outside the majority class of their cluster
    (or the majority cluster of their class). 1 for identical partitions.

    Parameters
    ----------
    %(labels)s
    %(contingency)s

    Returns
    -------
    float
        In [0, 1].

    Raises
    ------
    %(label_errors)s

    References
    ----------
    .. [1] %(ref_dom2001)s, eqs. (19)-(23).

    Examples
    --------
    >>> normalized_hamming([0, 0, 1, 1], [0, 0, 1, 2])   # D_H(C;K) = 0, D_H(K;C) = 1
    0.875
    """
    t = _cells(labels_true, labels_pred, contingency)
    if t.table is not None:  # whole counts: the maxima shared with purity
        column_max, row_max = t.table.maxima(axis=0), t.table.maxima(axis=1)
    else:
        column_max = np.zeros(t.col_sums.size)
        np.maximum.at(column_max, t.cols, t.values)
        row_max = np.zeros(t.row_sums.size)
        np.maximum.at(row_max, t.rows, t.values)
    d_ck = t.n - float(column_max.sum())
    d_kc = t.n - float(row_max.sum())
    return 1.0 - (d_ck + d_kc) / (2.0 * t.n)
