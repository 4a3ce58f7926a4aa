"""Small numerical kernels shared by the measures."""

from __future__ import annotations

import numpy as np

__all__ = ["bd0", "entropy_of_counts", "exact_dot"]

# 2 / (2j + 3) for j = 0..8: the series of bd0 below, enough for |v| < 0.1 to full precision
# (the omitted term is below 0.1**17 of the leading one).
_BD0_SERIES = 2.0 / (2.0 * np.arange(9) + 3.0)


def bd0(x: np.ndarray, m: np.ndarray | float) -> np.ndarray:
    """The deviance term ``x log(x / m) + m - x >= 0``, accurate to a few ulps.

    Written directly it cancels catastrophically when ``x`` is near ``m`` (the terms are of
    size ``|x - m|`` and the result of size ``(x - m)**2 / m``). With ``v = (x - m) / (x + m)``,
    ``log(x / m) = 2 atanh(v)`` gives ``(x - m) v + 2 x (v**3/3 + v**5/5 + ...)``, a series whose
    terms are all much smaller than the first one (Loader 2000, "Fast and accurate computation
    of binomial probabilities", the ``bd0`` function). ``bd0(0, m) = m``.
    """
    x = np.asarray(x, dtype=np.float64)
    m = np.asarray(m, dtype=np.float64)
    d = x - m
    v = d / (x + m)
    v2 = v * v
    series = np.full_like(v2, _BD0_SERIES[-1])
    for c in _BD0_SERIES[-2::-1]:
        series *= v2
        series += c
    near = d * v + x * v * v2 * series
    with np.errstate(divide="ignore", invalid="ignore"):
        far = np.where(x > 0, x * np.log(x / m), 0.0) - d
    return np.where(np.abs(v) < 0.1, near, far)


def entropy_of_counts(counts: np.ndarray, n: int) -> float:
    """``H = sum (c/n) log(n/c)`` in nats, over the positive ``counts`` summing to ``n``.

    Each term is non-negative, so there is no cancellation even when ``H`` is tiny (unlike
    ``log n - sum c log c / n``).
    """
    c = np.asarray(counts, dtype=np.float64)
    c = c[c > 0]
    return float(np.dot(c, np.log(n / c)) / n) if c.size > 1 else 0.0


def exact_dot(x: np.ndarray, y: np.ndarray, bound: int) -> int:
    """``sum x*y`` of int64 arrays as an exact Python int, given ``sum |x*y| <= bound``."""
    if bound < 2**62:
        return int(np.dot(x.astype(np.int64), y.astype(np.int64)))
    return sum(int(a) * int(b) for a, b in zip(x.tolist(), y.tolist(), strict=True))
