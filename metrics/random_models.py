"""Random models of clusterings: what "by chance" means for the adjusted measures.

A random model says how one side of a comparison (a clustering of ``n`` samples) is drawn at
random. :class:`RandomModel` lists what the chance correction needs of it (see
``../shared/formulas-random-models.md``): the probability q that two given elements share a
cluster, the expected number w(a) of clusters of each size a, the model's largest entropy,
and whether its size weights are those of K uniform labels (the multinomial limit). Three
models, each defined here once (the registry of names is :mod:`metrics.model_registry`):

- ``PermutationModel`` ("perm"): the cluster sizes fixed, elements shuffled (Hubert & Arabie
  1985; Vinh et al. 2009);
- ``NumModel`` ("num"): uniform over the partitions of n elements into exactly K blocks;
- ``AllModel`` ("all"): uniform over all partitions of n elements (Gates & Ahn 2017).

Numerics. The combinatorics (Stirling and Bell numbers, the probability U_k(m) that m balls
thrown into k urns leave none empty, Dobinski's terms) are in :mod:`metrics._combinatorics`.
The expected number of blocks of size a under "all" is the exact mixture
w(a) = sum_k pi_n(k) k Binom(a; n, 1/k) over Dobinski's normalized terms pi_n(k).

Beyond the exact methods of the combinatorics (n/K below about log K and K (n - K) large),
the "num" weights come from the block sizes of a uniform surjection being K i.i.d.
zero-truncated Poisson variables
conditioned on their sum, whose law is inverted from its characteristic function
(``_num_weights_ztp``): accurate to about n 1e-16 relative to the largest weight.

Size cut. A cluster of size a contributes at most (a/n) log(n/a) nats to the mutual
information (each of its cells n_j has n n_j / (a b_j) <= n / a), so dropping the sizes of a
set D changes the expected mutual information by at most
sum_{a in D} w(a) (a/n) log(n/a). Sizes are dropped, smallest bound first, while that sum
stays below ``SIZE_CUT_TOLERANCE`` (1e-18 nats), far below float64 rounding of the result.
"""

from __future__ import annotations

import functools
import math
from abc import ABC, abstractmethod
from collections.abc import Hashable
from fractions import Fraction

import numpy as np
from scipy import optimize, special, stats

from metrics._combinatorics import (
    IE_MAX_EMPTY,
    dobinski_terms,
    expected_empty_urns,
    log_surjection_probability,
    surjection_counts,
)
from metrics._special import bd0, entropy_of_counts, exact_dot, serial_dot
from metrics.information import log_base

__all__ = [
    "SIZE_CUT_TOLERANCE",
    "AllModel",
    "NumModel",
    "PermutationModel",
    "RandomModel",
    "expected_mi_binomial_limit",
    "ztp_rate",
]

SIZE_CUT_TOLERANCE = 1e-18
"""Largest total contribution (in nats) to E[MI] of the cluster sizes left out by the cut."""


