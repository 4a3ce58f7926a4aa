"""The kernel of the expected mutual information: sums of hypergeometric expectations.

For clusters of sizes ``a`` and ``b`` among ``n`` samples, the overlap ``k`` of two random
clusters is hypergeometric, ``P(k) = C(b, k) C(n - b, a - k) / C(n, a)``, with mean
``mu = a b / n``, and the pair's contribution to EMI (Vinh et al. 2009, eq. 24a) is

    E[(k/n) log(n k / (a b))] = E[bd0(k, mu)] / n,    bd0(k, mu) = k log(k/mu) - (k - mu),

because ``E[k - mu] = 0``. Every ``bd0`` term is non-negative, so the sum has no cancellation
(the raw terms of eq. 24a, of size ``sd/n``, cancel down to about ``1/(2n)``: at n = 1e7 that
alone would cost three digits).

The probabilities are never formed from log-gammas (whose differences of numbers of size
``n log n`` lose about ``log10(n log n)`` digits). Each distribution is walked from its mode by
the ratio of consecutive terms,

    P(k + 1) / P(k) = (a - k)(b - k) / ((k + 1)(n - a - b + k + 1)),

with the mode's term set to 1 and the walk normalised by its own sum; the relative error of
a term grows only by an ulp or so per step away from the mode.

Only a window ``|k - mu| <= t`` is summed. ``t`` comes from Bernstein's inequality, which
holds for sampling without replacement (Hoeffding 1963, Theorem 4: the hypergeometric is
dominated in the convex order by the binomial ``Bin(b, a/n)``, so its moment generating
function, and every Chernoff-type bound, is the binomial's):

    P(|k - mu| >= t) <= 2 exp(-t**2 / (2 (s2 + t/3))),  s2 = min(b p (1-p), a q (1-q)),

with p = a/n, q = b/n (the hypergeometric is symmetric in a and b). Solving for the tail
``exp(-L)`` gives ``t = L/3 + sqrt(L**2/9 + 2 s2 L)``. ``L`` is chosen per pair so that the
omitted part of the sum is below ``2**-52`` of the pair's value (see ``_log_tail_budget``).
"""

from __future__ import annotations

import numpy as np

from metrics._special import NEAR, bd0, bd0_far, bd0_near, serial_dot

__all__ = ["emi_of_sizes", "emi_terms"]

# Elements per 2-D block: small enough to stay in cache, large enough to amortise numpy calls.
_BLOCK = 1 << 15
_LOG_TOLERANCE = 52 * np.log(2.0)
# Pairs of sizes formed at once by emi_of_sizes: memory stays bounded for long size lists.
PAIRS_PER_CHUNK = 1 << 18


