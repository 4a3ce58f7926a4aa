"""Small numerical kernels shared by the measures."""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np

__all__ = ["bd0", "bd0_far", "bd0_near", "entropy_of_counts", "exact_dot", "exact_sum",
           "serial_dot", "sum_x_log_ratio"]

# bd0 uses its series where |v| < NEAR; the direct formula then loses at most one digit.
NEAR = 0.1
# 2 / (2j + 3) for j = 0..8: the series of bd0 below, enough for |v| < 0.1 to full precision
# (the omitted term is below 0.1**17 of the leading one).
_BD0_SERIES = 2.0 / (2.0 * np.arange(9) + 3.0)
_TINY = 1e-300
# exact_sum's per-exponent float sums of 27-bit parts stay below 2**53 up to 2**25 values.
_EXACT_SUM_LIMIT = 1 << 25
_SUM_PIECE = 1 << 16
# exact_sum's buckets (a double's sign and exponent bits) and the bits of its high part.
_BUCKETS = 1 << 12
_HIGH_MASK = np.uint64(~((1 << 26) - 1) & (2**64 - 1))
# OpenBLAS computes a dot of more than this many elements on several threads, which then
# busy-wait for the next call: one such dot of 10,001 elements cost 30-40 ms of process CPU
# on this 2-core machine, more than the dot itself by a thousand times.
_SERIAL_DOT = 10_000


def bd0(x: np.ndarray, m: np.ndarray | float) -> np.ndarray:
    """The deviance term ``x log(x / m) + m - x >= 0``, accurate to a few ulps.

    Written directly it cancels catastrophically when ``x`` is near ``m`` (the terms are of
    size ``|x - m|`` and the result of size ``(x - m)**2 / m``). With ``v = (x - m) / (x + m)``,
    ``log(x / m) = 2 atanh(v)`` gives ``(x - m) v + 2 x (v**3/3 + v**5/5 + ...)``, a series whose
    terms are all much smaller than the first one (Loader 2000, "Fast and accurate computation
    of binomial probabilities", the ``bd0`` function). ``bd0(0, m) = m``.
    """
    x, m = np.broadcast_arrays(np.asarray(x, dtype=np.float64), np.asarray(m, dtype=np.float64))
    d = x - m
    v = d / (x + m)
    near = np.abs(v) < NEAR
    if near.all():
        return bd0_near(x, d, v)
    out = bd0_far(x, m, d)
    if near.any():
        idx = np.flatnonzero(near)
        out.flat[idx] = bd0_near(x.flat[idx], d.flat[idx], v.flat[idx])
    return out


def bd0_far(x: np.ndarray, m: np.ndarray, d: np.ndarray) -> np.ndarray:
    """``bd0`` written directly (``d = x - m``), for ``|v| >= NEAR``; 0 log 0 counts as 0."""
    out = np.maximum(x, _TINY)
    out /= m
    np.log(out, out=out)
    out *= x
    out -= d
    return out


def bd0_near(x: np.ndarray, d: np.ndarray, v: np.ndarray) -> np.ndarray:
    """``bd0`` by its series, ``d v + 2 x (v**3/3 + v**5/5 + ...)``, for ``|v| < NEAR``."""
    v2 = v * v
    vmax2 = float(v2.max(initial=0.0))
    # Terms fall by v**2 each: stop once below 2**-60 of the leading one.
    n_terms = 1
    if vmax2 > 0.0:
        n_terms = int(np.clip(np.ceil(-60 * np.log(2.0) / np.log(vmax2)), 1, _BD0_SERIES.size))
    coefficients = _BD0_SERIES[:n_terms]
    if n_terms == 1:
        series = np.full_like(v2, coefficients[0])
    else:
        series = v2 * coefficients[-1]
        series += coefficients[-2]
        for c in coefficients[: n_terms - 2][::-1]:
            series *= v2
            series += c
    series *= v * v2
    series *= x
    series += d * v
    return series


