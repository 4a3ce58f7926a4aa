"""Random clusterings drawn from the random models of chance correction.

``sample_clustering(n, model, ...)`` returns integer labels (0..K-1) of n elements:

- "perm": the given cluster ``sizes``, elements shuffled uniformly (permutation model);
  label i has ``sizes[i]`` elements.
- "num": uniform over the partitions of n elements into exactly K = ``n_clusters`` blocks
  (Gates & Ahn's "num"). Sequential sampler on the Stirling recurrence
  S(m, k) = k S(m-1, k) + S(m-1, k-1): going down from element n, element m opens a block
  of its own among the first m elements with probability S(m-1, k-1) / S(m, k), otherwise it
  joins one of the k blocks of the first m-1 elements chosen uniformly. The probabilities
  come from the log table of U_k(m) = k! S(m, k) / k^m (``metrics.random_models``), the loop
  is iterative (no recursion limit), and blocks are labelled in order of first element.
  When that table would hold more than ``_TABLE_LIMIT`` entries, a uniform surjection onto K
  labels is drawn instead (the same law on partitions, since each partition into K blocks
  has exactly K! labellings): by drawing uniform labels until all K are used when that
  succeeds with probability >= 1/2, otherwise by drawing the K block sizes as i.i.d.
  zero-truncated Poisson variables conditioned on their sum (``_sample_ztp_sizes``) and
  shuffling the labels; that rejection step costs about K sd sqrt(2 pi) draws (sd the
  standard deviation of the sum), e.g. 0.1 s for n = 1e5, K = 3e4 and 10 s for n = 1e6,
  K = 1e5.
- "all": uniform over all partitions of n elements (Gates & Ahn's "all"), by Stam's
  algorithm (Stam 1983): draw a number of urns M with P(M = k) = k^n / (e k! B_n), throw the
  n elements uniformly into the M urns; the non-empty urns are the blocks.
- "uniform": each element gets one of ``n_clusters`` labels uniformly and independently; some
  clusters may be empty, so fewer than K labels may appear. This is the generator of the
  papers' experiments (Vinh et al. 2009, Romano et al. 2014).
- "exact_k": "uniform" conditioned on all K labels being used, by rejection; when the
  acceptance probability U_K(n) may be below 1/2 the "num" sampler followed by a uniform
  relabelling gives the same law. Labels are in random order.
"""

from __future__ import annotations

import math

import numpy as np
from scipy import special

from metrics._combinatorics import dobinski_terms, expected_empty_urns, log_surjection_table
from metrics._docstring import fill_doc
from metrics.model_registry import RANDOM_MODELS
from metrics.random_models import ztp_rate
from metrics.seeding import as_generator
from metrics.validation import check_integer

__all__ = ["SAMPLING_MODELS", "sample_clustering"]

#: Every random model of the registry, then the generators of the papers' experiments.
SAMPLING_MODELS = (*RANDOM_MODELS, "uniform", "exact_k")

_TABLE_LIMIT = 5_000_000
#: Largest n `sample_clustering` draws for: about a second per draw at this size, and 80 MB
#: of labels; beyond it a call would hold the process for minutes.
MAX_SAMPLE_SIZE = 10_000_000


def _first_appearance(labels: np.ndarray) -> np.ndarray:
    """Relabel to 0..K-1 in order of first appearance."""
    _, first, inverse = np.unique(labels, return_index=True, return_inverse=True)
    rank = np.empty(first.size, dtype=np.int64)
    rank[np.argsort(first)] = np.arange(first.size)
    return rank[inverse]


def _check_k(n: int, n_clusters, model: str, at_most_n: bool) -> int:
    if n_clusters is None:
        raise ValueError(f"model {model!r} needs n_clusters (the number of clusters K)")
    return check_integer(n_clusters, f"n_clusters of model {model!r}", 1,
                         n if at_most_n else None)


def _sample_num_table(n: int, k: int, rng: np.random.Generator) -> np.ndarray:
    table = log_surjection_table(n, k, keep_all=True)  # table[j-1][m-j] = log U_j(m)
    opens = np.zeros(n, dtype=bool)
    choice = np.zeros(n, dtype=np.int64)
    uniforms = rng.random(n)
    joins = rng.random(n)
    blocks = k
    for m in range(n, 0, -1):
        if blocks == m:
            opens[:m] = True  # every remaining element is a block of its own
            break
        if blocks == 1:
            opens[0] = True  # elements 1..m form block 0 (their choice is already 0)
            break
        # P(element m opens a block) = S(m-1, k-1) / S(m, k)
        #   = (1 - 1/k)^(m-1) U_{k-1}(m-1) / U_k(m)
        log_p = (
            (m - 1) * math.log1p(-1.0 / blocks)
            + table[blocks - 2][m - 1 - (blocks - 1)]
            - table[blocks - 1][m - blocks]
        )
        if uniforms[m - 1] < math.exp(log_p):
            opens[m - 1] = True
            blocks -= 1
        else:
            choice[m - 1] = int(joins[m - 1] * blocks)
    return np.where(opens, np.cumsum(opens) - 1, choice)


def _sample_surjection(n: int, k: int, rng: np.random.Generator) -> np.ndarray:
    while True:
        labels = rng.integers(k, size=n)
        if np.unique(labels).size == k:
            return labels


def _rejection_is_fast(n: int, k: int) -> bool:
    """True when uniform labels use all k of them with probability >= 1/2.

    1 - U_k(n) <= mu = k (1 - 1/k)^n (union bound over the empty urns).
    """
    return float(expected_empty_urns(n, k)) <= 0.5


