"""Information-theoretic measures: entropies, mutual information and its normalisations."""

from __future__ import annotations

import math

import numpy as np

from metrics._docstring import fill_doc
from metrics._labels import as_label_array, encode
from metrics._special import bd0, entropy_of_counts, exact_dot, serial_dot, sum_x_log_ratio
from metrics.contingency import Contingency, resolve
from metrics.validation import check_bool, check_real

__all__ = [
    "AMI_NORMALIZATIONS",
    "NORMALIZATIONS",
    "completeness",
    "conditional_entropy",
    "entropy",
    "homogeneity",
    "joint_entropy",
    "mutual_information",
    "normalized_mutual_information",
    "v_measure",
    "variation_of_information",
]

#: Normalisations of the mutual information (``"geometric"`` is accepted for ``"sqrt"``).
NORMALIZATIONS = ("min", "sqrt", "arithmetic", "max", "joint")
#: Normalisations of the adjusted mutual information: all but the joint entropy, which is no
#: average of the two sides' bounds (Vinh et al. 2009, eqs. 25-27).
AMI_NORMALIZATIONS = tuple(z for z in NORMALIZATIONS if z != "joint")


def log_base(base: float | None) -> float:
    """``log(base)``, the divisor turning nats into the unit of ``base`` (None: nats).

    Parameters
    ----------
    base : float or None
        A logarithm base > 1 (2 for bits, 10 for bans), or None for nats. A base in (0, 1)
        is refused: it would turn every information quantity negative.

    Returns
    -------
    float

    Raises
    ------
    ValueError
        For a base that is not a number greater than 1.

    Examples
    --------
    >>> log_base(None), round(log_base(2.0), 6)
    (1.0, 0.693147)
    """
    if base is None:
        return 1.0
    return math.log(check_real(base, "base", 1, low_open=True))


@fill_doc
def entropy(labels: object, *, base: float | None = None) -> float:
    r"""Entropy of a labeling (Vinh et al. 2009, eq. 7).

    .. math:: H(U) = -\sum_i \frac{a_i}{n} \log \frac{a_i}{n}

    Natural logarithm unless ``base`` is given. One cluster gives 0.

    Parameters
    ----------
    labels : array-like of shape (n_samples,)
    base : float or None, default=None
        Logarithm base (None: nats).

    Returns
    -------
    float
        >= 0.

    References
    ----------
    .. [1] %(ref_vinh2009)s, eq. (7).
    .. [2] %(ref_gates2017)s, eq. (20).

    Examples
    --------
    >>> entropy([0, 0, 1, 1], base=2)
    1.0
    >>> entropy(["a", "a", "a"])
    0.0
    """
    arr = as_label_array(labels, "labels")
    codes, span, _, _ = encode(arr)
    sizes = np.bincount(codes, minlength=span)
    return entropy_of_counts(sizes, arr.shape[0]) / log_base(base)


def marginal_entropies(ct: Contingency) -> tuple[float, float]:
    """``(H(U), H(V))`` in nats of a table's rows and columns, computed once per table.

    Parameters
    ----------
    ct : Contingency

    Returns
    -------
    (float, float)

    Examples
    --------
    >>> from metrics import contingency_table
    >>> h_true, h_pred = marginal_entropies(contingency_table([0, 0, 1, 1], [0, 0, 0, 0]))
    >>> round(h_true, 12), h_pred   # log 2 and 0
    (0.69314718056, 0.0)
    """
    return ct.cached(
        "entropies",
        lambda: (entropy_of_counts(ct.row_sums, ct.n), entropy_of_counts(ct.col_sums, ct.n)),
    )


def _joint_entropy(ct: Contingency) -> float:
    """``H(U, V) = sum_x m_x (x/n) log(n/x)`` over the distinct counts x of m_x cells each."""

    def compute() -> float:
        counts, _, cells = ct.distinct_counts()
        if cells.size == 1 and cells[0] == 1:
            return 0.0  # one cell holds every sample
        x = counts.astype(np.float64)
        return serial_dot(cells * x, np.log(ct.n / x)) / ct.n

    return ct.cached("joint_entropy", compute)


def _conditional_entropies(ct: Contingency) -> tuple[float, float]:
    """``(H(U|V), H(V|U))`` in nats as sums of non-negative terms (no cancellation)."""

    def compute() -> tuple[float, float]:
        v = ct.nonzero()[2].astype(np.float64)
        a, b = ct.cell_margins()
        return sum_x_log_ratio(v, b) / ct.n, sum_x_log_ratio(v, a) / ct.n

    return ct.cached("conditional_entropies", compute)


