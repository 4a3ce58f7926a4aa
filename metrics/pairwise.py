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

import math

import numpy as np

from metrics._docstring import fill_doc
from metrics._special import exact_sum
from metrics.contingency import resolve
from metrics.information import is_identity, log_base
from metrics.validation import check_bool

__all__ = ["pairwise_adjusted_entropy", "pairwise_adjusted_mutual_information"]


# 1 / ((2k + 1)(k + 1)), k = 0..9: the series of _second_difference, enough for x >= 10
# (the omitted term is below 10**-20 of the leading one).
_SECOND_DIFFERENCE_SERIES = 1.0 / ((2.0 * np.arange(10) + 1.0) * (np.arange(10) + 1.0))
_SERIES_FROM = 10


def _first_difference(x: np.ndarray) -> np.ndarray:
    """``h(x) = x log x - (x-1) log(x-1)`` for integers x >= 1 (h(1) = 0).

    Written as ``log x + (x-1) log1p(1/(x-1))``: two positive terms, no cancellation.
    """
    x = np.asarray(x, dtype=np.float64)
    previous = np.maximum(x - 1.0, 1.0)
    return np.where(x > 1.0, np.log(x) + (x - 1.0) * np.log1p(1.0 / previous), 0.0)


def _second_difference(x: np.ndarray) -> np.ndarray:
    """``h(x+1) - h(x)``, the second difference of x log x, for integers x >= 1.

    ``= x log1p(-1/x**2) + 2 atanh(1/x) = sum_k x**-(2k+1) / ((2k+1)(k+1))`` (about 1/x): the
    closed form for small x, the series (all terms positive) from x = 10 on, where the closed
    form would cancel two terms of size 1.
    """
    x = np.asarray(x, dtype=np.float64)
    out = np.empty_like(x)
    far = x >= _SERIES_FROM
    y = 1.0 / x[far]
    y2 = y * y
    series = np.full_like(y, _SECOND_DIFFERENCE_SERIES[-1])
    for c in _SECOND_DIFFERENCE_SERIES[-2::-1]:
        series *= y2
        series += c
    out[far] = series * y
    near = x[~far]
    safe = np.maximum(near, 2.0)  # x = 1: h(2) - h(1) = 2 log 2 (log1p(-1) is -inf)
    out[~far] = np.where(
        near > 1.0, near * np.log1p(-1.0 / safe**2) + 2.0 * np.arctanh(1.0 / safe), 2 * np.log(2)
    )
    return out


def _exact(values: np.ndarray, n: int) -> np.ndarray:
    """int64 when products of two numbers <= n cannot overflow it, else Python ints."""
    return values.astype(np.int64, copy=False) if n * n < 2**62 else values.astype(object)


def _pami(ct) -> float:
    """s_p in nats, as (2/n^3) [sum (n x - a b) h(x) - sum (a - x)(b - x) (h(x+1) - h(x))].

    Theorem 1 with f(x) = (x/n) log(x/n) has n [f(x) - f(x-1)] = h(x) - log n and
    n [f(x) - f(x+1) + f(1)] = -h(x+1), h(x) = x log x - (x-1) log(x-1); the log n terms
    cancel exactly against the zero cells' -f(1) (their coefficients are the same integer),
    and x (n - a - b + x) - (a - x)(b - x) = n x - a b. What is left sums over the non-zero
    cells only, with exact integer coefficients and differences computed directly: the
    subtractions f(x) - f(x +- 1) and the log n terms, which cancel to about 1/n of their
    size on near-independent tables, never happen. The differences depend on the count x
    only, so the integer coefficients are added per distinct count first (exactly, at most
    sqrt(2n) sums against up to n cells), each product with a difference is kept exactly as
    a float and its rounding error (``_two_product``), and those are summed exactly
    (``exact_sum``, the value of ``math.fsum``): the only roundings left are those of the
    differences themselves (and of coefficients beyond 2**53, for n above 9e7).
    """
    n = ct.n
    rows_count, cols_count = ct.shape
    if n < 2 or rows_count in (1, n) or cols_count in (1, n):
        return 0.0  # Proposition 2, exactly (the closed form would leave rounding noise)
    a, b = (_exact(margin, n) for margin in ct.cell_margins())
    counts, group, cells = ct.distinct_counts()
    x, cells = _exact(counts, n), _exact(cells, n)
    products = _group_sum(group, a * b, x.size)  # sum of a b per count: at most n^2
    sums = _group_sum(group, a + b, x.size)
    excess = (n * x * cells - products).astype(np.float64)
    # sum (a - x)(b - x) = sum a b - x (sum (a + b) - x cells), every part at most 2 n^2.
    moves = (products - x * (sums - x * cells)).astype(np.float64)
    terms = (*_two_product(excess, _first_difference(counts)),
             *_two_product(-moves, _second_difference(counts)))
    return 2.0 * exact_sum(np.concatenate(terms)) / n**3


