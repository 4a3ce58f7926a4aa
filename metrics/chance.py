"""Expected values under a random model, and the measures adjusted for chance.

A random model says how a random clustering of ``n`` samples is drawn. Each side of a
comparison is random under the model (or, with ``one_sided=True``, labels_true is fixed as it
is and only labels_pred is random). Three things of one side are all the measures need:

- the probability that a given pair of samples is in one cluster (expected Rand index),
- the expected number of clusters of each size (expected mutual information),
- the largest entropy the side can have (the normaliser of the adjusted mutual information).

:class:`metrics.random_models.RandomModel` names these;
:data:`metrics.model_registry.RANDOM_MODELS` maps ``random_model=`` names to the models. The
permutation model ``"perm"`` (Hubert & Arabie 1985; Vinh et al. 2009) keeps the cluster
sizes: its pair probability and size weights are those of the actual sizes.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np

from metrics._docstring import fill_doc
from metrics._emi_kernel import emi_of_sizes
from metrics._special import serial_dot
from metrics.contingency import Contingency, resolve
from metrics.information import (
    AMI_NORMALIZATIONS,
    is_identity,
    log_base,
    marginal_entropies,
    normalizer,
    table_mutual_information,
)
from metrics.model_registry import model_sides
from metrics.random_models import PermutationModel, RandomModel, expected_mi_binomial_limit
from metrics.validation import check_choice, check_integer

__all__ = [
    "EXPECTED_RI_FORMULA",
    "adjusted_mutual_information",
    "expected_mutual_information",
    "expected_mutual_information_from_sizes",
    "expected_rand_index",
    "vinh_normalized_variation_of_information",
]

#: E[RI] in LaTeX (Hubert & Arabie 1985): the registry's ARI formula and this module's
#: documentation both show it.
EXPECTED_RI_FORMULA = (r"E[\mathrm{RI}] = q_U q_V + (1-q_U)(1-q_V),\ q_U = "
                       r"\frac{1}{N}\sum_i\binom{a_i}{2}")


def pair_probabilities(
    ct: Contingency, model_true: RandomModel, model_pred: RandomModel
) -> tuple[tuple[int, int], tuple[int, int]]:
    """``q`` of labels_true and of labels_pred as exact ``(numerator, denominator)`` pairs.

    A float ``q`` (models without a rational closed form) is taken as the exact binary
    fraction it is, so what is computed from the pairs (``1 - E[RI]``, ``RI - E[RI]``) carries
    no rounding: in float64, ``1 - E`` would cancel to ``2 q`` (two-sided "all":
    q ~ log(n) / n) and lose ``1e-16 / q`` relatively, 2e-7 at n = 1e12.

    Parameters
    ----------
    ct : Contingency
        The table (see :func:`metrics.contingency.resolve`).
    model_true, model_pred : RandomModel
        The random model of each side (see :func:`metrics.model_registry.model_sides`).

    Returns
    -------
    ((int, int), (int, int))
        ``q`` of labels_true and of labels_pred as ``(numerator, denominator)``.

    Examples
    --------
    Under "perm", q = sum_i C(a_i, 2) / C(n, 2): 2/6 for sizes (2, 2), 1/6 for (2, 1, 1).

    >>> from metrics.contingency import contingency_table
    >>> perm = PermutationModel()
    >>> pair_probabilities(contingency_table([0, 0, 1, 1], [0, 0, 1, 2]), perm, perm)
    ((1, 3), (1, 6))
    """
    q_true = model_true.pair_probability(ct.row_sums, ct.n)
    q_pred = model_pred.pair_probability(ct.col_sums, ct.n)
    return q_true.as_integer_ratio(), q_pred.as_integer_ratio()


def expected_rand(ct: Contingency, model_true: RandomModel, model_pred: RandomModel) -> Fraction:
    """``E[RI] = q_U q_V + (1 - q_U)(1 - q_V)``, an exact rational of the two ``q``.

    Parameters
    ----------
    ct : Contingency
        The table (see :func:`metrics.contingency.resolve`).
    model_true, model_pred : RandomModel
        The random model of each side (see :func:`metrics.model_registry.model_sides`).

    Returns
    -------
    fractions.Fraction

    Examples
    --------
    q_U = 1/3 and q_V = 1/6 (see :func:`pair_probabilities`): E[RI] = (1/3)(1/6) +
    (2/3)(5/6) = 1/18 + 10/18:

    >>> from metrics.contingency import contingency_table
    >>> perm = PermutationModel()
    >>> expected_rand(contingency_table([0, 0, 1, 1], [0, 0, 1, 2]), perm, perm)
    Fraction(11, 18)
    """
    (a, d), (b, e) = pair_probabilities(ct, model_true, model_pred)
    return Fraction(a * b + (d - a) * (e - b), d * e)


@fill_doc(expected_ri=EXPECTED_RI_FORMULA)
def expected_rand_index(
    labels_true: object = None,
    labels_pred: object = None,
    *,
    contingency: object = None,
    random_model: str = "perm",
    one_sided: bool = False,
) -> float:
    """Expected Rand index under a random model (Hubert & Arabie 1985; Gates & Ahn 2017).

    .. math:: %(expected_ri)s

    where ``q`` is the probability that a pair is together (under ``"perm"``, with
    N = C(n, 2) pairs). 1 for n < 2 (no pair: RI = 1 surely).

    Parameters
    ----------
    %(labels)s
    %(contingency)s
    %(random_model)s
    %(one_sided)s

    Returns
    -------
    float

    Raises
    ------
    %(label_errors)s
    ValueError
        When ``random_model`` is unknown.
    TypeError
        ``one_sided`` not True or False.

    See Also
    --------
    adjusted_rand_index : the Rand index corrected by this expectation.

    References
    ----------
    .. [1] %(ref_gates2017)s, eqs. (5) perm, (11) num, (15) all; one-sided (18) num, (19) all.

    Examples
    --------
    q_U = 2/6 and q_V = 1/6, so E[RI] = (1/3)(1/6) + (2/3)(5/6) = 11/18:

    >>> round(expected_rand_index([0, 0, 1, 1], [0, 0, 1, 2]), 12) == round(11 / 18, 12)
    True
    """
    models = model_sides(random_model, one_sided)
    ct = resolve(labels_true, labels_pred, contingency)
    if ct.n < 2:
        return 1.0
    return float(expected_rand(ct, *models))


@fill_doc
def expected_mutual_information_from_sizes(
    n: int,
    sizes_a: np.ndarray,
    weights_a: np.ndarray,
    sizes_b: np.ndarray,
    weights_b: np.ndarray,
) -> float:
    """Expected mutual information, in nats, from the expected cluster-size counts of each side.

    .. math::
        EMI = \\sum_a \\sum_b w_A(a) w_B(b) \\sum_{k} \\mathrm{Hyp}(k; n, a, b)
              \\frac{k}{n} \\log \\frac{n k}{a b}

    (Vinh et al. 2009, eq. 24a, grouped by distinct sizes; Gates & Ahn 2017 for non-integer
    expected counts ``w``). Exact to about 1e-15 relative: see :mod:`metrics._emi_kernel` for the
    method (mode-anchored term ratios, a cancellation-free summand, a Bernstein window).

    Parameters
    ----------
    n : int
        Number of samples.
    sizes_a, sizes_b : array of int
        Cluster sizes in ``[1, n]`` (need not be distinct).
    weights_a, weights_b : array of float
        Expected number of clusters of each size (>= 0, finite); ``sum(sizes * weights)``
        must equal ``n`` (to 1e-6 relative), since every sample is in one cluster.

    Raises
    ------
    ValueError
        When ``n`` is not a positive integer, a size is not a whole number in [1, n], a
        weight is negative or not finite, or a side's sizes do not add up to ``n``.

    Returns
    -------
    float
        EMI in nats.

    References
    ----------
    .. [1] %(ref_vinh2009)s, eq. (24a).
    .. [2] %(ref_gates2017)s, eqs. (27) perm, (29)-(32) num, (34)-(35) all; one-sided (36)-(39).

    Examples
    --------
    Sizes (2, 2) against (2, 1, 1), n = 4: the mean MI over all 24 permutations of one
    labeling (brute force with scikit-learn's ``mutual_info_score``):

    >>> import itertools
    >>> from sklearn.metrics import mutual_info_score
    >>> u, v = [0, 0, 1, 1], [0, 0, 1, 2]
    >>> brute = np.mean([mutual_info_score(u, [v[i] for i in p])
    ...                  for p in itertools.permutations(range(4))])
    >>> emi = expected_mutual_information_from_sizes(4, [2], [2], [1, 2], [2, 1])
    >>> bool(abs(emi - brute) < 1e-12)
    True

    Notes
    -----
    The cost is about ``sum over pairs (a, b) of 2 t(a, b)`` array elements, with the window
    half-width ``t ~ 11 sd + 20`` of the pair's hypergeometric (see :mod:`metrics._emi_kernel`): a
    100 x 100 pairs at n = 1e7 take ~0.15 s, but 3000 x 3000 sizes (9 million pairs) ~45 s.
    Pairs of zero weight are skipped; a model with long lists of tiny weights should drop the
    negligible ones (with its own bound) first.
    """
    n = _check_n(n)
    a, wa = _check_sizes(sizes_a, weights_a, n, "a")
    b, wb = _check_sizes(sizes_b, weights_b, n, "b")
    _check_total(a, wa, n, "a")
    _check_total(b, wb, n, "b")
    return emi_of_sizes(n, a, wa, b, wb)


def _check_n(n: object) -> int:
    return check_integer(n, "n", 1)


def _check_sizes(sizes, weights, n, side):
    s = np.asarray(sizes)
    w = np.asarray(weights, dtype=np.float64)
    if s.ndim != 1 or w.shape != s.shape:
        raise ValueError(
            f"sizes_{side} and weights_{side} must be 1-D arrays of the same length, "
            f"got shapes {s.shape} and {w.shape}."
        )
    if s.size and (s.dtype.kind not in "iuf" or not np.array_equal(s, np.round(s))):
        raise ValueError(f"sizes_{side} must be whole numbers.")
    s = s.astype(np.int64)
    if s.size and (s.min() < 1 or s.max() > n):
        raise ValueError(f"sizes_{side} must lie in [1, n] = [1, {n}].")
    if not np.isfinite(w).all() or (w.size and w.min() < 0):
        raise ValueError(f"weights_{side} must be finite and non-negative.")
    keep = w > 0
    return s[keep], w[keep]


def _check_total(sizes: np.ndarray, weights: np.ndarray, n: int, side: str) -> None:
    # Every sample is in one cluster, so the expected sizes add up to n under any model
    # (the models' own weights, which may leave out negligible sizes, skip this check).
    total = serial_dot(sizes, weights)
    if sizes.size and not np.isclose(total, n, rtol=1e-6, atol=0):
        raise ValueError(
            f"sizes_{side} weighted by weights_{side} must sum to n = {n} (every sample is in "
            f"one cluster), got {total:g}: pass the sizes of every cluster, or the right n."
        )


def _expected_mi(ct: Contingency, model_true: RandomModel, model_pred: RandomModel) -> float:
    """EMI in nats of the table's sides under their models (resolved by the caller)."""

    def compute() -> float:
        if mi_is_constant(ct, model_true, model_pred):
            # Every draw gives the MI of the input: EMI = MI exactly, not up to rounding.
            return table_mutual_information(ct)
        emi = expected_mi_binomial_limit(ct.n, model_true, ct.row_sums, model_pred, ct.col_sums)
        if emi is not None:
            return emi
        sa, wa = model_true.size_weights(ct.row_sums, ct.n)
        sb, wb = model_pred.size_weights(ct.col_sums, ct.n)
        return emi_of_sizes(ct.n, sa, wa, sb, wb)

    return ct.cached(("emi", model_true, model_pred), compute)


def mi_is_constant(ct: Contingency, model_true: RandomModel, model_pred: RandomModel) -> bool:
    """True when every draw of the two sides gives the same mutual information, exactly.

    Decided from the sizes every draw of a side surely has (``RandomModel.sure_sizes``,
    integers, no rounding): MI is the same for every draw when a side is surely one cluster
    (MI = 0), or surely all singletons while the other side's sizes are fixed (MI = H of
    those sizes), or surely one cluster plus a lone point while the other side's clusters
    all have one fixed size (the lone point joins a cluster of that size, whichever it is).
    No other pair of models and sizes has a constant MI: checked by enumerating every pair
    of partitions for n <= 7 (tests/metrics/test_chance_precision.py sweeps n <= 5).

    Parameters
    ----------
    ct : Contingency
        The table (see :func:`metrics.contingency.resolve`).
    model_true, model_pred : RandomModel
        The random model of each side (see :func:`metrics.model_registry.model_sides`).

    Returns
    -------
    bool

    Examples
    --------
    >>> from metrics.contingency import contingency_table
    >>> from metrics.model_registry import RANDOM_MODELS
    >>> ct = contingency_table([0, 0, 1, 1], [0, 1, 2, 3])
    >>> mi_is_constant(ct, RANDOM_MODELS["perm"], RANDOM_MODELS["num"])  # num, K = n: singletons
    True
    >>> mi_is_constant(ct, RANDOM_MODELS["perm"], RANDOM_MODELS["all"])
    False
    """

    def compute() -> bool:
        n = ct.n
        sides = (model_true.sure_sizes(ct.row_sums, n), model_pred.sure_sizes(ct.col_sums, n))
        for this, other in (sides, sides[::-1]):
            if this is None:
                continue
            if len(this) == 1:
                return True
            if other is None:
                continue
            if len(this) == n or (this == (1, n - 1) and len(set(other)) == 1):
                return True
        return False

    # Asked by EMI, every AMI normalisation and SMI of one table in compare().
    return ct.cached(("mi_is_constant", model_true, model_pred), compute)


@fill_doc
def expected_mutual_information(
    labels_true: object = None,
    labels_pred: object = None,
    *,
    contingency: object = None,
    random_model: str = "perm",
    one_sided: bool = False,
    base: float | None = None,
) -> float:
    """Expected mutual information under a random model (Vinh et al. 2009, eq. 24a).

    Under ``"perm"`` the expectation is over all pairs of labelings with the cluster sizes of
    the inputs. See :func:`expected_mutual_information_from_sizes` for the formula and
    :data:`metrics.model_registry.RANDOM_MODELS` for the models.

    Parameters
    ----------
    %(labels)s
    %(contingency)s
    %(random_model)s
    %(one_sided)s
    base : float, optional
        Base of the logarithm (> 1); natural logs by default.

    Returns
    -------
    float

    Raises
    ------
    %(label_errors)s
    ValueError
        When ``random_model`` is unknown or ``base`` is not a number > 1.
    TypeError
        ``one_sided`` not True or False.

    See Also
    --------
    adjusted_mutual_information : MI corrected by this expectation.

    References
    ----------
    .. [1] %(ref_vinh2009)s, eq. (24a).
    .. [2] %(ref_gates2017)s, eqs. (27) perm, (29)-(32) num, (34)-(35) all; one-sided (36)-(39).

    Examples
    --------
    The mean MI over all 24 permutations of one labeling (brute force with scikit-learn):

    >>> import itertools
    >>> from sklearn.metrics import mutual_info_score
    >>> u, v = [0, 0, 1, 1], [0, 0, 1, 2]
    >>> brute = np.mean([mutual_info_score(u, [v[i] for i in p])
    ...                  for p in itertools.permutations(range(4))])
    >>> bool(abs(expected_mutual_information(u, v) - brute) < 1e-12)
    True
    """
    models = model_sides(random_model, one_sided)
    ct = resolve(labels_true, labels_pred, contingency)
    return _expected_mi(ct, *models) / log_base(base)


@fill_doc
def adjusted_mutual_information(
    labels_true: object = None,
    labels_pred: object = None,
    *,
    contingency: object = None,
    normalization: str = "arithmetic",
    random_model: str = "perm",
    one_sided: bool = False,
) -> float:
    """Adjusted mutual information (Vinh et al. 2009, eqs. 25-27; Gates & Ahn 2017).

    .. math:: AMI = \\frac{I(U, V) - E[I]}{\\mathrm{avg}(e_U, e_V) - E[I]}

    with ``avg`` the ``normalization`` (min, sqrt, arithmetic, max) and ``e`` each side's
    entropy bound under the model: the entropy itself under ``"perm"``; with
    ``one_sided=True`` the fixed side (labels_true) keeps its actual cluster sizes for E[I]
    but still uses the model's bound, as in Gates & Ahn's clusim (see
    :func:`entropy_bounds`). With the arithmetic mean this is also the adjusted variation of
    information AVI (eq. 28). Base-free.

    Degenerate cases under ``"perm"`` (see docs/degenerate-cases.md): identical partitions
    score exactly 1 (as scikit-learn for one cluster each); otherwise, when one side has one
    cluster or only singletons, every permutation gives the same MI, so ``I = E[I]`` exactly
    and AMI = 0 (scikit-learn returns floating-point noise divided by eps there with the
    "min" normalization).

    Parameters
    ----------
    %(labels)s
    %(contingency)s
    normalization : {"min", "sqrt", "arithmetic", "max"}, default "arithmetic"
        The mean of the two entropy bounds in the denominator.
    %(random_model)s
    %(one_sided)s

    Returns
    -------
    float
        At most 1; 0 in expectation under the model.

    Raises
    ------
    %(label_errors)s
    ValueError
        When ``normalization`` or ``random_model`` is unknown.
    TypeError
        ``one_sided`` not True or False.

    See Also
    --------
    expected_mutual_information : E[MI] under the random model.
    normalized_mutual_information : the uncorrected normalisation.
    adjusted_rand_index : the pair-counting counterpart.

    References
    ----------
    .. [1] %(ref_vinh2009)s, eqs. (25) sqrt, (26) max, (27) arithmetic, (28) AVI.
    .. [2] %(ref_gates2017)s, eq. (1) (correction for chance) and eq. (28).

    Examples
    --------
    Under "perm" with the arithmetic mean this is scikit-learn's
    ``adjusted_mutual_info_score``:

    >>> from sklearn.metrics import adjusted_mutual_info_score
    >>> u, v = [0, 0, 1, 1, 2, 2], [0, 0, 1, 2, 2, 2]
    >>> bool(abs(adjusted_mutual_information(u, v) - adjusted_mutual_info_score(u, v)) < 1e-12)
    True
    >>> adjusted_mutual_information([0, 0, 1, 1], [1, 1, 0, 0])  # same partition
    1.0
    >>> adjusted_mutual_information([0, 0, 0, 0], [0, 1, 2, 3])  # MI = E[MI] = 0
    0.0
    """
    if normalization == "joint":
        raise ValueError(
            f"AMI has no 'joint' normalization: use one of {', '.join(AMI_NORMALIZATIONS)}."
        )
    # Checked before the shortcuts below, which never reach the normalizer's own check.
    check_choice(normalization, "normalization", AMI_NORMALIZATIONS)
    model_true, model_pred = model_sides(random_model, one_sided)
    ct = resolve(labels_true, labels_pred, contingency)
    e_true, e_pred = entropy_bounds(ct, model_pred)
    if is_identity(ct) and isinstance(model_pred, PermutationModel):
        # MI = H(U) = H(V): exactly 1, whatever the rounding of the two entropies.
        return 1.0
    if mi_is_constant(ct, model_true, model_pred):
        # MI - E[MI] is exactly 0 (docs/degenerate-cases.md): no information beyond chance,
        # except for identical partitions whose bound equals MI too (0/0, scored 1). Those are
        # one cluster each (MI = 0; the bound is 0 unless a side's model bound is log n > 0,
        # exact in floats) or all singletons each (MI = log n = every model's bound).
        if is_identity(ct) and (
            ct.shape[0] == ct.n or normalizer(e_true, e_pred, normalization) == 0.0
        ):
            return 1.0
        return 0.0
    mi = table_mutual_information(ct)
    emi = _expected_mi(ct, model_true, model_pred)
    numerator = mi - emi
    denominator = normalizer(e_true, e_pred, normalization) - emi
    if denominator == 0.0 or numerator == 0.0:
        return 1.0 if denominator == 0.0 and is_identity(ct) else 0.0
    # AMI <= 1 because MI <= min(H(U), H(V)) <= avg; rounding can overshoot by an ulp.
    return min(numerator / denominator, 1.0)


@fill_doc
def vinh_normalized_variation_of_information(
    labels_true: object = None, labels_pred: object = None, *, contingency: object = None,
    random_model: str = "perm", one_sided: bool = False,
) -> float:
    """The normalized variation of information of Vinh et al. (2009): VI over its expectation.

    .. math:: NVI = \\frac{H(U) + H(V) - 2 I(U, V)}{H(U) + H(V) - 2 E[I]} = 1 - AVI

    with ``E[I]`` the expected mutual information under the permutation model (eq. 24a) and
    AVI the adjusted variation of information (eq. 28), which equals the AMI with the
    arithmetic mean (eq. 27). Vinh et al. state NVI right after eq. 28 (unnumbered), under
    the permutation model, the default. Under another ``random_model`` (Gates & Ahn 2017) it
    is ``1 - AMI`` (arithmetic) of that model: the paper's identity NVI = 1 - AVI carried
    over, with the model's expected MI and entropy bounds, so that it always agrees with
    ``ami_arithmetic`` under the same options instead of silently staying the permutation
    model's. Not to be confused with ``VI / H(U, V)`` (registry key ``vi_joint``, formerly
    ``nvi``): that one is a metric in [0, 1] with no correction for chance; this one is 0 for
    identical partitions and about 1 for random ones. Base-free; degenerate cases follow the
    AMI (1 when one side is a single cluster or all singletons and the other differs).

    Parameters
    ----------
    %(labels)s
    %(contingency)s
    %(random_model)s
    %(one_sided)s

    Returns
    -------
    float
        At least 0 (0 only for identical partitions); 1 when VI equals its expectation.

    Raises
    ------
    %(label_errors)s

    References
    ----------
    .. [1] %(ref_vinh2009)s, eqs. (10), (24a) and (28).

    Examples
    --------
    >>> vinh_normalized_variation_of_information([0, 0, 1, 1], [1, 1, 0, 0])
    0.0
    >>> u, v = [0, 0, 1, 1, 2, 2], [0, 0, 1, 2, 2, 2]
    >>> nvi = vinh_normalized_variation_of_information(u, v)
    >>> bool(abs(nvi - (1 - adjusted_mutual_information(u, v))) < 1e-15)
    True
    >>> num = vinh_normalized_variation_of_information(u, v, random_model="num")
    >>> bool(abs(num - (1 - adjusted_mutual_information(u, v, random_model="num"))) < 1e-15)
    True
    """
    return 1.0 - adjusted_mutual_information(
        labels_true, labels_pred, contingency=contingency, normalization="arithmetic",
        random_model=random_model, one_sided=one_sided,
    )


def entropy_bounds(ct: Contingency, model: RandomModel) -> tuple[float, float]:
    """Entropy bounds ``(e_true, e_pred)`` in nats of the two sides under ``model``.

    Both sides use the model's bound, also the fixed side of a one-sided comparison (the
    convention of Gates & Ahn's clusim; under "perm" the bound is the entropy itself).
    ``model`` is the random side's (see :func:`metrics.model_registry.model_sides`).

    Parameters
    ----------
    ct : Contingency
        The table.
    model : RandomModel
        The random side's model.

    Returns
    -------
    (float, float)
        ``(e_true, e_pred)`` in nats.

    Examples
    --------
    Under "perm", the entropies of the sizes: 1 bit for (2, 2), 1.5 bits for (2, 1, 1);
    under "all", log n for both sides:

    >>> from metrics.contingency import contingency_table
    >>> from metrics.model_registry import RANDOM_MODELS
    >>> ct = contingency_table([0, 0, 1, 1], [0, 0, 1, 2])
    >>> [round(float(e / np.log(2)), 12) for e in entropy_bounds(ct, RANDOM_MODELS["perm"])]
    [1.0, 1.5]
    >>> [round(float(e / np.log(4)), 12) for e in entropy_bounds(ct, RANDOM_MODELS["all"])]
    [1.0, 1.0]
    """
    if isinstance(model, PermutationModel):
        return marginal_entropies(ct)
    return model.entropy_bound(ct.row_sums, ct.n), model.entropy_bound(ct.col_sums, ct.n)
