"""The registry of comparison measures, and :func:`compare` to compute many at once."""

from __future__ import annotations

import math
import warnings
from collections.abc import Iterable

from metrics._docstring import fill_doc
from metrics.chance import (
    EXPECTED_RI_FORMULA,
    adjusted_mutual_information,
    vinh_normalized_variation_of_information,
)
from metrics.contingency import resolve
from metrics.information import (
    AMI_NORMALIZATIONS,
    NORMALIZATIONS,
    completeness,
    homogeneity,
    mutual_information,
    normalized_mutual_information,
    v_measure,
    variation_of_information,
)
from metrics.matching import purity
from metrics.measure import OPTIONS, Measure
from metrics.pairs import (
    adjusted_rand_index,
    fowlkes_mallows_index,
    hubert_gamma,
    jaccard_index,
    rand_index,
)
from metrics.seed_measures import SEED_MEASURES

__all__ = ["DEPRECATED_KEYS", "MEASURES", "OPTIONS", "Measure", "compare"]

_INF = math.inf
_PAIR = r"n_{11}=\sum_{ij}\binom{n_{ij}}{2},\ N=\binom{n}{2}"
_AMI = (
    r"\mathrm{{AMI}}_{{{name}}} = \frac{{I(U,V) - E[I]}}{{{avg} - E[I]}},\quad "
    r"E[I]=\sum_{{ij}}\sum_{{k}} \frac{{k}}{{n}}\log\frac{{n k}}{{a_i b_j}}\,"
    r"\frac{{a_i!\,b_j!\,(n-a_i)!\,(n-b_j)!}}{{n!\,k!\,(a_i-k)!\,(b_j-k)!\,(n-a_i-b_j+k)!}}"
)
_AVERAGES = {
    "min": r"\min(H(U),H(V))",
    "sqrt": r"\sqrt{H(U)H(V)}",
    "arithmetic": r"\tfrac12(H(U)+H(V))",
    "max": r"\max(H(U),H(V))",
    "joint": r"H(U,V)",
}
_AVERAGE_WORDS = {
    "min": "the smaller entropy",
    "sqrt": "the geometric mean of the entropies",
    "arithmetic": "the arithmetic mean of the entropies",
    "max": "the larger entropy",
    "joint": "the joint entropy",
}


