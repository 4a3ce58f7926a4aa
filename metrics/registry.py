"""The registry of comparison measures, and :func:`compare` to compute many at once."""

from __future__ import annotations

import inspect
import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import partial

from metrics.chance import adjusted_mutual_information
from metrics.contingency import resolve
from metrics.information import (
    completeness,
    homogeneity,
    mutual_information,
    normalized_mutual_information,
    v_measure,
    variation_of_information,
)
from metrics.matching import purity
from metrics.pairs import (
    adjusted_rand_index,
    fowlkes_mallows_index,
    hubert_gamma,
    jaccard_index,
    rand_index,
)

__all__ = ["MEASURES", "OPTIONS", "Measure", "compare"]

#: Options :func:`compare` passes on to the measures that take them.
OPTIONS = ("base", "random_model", "one_sided", "beta")


@dataclass(frozen=True)
class Measure:
    """A comparison measure: what it is, how to read it, and the function computing it."""

    name: str
    """Registry key (also the column name in experiment tables)."""
    label: str
    """Human-readable name."""
    family: str
    """"pair counting", "information" or "set matching"."""
    adjusted: bool
    """True when corrected for chance (expected value 0 under the random model)."""
    range: tuple[float, float]
    """Smallest and largest possible values (may be infinite)."""
    higher_is_better: bool
    """True for similarities, False for distances."""
    takes_random_model: bool
    """True when the function takes ``random_model=`` and ``one_sided=``."""
    description: str
    """One line for tooltips."""
    formula: str
    """LaTeX, for ``st.latex``."""
    function: Callable[..., float]
    """``function(labels_true, labels_pred, *, contingency=None, **options) -> float``."""

    @property
    def options(self) -> tuple[str, ...]:
        """The :data:`OPTIONS` this measure's function accepts."""
        parameters = inspect.signature(self.function).parameters
        return tuple(o for o in OPTIONS if o in parameters)


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
            "ri", "Rand index", "pair counting", False, (0.0, 1.0), True, False,
            "Fraction of sample pairs on which the two clusterings agree.",
            r"\mathrm{RI} = \frac{n_{11} + n_{00}}{N},\quad " + _PAIR,
            rand_index,
        ),
        Measure(
            "ari", "Adjusted Rand index", "pair counting", True, (-0.5, 1.0), True, True,
            "Rand index corrected for chance: 0 on average for random clusterings, 1 if equal.",
            r"\mathrm{ARI} = \frac{\mathrm{RI} - E[\mathrm{RI}]}{1 - E[\mathrm{RI}]},\quad "
            r"E[\mathrm{RI}] = q_U q_V + (1-q_U)(1-q_V),\ q_U = \frac{1}{N}\sum_i\binom{a_i}{2}",
            adjusted_rand_index,
        ),
        Measure(
            "jaccard", "Jaccard index", "pair counting", False, (0.0, 1.0), True, False,
            "Pairs together in both clusterings, over pairs together in at least one.",
            r"J = \frac{n_{11}}{n_{11} + n_{10} + n_{01}}",
            jaccard_index,
        ),
        Measure(
            "fm", "Fowlkes-Mallows index", "pair counting", False, (0.0, 1.0), True, False,
            "Geometric mean of pair precision and pair recall.",
            r"\mathrm{FM} = \frac{n_{11}}{\sqrt{(n_{11}+n_{10})(n_{11}+n_{01})}}",
            fowlkes_mallows_index,
        ),
        Measure(
            "gamma", "Hubert's Gamma", "pair counting", False, (-1.0, 1.0), True, False,
            "Correlation between the two 'same cluster' indicators over all sample pairs.",
            r"\Gamma = \frac{N n_{11} - p q}{\sqrt{p q (N-p)(N-q)}},\quad "
            r"p = n_{11}+n_{10},\ q = n_{11}+n_{01}",
            hubert_gamma,
        ),
        Measure(
            "mi", "Mutual information", "information", False, (0.0, _INF), True, False,
            "Information shared by the two clusterings (nats unless base is given).",
            r"I(U,V) = \sum_{ij}\frac{n_{ij}}{n}\log\frac{n\,n_{ij}}{a_i b_j}",
            mutual_information,
        ),
    ]
    for name in ("min", "sqrt", "arithmetic", "max", "joint"):
        measures.append(
            Measure(
                f"nmi_{name}", f"NMI ({name})", "information", False, (0.0, 1.0), True, False,
                f"Mutual information divided by {_AVERAGE_WORDS[name]}.",
                rf"\mathrm{{NMI}}_{{\mathrm{{{name}}}}} = \frac{{I(U,V)}}{{{_AVERAGES[name]}}}",
                partial(normalized_mutual_information, normalization=name),
            )
        )
    measures += [
        Measure(
            "vi", "Variation of information", "information", False, (0.0, _INF), False, False,
            "Information lost and gained going from one clustering to the other (a metric).",
            r"\mathrm{VI} = H(U|V) + H(V|U) = H(U) + H(V) - 2 I(U,V)",
            variation_of_information,
        ),
        Measure(
            "nvi", "Normalized variation of information", "information", False, (0.0, 1.0),
            False, False,
            "Variation of information divided by the joint entropy (a metric in [0, 1]).",
            r"\mathrm{NVI} = \frac{\mathrm{VI}}{H(U,V)} = 1 - \frac{I(U,V)}{H(U,V)}",
            partial(variation_of_information, normalized=True),
        ),
    ]
    for name in ("min", "sqrt", "arithmetic", "max"):
        measures.append(
            Measure(
                f"ami_{name}", f"AMI ({name})", "information", True, (-_INF, 1.0), True, True,
                f"Mutual information corrected for chance, normalised by "
                f"{_AVERAGE_WORDS[name]}.",
                _AMI.format(name=r"\mathrm{" + name + "}", avg=_AVERAGES[name]),
                partial(adjusted_mutual_information, normalization=name),
            )
        )
    measures += [
        Measure(
            "homogeneity", "Homogeneity", "information", False, (0.0, 1.0), True, False,
            "1 when every cluster holds samples of one class only.",
            r"h = 1 - \frac{H(U|V)}{H(U)}",
            homogeneity,
        ),
        Measure(
            "completeness", "Completeness", "information", False, (0.0, 1.0), True, False,
            "1 when all samples of each class are in one cluster.",
            r"c = 1 - \frac{H(V|U)}{H(V)}",
            completeness,
        ),
        Measure(
            "v_measure", "V-measure", "information", False, (0.0, 1.0), True, False,
            "Harmonic mean of homogeneity and completeness (= NMI arithmetic).",
            r"V_\beta = \frac{(1+\beta)\,h\,c}{\beta h + c}",
            v_measure,
        ),
        Measure(
            "purity", "Purity", "set matching", False, (0.0, 1.0), True, False,
            "Fraction of samples in the majority class of their cluster.",
            r"P = \frac{1}{n}\sum_j \max_i n_{ij}",
            purity,
        ),
    ]
    return measures


#: Registry key -> :class:`Measure`, in display order.
MEASURES: dict[str, Measure] = {m.name: m for m in _measures()}


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
    labels_true, labels_pred : array-like, optional
        The two labelings (or pass ``contingency=``).
    measures : iterable of str, optional
        Keys of :data:`MEASURES` (default: all, in registry order).
    **options
        ``base``, ``random_model``, ``one_sided``, ``beta``: passed to the measures that take
        them (``base`` changes mi and vi; ``random_model`` and ``one_sided`` change ari and
        the ami_*).

    Returns
    -------
    dict
        Measure key -> value, in the order asked.
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
