"""Pair-counting measures: every pair of samples is together or apart in each labeling."""

from __future__ import annotations

import math
from typing import NamedTuple

from metrics._docstring import fill_doc
from metrics._special import exact_dot
from metrics.chance import pair_probabilities
from metrics.contingency import Contingency, resolve
from metrics.model_registry import model_sides

__all__ = [
    "PairCounts",
    "adjusted_rand_index",
    "fowlkes_mallows_index",
    "hubert_gamma",
    "jaccard_index",
    "pair_counts",
    "rand_index",
]


class PairCounts(NamedTuple):
    """Counts of the ``N = n(n-1)/2`` pairs of samples, as exact Python ints.

    The first digit says whether the pair is together (1) or apart (0) in labels_true, the
    second the same in labels_pred (the layout of scikit-learn's ``pair_confusion_matrix``).
    Vinh et al. (2009, Sec. 2.1) write N01 and N10 the other way round; Dom (2001, eqs. 2-5)
    writes a00 for "together in both".

    Parameters
    ----------
    n11 : int
        Pairs together in both.
    n10 : int
        Together in labels_true only.
    n01 : int
        Together in labels_pred only.
    n00 : int
        Apart in both.

    Examples
    --------
    >>> counts = pair_counts([0, 0, 1, 1], [0, 0, 1, 2])
    >>> counts, sum(counts)
    (PairCounts(n11=1, n10=1, n01=0, n00=4), 6)
    """

    n11: int
    """Pairs together in both labelings."""
    n10: int
    """Pairs together in labels_true, apart in labels_pred."""
    n01: int
    """Pairs apart in labels_true, together in labels_pred."""
    n00: int
    """Pairs apart in both labelings."""

    @property
    def n_pairs(self) -> int:
        return self.n11 + self.n10 + self.n01 + self.n00

    @property
    def agree(self) -> bool:
        """True when the labelings agree on every pair, i.e. they are the same partition."""
        return self.n10 == 0 and self.n01 == 0


@fill_doc
def pair_counts(
    labels_true: object = None, labels_pred: object = None, *, contingency: object = None
) -> PairCounts:
    r"""Pair counts from the contingency table (Dom 2001, eqs. 2-5; Hubert & Arabie 1985).

    .. math::
        n_{11} = \sum_{ij} \binom{n_{ij}}{2},\quad
        n_{10} = \sum_i \binom{a_i}{2} - n_{11},\quad
        n_{01} = \sum_j \binom{b_j}{2} - n_{11},\quad
        n_{00} = \binom{n}{2} - n_{11} - n_{10} - n_{01}

    Exact integers at any n (no overflow).

    Parameters
    ----------
    %(labels)s
    %(contingency)s

    Returns
    -------
    PairCounts

    Raises
    ------
    %(label_errors)s
    ValueError
        When ``random_model`` is unknown.
    TypeError
        When ``one_sided`` is not True or False.

    References
    ----------
    .. [1] %(ref_vinh2009)s, Sec. 2.1 (N11, N10, N01, N00).
    .. [2] %(ref_gates2017)s, eq. (2).

    Examples
    --------
    >>> pair_counts([0, 0, 0, 1], [0, 0, 1, 1])   # 6 pairs
    PairCounts(n11=1, n10=2, n01=1, n00=2)
    """
    return _pair_counts(resolve(labels_true, labels_pred, contingency))