def _sample_ztp_sizes(n: int, k: int, rng: np.random.Generator) -> np.ndarray:
    """Block sizes of a uniform surjection of n elements onto k labels.

    The counts of a uniform surjection have law prod_i 1/x_i! restricted to x_i >= 1 and
    sum n, which is that of k i.i.d. zero-truncated Poisson(lambda) variables conditioned on
    their sum (for any lambda). With k E[X] = n: draw k - 1 of them (inverse cdf), let the
    last be the remainder r and accept with probability p(r) / max p, which makes the k
    sizes i.i.d. given the sum. Acceptance is about 1 / (sd sqrt(2 pi) max p).
    """
    lam = ztp_rate(n, k)
    if lam == 0.0:
        return np.ones(k, dtype=np.int64)
    support = np.arange(1, n - k + 2)
    log_pmf = support * math.log(lam) - special.gammaln(support + 1) - math.log(math.expm1(lam))
    pmf = np.exp(log_pmf - log_pmf.max())
    cdf = np.cumsum(pmf)
    cdf /= cdf[-1]
    while True:
        sizes = support[np.minimum(np.searchsorted(cdf, rng.random(k - 1)), support.size - 1)]
        rest = n - int(sizes.sum())
        if 1 <= rest <= support[-1] and rng.random() < pmf[rest - 1]:
            return np.append(sizes, rest)


def _sample_num(n: int, k: int, rng: np.random.Generator) -> np.ndarray:
    if k * (n - k + 1) <= _TABLE_LIMIT:
        return _sample_num_table(n, k, rng)
    if _rejection_is_fast(n, k):
        return _first_appearance(_sample_surjection(n, k, rng))
    sizes = _sample_ztp_sizes(n, k, rng)
    return _first_appearance(rng.permutation(np.repeat(np.arange(k), sizes)))


def _sample_all(n: int, rng: np.random.Generator) -> np.ndarray:
    urns, log_weights = dobinski_terms(n)
    p = np.exp(log_weights)
    m = int(rng.choice(urns, p=p / p.sum()))
    return _first_appearance(rng.integers(m, size=n))


@fill_doc
def sample_clustering(
    n: int,
    model: str,
    n_clusters: int | None = None,
    sizes=None,
    random_state=None,
) -> np.ndarray:
    """Draw a random clustering of n elements from a random model.

    Parameters
    ----------
    n : int
        Number of elements, from 1 to `MAX_SAMPLE_SIZE` (10 million).
    model : {"perm", "num", "all", "uniform", "exact_k"}
        The law; see the module docstring for each algorithm.
    n_clusters : int, optional
        K, required by "num", "uniform" and "exact_k".
    sizes : array-like of int, optional
        Cluster sizes summing to n, required by "perm".
    random_state : None, int or numpy.random.Generator
        Seed or generator; the result is deterministic given it.

    Returns
    -------
    ndarray of int64, shape (n,)
        Labels in 0..K-1.

    Raises
    ------
    ValueError
        ``n`` not an integer in [1, `MAX_SAMPLE_SIZE`], unknown model, missing or wrong
        ``n_clusters`` or ``sizes``, a seed out of range.
    TypeError
        ``n_clusters`` or ``sizes`` not integers, ``random_state`` of another type.

    References
    ----------
    .. [1] %(ref_gates2017)s, Secs. 3 and 4.1-4.3 (the perm, num and all models).

    Examples
    --------
    "perm" shuffles the elements, so the cluster sizes are exactly ``sizes``; "num" and
    "exact_k" never leave a cluster empty:

    >>> labels = sample_clustering(6, "perm", sizes=[3, 2, 1], random_state=0)
    >>> sorted(np.bincount(labels).tolist())
    [1, 2, 3]
    >>> labels = sample_clustering(10, "num", n_clusters=4, random_state=0)
    >>> sorted(set(labels.tolist()))
    [0, 1, 2, 3]
    >>> sample_clustering(3, "num", n_clusters=4)
    Traceback (most recent call last):
    ...
    metrics.validation.ParameterError: n_clusters of model 'num' must be an integer in [1, 3], got 4
    """
    n = check_integer(n, "n", 1)
    if n > MAX_SAMPLE_SIZE:
        raise ValueError(
            f"n = {n:,} is more than sample_clustering draws ({MAX_SAMPLE_SIZE:,}): use a "
            f"smaller n; the random models' expected values do not need samples"
        )
    n = int(n)
    if model not in SAMPLING_MODELS:
        raise ValueError(f"unknown model {model!r}; choose one of {', '.join(SAMPLING_MODELS)}")
    rng = as_generator(random_state)
    if model == "perm":
        if sizes is None:
            raise ValueError("model 'perm' needs sizes (the cluster sizes, summing to n)")
        sizes = np.asarray(sizes)
        if sizes.ndim != 1 or not np.issubdtype(sizes.dtype, np.integer):
            raise TypeError("sizes must be a 1-D array of integers")
        if np.any(sizes < 0) or sizes.sum() != n:
            raise ValueError(f"sizes must be non-negative and sum to n={n}, got {sizes.sum()}")
        return rng.permutation(np.repeat(np.arange(sizes.size, dtype=np.int64), sizes))
    if model == "all":
        return _sample_all(n, rng)
    if model == "uniform":
        k = _check_k(n, n_clusters, model, at_most_n=False)
        return rng.integers(k, size=n, dtype=np.int64)
    k = _check_k(n, n_clusters, model, at_most_n=True)
    if model == "num":
        return _sample_num(n, k, rng)
    if _rejection_is_fast(n, k):
        return _sample_surjection(n, k, rng).astype(np.int64)
    return rng.permutation(k)[_sample_num(n, k, rng)]
