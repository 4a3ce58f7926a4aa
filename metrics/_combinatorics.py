"""Combinatorics of set partitions in log space: Stirling numbers of the second kind, Bell
numbers and the probability that random balls leave no urn empty (private: the engine of
:mod:`metrics.random_models` and of :mod:`metrics._sampling`).

Numerics. Stirling numbers S(n, K) and Bell numbers B_n overflow float64 long before the
sizes of interest, so everything is computed in log space, in float64, without big integers.
The key quantity is the probability that m balls thrown uniformly into k urns leave no urn
empty,

    U_k(m) = k! S(m, k) / k^m,

which lies in (0, 1] and is close to 1 when m >> k log k. Two exact ways to compute it:

- inclusion-exclusion, U_k(m) = sum_j (-1)^j C(k, j) (1 - j/k)^m, whose terms are bounded by
  mu^j / j! with mu = k (1 - 1/k)^m (the expected number of empty urns); used when mu <= 1,
  where cancellation costs at most a few ulps;
- the recurrence S(m, k) = k S(m-1, k) + S(m-1, k-1), rewritten for U as the cumulative sum
  U_k(m) = sum_{i=k-1}^{m-1} U_{k-1}(i) (1 - 1/k)^i and run column by column with
  ``np.logaddexp.accumulate``: O(K (n - K + 1)) work, used when inclusion-exclusion is not
  accurate (many blocks for the number of elements) and that work is below
  ``metrics.random_models._RECURRENCE_LIMIT``.

Bell numbers use Dobinski's formula B_n = e^{-1} sum_k k^n / k!, a sum of positive terms whose
normalized terms pi_n(k) = k^n / (e k! B_n) are the law of the number of urns in Stam's
algorithm; the expected number of blocks of size a under "all" is then the exact mixture
w(a) = sum_k pi_n(k) k Binom(a; n, 1/k).
"""

from __future__ import annotations

import functools
import math

import numpy as np
from scipy import special

__all__ = [
    "IE_MAX_EMPTY",
    "dobinski_terms",
    "expected_empty_urns",
    "log_bell",
    "log_stirling2",
    "log_surjection_probability",
    "log_surjection_table",
    "surjection_counts",
]

# Inclusion-exclusion is used while the expected number of empty urns mu is at most this:
# its terms are then bounded by mu^j / j! and the relative rounding error by ~e^{2 mu} eps.
IE_MAX_EMPTY = 1.0
# Terms of inclusion-exclusion below this fraction of the sum are left out (mu^j/j! bound).
_IE_TERM_TOL = 1e-18
# Terms of inclusion-exclusion computed per array operation.
_IE_CHUNK = 8
# Terms of Dobinski's sum further than this below the largest one (in log) are left out.
_DOBINSKI_LOG_CUT = 60.0


def _check_counts(n: int, k: int) -> tuple[int, int]:
    if isinstance(n, bool) or isinstance(k, bool):
        raise TypeError("n and k must be integers, not booleans")
    try:
        n_int, k_int = int(n), int(k)
    except (TypeError, ValueError) as err:
        raise TypeError(f"n and k must be integers, got {n!r} and {k!r}") from err
    if n_int != n or k_int != k:
        raise TypeError(f"n and k must be integers, got {n!r} and {k!r}")
    if n_int < 0 or k_int < 0:
        raise ValueError(f"n and k must be non-negative, got n={n_int}, k={k_int}")
    return n_int, k_int


def expected_empty_urns(m: np.ndarray | int, k: int) -> np.ndarray:
    """mu = k (1 - 1/k)^m, the expected number of empty urns (an upper bound on 1 - U_k(m)).

    Parameters
    ----------
    m : int or array of int
        Numbers of balls thrown uniformly.
    k : int
        Number of urns (0 for ``k <= 1``).

    Returns
    -------
    ndarray of float
        Same shape as ``m``.

    Examples
    --------
    Two balls in two urns: each urn stays empty with probability (1/2)^2 = 1/4, so
    mu = 2/4:

    >>> float(expected_empty_urns(2, 2))
    0.5
    >>> expected_empty_urns(np.array([0, 1, 2]), 2).tolist()
    [2.0, 1.0, 0.5]
    """
    if k <= 1:
        return np.zeros_like(np.asarray(m, dtype=float))
    return k * np.exp(np.asarray(m, dtype=float) * math.log1p(-1.0 / k))


def _log_u_inclusion_exclusion(m: np.ndarray, k: int) -> np.ndarray:
    """log U_k(m) by inclusion-exclusion; accurate when k (1 - 1/k)^m <= 1 for all m given.

    The terms j come ``_IE_CHUNK`` at a time (one array operation per chunk, not per term:
    the pair probability asks for two values of m, where per-term calls dominated), until
    the last one is negligible.
    """
    m = np.asarray(m, dtype=float)
    total = np.ones_like(m)
    log_binom = 0.0
    for first in range(1, k, _IE_CHUNK):
        j = np.arange(first, min(first + _IE_CHUNK, k))
        log_binoms = log_binom + np.cumsum(np.log((k - j + 1) / j))
        log_binom = float(log_binoms[-1])
        terms = np.exp(log_binoms + np.multiply.outer(m, np.log1p(-j / k)))
        total += np.where(j % 2 == 1, -terms, terms).sum(axis=-1)
        if np.all(terms[..., -1] <= _IE_TERM_TOL * total):
            break
    return np.log(total)