def _pair_counts(ct: Contingency) -> PairCounts:
    def compute() -> PairCounts:
        n = ct.n
        bound = n * n
        # A dense table's zeros add nothing: its cells as they are, without finding the
        # non-zero ones (a tenth of an ARI at n = 100); a dense table has O(n) cells.
        values = ct.counts.ravel() if not ct.is_sparse else ct.nonzero()[2]
        n11 = (exact_dot(values, values, bound) - n) // 2
        together_true = (exact_dot(ct.row_sums, ct.row_sums, bound) - n) // 2
        together_pred = (exact_dot(ct.col_sums, ct.col_sums, bound) - n) // 2
        n10 = together_true - n11
        n01 = together_pred - n11
        return PairCounts(n11, n10, n01, n * (n - 1) // 2 - n11 - n10 - n01)

    return ct.cached("pair_counts", compute)


@fill_doc
def rand_index(
    labels_true: object = None, labels_pred: object = None, *, contingency: object = None
) -> float:
    r"""Rand index, the fraction of pairs on which the labelings agree (Vinh et al. 2009, eq. 1).

    .. math:: RI = (n_{11} + n_{00}) / \binom{n}{2}

    For n < 2 there is no pair and RI = 1 (as scikit-learn's ``rand_score``).

    Parameters
    ----------
    %(labels)s
    %(contingency)s

    Returns
    -------
    float
        In [0, 1].

    Raises
    ------
    %(label_errors)s

    See Also
    --------
    adjusted_rand_index : the Rand index corrected for chance.
    expected_rand_index : E[RI] under a random model.

    References
    ----------
    .. [1] %(ref_vinh2009)s, eq. (1).
    .. [2] %(ref_gates2017)s, eq. (3).

    Examples
    --------
    >>> rand_index([0, 0, 1, 1], [0, 0, 1, 2])   # scikit-learn's rand_score example: 5 / 6
    0.8333333333333334
    """
    pc = pair_counts(labels_true, labels_pred, contingency=contingency)
    if pc.n_pairs == 0:
        return 1.0
    return (pc.n11 + pc.n00) / pc.n_pairs


@fill_doc
def adjusted_rand_index(
    labels_true: object = None,
    labels_pred: object = None,
    *,
    contingency: object = None,
    random_model: str = "perm",
    one_sided: bool = False,
) -> float:
    r"""Adjusted Rand index (Hubert & Arabie 1985; Vinh et al. 2009, eqs. 2-3).

    .. math:: ARI = \frac{RI - E[RI]}{1 - E[RI]}

    with :func:`metrics.expected_rand_index` under ``random_model`` (Gates & Ahn 2017); under
    the permutation model this is eq. (3). Computed in exact rational arithmetic, so it is
    exact (correctly rounded) at any n. Identical partitions score 1 (including n < 2, one
    cluster each, all singletons each), as in scikit-learn.

    Parameters
    ----------
    %(labels)s
    %(contingency)s
    %(random_model)s
    %(one_sided)s

    Returns
    -------
    float
        At most 1; 0 in expectation under the random model.

    Raises
    ------
    %(label_errors)s

    See Also
    --------
    rand_index : the raw Rand index.
    expected_rand_index : E[RI] under the random model.
    adjusted_mutual_information : the information-theoretic counterpart.

    References
    ----------
    .. [1] %(ref_vinh2009)s, eqs. (2) and (3) (permutation model).
    .. [2] %(ref_gates2017)s, eq. (1) with eqs. (5) perm, (11) num, (15) all.

    Examples
    --------
    >>> adjusted_rand_index([0, 0, 1, 1], [0, 0, 1, 2])   # scikit-learn's example: 4 / 7
    0.5714285714285714
    >>> adjusted_rand_index([0, 0, 1, 1], [1, 1, 0, 0])
    1.0
    """
    models = model_sides(random_model, one_sided)
    ct = resolve(labels_true, labels_pred, contingency)
    pc = _pair_counts(ct)
    if pc.agree:
        return 1.0
    # Exact integers from here on (a float probability is the binary fraction it is): with
    # q_U = a / d, q_V = b / e and N pairs, E[RI] = chance / (d e), 1 - E[RI] = spread / (d e)
    # and ARI = (RI d e - N chance) / (N spread), one correctly rounded division.
    (a, d), (b, e) = pair_probabilities(ct, *models)
    chance = a * b + (d - a) * (e - b)
    spread = a * (e - b) + b * (d - a)
    if spread == 0:
        return 0.0
    n_pairs = pc.n_pairs
    return ((pc.n11 + pc.n00) * d * e - n_pairs * chance) / (n_pairs * spread)


@fill_doc
def jaccard_index(
    labels_true: object = None, labels_pred: object = None, *, contingency: object = None
) -> float:
    """Jaccard index of the sets of together-pairs (Dom 2001, Sec. 5.2).

    .. math:: J = n_{11} / (n_{11} + n_{10} + n_{01})

    When no pair is together in either labeling (all singletons in both, or n < 2) the
    labelings agree on every pair and J = 1.

    Parameters
    ----------
    %(labels)s
    %(contingency)s

    Returns
    -------
    float
        In [0, 1].

    Raises
    ------
    %(label_errors)s

    References
    ----------
    .. [1] %(ref_dom2001)s, Sec. 5.2.

    Examples
    --------
    >>> jaccard_index([0, 0, 1, 1], [0, 0, 1, 2])   # n11 = 1, n10 = 1, n01 = 0
    0.5
    """
    pc = pair_counts(labels_true, labels_pred, contingency=contingency)
    if pc.agree:
        return 1.0
    return pc.n11 / (pc.n11 + pc.n10 + pc.n01)


@fill_doc
def fowlkes_mallows_index(
    labels_true: object = None, labels_pred: object = None, *, contingency: object = None
) -> float:
    r"""Fowlkes-Mallows index (Fowlkes & Mallows 1983; Dom 2001, Sec. 5.2).

    .. math:: FM = \frac{n_{11}}{\sqrt{(n_{11} + n_{10})(n_{11} + n_{01})}}

    Identical partitions score 1, also when no pair is together (all singletons in both, or
    n < 2), where scikit-learn returns 0: see docs/degenerate-cases.md. When only one side has
    no together-pair, FM = 0 (as scikit-learn).

    Parameters
    ----------
    %(labels)s
    %(contingency)s

    Returns
    -------
    float
        In [0, 1].

    Raises
    ------
    %(label_errors)s

    References
    ----------
    .. [1] %(ref_dom2001)s, Sec. 5.2.

    Examples
    --------
    >>> round(fowlkes_mallows_index([0, 0, 1, 1], [0, 0, 1, 2]), 12)   # 1 / sqrt(2 x 1)
    0.707106781187
    """
    pc = pair_counts(labels_true, labels_pred, contingency=contingency)
    if pc.agree:
        return 1.0
    if pc.n11 == 0:
        return 0.0
    return math.sqrt(pc.n11 / (pc.n11 + pc.n10)) * math.sqrt(pc.n11 / (pc.n11 + pc.n01))


@fill_doc
def hubert_gamma(
    labels_true: object = None, labels_pred: object = None, *, contingency: object = None
) -> float:
    r"""Hubert's Gamma: the correlation of the two pair indicator vectors (Dom 2001, Sec. 5.2).

    .. math::
        \Gamma = \frac{N n_{11} - p q}{\sqrt{p q (N - p)(N - q)}},\quad
        p = n_{11} + n_{10},\ q = n_{11} + n_{01},\ N = \binom{n}{2}

    (clusim's ``pearson_correlation`` omits the square root). When an indicator vector is
    constant (one cluster, all singletons, n < 2) the correlation is undefined: identical
    partitions score 1, others 0.

    Parameters
    ----------
    %(labels)s
    %(contingency)s

    Returns
    -------
    float
        In [-1, 1].

    Raises
    ------
    %(label_errors)s

    References
    ----------
    .. [1] %(ref_dom2001)s, Sec. 5.2.

    Examples
    --------
    >>> round(hubert_gamma([0, 0, 1, 1], [0, 0, 1, 2]), 12)   # (6 - 2) / sqrt(2 x 1 x 4 x 5)
    0.632455532034
    """
    pc = pair_counts(labels_true, labels_pred, contingency=contingency)
    if pc.agree:
        return 1.0
    n_pairs = pc.n_pairs
    p, q = pc.n11 + pc.n10, pc.n11 + pc.n01
    denominator = p * q * (n_pairs - p) * (n_pairs - q)
    if denominator == 0:
        return 0.0
    numerator = n_pairs * pc.n11 - p * q
    # numerator**2 / denominator is an exact int division, correctly rounded to a float.
    return math.copysign(math.sqrt(numerator * numerator / denominator), numerator)
