"""Registry entries of the seed-paper measures (Dom 2001, Lazarenko & Bonald, Romano 2014).

Kept apart from :mod:`metrics.registry` so that it only needs one line to register them
(``metrics/__init__.py``).
"""

from __future__ import annotations

import math
from functools import partial

from metrics.dom import dom_q0, dom_q1, dom_q2, normalized_hamming
from metrics.pairwise import pairwise_adjusted_mutual_information
from metrics.registry import Measure
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
        "q0", "Dom's Q0", "information", False, (0.0, _INF), False, False,
        "Bits per object to code the classes given the clusters, model cost included (MDL).",
        r"Q_0 = \tilde H(C|K) + " + _COST,
        dom_q0,
    ),
    Measure(
        "q1", "Dom's Q1", "information", False, (-_INF, _INF), True, False,
        "Mutual information less the extra cost of coding the class counts of each cluster.",
        r"Q_1 = \tilde I(C;K) + \frac1n\Big[\log\binom{n+|C|-1}{|C|-1}"
        r" - \sum_k \log\binom{h(k)+|C|-1}{|C|-1}\Big]",
        dom_q1,
    ),
    Measure(
        "q2", "Dom's Q2", "information", False, (0.0, 1.0), True, False,
        "The perfect clustering's Q0 divided by this clustering's Q0 (1 when perfect).",
        r"Q_2 = \frac{\frac1n\sum_c \log\binom{h(c)+|C|-1}{|C|-1}}{Q_0}",
        dom_q2,
    ),
    Measure(
        "hamming", "Normalized Hamming", "set matching", False, (0.0, 1.0), True, False,
        "1 minus the mean fraction of objects outside their cluster's majority class and "
        "their class's majority cluster.",
        r"\tilde D_H = 1 - \frac{D_H(C;K) + D_H(K;C)}{2n}",
        normalized_hamming,
    ),
    Measure(
        "pami", "Pairwise adjusted MI", "information", True, (-_INF, _INF), True, False,
        "Mutual information less its mean after swapping two random samples' labels.",
        _PAIRWISE,
        pairwise_adjusted_mutual_information,
    ),
    Measure(
        "pami_normalized", "Pairwise adjusted MI (normalized)", "information", True,
        (-_INF, _INF), True, False,
        "Pairwise adjusted MI over the mean pairwise adjusted entropy (ClusterLab's addition).",
        r"\frac{s_p(A,B)}{\tfrac12(q_p(A)+q_p(B))},\quad q_p(A)=s_p(A,A)",
        partial(pairwise_adjusted_mutual_information, normalized=True),
    ),
    Measure(
        "smi", "Standardized MI", "information", True, (-_INF, _INF), True, False,
        "Standard deviations by which the mutual information exceeds its chance value.",
        r"\mathrm{SMI} = \frac{I(U,V) - E[I]}{\sqrt{\mathrm{Var}(I)}}",
        standardized_mutual_information,
    ),
)