def _measures() -> list[Measure]:
    measures = [
        Measure(
            name="ri",
            label="Rand index",
            family="pair counting",
            adjusted=False,
            range=(0.0, 1.0),
            higher_is_better=True,
            description="Fraction of sample pairs on which the two clusterings agree.",
            formula=r"\mathrm{RI} = \frac{n_{11} + n_{00}}{N},\quad " + _PAIR,
            base_function=rand_index,
        ),
        Measure(
            name="ari",
            label="Adjusted Rand index",
            family="pair counting",
            adjusted=True,
            range=(-0.5, 1.0),
            higher_is_better=True,
            description="Rand index corrected for chance: 0 on average for random clusterings, 1 "
                        "if equal.",
            formula=r"\mathrm{ARI} = \frac{\mathrm{RI} - E[\mathrm{RI}]}{1 - E[\mathrm{RI}]},\quad "
                    + EXPECTED_RI_FORMULA,
            base_function=adjusted_rand_index,
        ),
        Measure(
            name="jaccard",
            label="Jaccard index",
            family="pair counting",
            adjusted=False,
            range=(0.0, 1.0),
            higher_is_better=True,
            description="Pairs together in both clusterings, over pairs together in at least one.",
            formula=r"J = \frac{n_{11}}{n_{11} + n_{10} + n_{01}}",
            base_function=jaccard_index,
        ),
        Measure(
            name="fm",
            label="Fowlkes-Mallows index",
            family="pair counting",
            adjusted=False,
            range=(0.0, 1.0),
            higher_is_better=True,
            description="Geometric mean of pair precision and pair recall.",
            formula=r"\mathrm{FM} = \frac{n_{11}}{\sqrt{(n_{11}+n_{10})(n_{11}+n_{01})}}",
            base_function=fowlkes_mallows_index,
        ),
        Measure(
            name="gamma",
            label="Hubert's Gamma",
            family="pair counting",
            adjusted=False,
            range=(-1.0, 1.0),
            higher_is_better=True,
            description="Correlation between the two 'same cluster' indicators over all sample "
                        "pairs.",
            formula=r"\Gamma = \frac{N n_{11} - p q}{\sqrt{p q (N-p)(N-q)}},\quad "
                    r"p = n_{11}+n_{10},\ q = n_{11}+n_{01}",
            base_function=hubert_gamma,
        ),
        Measure(
            name="mi",
            label="Mutual information",
            family="information",
            adjusted=False,
            range=(0.0, _INF),
            higher_is_better=True,
            description="Information shared by the two clusterings (nats unless base is given).",
            formula=r"I(U,V) = \sum_{ij}\frac{n_{ij}}{n}\log\frac{n\,n_{ij}}{a_i b_j}",
            base_function=mutual_information,
        ),
    ]
    for name in NORMALIZATIONS:
        measures.append(
            Measure(
                name=f"nmi_{name}",
                label=f"NMI ({name})",
                family="information",
                adjusted=False,
                range=(0.0, 1.0),
                higher_is_better=True,
                description=f"Mutual information divided by {_AVERAGE_WORDS[name]}.",
                formula=rf"\mathrm{{NMI}}_{{\mathrm{{{name}}}}} = "
                        rf"\frac{{I(U,V)}}{{{_AVERAGES[name]}}}",
                base_function=normalized_mutual_information,
                fixed_options={"normalization": name},
            )
        )
    measures += [
        Measure(
            name="vi",
            label="Variation of information",
            family="information",
            adjusted=False,
            range=(0.0, _INF),
            higher_is_better=False,
            description="Information lost and gained going from one clustering to the other (a "
                        "metric).",
            formula=r"\mathrm{VI} = H(U|V) + H(V|U) = H(U) + H(V) - 2 I(U,V)",
            base_function=variation_of_information,
        ),
        Measure(
            name="vi_joint",
            label="VI over the joint entropy",
            family="information",
            adjusted=False,
            range=(0.0, 1.0),
            higher_is_better=False,
            description="Variation of information divided by the joint entropy H(U,V) (a metric "
                        "in [0, 1], no correction for chance; registry key 'nvi' before).",
            formula=r"\frac{\mathrm{VI}}{H(U,V)} = 1 - \frac{I(U,V)}{H(U,V)}",
            base_function=variation_of_information,
            fixed_options={"normalized": True},
        ),
        Measure(
            name="nvi_vinh",
            label="NVI of Vinh et al. (VI / E[VI])",
            family="information",
            adjusted=False,
            range=(0.0, _INF),
            higher_is_better=False,
            description="Variation of information divided by its expectation under the "
                        "permutation model: 0 for identical partitions, about 1 for random ones "
                        "(Vinh et al. 2009, after eq. 28; = 1 - AVI = 1 - AMI arithmetic). "
                        "Under random_model num or all: 1 - AMI arithmetic of that model.",
            formula=r"\mathrm{NVI} = \frac{H(U)+H(V)-2I(U,V)}{H(U)+H(V)-2E[I]} "
                    r"= 1 - \mathrm{AVI}",
            base_function=vinh_normalized_variation_of_information,
        ),
    ]
    for name in AMI_NORMALIZATIONS:
        measures.append(
            Measure(
                name=f"ami_{name}",
                label=f"AMI ({name})",
                family="information",
                adjusted=True,
                range=(-_INF, 1.0),
                higher_is_better=True,
                description=f"Mutual information corrected for chance, normalised by "
                            f"{_AVERAGE_WORDS[name]}.",
                formula=_AMI.format(name=r"\mathrm{" + name + "}", avg=_AVERAGES[name]),
                base_function=adjusted_mutual_information,
                fixed_options={"normalization": name},
            )
        )
    measures += [
        Measure(
            name="homogeneity",
            label="Homogeneity",
            family="information",
            adjusted=False,
            range=(0.0, 1.0),
            higher_is_better=True,
            description="1 when every cluster holds samples of one class only.",
            formula=r"h = 1 - \frac{H(U|V)}{H(U)}",
            base_function=homogeneity,
        ),
        Measure(
            name="completeness",
            label="Completeness",
            family="information",
            adjusted=False,
            range=(0.0, 1.0),
            higher_is_better=True,
            description="1 when all samples of each class are in one cluster.",
            formula=r"c = 1 - \frac{H(V|U)}{H(V)}",
            base_function=completeness,
        ),
        Measure(
            name="v_measure",
            label="V-measure",
            family="information",
            adjusted=False,
            range=(0.0, 1.0),
            higher_is_better=True,
            description="Harmonic mean of homogeneity and completeness (= NMI arithmetic).",
            formula=r"V_\beta = \frac{(1+\beta)\,h\,c}{\beta h + c}",
            base_function=v_measure,
        ),
        Measure(
            name="purity",
            label="Purity",
            family="set matching",
            adjusted=False,
            range=(0.0, 1.0),
            higher_is_better=True,
            description="Fraction of samples in the majority class of their cluster.",
            formula=r"P = \frac{1}{n}\sum_j \max_i n_{ij}",
            base_function=purity,
        ),
    ]
    return measures


