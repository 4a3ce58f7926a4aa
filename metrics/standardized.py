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
  is the number of successes in ``draws`` draws without replacement. The work is counted
  by ``_exact_work``: about C (R + C) R x z hypergeometric terms, with x and z the largest
  overlaps, computed one column at a time.
- chi-square, for large problems: 2 n I (nats) is asymptotically chi-square with
  (R - 1)(C - 1) degrees of freedom (the G-test), so sd(I) ~ sqrt(2 (R-1)(C-1)) / (2 n).

The switch happens when the exact work would exceed ``EXACT_WORK_LIMIT`` (4e6 terms, about
a second): the exact sum grows like n^2 (R + C), while the chi-square law becomes accurate as
the expected cell counts a_i b_j / n grow, i.e. for large n. (With small expected counts the
chi-square variance can be far off, e.g. 20 times too large for 20 x 20 clusters of n = 60;
those small problems stay below the limit and get the exact variance.) When every permutation
gives the same I (one side a single cluster or only singletons, or one cluster plus a lone
point against equal clusters: `metrics.chance.mi_is_constant`), I = E[I] and SMI is 0.
"""

from __future__ import annotations

import math

import numpy as np
from scipy.special import gammaln

from metrics._docstring import fill_doc
from metrics._special import bd0, exact_sum
from metrics.chance import expected_mutual_information, mi_is_constant
from metrics.contingency import resolve
from metrics.model_registry import get_random_model

__all__ = ["EXACT_WORK_LIMIT", "mutual_information_variance", "standardized_mutual_information"]

EXACT_WORK_LIMIT = 4e6


def _log_choose(n, k):
    return gammaln(n + 1) - gammaln(k + 1) - gammaln(n - k + 1)


def _hyp(pop, succ, draws, k) -> np.ndarray:
    """Hypergeometric probabilities P(k) of k successes in ``draws`` draws without replacement
    from ``pop`` items of which ``succ`` are successes; arguments broadcast together.

    C(succ, k) C(pop - succ, draws - k) / C(pop, draws) by log-gamma (relative error ~1e-13
    at these sizes, ample for a variance); 0 outside the support and for impossible cases.
    """
    pop, succ, draws, k = np.broadcast_arrays(*(np.asarray(v, dtype=np.float64)
                                                for v in (pop, succ, draws, k)))
    valid = (succ >= 0) & (succ <= pop) & (draws <= pop) & (k <= succ) & (k <= draws) & (
        draws - k <= pop - succ)
    with np.errstate(invalid="ignore"):
        log_p = (
            _log_choose(succ, np.minimum(k, succ))
            + _log_choose(pop - succ, np.clip(draws - k, 0, np.maximum(pop - succ, 0)))
            - _log_choose(pop, np.minimum(draws, pop))
        )
    return np.where(valid, np.exp(np.where(valid, log_p, 0.0)), 0.0)


def _exact_work(a: np.ndarray, b: np.ndarray, n: int) -> float:
    """Number of hypergeometric terms of the exact variance, plus a per-column overhead."""
    r, c = a.size, b.size
    a_max, b_max = int(a.max()), int(b.max())
    x = np.minimum(a_max, b) + 1.0  # overlaps n_ij of column j, padded over the rows
    z = min(a_max, b_max) + 1.0
    per_column = r * (c - 1) * x * z + r * r * x * x + (c - 1) * (a_max + 1) * z
    return float(per_column.sum() + 5000.0 * c)


def _variance_exact(a: np.ndarray, b: np.ndarray, n: int) -> float:
    r, c = a.size, b.size
    mu = np.outer(a, b) / n
    a_max = int(a.max())
    rows, cols = np.arange(r), np.arange(c)
    u = np.arange(a_max + 1)
    other_row = (rows[:, None] != rows[None, :])[:, :, None, None]
    mean_t = 0.0
    second = 0.0
    for j in range(c):
        others = cols[cols != j]
        b_others = b[others][:, None, None]
        z = np.arange(min(a_max, int(b[others].max(initial=0))) + 1)
        # G[i', u] = sum_{j' != j} E bd0(Z, mu_i'j'), Z ~ Hyp(n - b_j, u, b_j'): the cells
        # (i', j') outside row i and column j, given u = a_i' - n_i'j elements left in row i'
        g = np.einsum("kuz,ikz->iu", _hyp(n - b[j], u[None, :, None], b_others, z),
                      bd0(z, mu[:, others][:, :, None]))
        # n_ij = x ~ Hyp(n, a_i, b_j), all rows i at once (x padded to min(a_max, b_j))
        x = np.arange(min(a_max, int(b[j])) + 1)
        px = _hyp(n, a[:, None], b[j], x)  # (row i, x)
        phi = bd0(x, mu[:, j][:, None])
        mean_t += np.sum(px * phi)
        second += np.sum(px * phi * phi)
        weight = px * phi
        # same row: n_ij' | x ~ Hyp(n - b_j, a_i - x, b_j')
        p_row = _hyp(n - b[j], (a[:, None] - x)[:, None, :, None], b_others[None], z)
        second += np.einsum("ikxz,ikz,ix->", p_row, bd0(z, mu[:, others][:, :, None]), weight)
        # other rows i': y = n_i'j | x ~ Hyp(n - a_i, a_i', b_j - x); the same column gives
        # bd0(y, mu_i'j), the cells of row i' outside column j give G[i', a_i' - y]
        y = x
        p_col = _hyp((n - a)[:, None, None, None], a[None, :, None, None],
                     (b[j] - x)[None, None, :, None], y) * other_row
        left = np.clip(a[:, None] - y, 0, a_max)
        values = bd0(y, mu[:, j][:, None]) + np.take_along_axis(g, left, axis=1)
        second += np.einsum("iaxy,ay,ix->", p_col, values, weight)
    return max(second - mean_t * mean_t, 0.0) / n**2


@fill_doc
def mutual_information_variance(
    labels_true=None, labels_pred=None, *, contingency=None, method: str = "auto"
) -> float:
    """Variance of the mutual information (nats^2) under the permutation model.

    Parameters
    ----------
    %(labels)s
    %(contingency)s
    method : {"auto", "exact", "chi2"}, default="auto"
        "exact" (Romano et al. 2014's E[I^2], see the module docstring), "chi2"
        (Var(I) = (R-1)(C-1) / (2 n^2), from 2 n I ~ chi-square), or "auto" (exact while its
        work is below ``EXACT_WORK_LIMIT``).

    Returns
    -------
    float
        In nats squared.

    Raises
    ------
    %(label_errors)s

    References
    ----------
    .. [1] %(ref_vinh2009)s, eq. (23) (the variance under the permutation model).

    Examples
    --------
    >>> v = mutual_information_variance([0, 0, 1, 1], [0, 1, 0, 1])
    >>> import math
    >>> math.isclose(v, 2 / 9 * math.log(2) ** 2)   # I = log 2 w.p. 1/3, else 0
    True
    """
    ct = resolve(labels_true, labels_pred, contingency)
    if method not in ("auto", "exact", "chi2"):
        raise ValueError(f"method must be 'auto', 'exact' or 'chi2', got {method!r}.")
    # the variance depends on the margins only: sorted, it is the same for any cluster names
    a, b, n = np.sort(ct.row_sums), np.sort(ct.col_sums), ct.n
    r, c = a.size, b.size
    if r in (1, n) or c in (1, n):
        return 0.0
    if method == "chi2" or (method == "auto" and _exact_work(a, b, n) > EXACT_WORK_LIMIT):
        return (r - 1) * (c - 1) / (2.0 * n * n)
    return _variance_exact(a, b, n)


@fill_doc
def standardized_mutual_information(
    labels_true=None, labels_pred=None, *, contingency=None, method: str = "auto"
) -> float:
    r"""Standardized mutual information (Romano et al. 2014, eq. 3): a z-score of I.

    .. math:: \mathrm{SMI} = \frac{I(U,V) - E[I]}{\sqrt{\mathrm{Var}(I)}}

    under the permutation model; E[I] exact (Vinh et al. 2009, eq. 24a), Var(I) exact for
    small problems and from 2 n I ~ chi2((R-1)(C-1)) for large ones (see the module
    docstring for where the switch happens). Unitless. 0 when the mutual information is the
    same for every permutation (decided exactly by `metrics.chance.mi_is_constant`).

    Parameters
    ----------
    %(labels)s
    %(contingency)s
    method : {"auto", "exact", "chi2"}, default="auto"
        How Var(I) is computed (see `mutual_information_variance`).

    Returns
    -------
    float
        Unitless.

    Raises
    ------
    %(label_errors)s

    References
    ----------
    .. [1] %(ref_vinh2009)s, eqs. (23)-(24) (printed there over the variance, not its square root).
    .. [2] %(ref_vinh2009)s, eq. (24a) for E[I].

    Examples
    --------
    >>> round(standardized_mutual_information([0, 0, 1, 1], [0, 0, 1, 1]), 12)   # sqrt(2)
    1.414213562373

    (I = log 2, E[I] = log(2) / 3 and Var(I) = 2 log(2)^2 / 9: of the 6 equally likely
    tables with these margins, 2 have I = log 2 and 4 have I = 0.)
    """
    ct = resolve(labels_true, labels_pred, contingency)
    permutation = get_random_model("perm")
    # A constant MI has no spread: its rounding would otherwise pass for a z-score.
    if mi_is_constant(ct, permutation, permutation):
        return 0.0
    variance = mutual_information_variance(contingency=ct, method=method)
    if variance <= 0.0:
        return 0.0
    emi = expected_mutual_information(contingency=ct)
    return (_order_free_mutual_information(ct) - emi) / math.sqrt(variance)


def _order_free_mutual_information(ct) -> float:
    """I(U, V) summed exactly (``exact_sum``): the same to the last bit for any cluster names.

    SMI divides I - E[I], a difference of nearly equal numbers, by sd(I), which can be
    small: one ulp of I that depends on the order of the clusters would show in SMI.
    """
    counts = ct.nonzero()[2].astype(np.float64)
    a, b = ct.cell_margins()
    terms = a.astype(np.float64)  # in place from here: one temporary per table-sized array
    terms *= b
    terms /= ct.n
    np.divide(counts, terms, out=terms)
    np.log(terms, out=terms)
    counts /= ct.n
    terms *= counts
    return exact_sum(terms)