def surjection_counts(m: int, k: int) -> tuple[int, int]:
    """The numbers of maps of m - 1 and of m elements onto k blocks, k! S(m - 1, k) and
    k! S(m, k), as exact integers by inclusion-exclusion.

    sum_j (-1)^j C(k, j) (k - j)^m over j = 0..k, each power once for both m. Cheap while
    k m log2(k) is a few ten thousand bits (17 us at m = 1,000, k = 5; 1.4 ms at k = 20).

    Parameters
    ----------
    m : int
        Number of elements, >= 1.
    k : int
        Number of blocks, >= 1.

    Returns
    -------
    (int, int)

    Examples
    --------
    Onto 2 blocks: 2^m - 2 maps (all but the two constant ones).

    >>> surjection_counts(4, 2)
    (6, 14)
    """
    before = now = 0
    binom = 1
    for j in range(k + 1):
        term = binom * (k - j) ** (m - 1)  # 0 ** 0 = 1: no element, one (empty) map
        if j % 2:
            before, now = before - term, now - term * (k - j)
        else:
            before, now = before + term, now + term * (k - j)
        binom = binom * (k - j) // (j + 1)
    return before, now


def log_surjection_table(m_max: int, k_max: int, keep_all: bool = False) -> list[np.ndarray]:
    """Columns of log U_k(m) for k = 1..k_max by the cumulative-sum recurrence.

    Column k holds rows m = k..m_max - (k_max - k) (index m - k), the rows from which row
    m_max of column k_max can be reached; smaller m have U = 0 (m < k) and are not stored.
    With ``keep_all=False`` only the last column is returned (memory O(m_max)); the work is
    O(k_max (m_max - k_max + 1)) either way.

    Parameters
    ----------
    m_max : int
        Largest number of balls, ``>= k_max``.
    k_max : int
        Largest number of urns, >= 1.
    keep_all : bool, default False
        Return every column k = 1..k_max instead of the last one only.

    Returns
    -------
    list of ndarray of float
        The columns of log U_k(m) described above.

    Examples
    --------
    With k = 2 urns only "all balls in one urn" (2 of the 2^m assignments) fails, so
    U_2(m) = 1 - 2/2^m: 1/2, 3/4, 7/8 for m = 2, 3, 4.

    >>> np.exp(log_surjection_table(4, 2)[-1]).round(12).tolist()
    [0.5, 0.75, 0.875]
    """
    rows = m_max - k_max + 1
    column = np.zeros(rows)  # U_1(m) = 1 for m >= 1
    columns = [column] if keep_all else []
    log_i = np.arange(rows, dtype=float)
    for k in range(2, k_max + 1):
        # U_k(m) = sum_{i=k-1}^{m-1} U_{k-1}(i) (1 - 1/k)^i, for m = k..k+rows-1
        terms = column + (log_i + (k - 1)) * math.log1p(-1.0 / k)
        column = np.logaddexp.accumulate(terms)
        if keep_all:
            columns.append(column)
    return columns if keep_all else [column]


def log_surjection_probability(m: np.ndarray | int, k: int) -> np.ndarray:
    """log U_k(m), the log-probability that m uniform balls leave none of k urns empty.

    U_k(m) = k! S(m, k) / k^m, with S the Stirling numbers of the second kind. Exact in float64
    (a few ulps): inclusion-exclusion when the expected number of empty urns k (1 - 1/k)^m is
    at most 1, otherwise the recurrence U_k(m) = sum_{i=k-1}^{m-1} U_{k-1}(i) (1 - 1/k)^i.

    Parameters
    ----------
    m : int or array of int
        Numbers of balls (elements), each >= 0.
    k : int
        Number of urns (blocks), >= 0.

    Returns
    -------
    ndarray of float
        log U_k(m), -inf where m < k (no surjection) and 0 where k = 0 and m = 0.

    Notes
    -----
    The recurrence costs O(k (max m - k)): with many urns and many balls (say k = 2e4,
    m = 1e5) that is minutes. The "num" model does not need it there: it switches to the
    zero-truncated Poisson method (``_num_weights_ztp``).

    Examples
    --------
    U_2(m) = 1 - 2/2^m (only "all balls in one urn" fails), and U_2(1) = 0:

    >>> np.exp(log_surjection_probability([1, 2, 3, 4], 2)).round(12).tolist()
    [0.0, 0.5, 0.75, 0.875]
    """
    m_arr = np.asarray(m)
    if m_arr.size and (np.any(m_arr < 0) or not np.all(np.floor(m_arr) == m_arr)):
        raise ValueError("m must hold non-negative integers")
    _check_counts(0, k)
    m_arr = m_arr.astype(np.int64)
    out = np.full(m_arr.shape, -np.inf)
    if k == 0:
        out[m_arr == 0] = 0.0
        return out
    ok = m_arr >= k
    if not np.any(ok):
        return out
    m_ok = m_arr[ok]
    if k == 1:
        out[ok] = 0.0
        return out
    easy = expected_empty_urns(m_ok, k) <= IE_MAX_EMPTY
    values = np.empty(m_ok.shape)
    if np.any(easy):
        values[easy] = _log_u_inclusion_exclusion(m_ok[easy], k)
    if not np.all(easy):
        hard = m_ok[~easy]
        column = log_surjection_table(int(hard.max()), k)[-1]
        values[~easy] = column[hard - k]
    out[ok] = values
    return out