def _two_product(x: np.ndarray, y: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``(p, e)`` with ``p = fl(x y)`` and ``p + e = x y`` exactly (Dekker 1971, Veltkamp's
    split into 26-bit halves), for finite products far from overflow and underflow."""
    product = x * y
    x_high, x_low = _split(x)
    y_high, y_low = _split(y)
    error = ((x_high * y_high - product) + x_high * y_low + x_low * y_high) + x_low * y_low
    return product, error


def _split(x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    scaled = x * (2.0**27 + 1.0)
    high = scaled - (scaled - x)
    return high, x - high


def _group_sum(group: np.ndarray, values: np.ndarray, size: int) -> np.ndarray:
    """Exact sums of integer ``values`` (int64 or Python ints) by ``group`` index."""
    total = np.zeros(size, dtype=values.dtype)
    np.add.at(total, group, values)
    return total


@fill_doc
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

    Parameters
    ----------
    %(labels)s
    %(contingency)s
    normalized : bool, default False
        Divide by the mean pairwise adjusted entropy of the two sides.
    base : float, optional
        Base of the logarithm (> 1); natural logs by default. Ignored when ``normalized``.

    Returns
    -------
    float
        s_p in units of ``base`` (nats by default), or the unitless normalized value.

    Raises
    ------
    %(label_errors)s
    ValueError
        When ``base`` is not a number > 1.
    TypeError
        ``normalized`` not True or False.

    References
    ----------
    .. [1] %(ref_lazarenko)s, Sec. 3 (definition, eq. (5)) and Theorem 1, eq. (7).

    Examples
    --------
    For A = B = [0, 0, 1, 1], s_p = I(A, A) - E[I(A, A o sigma)]: I(A, A) = 1 bit, and the
    transposition swaps two elements of different clusters with probability 8/16, which
    leaves the table [[1, 1], [1, 1]] with I = 0; so s_p = 1 - 1/2 = 0.5 bit.

    >>> round(pairwise_adjusted_mutual_information([0, 0, 1, 1], [0, 0, 1, 1], base=2), 12)
    0.5
    >>> pairwise_adjusted_mutual_information([0, 0, 1, 1], [0, 0, 0, 0])  # Proposition 2
    0.0
    >>> pairwise_adjusted_mutual_information([0, 0, 1, 1], [1, 1, 0, 0], normalized=True)
    1.0
    """
    ct = resolve(labels_true, labels_pred, contingency)
    s_p = ct.cached("pami", lambda: _pami(ct))  # compare() asks for both pami measures
    scale = log_base(base)  # checked even when normalized ignores it
    if not check_bool(normalized, "normalized"):
        return s_p / scale
    if is_identity(ct):
        return 1.0  # s_p(A, A) = q_p(A) by definition (Corollary 2)
    q = 0.5 * (_entropy_of_sizes(ct.row_sums, ct.n) + _entropy_of_sizes(ct.col_sums, ct.n))
    return s_p / q if q > 0.0 else 0.0


def _entropy_of_sizes(sizes: np.ndarray, n: int) -> float:
    """q_p in nats, as (2/n^3) sum a (n - a) h(a) (the f(1) and log n terms cancel)."""
    if n < 2:
        return 0.0
    a = _exact(sizes, n)
    terms = (a * (n - a)).astype(np.float64) * _first_difference(sizes)
    return 2.0 * math.fsum(terms.tolist()) / n**3


@fill_doc
def pairwise_adjusted_entropy(labels, *, base: float | None = None) -> float:
    """Pairwise adjusted entropy q_p(A) = s_p(A, A) (Lazarenko & Bonald, Corollary 2).

    .. math:: q_p = \\frac{2}{n^2}\\sum_i a_i (n - a_i)\\,[f(a_i) - f(a_i - 1) - f(1)]

    with f(x) = (x/n) log(x/n). Zero exactly for one cluster or all singletons
    (Proposition 3), positive otherwise. Natural logs unless ``base`` is given.

    Parameters
    ----------
    labels : array-like of shape (n_samples,)
        The clustering A (hashable labels).
    base : float, optional
        Base of the logarithm (> 1); natural logs by default.

    Returns
    -------
    float
        q_p(A) in units of ``base`` (nats by default).

    Raises
    ------
    ValueError
        Invalid labels; ``base`` not a number > 1.

    References
    ----------
    .. [1] %(ref_lazarenko)s, Sec. 3 (pairwise adjusted entropy) and Proposition 3.

    Examples
    --------
    Two clusters of 2 (n = 4): f(2) - f(1) - f(1) = (1/2) log(1/2) - (1/2) log(1/4)
    = (1/2) log 2, so q_p = (2/16) * 2 * (2 * 2) * (1/2) log 2 = (1/2) log 2, i.e. 0.5 bit:

    >>> round(pairwise_adjusted_entropy([0, 0, 1, 1], base=2), 12)
    0.5
    >>> pairwise_adjusted_entropy([0, 1, 2, 3])  # all singletons: Proposition 3
    0.0
    """
    ct = resolve(labels, labels, None)
    return _entropy_of_sizes(ct.row_sums, ct.n) / log_base(base)
