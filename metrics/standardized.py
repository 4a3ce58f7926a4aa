"""Standardized mutual information (Romano, Bailey, Nguyen & Verspoor, ICML 2014).

    SMI = (I(U, V) - E[I]) / sd(I)

under the permutation model (cluster sizes fixed, samples shuffled): how many standard
deviations the mutual information lies above its chance value, a z-score.

E[I] is the exact expected mutual information of :mod:`metrics.chance`. The variance:

- exact, for small problems. With mu_ij = a_i b_j / n and bd0(x, m) = x log(x/m) - x + m,
  n I = sum_ij bd0(n_ij, mu_ij) exactly (the linear terms cancel because the margins are
  fixed), so Var(I) = Var(T) / n^2 with T = sum_ij phi_ij(n_ij), phi_ij = bd0(., mu_ij) >= 0
  (centred terms: little cancellation in E[T^2] - E[T]^2). E[T^2] sums E[phi_c phi_c'] over
  pairs of cells c, c', from the conditional laws of the permutation model:
  n_ij ~ Hyp(n, a_i, b_j); in the same row, n_ij' | n_ij ~ Hyp(n - b_j, a_i - n_ij, b_j');
  in the same column, n_i'j | n_ij ~ Hyp(n - a_i, a_i', b_j - n_ij); elsewhere, through
  y = n_i'j as above, n_i'j' | y ~ Hyp(n - b_j, a_i' - y, b_j'). Here Hyp(pop, succ, draws)
  is the number of successes in ``draws`` draws without replacement. The work is about
  R (n + C)(n + R) + C (n + R)(n + C) hypergeometric terms and R^2 C vectorized steps.
- chi-square, for large problems: 2 n I (nats) is asymptotically chi-square with
  (R - 1)(C - 1) degrees of freedom (the G-test), so sd(I) ~ sqrt(2 (R-1)(C-1)) / (2 n).

The switch happens when the exact work would exceed ``EXACT_WORK_LIMIT`` (6e6 terms, under a
second): the exact sum grows like n^2 (R + C), while the chi-square law becomes accurate as
the expected cell counts a_i b_j / n grow, i.e. for large n. When one side has a single
cluster or only singletons, I = E[I] for every permutation and SMI is 0.
"""

from __future__ import annotations

import math

import numpy as np
from scipy.special import gammaln

from metrics._special import bd0
from metrics.chance import expected_mutual_information
from metrics.contingency import resolve
from metrics.information import _mutual_information

__all__ = ["EXACT_WORK_LIMIT", "mutual_information_variance", "standardized_mutual_information"]

EXACT_WORK_LIMIT = 6e6


def _log_choose(n, k):
    return gammaln(n + 1) - gammaln(k + 1) - gammaln(n - k + 1)


def _hyp(pop: int, succ, draws, support: np.ndarray) -> np.ndarray:
    """Hypergeometric probabilities of ``support`` (rows: the broadcast succ/draws values).

    C(succ, k) C(pop - succ, draws - k) / C(pop, draws) by log-gamma (relative error ~1e-13
    at these sizes, ample for a variance); 0 outside the support and for impossible rows.
    """
    k = support[None, :].astype(np.float64)
    succ = np.atleast_1d(succ).astype(np.float64)[:, None]
    draws = np.atleast_1d(draws).astype(np.float64)[:, None]
    valid = (k <= succ) & (draws - k <= pop - succ) & (k <= draws) & (succ <= pop)
    with np.errstate(invalid="ignore"):
        log_p = (
            _log_choose(succ, np.minimum(k, succ))
            + _log_choose(pop - succ, np.clip(draws - k, 0, pop - succ))
            - _log_choose(float(pop), draws)
        )
    return np.where(valid, np.exp(np.where(valid, log_p, 0.0)), 0.0)


def _exact_work(a: np.ndarray, b: np.ndarray, n: int) -> float:
    r, c = a.size, b.size
    # hypergeometric terms, plus the Python loop over (cell, other row) pairs
    return r * (n + c) * (n + r) + c * (n + r) * (n + c) + 2000 * r * r * c