def log_stirling2(n: int, k: int) -> float:
    """log S(n, k), the natural log of a Stirling number of the second kind.

    S(n, k) counts the partitions of n elements into exactly k non-empty blocks;
    log S(n, k) = n log k - log k! + log U_k(n) (see ``log_surjection_probability``).

    Parameters
    ----------
    n : int
        Number of elements, >= 0.
    k : int
        Number of blocks, >= 0.

    Returns
    -------
    float
        -inf when S(n, k) = 0 (k > n, or k = 0 < n).

    Raises
    ------
    TypeError
        ``n`` or ``k`` not an integer.
    ValueError
        ``n`` or ``k`` negative.

    Examples
    --------
    S(4, 2) = 7 ({1}{234}, {2}{134}, {3}{124}, {4}{123}, {12}{34}, {13}{24}, {14}{23}):

    >>> round(math.exp(log_stirling2(4, 2)), 9)
    7.0
    >>> log_stirling2(2, 3)
    -inf
    """
    n, k = _check_counts(n, k)
    if k == 0:
        return 0.0 if n == 0 else -math.inf
    log_u = float(log_surjection_probability(n, k))
    if log_u == -math.inf:
        return -math.inf
    return n * math.log(k) - math.lgamma(k + 1) + log_u


@functools.lru_cache(maxsize=32)
def dobinski_terms(n: int) -> tuple[np.ndarray, np.ndarray]:
    """Urn counts k and log pi_n(k) - log max, for Dobinski's sum of k^n / k! (n >= 1).

    t_k = n log k - log k! is concave in k; it is built from its exact increments
    n log1p(1/(k-1)) - log k, which keeps the differences accurate to a few ulps even when
    t_k itself is of order 1e6.

    Parameters
    ----------
    n : int
        Number of elements, >= 1.

    Returns
    -------
    k : ndarray of float
        The urn counts kept (those whose term is within about exp(-70) of the largest).
    log_weights : ndarray of float
        ``n log k - log k!`` minus its maximum (0 at the mode). Read-only (cached).

    Examples
    --------
    For n = 3 the terms k^3 / k! are 1, 4, 4.5, 2.67, ... for k = 1, 2, 3, 4: the mode is
    k = 3, and the k = 2 term is 4 / 4.5 of it.

    >>> k, t = dobinski_terms(3)
    >>> int(k[np.argmax(t)]), round(float(np.exp(t[1])), 12) == round(4 / 4.5, 12)
    (3, True)
    """
    mode = max(1, int(round(n / float(special.lambertw(n).real))))
    # Outward from the mode until the terms fall _DOBINSKI_LOG_CUT below it.
    span = int(4 * math.sqrt(mode) + 20)
    while True:
        lo, hi = max(1, mode - span), mode + span
        k = np.arange(lo, hi + 1, dtype=float)
        steps = np.zeros_like(k)
        steps[1:] = n * np.log1p(1.0 / k[:-1]) - np.log(k[1:])
        t = np.cumsum(steps)
        t -= t.max()
        left_ok = lo == 1 or t[0] < -_DOBINSKI_LOG_CUT
        if left_ok and t[-1] < -_DOBINSKI_LOG_CUT:
            keep = t >= -_DOBINSKI_LOG_CUT - 10
            k, t = k[keep], t[keep]
            k.flags.writeable = t.flags.writeable = False  # cached: shared between calls
            return k, t
        span *= 2


def log_bell(n: int) -> float:
    """log B_n, the natural log of the n-th Bell number (number of partitions of n elements).

    Dobinski's formula B_n = e^{-1} sum_{k >= 0} k^n / k!, summed in log space over the terms
    within exp(-60) of the largest (the rest changes B_n by less than 1e-20 relatively).

    Parameters
    ----------
    n : int
        Number of elements, >= 0.

    Returns
    -------
    float

    Raises
    ------
    TypeError
        ``n`` not an integer.
    ValueError
        ``n`` negative.

    Examples
    --------
    B_5 = 52 (OEIS A000110: 1, 1, 2, 5, 15, 52, ...):

    >>> round(math.exp(log_bell(5)), 9)
    52.0
    >>> log_bell(0)
    0.0
    """
    n, _ = _check_counts(n, 0)
    if n == 0:
        return 0.0
    k, t = dobinski_terms(n)
    k_top = k[np.argmax(t)]
    log_top = n * math.log(k_top) - math.lgamma(k_top + 1)
    return -1.0 + log_top + math.log(np.sum(np.exp(t)))