def _cut_sizes(n: int, sizes: np.ndarray, weights: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Drop sizes whose total bound w(a) (a/n) log(n/a) on E[MI] is below the tolerance."""
    bound = weights * (sizes / n) * np.log(n / sizes)
    order = np.argsort(bound)
    dropped = order[np.cumsum(bound[order]) <= SIZE_CUT_TOLERANCE]
    keep = weights > 0
    keep[dropped] = False
    return sizes[keep], weights[keep]


def _log_binom_pmf(a: np.ndarray, n: int, p: float) -> np.ndarray:
    """log Binom(a; n, p); scipy's pmf is accurate to ~1e-15 where logpmf is only ~1e-13."""
    with np.errstate(divide="ignore"):
        log_pmf = np.log(stats.binom.pmf(a, n, p))
    tiny = ~np.isfinite(log_pmf)
    log_pmf[tiny] = stats.binom.logpmf(a[tiny], n, p)
    return log_pmf


def _n_blocks(sizes, n: int) -> int:
    sizes = np.asarray(sizes)
    if sizes.ndim != 1:
        raise ValueError("sizes must be a 1-D array of cluster sizes")
    # Methods, not np.any: every ARI under "num" checks both sides' sizes here.
    if sizes.min(initial=0) < 0 or sizes.sum() != n:
        raise ValueError(f"cluster sizes must be non-negative and sum to n={n}")
    return int(np.count_nonzero(sizes))


class RandomModel(ABC):
    """One side of a comparison drawn at random: ``n`` samples whose clusters have ``sizes``.

    ``sizes`` are the actual cluster sizes of that side (a model may use only their number
    ``K = len(sizes)`` or nothing but ``n``). A model is registered by its :attr:`name` in
    :data:`metrics.model_registry.RANDOM_MODELS`.

    Parameters
    ----------
    None
        Models are stateless; ``sizes`` and ``n`` are passed to each method.

    Examples
    --------
    >>> model = PermutationModel()
    >>> isinstance(model, RandomModel), model.name
    (True, 'perm')
    >>> model.side_key(np.array([3, 0, 1]))  # empty clusters do not count
    (1, 3)
    """

    name: str = ""
    """The ``random_model=`` value that selects the model."""
    description: str = ""
    """What the model draws, in a few words, for the app's captions and tables."""

    @property
    def label(self) -> str:
        """``name: description``, as the app shows the model."""
        return f"{self.name}: {self.description}" if self.description else self.name

    @abstractmethod
    def pair_probability(self, sizes: np.ndarray, n: int) -> Fraction | float:
        """Probability ``q`` that two given samples are in the same cluster.

        Return a :class:`fractions.Fraction` when it is rational and known exactly: the
        adjusted Rand index is then computed exactly.
        """

    @abstractmethod
    def size_weights(self, sizes: np.ndarray, n: int) -> tuple[np.ndarray, np.ndarray]:
        """``(s, w)``: the expected number ``w[i]`` (may be non-integer) of clusters of size
        ``s[i]``, for the sizes with ``w > 0``; sizes are integers in ``[1, n]``."""

    @abstractmethod
    def entropy_bound(self, sizes: np.ndarray, n: int, base: float | None = None) -> float:
        """The largest entropy of this side under the model (AMI's normaliser uses it)."""

    def binomial_limit(self, sizes: np.ndarray, n: int) -> int | None:
        """``K`` when the size weights are ``K Binom(a; n, 1/K)`` to float64 precision (the
        side is then K uniform labels: see :func:`expected_mi_binomial_limit`), else None."""
        return None

    def side_key(self, sizes: np.ndarray) -> Hashable:
        """What of the side's sizes the model depends on besides ``n``: two sides with equal
        keys have the same ``q``, size weights and entropy bound (the sorted sizes here)."""
        sizes = np.asarray(sizes)
        return tuple(np.sort(sizes[sizes > 0]).tolist())

    def sure_sizes(self, sizes: np.ndarray, n: int) -> tuple[int, ...] | None:
        """The cluster sizes (ascending) that every draw of this side has, or None when they
        vary between draws (the default: then MI is never taken as constant). Decides
        exactly when the mutual information is the same for every draw (see
        :func:`metrics.chance.mi_is_constant`)."""
        return None


class PermutationModel(RandomModel):
    """Cluster sizes fixed, samples shuffled (Hubert & Arabie 1985; Vinh et al. 2009, Sec. 4.1).

    ``q = sum_i C(a_i, 2) / C(n, 2)``; the size weights are the multiplicities of the
    distinct sizes; the entropy bound is the entropy ``H`` of the sizes itself.

    Parameters
    ----------
    None

    Examples
    --------
    Two clusters of 2: q = 2 C(2, 2) / C(4, 2) = 2/6, exactly:

    >>> PermutationModel().pair_probability(np.array([2, 2]), 4)
    Fraction(1, 3)
    >>> s, w = PermutationModel().size_weights(np.array([2, 2, 1]), 5)
    >>> s.tolist(), w.tolist()  # one cluster of size 1, two of size 2
    ([1, 2], [1.0, 2.0])
    """

    name = "perm"
    description = "sizes fixed, points shuffled (Hubert & Arabie; Vinh et al.)"

    def pair_probability(self, sizes: np.ndarray, n: int) -> Fraction:
        n_pairs = n * (n - 1) // 2
        if n_pairs == 0:
            return Fraction(0)
        s = np.asarray(sizes, dtype=np.int64)
        together = exact_dot(s, s - 1, n * n) // 2
        return Fraction(together, n_pairs)

    def size_weights(self, sizes: np.ndarray, n: int) -> tuple[np.ndarray, np.ndarray]:
        distinct, multiplicity = np.unique(np.asarray(sizes, dtype=np.int64), return_counts=True)
        return distinct, multiplicity.astype(np.float64)

    def entropy_bound(self, sizes: np.ndarray, n: int, base: float | None = None) -> float:
        return entropy_of_counts(sizes, n) / log_base(base)

    def sure_sizes(self, sizes: np.ndarray, n: int) -> tuple[int, ...]:
        """The sizes themselves: a permutation keeps them."""
        sizes = np.asarray(sizes)
        return tuple(np.sort(sizes[sizes > 0]).tolist())


class NumModel(RandomModel):
    """Uniform distribution over the partitions of n elements into exactly K blocks ("num").

    K is the number of non-empty clusters of the clustering the model stands for. Formulas
    (Gates & Ahn 2017, Sections 4.2 and 5.2; ``formulas-random-models.md``):

    - pair probability q = S(n-1, K) / S(n, K) = U_K(n-1) / (K U_K(n));
    - expected number of blocks of size a, a = 1..n-K+1:
      w(a) = C(n, a) S(n-a, K-1) / S(n, K) = K Binom(a; n, 1/K) U_{K-1}(n-a) / U_K(n),
      cut as described in the module docstring;
    - entropy bound log K.

    Parameters
    ----------
    None

    Examples
    --------
    n = 3 in K = 2 blocks: S(3, 2) = 3 partitions ({12}{3}, {13}{2}, {23}{1}); samples 1
    and 2 share a block in one of them, so q = S(2, 2) / S(3, 2) = 1/3:

    >>> round(NumModel().pair_probability(np.array([2, 1]), 3), 12) == round(1 / 3, 12)
    True
    >>> NumModel().entropy_bound(np.array([2, 1]), 3, base=2)  # log2 K
    1.0
    """

    name = "num"
    description = "any partition into the same number of clusters"

    def pair_probability(self, sizes, n: int) -> float:
        return _num_pair_probability(n, _n_blocks(sizes, n))

    def size_weights(self, sizes, n: int) -> tuple[np.ndarray, np.ndarray]:
        k = _n_blocks(sizes, n)
        if k <= 1:
            return np.array([n], dtype=np.int64), np.array([float(k)])
        if _needs_fourier(n, k):
            a, w, _ = _num_weights_ztp(n, k)
            return _cut_sizes(n, a, w)
        log_u_all = float(log_surjection_probability(n, k))
        a = np.arange(1, n - k + 2)
        log_upper = math.log(k) + _log_binom_pmf(a, n, 1.0 / k) - log_u_all
        if log_u_all > -1.0:
            # Outside the Bernstein window of Binom(n, 1/K) the upper bound is < 3e-31.
            window, _ = _binomial_window(n, 1.0 / k)
            inside = (a >= window[0]) & (a <= window[-1])
            a, log_upper = a[inside], log_upper[inside]
            # U_{K-1} <= 1 makes log_upper an upper bound on log w(a): sizes negligible
            # under it are cut first, so U_{K-1}(n - a) is only computed where it matters.
            kept = np.isin(a, _cut_sizes(n, a, np.exp(log_upper))[0])
            a, log_upper = a[kept], log_upper[kept]
        log_w = log_upper + log_surjection_probability(n - a, k - 1)
        return _cut_sizes(n, a, np.exp(log_w))

    def binomial_limit(self, sizes, n: int) -> int | None:
        """K when w(a) = K Binom(a; n, 1/K) to float64 precision, else None.

        w(a) / (K Binom(a; n, 1/K)) = U_{K-1}(n-a) / U_K(n) lies within
        [1 - mu_{K-1}(n-a), 1 / (1 - mu_K(n))] (union bound on empty urns), so the limit holds
        when both mu are below ``_BINOMIAL_LIMIT`` for every size the cut keeps.
        """
        k = _n_blocks(sizes, n)
        if k < 2:
            return None
        a_max = n / k + _bernstein_halfwidth(n / k * (1 - 1 / k), _WINDOW_LOG_TAIL)
        if (
            expected_empty_urns(n, k) <= _BINOMIAL_LIMIT
            and expected_empty_urns(max(n - a_max, 0), k - 1) <= _BINOMIAL_LIMIT
        ):
            return k
        return None

    def entropy_bound(self, sizes, n: int, base: float | None = None) -> float:
        k = _n_blocks(sizes, n)
        bound = math.log(k) if k > 0 else 0.0
        return bound / math.log(base) if base is not None else bound

    def side_key(self, sizes) -> int:
        """The number of non-empty clusters K: all the model keeps of a side."""
        return int(np.count_nonzero(sizes))

    def sure_sizes(self, sizes, n: int) -> tuple[int, ...] | None:
        """Fixed only when n has one partition into K parts: K = 1, K = n - 1 or K = n (for
        1 < K < n - 1 both (n-K+1, 1, ...) and (n-K, 2, 1, ...) occur)."""
        k = int(np.count_nonzero(sizes))
        if k == 1:
            return (n,)
        if k >= n - 1:
            return (1,) * (2 * k - n) + (2,) * (n - k)
        return None


class AllModel(RandomModel):
    """Uniform distribution over all partitions of n elements ("all").

    Formulas (Gates & Ahn 2017, Sections 4.3 and 5.3; ``formulas-random-models.md``), with
    pi_n(k) = k^n / (e k! B_n) the law of the number of urns in Stam's algorithm:

    - pair probability q = B_{n-1} / B_n = sum_k pi_n(k) / k;
    - expected number of blocks of size a: w(a) = C(n, a) B_{n-a} / B_n
      = sum_k pi_n(k) k Binom(a; n, 1/k) (a block is a non-empty urn), cut as described in
      the module docstring; it decays like r^a / a! with r just below log n;
    - entropy bound log n.

    Parameters
    ----------
    None

    Examples
    --------
    n = 3 has B_3 = 5 partitions; samples 1 and 2 share a block in {123} and {12}{3}, so
    q = B_2 / B_3 = 2/5:

    >>> round(AllModel().pair_probability(np.array([2, 1]), 3), 12)
    0.4
    >>> AllModel().entropy_bound(np.array([2, 1]), 3, base=3)  # log3 n
    1.0
    """

    name = "all"
    description = "any partition of the points at all"

    def pair_probability(self, sizes, n: int) -> float:
        _n_blocks(sizes, n)
        return _all_pair_probability(n)

    def size_weights(self, sizes, n: int) -> tuple[np.ndarray, np.ndarray]:
        _n_blocks(sizes, n)
        if n == 1:
            return np.array([1], dtype=np.int64), np.array([1.0])
        k, t = dobinski_terms(n)
        pi = np.exp(t)
        pi /= pi.sum()
        weights = []
        a = 0
        # w(a) decays like r^a / a! past its mode; stop once a chunk ends far below 1e-30
        # and still falling (the total weight beyond is then of the same order).
        chunk = 64
        while a < n:
            sizes_chunk = np.arange(a + 1, min(n, a + chunk) + 1)
            pmf = stats.binom.pmf(sizes_chunk[:, None], n, 1.0 / k[None, :])
            weights.append(pmf @ (pi * k))
            a = sizes_chunk[-1]
            last = weights[-1]
            if last.size > 1 and last[-1] < last[-2] and last[-1] < 1e-30 / n:
                break
        w = np.concatenate(weights)
        return _cut_sizes(n, np.arange(1, w.size + 1), w)

    def entropy_bound(self, sizes, n: int, base: float | None = None) -> float:
        _n_blocks(sizes, n)
        bound = math.log(n) if n > 0 else 0.0
        return bound / math.log(base) if base is not None else bound

    def side_key(self, sizes) -> None:
        """Nothing: the model depends on n alone."""
        return None

    def sure_sizes(self, sizes, n: int) -> tuple[int, ...] | None:
        """Fixed only for n = 1 (from n = 2 on, one cluster and all singletons both occur)."""
        return (1,) if n == 1 else None


# Up to this k n log2(k), q under "num" is the ratio of two exact integers (surjection_counts):
# correctly rounded, and 5-20 us where the float path takes 50-350 (n = 100-1,000, K = 5).
_EXACT_Q_BITS = 1 << 15


# q depends on (n, K) or n alone: cached, since the same sizes are compared again and again
# (a column of labelings against one reference), and computing q costs 30 us at n = 100
# against 1 us for the rest of ARI's model part.
@functools.lru_cache(maxsize=1024)
def _num_pair_probability(n: int, k: int) -> float:
    """q = S(n-1, K) / S(n, K) = U_K(n-1) / (K U_K(n)) ("num")."""
    if n < 2 or k == 1:
        return 1.0
    if k * n * math.log2(k) <= _EXACT_Q_BITS:
        before, now = surjection_counts(n, k)
        return before / now  # int / int: correctly rounded
    if _needs_fourier(n, k):
        return _num_weights_ztp(n, k)[2]
    log_u = log_surjection_probability(np.array([n - 1, n]), k)
    return float(np.exp(log_u[0] - log_u[1]) / k)


@functools.lru_cache(maxsize=1024)
def _all_pair_probability(n: int) -> float:
    """q = B_{n-1} / B_n = sum_k pi_n(k) / k ("all")."""
    if n < 2:
        return 1.0
    k, t = dobinski_terms(n)
    pi = np.exp(t)
    return float(np.sum(pi / k) / np.sum(pi))


# Above this many table entries the recurrence gives way to the zero-truncated Poisson method.
_RECURRENCE_LIMIT = 3_000_000
# Frequencies where |phi^k| < exp(-_FOURIER_LOG_CUT) are left out of the Fourier inversion.
_FOURIER_LOG_CUT = 80.0


def ztp_rate(n: int, k: int) -> float:
    """lambda with k E[X] = n for X zero-truncated Poisson: lambda / (1 - e^-lambda) = n / k.

    Parameters
    ----------
    n : int
        Number of elements, ``>= k``.
    k : int
        Number of blocks, >= 1.

    Returns
    -------
    float
        The rate lambda (0 when n = k: every block has one element).

    Examples
    --------
    >>> lam = ztp_rate(10, 4)
    >>> round(lam / (1 - math.exp(-lam)), 9)  # the mean block size n / k
    2.5
    >>> ztp_rate(5, 5)
    0.0
    """
    ratio = n / k
    if ratio == 1.0:
        return 0.0
    return optimize.brentq(lambda lam: lam / -math.expm1(-lam) - ratio, 1e-12, ratio + 1.0)


def _ztp_log_pmf(x: np.ndarray, lam: float) -> np.ndarray:
    return x * math.log(lam) - special.gammaln(x + 1) - math.log(math.expm1(lam))


def _ztp_sum_pmf(m_first: int, count: int, k: int, lam: float) -> np.ndarray:
    """P(X_1 + ... + X_k = m), m = m_first .. m_first + count - 1, for i.i.d. zero-truncated
    Poisson(lambda), by Fourier inversion.

    P(m) = (1/L) sum_f phi(w_f)^k e^{-i w_f m}, w_f = 2 pi f / L, phi(w) =
    expm1(lambda e^{iw}) / expm1(lambda), with L far beyond the mass of the sum (no
    aliasing). Only frequencies with |phi|^k above exp(-_FOURIER_LOG_CUT) are summed, found
    with the bound 1 - |phi|^2 >= 2 c (1 - cos w), c = max_x p_x p_{x+1} (the pair (x, x+1)
    in 1 - |phi|^2 = sum_{x,y} p_x p_y (1 - cos w(x - y))), which decreases on [0, pi].
    The phases k arg(phi) - w m reach about w_max n, so the relative error is about
    n w_max 1e-16 (1e-12 at n = 1e5).
    """
    x = np.arange(1, max(20, int(lam + 40 * math.sqrt(lam) + 40)))
    p = np.exp(_ztp_log_pmf(x, lam))
    c = float(np.max(p[:-1] * p[1:]))
    mean = lam / -math.expm1(-lam)
    sd = math.sqrt(k * max(mean * (1 + lam - mean), c))
    length = int(k * mean + 60 * sd + 10 * x[-1] + 1000)
    one_minus_cos = _FOURIER_LOG_CUT / (k * c)
    w_max = math.pi if one_minus_cos >= 2 else math.acos(1 - one_minus_cos)
    f = np.arange(0, min(int(w_max * length / (2 * math.pi)) + 2, length // 2) + 1)
    w = 2 * math.pi * f / length
    log_phi = np.log(np.expm1(lam * np.exp(1j * w))) - math.log(math.expm1(lam))
    # f and -f together (real result), except f = 0 and the Nyquist frequency f = L/2
    fold = np.where((f == 0) | (2 * f == length), 1.0, 2.0)
    terms = np.exp(k * log_phi - 1j * w * m_first) * fold
    step = np.exp(-1j * w)
    out = np.empty(count)
    for j in range(count):
        out[j] = terms.sum().real / length
        terms *= step  # one more element: e^{-i w (m + 1)}, ~j ulps of phase drift
    return out


def _num_weights_ztp(n: int, k: int) -> tuple[np.ndarray, np.ndarray, float]:
    """Size weights and pair probability of "num" by the zero-truncated Poisson identity.

    A uniform surjection onto k labels has block sizes distributed as k i.i.d. ZTP(lambda)
    conditioned on their sum n (any lambda; here k E[X] = n), so
    w(a) = k p(a) P_{k-1}(n - a) / P_k(n) and q = S(n-1, k) / S(n, k) = lambda P_k(n-1) /
    (n P_k(n)), with p the ZTP pmf and P_j the law of a sum of j of them;
    P_k(m) = sum_a p(a) P_{k-1}(m - a), over sizes a up to where p is below 1e-40 or so.
    """
    lam = ztp_rate(n, k)
    a_max = min(n - k + 1, int(lam + 60 * math.sqrt(lam) + 60))
    a = np.arange(1, a_max + 1)
    p = np.exp(_ztp_log_pmf(a, lam))
    # P_{k-1}(m) for m = n - a_max - 1 .. n - 1, ascending
    rest = np.maximum(_ztp_sum_pmf(n - a_max - 1, a_max + 1, k - 1, lam), 0.0)
    at_n = rest[::-1][:a_max]  # P_{k-1}(n - a), a = 1..a_max
    at_n_minus_1 = rest[::-1][1 : a_max + 1]  # P_{k-1}(n - 1 - a)
    total, total_minus_1 = serial_dot(p, at_n), serial_dot(p, at_n_minus_1)
    return a, k * p * at_n / total, lam * total_minus_1 / (n * total)


def _needs_fourier(n: int, k: int) -> bool:
    """True when inclusion-exclusion is inaccurate and the recurrence table too large."""
    return expected_empty_urns(n // 2, k - 1) > IE_MAX_EMPTY and k * (n - k + 1) > (
        _RECURRENCE_LIMIT)

# Relative distance to the multinomial limit below which "num" is treated as in it.
_BINOMIAL_LIMIT = 1e-17
# Binomial terms beyond exp(-_WINDOW_LOG_TAIL) of tail mass are left out (about 1e-30).
_WINDOW_LOG_TAIL = 70.0


def _bernstein_halfwidth(variance, log_tail: float):
    """t with P(|X - EX| >= t) <= 2 exp(-log_tail) for a binomial X of this variance.

    Bernstein's inequality: P(|X - EX| >= t) <= 2 exp(-t^2 / (2 (var + t/3))).
    """
    return log_tail / 3 + np.sqrt(log_tail**2 / 9 + 2 * np.asarray(variance) * log_tail)


def _binomial_window(n: int, p: float) -> tuple[np.ndarray, np.ndarray]:
    """Support window and probabilities of Binom(n, p) holding all but ~1e-30 of its mass."""
    mean = n * p
    half = float(_bernstein_halfwidth(mean * (1 - p), _WINDOW_LOG_TAIL))
    k = np.arange(max(0, math.floor(mean - half)), min(n, math.ceil(mean + half)) + 1)
    return k, stats.binom.pmf(k, n, p)


def _mean_deviance(n: int, p: float) -> float:
    """E bd0(X, n p) for X ~ Binom(n, p): a sum of non-negative terms, about (1 - p) / 2."""
    k, pmf = _binomial_window(n, p)
    return serial_dot(pmf, bd0(k, n * p))


def expected_mi_binomial_limit(n: int, model_a, sizes_a, model_b, sizes_b) -> float | None:
    """Expected mutual information (nats) when a side is "num" in its multinomial limit.

    When n >> K log K the K-block "num" model has size weights K Binom(a; n, 1/K) to float64
    precision (``NumModel.binomial_limit``): the clustering is then indistinguishable from K
    uniform labels, and the double sum over sizes collapses. With D(n, p) = E bd0(X, n p) for
    X ~ Binom(n, p), bd0(x, m) = x log(x/m) - x + m >= 0, and the identities
    E_hyp[(k/n) log(n k / (a b))] = E_hyp[bd0(k, ab/n)] / n (as E[k] = ab/n) and
    bd0(c x, c m) = c bd0(x, m):

    - both sides in the limit (K_A = 1/p, K_B = 1/q): the overlap of two clusters is
      Binom(n, pq) and
      EMI = (K_A K_B / n) (D(n, pq) - q D(n, p) - p D(n, q));
    - side A in the limit, side B with size weights w(b) (fixed, or another model): a set of
      b elements meets a cluster of A in Binom(b, p) elements (thinning), and
      EMI = (K_A / n) sum_b w(b) (D(b, p) - (b / n) D(n, p)).

    Each D is a sum of non-negative terms, and the differences, about (1 - p)(1 - q) / 2 and
    (1 - p)(1 - b/n) / 2, lose at most a small factor to cancellation. The cost is a few
    binomial windows instead of the O(#sizes_a x #sizes_b x window) general sum, which for
    "num" with few clusters has thousands of sizes on each side.

    Parameters
    ----------
    n : int
        Number of samples.
    model_a, model_b : RandomModel
        The random model of each side.
    sizes_a, sizes_b : ndarray of int
        The cluster sizes of each side.

    Returns
    -------
    float or None
        EMI in nats, or None when neither side is in the limit (the caller then uses the
        general sum).

    Examples
    --------
    For large n, 2 n MI of independent labelings is asymptotically chi-squared with
    (K_A - 1)(K_B - 1) degrees of freedom, so EMI ~ (K_A - 1)(K_B - 1) / (2 n): 1 / 20000
    for two halves of n = 10000.

    >>> halves = np.array([5000, 5000])
    >>> emi = expected_mi_binomial_limit(10000, NumModel(), halves, NumModel(), halves)
    >>> bool(abs(emi * 20000 - 1) < 0.01)
    True
    >>> expected_mi_binomial_limit(4, PermutationModel(), np.array([2, 2]),
    ...                            PermutationModel(), np.array([2, 2])) is None
    True
    """
    k_a = model_a.binomial_limit(sizes_a, n)
    k_b = model_b.binomial_limit(sizes_b, n)
    if k_a is None and k_b is None:
        return None
    if k_a is not None and k_b is not None:
        p, q = 1.0 / k_a, 1.0 / k_b
        deviance = _mean_deviance(n, p * q) - q * _mean_deviance(n, p) - p * _mean_deviance(n, q)
        return k_a * k_b * deviance / n
    if k_a is None:
        k_a, model_b, sizes_b = k_b, model_a, sizes_a
    sizes, weights = model_b.size_weights(sizes_b, n)
    p = 1.0 / k_a
    mean = sizes * p
    # D(b, p) for every size b at once, on ragged windows
    half = _bernstein_halfwidth(mean * (1 - p), _WINDOW_LOG_TAIL)
    lo = np.maximum(0, np.floor(mean - half)).astype(np.int64)
    hi = np.minimum(sizes, np.ceil(mean + half)).astype(np.int64)
    counts = hi - lo + 1
    owner = np.repeat(np.arange(sizes.size), counts)
    k = np.arange(counts.sum()) - np.repeat(np.cumsum(counts) - counts, counts) + lo[owner]
    terms = stats.binom.pmf(k, sizes[owner], p) * bd0(k, mean[owner])
    per_size = np.bincount(owner, weights=terms, minlength=sizes.size)
    per_size -= (sizes / n) * _mean_deviance(n, p)
    return k_a * serial_dot(weights, per_size) / n