def emi_terms(n: int, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """``E[(k/n) log(n k / (a_p b_p))]`` for each pair ``p`` of cluster sizes, in nats.

    Unchecked: ``a`` and ``b`` are 1-D integer arrays of equal length with values in
    ``[1, n]`` (the public functions of :mod:`metrics.chance` check their input first).

    Parameters
    ----------
    n : int
        Number of samples.
    a, b : ndarray of int
        Cluster sizes, paired elementwise.

    Returns
    -------
    ndarray of float
        One expectation per pair, in nats.

    Examples
    --------
    >>> import numpy as np
    >>> emi_terms(4, np.array([2, 4]), np.array([2, 2]))   # log(2) / 12 and 0
    array([0.05776227, 0.        ])

    Two clusters of 2 among 4 overlap in k = 0, 1, 2 with probabilities 1/6, 4/6, 1/6; k = 1
    contributes (1/4) log(4/4) = 0 and k = 2 contributes (2/4) log(8/4), so the value is
    log(2) / 12 = 0.0578. A cluster of all 4 samples always overlaps in 2: log(1) = 0.
    """
    a = np.asarray(a).astype(np.int64)
    b = np.asarray(b).astype(np.int64)
    out = np.zeros(a.shape)
    nf = float(n)
    af, bf = a.astype(np.float64), b.astype(np.float64)
    mu = af * (bf / nf)
    kmin = np.maximum(a + b - n, 0)
    kmax = np.minimum(a, b)
    # A single-point support means k = mu surely: no contribution.
    live = kmax > kmin
    if not live.any():
        return out
    a, b, af, bf, mu, kmin, kmax = (x[live] for x in (a, b, af, bf, mu, kmin, kmax))

    p, q = af / nf, bf / nf
    s2 = np.minimum(bf * p * (1.0 - p), af * q * (1.0 - q))
    big_l = _log_tail_budget(n, af, bf, mu, kmin, kmax)
    t = big_l / 3.0 + np.sqrt(big_l * big_l / 9.0 + 2.0 * s2 * big_l)
    lo = np.maximum(kmin, np.ceil(mu - t).astype(np.int64))
    hi = np.minimum(kmax, np.floor(mu + t).astype(np.int64))
    # In floats (no int64 overflow at any n): being off by one from the mode is harmless.
    mode = np.clip(np.floor((af + 1.0) * ((bf + 1.0) / (nf + 2.0))).astype(np.int64), lo, hi)

    up_sum, up_mass = _walk(n, a, b, mu, mode, hi - mode + 1, +1)
    down_sum, down_mass = _walk(n, a, b, mu, mode - 1, mode - lo, -1)
    out[live] = (up_sum + down_sum) / (up_mass + down_mass) / nf
    return out


def emi_of_sizes(n: int, a: np.ndarray, wa: np.ndarray, b: np.ndarray, wb: np.ndarray) -> float:
    """``sum_i sum_j wa_i wb_j emi_terms(n, a_i, b_j)``: the expected mutual information of
    two sides given as expected cluster-size counts, in nats (unchecked, as
    :func:`emi_terms`; pairs of zero weight are skipped).

    Parameters
    ----------
    n : int
        Number of samples.
    a, wa : ndarray
        Cluster sizes of one side and the expected number of clusters of each size.
    b, wb : ndarray
        The same for the other side.

    Returns
    -------
    float
        In nats.

    Examples
    --------
    >>> import numpy as np
    >>> two = np.array([2]), np.array([2.0])   # two clusters of 2 on each side, n = 4
    >>> bool(np.isclose(emi_of_sizes(4, *two, *two), 4 * np.log(2) / 12))   # 4 pairs of clusters
    True
    """
    a, wa = a[wa > 0], wa[wa > 0]
    b, wb = b[wb > 0], wb[wb > 0]
    if a.size == 0 or b.size == 0:
        return 0.0
    rows = max(1, PAIRS_PER_CHUNK // b.size)
    total = 0.0
    for i in range(0, a.size, rows):
        chunk_a, chunk_w = a[i : i + rows], wa[i : i + rows]
        terms = emi_terms(n, np.repeat(chunk_a, b.size), np.tile(b, chunk_a.size))
        total += serial_dot(np.repeat(chunk_w, b.size) * np.tile(wb, chunk_a.size), terms)
    return total


def _log_tail_budget(n, af, bf, mu, kmin, kmax):
    """``L`` such that a tail mass ``exp(-L)`` changes the pair's sum by < 2**-52 of itself.

    The omitted terms are at most ``gmax = max(bd0(kmin, mu), bd0(kmax, mu))`` each (bd0 grows
    away from mu), and the sum ``S = E[bd0(k, mu)]`` is at least ``var / (2 min(a, b))``
    because ``bd0(k, mu) >= (k - mu)**2 / (2 max(k, mu))`` and ``k, mu <= min(a, b)``.
    """
    nf = float(n)
    var = mu * (1.0 - af / nf) * (1.0 - bf / nf) * (nf / max(nf - 1.0, 1.0))
    gmax = np.maximum(bd0(kmin.astype(np.float64), mu), bd0(kmax.astype(np.float64), mu))
    floor = var / (2.0 * np.minimum(af, bf))
    with np.errstate(divide="ignore"):
        ratio = np.log(np.maximum(4.0 * gmax / floor, 1.0))
    return _LOG_TOLERANCE + ratio


def _walk(n, a, b, mu, start, width, step):
    """Sums of ``t_k bd0(k, mu)`` and of ``t_k`` along ``k = start, start + step, ...``.

    ``t`` is the hypergeometric term relative to the mode's (which is 1): the upward walk
    (``step = +1``) starts at the mode itself, the downward one just below it.
    """
    total = np.zeros(a.size)
    mass = np.zeros(a.size)
    order = np.argsort(width, kind="stable")
    widths = width[order]
    i, size = int(np.searchsorted(widths, 1)), a.size
    while i < size:
        rows = max(1, _BLOCK // int(widths[i]))
        j = min(size, i + rows)
        rows = max(1, _BLOCK // int(widths[j - 1]))
        j = min(size, i + rows)
        idx = order[i:j]
        total[idx], mass[idx] = _walk_block(
            n, a[idx], b[idx], mu[idx], start[idx], widths[i:j], step
        )
        i = j
    return total, mass


def _walk_block(n, a, b, mu, start, width, step):
    cols = int(width[-1])
    offsets = np.arange(cols, dtype=np.float64)
    k = start[:, None].astype(np.float64) + step * offsets
    # Beyond a row's window k is clamped to the window's end and the term then zeroed.
    inside = offsets < width[:, None]
    af, bf = a[:, None].astype(np.float64), b[:, None].astype(np.float64)
    slack = float(n) - af - bf
    if step > 0:
        k = np.minimum(k, (start + width - 1)[:, None])
        with np.errstate(divide="ignore", invalid="ignore"):
            # Column 0 is the mode itself (term 1); its ratio may be 0/0 when the mode is 0.
            ratio = (af - k + 1.0) * (bf - k + 1.0) / (k * (slack + k))
        ratio[:, 0] = 1.0
    else:
        k = np.maximum(k, (start - width + 1)[:, None])
        ratio = (k + 1.0) * (slack + k + 1.0) / ((af - k) * (bf - k))
    np.copyto(ratio, 0.0, where=~inside)
    terms = np.cumprod(ratio, axis=1)
    deviance = _deviance_block(k, mu, start, step)
    return np.einsum("ij,ij->i", terms, deviance), terms.sum(axis=1)


def _deviance_block(k, mu, start, step):
    """``bd0(k, mu)`` on a block, by column bands: the series only where every row needs it,
    the direct formula only where no row does, the general function in between."""
    # Row r is near (|v| < NEAR) for k in (mu (1 - NEAR)/(1 + NEAR), mu (1 + NEAR)/(1 - NEAR)).
    k_low = mu * ((1.0 - NEAR) / (1.0 + NEAR))
    k_high = mu * ((1.0 + NEAR) / (1.0 - NEAR))
    if step > 0:
        first, last = np.floor(k_low - start) + 1.0, np.ceil(k_high - start)
    else:
        first, last = np.floor(start - k_high) + 1.0, np.ceil(start - k_low)
    cols = k.shape[1]
    first = np.clip(first, 0, cols).astype(np.int64)
    last = np.clip(last, 0, cols).astype(np.int64)
    all_from, all_to = int(first.max()), int(last.min())
    any_from, any_to = int(first.min()), int(last.max())
    m = mu[:, None]
    out = np.empty_like(k)
    if all_from >= all_to:
        all_from = all_to = any_from
    bands = [(0, any_from, "far"), (any_from, all_from, "mixed"), (all_from, all_to, "near"),
             (all_to, any_to, "mixed"), (max(any_to, all_to), cols, "far")]
    for c0, c1, kind in bands:
        if c1 <= c0:
            continue
        x = k[:, c0:c1]
        if kind == "mixed":
            out[:, c0:c1] = bd0(x, m)
            continue
        d = x - m
        out[:, c0:c1] = bd0_far(x, m, d) if kind == "far" else bd0_near(x, d, d / (x + m))
    return out