def _variance_exact(a: np.ndarray, b: np.ndarray, n: int) -> float:
    r, c = a.size, b.size
    mu = np.outer(a, b) / n

    # G[j][i'](u) = sum_{j' != j} E[phi_{i'j'}(Z)], Z ~ Hyp(n - b_j, u, b_j'), u = 0..a_i'
    def g_table(j: int, i2: int) -> np.ndarray:
        u = np.arange(a[i2] + 1)
        total = np.zeros(u.size)
        for j2 in range(c):
            if j2 == j:
                continue
            z = np.arange(min(a[i2], b[j2]) + 1)
            total += _hyp(n - b[j], u, b[j2], z) @ bd0(z, mu[i2, j2])
        return total

    g_cache: dict[tuple[int, int], np.ndarray] = {}
    mean_t = 0.0
    second = 0.0
    for i in range(r):
        for j in range(c):
            x = np.arange(max(0, a[i] + b[j] - n), min(a[i], b[j]) + 1)
            px = _hyp(n, a[i], b[j], x)[0]
            phi = bd0(x, mu[i, j])
            mean_t += px @ phi
            second += px @ (phi * phi)
            weight = px * phi
            # same row: n_ij' | x ~ Hyp(n - b_j, a_i - x, b_j')
            for j2 in range(c):
                if j2 != j:
                    z = np.arange(min(a[i], b[j2]) + 1)
                    second += weight @ (_hyp(n - b[j], a[i] - x, b[j2], z) @ bd0(z, mu[i, j2]))
            for i2 in range(r):
                if i2 == i:
                    continue
                y = np.arange(min(a[i2], b[j]) + 1)
                py = _hyp(n - a[i], a[i2], b[j] - x, y)  # rows: x, columns: y
                # same column: n_i'j | x ~ Hyp(n - a_i, a_i', b_j - x)
                second += weight @ (py @ bd0(y, mu[i2, j]))
                # elsewhere: n_i'j' | y ~ Hyp(n - b_j, a_i' - y, b_j')
                if (j, i2) not in g_cache:
                    g_cache[(j, i2)] = g_table(j, i2)
                second += weight @ (py @ g_cache[(j, i2)][a[i2] - y])
    return max(second - mean_t * mean_t, 0.0) / n**2


def mutual_information_variance(
    labels_true=None, labels_pred=None, *, contingency=None, method: str = "auto"
) -> float:
    """Variance of the mutual information (nats^2) under the permutation model.

    ``method``: "exact" (Romano et al. 2014's E[I^2], see the module docstring), "chi2"
    (Var(I) = (R-1)(C-1) / (2 n^2), from 2 n I ~ chi-square), or "auto" (exact while its
    work is below ``EXACT_WORK_LIMIT``).
    """
    ct = resolve(labels_true, labels_pred, contingency)
    if method not in ("auto", "exact", "chi2"):
        raise ValueError(f"method must be 'auto', 'exact' or 'chi2', got {method!r}.")
    a, b, n = ct.row_sums, ct.col_sums, ct.n
    r, c = a.size, b.size
    if r in (1, n) or c in (1, n):
        return 0.0
    if method == "chi2" or (method == "auto" and _exact_work(a, b, n) > EXACT_WORK_LIMIT):
        return (r - 1) * (c - 1) / (2.0 * n * n)
    return _variance_exact(a, b, n)


def standardized_mutual_information(
    labels_true=None, labels_pred=None, *, contingency=None, method: str = "auto"
) -> float:
    """Standardized mutual information (Romano et al. 2014, eq. 3): a z-score of I.

    .. math:: \\mathrm{SMI} = \\frac{I(U,V) - E[I]}{\\sqrt{\\mathrm{Var}(I)}}

    under the permutation model; E[I] exact (Vinh et al. 2009, eq. 24a), Var(I) exact for
    small problems and from 2 n I ~ chi2((R-1)(C-1)) for large ones (see the module
    docstring for where the switch happens). Unitless. 0 when one side has one cluster or
    only singletons (the mutual information is then the same for every permutation).
    """
    ct = resolve(labels_true, labels_pred, contingency)
    variance = mutual_information_variance(contingency=ct, method=method)
    if variance <= 0.0:
        return 0.0
    emi = expected_mutual_information(contingency=ct)
    return (_mutual_information(ct) - emi) / math.sqrt(variance)