def is_identity(ct: Contingency) -> bool:
    """True when both labelings are the same partition (up to the names of the clusters).

    Parameters
    ----------
    ct : Contingency

    Returns
    -------
    bool

    Examples
    --------
    >>> from metrics import contingency_table
    >>> is_identity(contingency_table([0, 0, 1], ["b", "b", "a"]))
    True
    """
    rows, cols = ct.shape
    return rows == cols and ct.nnz == rows


def table_mutual_information(ct: Contingency) -> float:
    """MI in nats, as ``(1/n)[sum_nz bd0(n_ij, mu_ij) + sum_zero mu_ij]``, mu_ij = a_i b_j / n.

    Equal to eq. (8) of Vinh et al. (2009) because ``sum n_ij = sum mu_ij = n``; unlike eq. (8)
    every term is non-negative, so nearly independent labelings (MI close to 0) keep their
    relative precision. The mass of the empty cells is an exact integer computation.

    Parameters
    ----------
    ct : Contingency

    Returns
    -------
    float
        >= 0.

    Examples
    --------
    >>> from metrics import contingency_table
    >>> round(table_mutual_information(contingency_table([0, 0, 1, 1], [1, 1, 0, 0])), 12)
    0.69314718056
    """

    def compute() -> float:
        if ct.shape[0] == 1 or ct.shape[1] == 1:
            return 0.0
        if is_identity(ct):
            return marginal_entropies(ct)[0]
        n = ct.n
        n_rows, n_cols = ct.shape
        if not ct.is_sparse and 4 * ct.nnz >= n_rows * n_cols:
            # Mostly non-zero: sum over every cell (bd0(0, mu) = mu) in cache-sized blocks.
            a, b = ct.row_sums.astype(np.float64), ct.col_sums / n
            step = max(1, (1 << 15) // b.size)
            total = 0.0
            for i in range(0, a.size, step):
                block = ct.counts[i : i + step]
                total += bd0(block, np.multiply.outer(a[i : i + step], b)).sum()
            return float(total / n)
        values = ct.nonzero()[2]
        a, b = ct.cell_margins()
        mu = a.astype(np.float64) * (b / n)
        empty_mass = (n * n - exact_dot(a, b, n * n)) / n
        return float((bd0(values, mu).sum() + empty_mass) / n)

    return ct.cached("mutual_information", compute)


@fill_doc
def joint_entropy(
    labels_true: object = None,
    labels_pred: object = None,
    *,
    contingency: object = None,
    base: float | None = None,
) -> float:
    """Joint entropy ``H(U, V) = -sum_ij (n_ij/n) log(n_ij/n)``.

    Parameters
    ----------
    %(labels)s
    %(contingency)s
    base : float or None, default=None
        Logarithm base (2: bits; None: nats).

    Returns
    -------
    float

    Raises
    ------
    %(label_errors)s

    References
    ----------
    .. [1] %(ref_lazarenko)s, eq. (1) (I = H(X) + H(Y) - H(X, Y)).

    Examples
    --------
    >>> joint_entropy([0, 0, 1, 1], [0, 1, 0, 1], base=2)   # four equal cells
    2.0
    """
    ct = resolve(labels_true, labels_pred, contingency)
    return _joint_entropy(ct) / log_base(base)


@fill_doc
def conditional_entropy(
    labels_true: object = None,
    labels_pred: object = None,
    *,
    contingency: object = None,
    base: float | None = None,
) -> float:
    r"""Conditional entropy of labels_true given labels_pred (Dom 2001, Sec. 4.1).

    .. math:: H(U|V) = -\sum_{ij} \frac{n_{ij}}{n} \log \frac{n_{ij}}{b_j}

    For ``H(V|U)`` swap the arguments (or transpose the table).

    Parameters
    ----------
    %(labels)s
    %(contingency)s
    base : float or None, default=None
        Logarithm base (2: bits; None: nats).

    Returns
    -------
    float

    Raises
    ------
    %(label_errors)s

    References
    ----------
    .. [1] %(ref_dom2001)s, Sec. 4.1 (the empirical conditional entropy, unnumbered).

    Examples
    --------
    >>> conditional_entropy([0, 0, 1, 1], [0, 1, 0, 1], base=2)   # V says nothing about U
    1.0
    >>> conditional_entropy([0, 0, 1, 1], [0, 0, 1, 2])
    0.0
    """
    ct = resolve(labels_true, labels_pred, contingency)
    return _conditional_entropies(ct)[0] / log_base(base)


@fill_doc
def mutual_information(
    labels_true: object = None,
    labels_pred: object = None,
    *,
    contingency: object = None,
    base: float | None = None,
) -> float:
    r"""Mutual information of two labelings (Vinh et al. 2009, eq. 8).

    .. math:: I(U, V) = \sum_{ij} \frac{n_{ij}}{n} \log \frac{n\, n_{ij}}{a_i b_j}

    Natural logarithm unless ``base`` is given.

    Parameters
    ----------
    %(labels)s
    %(contingency)s
    base : float or None, default=None
        Logarithm base (2: bits; None: nats).

    Returns
    -------
    float
        >= 0.

    Raises
    ------
    %(label_errors)s

    See Also
    --------
    normalized_mutual_information : MI over an entropy bound.
    adjusted_mutual_information : MI corrected for chance.

    References
    ----------
    .. [1] %(ref_vinh2009)s, eq. (8).
    .. [2] %(ref_gates2017)s, eq. (21).

    Examples
    --------
    >>> mutual_information([0, 0, 1, 1], [1, 1, 0, 0], base=2)
    1.0
    >>> mutual_information([0, 0, 1, 1], [0, 1, 0, 1])
    0.0
    """
    ct = resolve(labels_true, labels_pred, contingency)
    return table_mutual_information(ct) / log_base(base)


def normalizer(h_true, h_pred, normalization: str, h_joint=0.0):
    """The upper bound of MI used to normalise it: min, sqrt, arithmetic mean or max of the
    two entropies (or bounds), or the joint entropy.

    Elementwise on arrays (the batch engine normalises a whole batch with it); a float for
    floats.

    Parameters
    ----------
    h_true, h_pred : float or ndarray
        H(U) and H(V), or their bounds under a random model.
    normalization : {"min", "sqrt", "arithmetic", "max", "joint"}
    h_joint : float or ndarray, default=0.0
        H(U, V), for "joint".

    Returns
    -------
    float or ndarray

    Raises
    ------
    ValueError
        Unknown normalization.

    Examples
    --------
    >>> normalizer(1.0, 4.0, "sqrt"), normalizer(1.0, 4.0, "arithmetic")
    (2.0, 2.5)
    """
    if normalization == "min":
        norm = np.minimum(h_true, h_pred)
    elif normalization in ("sqrt", "geometric"):
        norm = np.sqrt(np.multiply(h_true, h_pred))
    elif normalization == "arithmetic":
        norm = np.add(h_true, h_pred) / 2.0
    elif normalization == "max":
        norm = np.maximum(h_true, h_pred)
    elif normalization == "joint":
        norm = h_joint
    else:
        raise ValueError(
            f"unknown normalization {normalization!r}: use one of {', '.join(NORMALIZATIONS)}."
        )
    return norm if np.ndim(norm) else float(norm)


@fill_doc
def normalized_mutual_information(
    labels_true: object = None,
    labels_pred: object = None,
    *,
    contingency: object = None,
    normalization: str = "arithmetic",
) -> float:
    """Normalised mutual information ``I(U, V) / norm`` (Vinh et al. 2009, eq. 11 for sqrt).

    ``norm`` is ``min(H(U), H(V))``, ``sqrt(H(U) H(V))`` (Strehl & Ghosh), their arithmetic
    mean (scikit-learn's default, = V-measure), ``max`` or the joint entropy ``H(U, V)``.
    Base-free. As scikit-learn: 1 when both labelings have a single cluster, 0 when the
    normaliser is 0 otherwise (then I = 0).

    Parameters
    ----------
    %(labels)s
    %(contingency)s
    normalization : {"min", "sqrt", "arithmetic", "max", "joint"}, default="arithmetic"

    Returns
    -------
    float
        In [0, 1].

    Raises
    ------
    %(label_errors)s

    See Also
    --------
    mutual_information : the raw MI.
    adjusted_mutual_information : NMI corrected for chance.

    References
    ----------
    .. [1] %(ref_vinh2009)s, eq. (11) (sqrt); the other bounds: eqs. (25)-(27).
    .. [2] %(ref_gates2017)s, eq. (22).

    Examples
    --------
    >>> normalized_mutual_information([0, 0, 1, 1], [0, 0, 1, 1])
    1.0
    >>> round(normalized_mutual_information([0, 0, 1, 1], [0, 0, 1, 2], normalization="max"), 12)
    0.666666666667
    """
    ct = resolve(labels_true, labels_pred, contingency)
    if ct.shape == (1, 1):
        return 1.0
    h_true, h_pred = marginal_entropies(ct)
    joint = _joint_entropy(ct) if normalization == "joint" else 0.0
    norm = normalizer(h_true, h_pred, normalization, joint)
    mi = table_mutual_information(ct)
    if mi == 0.0 or norm == 0.0:
        return 0.0
    if is_identity(ct):
        return 1.0
    return min(mi / norm, 1.0)


@fill_doc
def variation_of_information(
    labels_true: object = None,
    labels_pred: object = None,
    *,
    contingency: object = None,
    normalized: bool = False,
    base: float | None = None,
) -> float:
    """Variation of information (Meila 2003; Vinh et al. 2009, eq. 10).

    .. math:: VI = H(U) + H(V) - 2 I(U, V) = H(U|V) + H(V|U)

    computed as the sum of the two conditional entropies (non-negative terms). With
    ``normalized=True`` returns ``VI / H(U, V) = 1 - I / H(U, V)``, a metric in [0, 1]
    (Kraskov et al. 2005; Vinh, Epps & Bailey 2010), 0 when ``H(U, V) = 0``; it is base-free and
    ``base`` is ignored.

    Parameters
    ----------
    %(labels)s
    %(contingency)s
    normalized : bool, default=False
        Divide by H(U, V).
    base : float or None, default=None
        Logarithm base (None: nats); ignored when ``normalized``.

    Returns
    -------
    float
        >= 0.

    Raises
    ------
    %(label_errors)s

    See Also
    --------
    mutual_information : VI = H(U) + H(V) - 2 I(U, V).

    References
    ----------
    .. [1] %(ref_vinh2009)s, eq. (10).

    Examples
    --------
    >>> variation_of_information([0, 0, 1, 1], [0, 1, 0, 1], base=2)   # 1 + 1 bits
    2.0
    >>> variation_of_information([0, 0, 1, 1], [0, 1, 0, 1], normalized=True)
    1.0
    """
    ct = resolve(labels_true, labels_pred, contingency)
    scale = log_base(base)  # checked even when normalized ignores it
    vi = sum(_conditional_entropies(ct))
    if check_bool(normalized, "normalized"):
        joint = _joint_entropy(ct)
        return min(vi / joint, 1.0) if joint > 0 else 0.0
    return vi / scale


@fill_doc
def homogeneity(
    labels_true: object = None, labels_pred: object = None, *, contingency: object = None
) -> float:
    """Homogeneity ``h = 1 - H(U|V) / H(U) = I / H(U)`` (Rosenberg & Hirschberg 2007).

    1 when labels_true has a single class (as scikit-learn).

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

    Examples
    --------
    >>> homogeneity([0, 0, 1, 1], [0, 0, 1, 2])   # every cluster holds one class
    1.0
    """
    ct = resolve(labels_true, labels_pred, contingency)
    return _homogeneity_completeness(ct)[0]


@fill_doc
def completeness(
    labels_true: object = None, labels_pred: object = None, *, contingency: object = None
) -> float:
    """Completeness ``c = 1 - H(V|U) / H(V) = I / H(V)`` (Rosenberg & Hirschberg 2007).

    1 when labels_pred has a single cluster (as scikit-learn).

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

    Examples
    --------
    >>> completeness([0, 0, 1, 1], [0, 0, 0, 0])   # every class sits in one cluster
    1.0
    """
    ct = resolve(labels_true, labels_pred, contingency)
    return _homogeneity_completeness(ct)[1]


@fill_doc
def v_measure(
    labels_true: object = None,
    labels_pred: object = None,
    *,
    contingency: object = None,
    beta: float = 1.0,
) -> float:
    """V-measure ``(1 + beta) h c / (beta h + c)`` (Rosenberg & Hirschberg 2007).

    With ``beta = 1`` it equals NMI with the arithmetic normalisation. 0 when h = c = 0.

    Parameters
    ----------
    %(labels)s
    %(contingency)s
    beta : float, default=1.0
        Weight of completeness against homogeneity.

    Returns
    -------
    float
        In [0, 1].

    Raises
    ------
    %(label_errors)s

    Examples
    --------
    >>> round(v_measure([0, 0, 1, 1], [0, 0, 1, 2]), 12)   # h = 1, c = 2/3
    0.8
    """
    if not beta > 0:
        raise ValueError(f"beta must be > 0, got {beta!r}.")
    ct = resolve(labels_true, labels_pred, contingency)
    h, c = _homogeneity_completeness(ct)
    if h + c == 0:
        return 0.0
    return (1.0 + beta) * h * c / (beta * h + c)


def _homogeneity_completeness(ct: Contingency) -> tuple[float, float]:
    h_true, h_pred = marginal_entropies(ct)
    mi = table_mutual_information(ct)
    identical = is_identity(ct)
    h = 1.0 if h_true == 0 or identical else min(mi / h_true, 1.0)
    c = 1.0 if h_pred == 0 or identical else min(mi / h_pred, 1.0)
    return h, c