def sum_x_log_ratio(x: np.ndarray, y: np.ndarray) -> float:
    """``sum x log(y / x)`` over float ``x > 0``, in one temporary, summed pairwise.

    Not a BLAS dot of ``x`` and the logs: BLAS splits a long vector over threads that spin
    while they wait, so on a busy machine its dot over a million cells cost five to twenty
    times the CPU time of this pass; and pairwise summation errs by O(log n) ulps, not O(n).
    """
    terms = np.divide(y, x)
    np.log(terms, out=terms)
    terms *= x
    return float(terms.sum())


def entropy_of_counts(counts: np.ndarray, n: int) -> float:
    """``H = sum (c/n) log(n/c)`` in nats, over the positive ``counts`` summing to ``n``.

    Each term is non-negative, so there is no cancellation even when ``H`` is tiny (unlike
    ``log n - sum c log c / n``).
    """
    c = np.asarray(counts, dtype=np.float64)
    c = c[c > 0]
    return serial_dot(c, np.log(n / c)) / n if c.size > 1 else 0.0


def serial_dot(x: np.ndarray, y: np.ndarray) -> float:
    """``np.dot`` of two 1-D float arrays on one thread: by pieces of ``_SERIAL_DOT``.

    Up to ``_SERIAL_DOT`` elements this is ``np.dot`` itself (the same bits); a longer dot
    adds its pieces' dots in order, so its value also no longer depends on the number of
    BLAS threads.
    """
    if x.shape[0] <= _SERIAL_DOT:
        return float(np.dot(x, y))
    return float(sum(np.dot(x[i : i + _SERIAL_DOT], y[i : i + _SERIAL_DOT])
                     for i in range(0, x.shape[0], _SERIAL_DOT)))


def exact_sum(values: np.ndarray) -> float:
    """The correctly rounded sum of float64 values: ``math.fsum`` in a few array passes.

    A double's top 12 bits (sign and exponent field) pick its bucket; its significand splits
    into the high 27 bits (the value with its low 26 bits cleared) and the rest (the value
    minus that, exact). Within a bucket every high part is a whole multiple of the same
    power of two below 2**27 of it and every rest one below 2**26, so their sums per bucket
    are exact in float64 (fewer than 2**25 values); ``math.fsum`` of the bucket sums then
    rounds once. Integer and bit operations only, no ``frexp``/``ldexp``: 30% less time than
    splitting the values into exponent and integer mantissa. Independent of the order of
    the values. Pieces of ``_SUM_PIECE`` values at a time keep the passes in cache and the
    temporaries small. Very long arrays and non-finite values (which make a rest NaN) go
    to ``math.fsum`` itself, sums beyond the float range (values near 2**1024) to fractions.
    """
    v = np.asarray(values, dtype=np.float64).ravel()
    if v.size > _EXACT_SUM_LIMIT:
        return math.fsum(v.tolist())
    high = np.zeros(_BUCKETS)
    low = np.zeros(_BUCKETS)
    bits = v.view(np.uint64)
    with np.errstate(invalid="ignore"):  # inf - inf: the NaN that sends inf to math.fsum
        for start in range(0, v.size, _SUM_PIECE):
            piece = bits[start : start + _SUM_PIECE]
            bucket = piece >> np.uint64(52)
            top = (piece & _HIGH_MASK).view(np.float64)
            high += np.bincount(bucket, weights=top, minlength=_BUCKETS)
            np.subtract(v[start : start + _SUM_PIECE], top, out=top)
            low += np.bincount(bucket, weights=top, minlength=_BUCKETS)
    parts = np.concatenate([high, low])
    if np.isfinite(parts).all():
        try:
            return math.fsum(parts[parts != 0].tolist())
        except OverflowError:  # a partial sum beyond 2**1024, the total maybe not
            pass
    if not np.isfinite(v).all():
        return math.fsum(v.tolist())
    # Values near 2**1024, whose sums overflow a float: added as exact fractions.
    return float(sum(map(Fraction, v.tolist())))


def exact_dot(x: np.ndarray, y: np.ndarray, bound: int) -> int:
    """``sum x*y`` of int64 arrays as an exact Python int, given ``sum |x*y| <= bound``."""
    if bound < 2**62:
        return int(np.dot(x.astype(np.int64, copy=False), y.astype(np.int64, copy=False)))
    return sum(int(a) * int(b) for a, b in zip(x.tolist(), y.tolist(), strict=True))
