"""Registry entries of the seed-paper measures (Dom 2001, Lazarenko & Bonald, Romano 2014).

Kept apart from :mod:`metrics.registry`, which lists them after the classic measures.
"""

from __future__ import annotations

import math

from metrics.dom import dom_q0, dom_q1, dom_q2, normalized_hamming
from metrics.measure import Measure
from metrics.pairwise import pairwise_adjusted_mutual_information
from metrics.standardized import standardized_mutual_information

__all__ = ["SEED_MEASURES"]

_INF = math.inf
_COST = r"\frac1n\sum_k \log\binom{h(k)+|C|-1}{|C|-1}"
_PAIRWISE = (
    r"s_p = \frac{2}{n^2}\sum_{ij} n_{ij}(n-a_i-b_j+n_{ij})\,[f(n_{ij})-f(n_{ij}-1)]"
    r" + \frac{2}{n^2}\sum_{ij}(a_i-n_{ij})(b_j-n_{ij})\,[f(n_{ij})-f(n_{ij}+1)],\quad"
    r" f(x)=\tfrac{x}{n}\log\tfrac{x}{n}"
)

SEED_MEASURES = (
    Measure(
        name="q0",
        label="Dom's Q0",
        family="information",
        adjusted=False,
        range=(0.0, _INF),
        higher_is_better=False,
        description="Bits per object to code the classes given the clusters, model cost included "
                    "(MDL).",
        formula=r"Q_0 = \tilde H(C|K) + " + _COST,
        base_function=dom_q0,
    ),
    Measure(
        name="q1",
        label="Dom's Q1",
        family="information",
        adjusted=False,
        range=(-_INF, _INF),
        higher_is_better=True,
        description="Mutual information less the extra cost of coding the class counts of each "
                    "cluster.",
        formula=r"Q_1 = \tilde I(C;K) + \frac1n\Big[\log\binom{n+|C|-1}{|C|-1}"
                r" - \sum_k \log\binom{h(k)+|C|-1}{|C|-1}\Big]",
        base_function=dom_q1,
    ),
    Measure(
        name="q2",
        label="Dom's Q2",
        family="information",
        adjusted=False,
        range=(0.0, 1.0),
        higher_is_better=True,
        description="The perfect clustering's Q0 divided by this clustering's Q0 (1 when perfect).",
        formula=r"Q_2 = \frac{\frac1n\sum_c \log\binom{h(c)+|C|-1}{|C|-1}}{Q_0}",
        base_function=dom_q2,
    ),
    Measure(
        name="hamming",
        label="Normalized Hamming",
        family="set matching",
        adjusted=False,
        range=(0.0, 1.0),
        higher_is_better=True,
        description="1 minus the mean fraction of objects outside their cluster's majority class "
                    "and "
                    "their class's majority cluster.",
        formula=r"\tilde D_H = 1 - \frac{D_H(C;K) + D_H(K;C)}{2n}",
        base_function=normalized_hamming,
    ),
    Measure(
        name="pami",
        label="Pairwise adjusted MI",
        family="information",
        adjusted=True,
        range=(-_INF, _INF),
        higher_is_better=True,
        description="Mutual information less its mean after swapping two random samples' labels.",
        formula=_PAIRWISE,
        base_function=pairwise_adjusted_mutual_information,
    ),
    Measure(
        name="pami_normalized",
        label="Pairwise adjusted MI (normalized)",
        family="information",
        adjusted=True,
        range=(-_INF, _INF),
        higher_is_better=True,
        description="Pairwise adjusted MI over the mean pairwise adjusted entropy (ClusterLab's "
                    "addition).",
        formula=r"\frac{s_p(A,B)}{\tfrac12(q_p(A)+q_p(B))},\quad q_p(A)=s_p(A,A)",
        base_function=pairwise_adjusted_mutual_information,
        fixed_options={"normalized": True},
    ),
    Measure(
        name="smi",
        label="Standardized MI",
        family="information",
        adjusted=True,
        range=(-_INF, _INF),
        higher_is_better=True,
        description="Standard deviations by which the mutual information exceeds its chance value.",
        formula=r"\mathrm{SMI} = \frac{I(U,V) - E[I]}{\sqrt{\mathrm{Var}(I)}}",
        base_function=standardized_mutual_information,
    ),
)