#: Old registry key -> its new key. The old key still works (with a DeprecationWarning) in
#: ``MEASURES[key]``, ``key in MEASURES`` and :func:`compare`, but is not listed.
DEPRECATED_KEYS = {"nvi": "vi_joint"}


class _Registry(dict):
    """A dict of measures that still answers to the keys of :data:`DEPRECATED_KEYS`."""

    def __missing__(self, key: str) -> Measure:
        if key not in DEPRECATED_KEYS:
            raise KeyError(key)
        warnings.warn(
            f"measure key {key!r} is deprecated: use {DEPRECATED_KEYS[key]!r} (the same "
            f"value, VI / H(U,V)); Vinh et al.'s NVI = 1 - AVI is 'nvi_vinh'.",
            DeprecationWarning, stacklevel=2,
        )
        return self[DEPRECATED_KEYS[key]]

    def __contains__(self, key: object) -> bool:
        return dict.__contains__(self, key) or key in DEPRECATED_KEYS


#: Registry key -> :class:`Measure`, in display order: the classic measures, then those of
#: the seed papers (:mod:`metrics.seed_measures`).
MEASURES: dict[str, Measure] = _Registry(
    (m.name, m) for m in (*_measures(), *SEED_MEASURES)
)


@fill_doc
def compare(
    labels_true: object = None,
    labels_pred: object = None,
    measures: Iterable[str] | str | None = None,
    *,
    contingency: object = None,
    **options: object,
) -> dict[str, float]:
    """Compute several measures from one contingency table.

    Shared quantities (pair counts, entropies, mutual information, expected mutual
    information) are computed once.

    Parameters
    ----------
    %(labels)s
    measures : iterable of str or str, optional
        Keys of :data:`MEASURES` (default: all, in registry order).
    %(contingency)s
    **options
        ``base``, ``random_model``, ``one_sided``, ``beta``: passed to the measures that take
        them (``base`` changes mi and vi; ``random_model`` and ``one_sided`` change ari and
        the ami_*).

    Returns
    -------
    dict
        Measure key -> value, in the order asked.

    Raises
    ------
    TypeError
        An option other than ``base``, ``random_model``, ``one_sided``, ``beta``.
    %(label_errors)s
    ValueError
        For an unknown measure key (the message lists the valid ones).

    Examples
    --------
    scikit-learn's example pair: 5 of the C(4, 2) = 6 pairs agree (RI = 5/6) and its
    documented ARI is 4/7:

    >>> scores = compare([0, 0, 1, 1], [0, 0, 1, 2], measures=["ri", "ari"])
    >>> round(scores["ri"], 12) == round(5 / 6, 12), round(scores["ari"], 12) == round(4 / 7, 12)
    (True, True)
    >>> compare([0, 0, 1, 1], [1, 1, 0, 0], measures=["ari", "nmi_sqrt"])  # same partition
    {'ari': 1.0, 'nmi_sqrt': 1.0}
    >>> compare(contingency=[[2, 0], [0, 2]], measures="ari")
    {'ari': 1.0}
    """
    unknown_options = set(options) - set(OPTIONS)
    if unknown_options:
        raise TypeError(
            f"unknown option(s) {', '.join(sorted(unknown_options))}: "
            f"compare() accepts {', '.join(OPTIONS)}."
        )
    if measures is None:
        names = list(MEASURES)
    else:
        names = [measures] if isinstance(measures, str) else list(measures)
        unknown = [m for m in names if m not in MEASURES]
        if unknown:
            raise ValueError(
                f"unknown measure(s) {', '.join(map(repr, unknown))}: "
                f"use keys of metrics.MEASURES ({', '.join(MEASURES)})."
            )
    ct = resolve(labels_true, labels_pred, contingency)
    results = {}
    for name in names:
        measure = MEASURES[name]
        kwargs = {k: v for k, v in options.items() if k in measure.options}
        results[name] = measure.function(contingency=ct, **kwargs)
    return results
