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

import numpy as np
import scipy.sparse as sp
from scipy.special import gammaln

from metrics.contingency import Contingency, contingency_table
from metrics.information import log_base

__all__ = ["dom_q0", "dom_q1", "dom_q2", "normalized_hamming"]


def _table(labels_true, labels_pred, contingency) -> np.ndarray:
    """Dense float table of counts from labels or ``contingency=`` (non-integers allowed)."""
    if contingency is not None:
        if labels_true is not None or labels_pred is not None:
            raise ValueError("pass either labels_true and labels_pred, or contingency=, not both.")
        counts = contingency.counts if isinstance(contingency, Contingency) else contingency
        table = counts.toarray() if sp.issparse(counts) else np.asarray(counts)
        if table.ndim != 2 or table.dtype.kind not in "biuf":
            raise ValueError("contingency must be a 2-D table of numbers (counts).")
        table = table.astype(np.float64)
        if not np.isfinite(table).all() or table.min(initial=0.0) < 0:
            raise ValueError("contingency must hold finite, non-negative counts.")
        if table.sum() <= 0:
            raise ValueError("contingency is empty (its counts sum to 0): it needs a sample.")
        return table
    if labels_true is None or labels_pred is None:
        raise ValueError("pass both labels_true and labels_pred (1-D labels), or contingency=.")
    ct = contingency_table(labels_true, labels_pred)
    counts = ct.counts.toarray() if ct.is_sparse else ct.counts
    return counts.astype(np.float64)


def _log_multiset(h: np.ndarray, n_classes: int) -> float:
    """sum over h of log C(h + |C| - 1, |C| - 1), the number of |C|-vectors of counts summing
    to h (eq. 9); ``math.fsum`` makes it independent of the order of h, so that Q2 of a
    perfect clustering is exactly 1."""
    r = n_classes - 1
    return math.fsum(gammaln(h + r + 1) - gammaln(r + 1) - gammaln(h + 1))


def _conditional_entropy(table: np.ndarray, n: float) -> float:
    """H(C|K) = sum_{c,k} (h/n) log(h(k)/h(c,k)) in nats (non-negative terms)."""
    col = table.sum(axis=0)
    rows, cols = np.nonzero(table)
    h = table[rows, cols]
    return float(np.dot(h, np.log(col[cols] / h)) / n)


def _parts(labels_true, labels_pred, contingency, base):
    table = _table(labels_true, labels_pred, contingency)
    return table, float(table.sum()), table.shape[0], log_base(base)


def dom_q0(labels_true=None, labels_pred=None, *, contingency=None, base: float | None = 2.0):
    """Dom's Q0: description length per object of the classes given the clusters (lower is better).

    .. math:: Q_0 = \\tilde H(C|K) + \\frac1n \\sum_k \\log \\binom{h(k) + |C| - 1}{|C| - 1}

    Dom 2001, eq. 11: the code length of the class labels with the clusters known, plus the
    cost of transmitting each cluster's class counts. Perfect clustering gives eq. 12, one
    cluster eq. 15, one cluster per object log |C| (eq. 16). Base 2 by default (bits).
    """
    table, n, n_classes, divisor = _parts(labels_true, labels_pred, contingency, base)
    cost = _log_multiset(table.sum(axis=0), n_classes) / n
    return (_conditional_entropy(table, n) + cost) / divisor


def dom_q1(labels_true=None, labels_pred=None, *, contingency=None, base: float | None = 2.0):
    """Dom's Q1: mutual information less the extra model cost of the clusters (higher is better).

    .. math:: Q_1 = \\tilde I(C;K) + \\frac1n \\Big[\\log\\binom{n + |C| - 1}{|C| - 1}
              - \\sum_k \\log\\binom{h(k) + |C| - 1}{|C| - 1}\\Big]

    Dom 2001, eq. 17 (the code length saved over coding the classes with their own counts).
    """
    table, n, n_classes, divisor = _parts(labels_true, labels_pred, contingency, base)
    row = table.sum(axis=1)
    row = row[row > 0]
    h_c = float(np.dot(row, np.log(n / row)) / n)
    mi = h_c - _conditional_entropy(table, n)
    costs = _log_multiset(np.array([n]), n_classes) - _log_multiset(table.sum(axis=0), n_classes)
    return (mi + costs / n) / divisor


def dom_q2(labels_true=None, labels_pred=None, *, contingency=None):
    """Dom's Q2 in (0, 1]: the perfect clustering's Q0 over this clustering's Q0.

    .. math:: Q_2 = \\frac{\\frac1n \\sum_c \\log\\binom{h(c) + |C| - 1}{|C| - 1}}{Q_0}

    Dom 2001, eq. 18; 1 for the perfect clustering, towards 0 only as n grows. With a single
    class both sides are 0 and Q2 is defined as 1. Unitless (the log base cancels).
    """
    table, n, n_classes, _ = _parts(labels_true, labels_pred, contingency, None)
    if n_classes == 1:
        return 1.0
    best = _log_multiset(table.sum(axis=1), n_classes) / n
    return best / dom_q0(contingency=table, base=None)


def normalized_hamming(labels_true=None, labels_pred=None, *, contingency=None) -> float:
    """Normalized Hamming measure (Dom 2001, eqs. 19-23, after Kanungo et al. 1995).

    .. math:: \\tilde D_H = 1 - \\frac{D_H(C;K) + D_H(K;C)}{2n},\\quad
              D_H(C;K) = n - \\sum_k \\max_c h(c,k),\\ D_H(K;C) = n - \\sum_c \\max_k h(c,k)

    Each directional distance counts the objects outside the majority class of their cluster
    (or the majority cluster of their class). 1 for identical partitions.
    """
    table = _table(labels_true, labels_pred, contingency)
    n = float(table.sum())
    d_ck = n - float(table.max(axis=0).sum())
    d_kc = n - float(table.max(axis=1).sum())
    return 1.0 - (d_ck + d_kc) / (2.0 * n)
