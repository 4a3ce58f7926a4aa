"""Measures worked out step by step: each formula with the table's own numbers put in.

A student who edits a contingency table should be able to follow every number from the
counts to the score. :func:`pair_counting_steps` and :func:`information_steps` return the
intermediate quantities in the order a student would compute them by hand, each as a
:class:`Step` holding the general formula, the same formula with the numbers substituted (as
LaTeX for ``st.latex``) and the value. Every value comes from the :mod:`metrics` functions
themselves, never from the strings, so what is shown is what the measures compute.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from metrics._docstring import fill_doc
from metrics.chance import (
    adjusted_mutual_information,
    entropy_bounds,
    expected_mutual_information,
    expected_rand_index,
)
from metrics.contingency import resolve
from metrics.information import entropy, mutual_information, normalized_mutual_information
from metrics.model_registry import model_sides
from metrics.pairs import adjusted_rand_index, pair_counts, rand_index

__all__ = ["MAX_TERMS", "Step", "information_steps", "pair_counting_steps"]

#: Terms of a sum written out before the rest is elided with ``\cdots``.
MAX_TERMS = 6


class Step(NamedTuple):
    r"""One intermediate quantity of a worked example.

    Parameters
    ----------
    symbol : str
        LaTeX name of the quantity, e.g. ``n_{11}``.
    formula : str
        LaTeX of its general formula.
    substituted : str
        LaTeX of the formula with this table's numbers (may be empty).
    value : float
        Its value, computed by :mod:`metrics`.

    Examples
    --------
    >>> Step("RI", r"\frac{n_{11}+n_{00}}{N}", r"\frac{92}{136}", 92 / 136).latex()
    'RI = \\frac{n_{11}+n_{00}}{N} = \\frac{92}{136} = 0.6765'
    """

    symbol: str
    """LaTeX name of the quantity, e.g. ``n_{11}``."""
    formula: str
    """LaTeX of its general formula."""
    substituted: str
    """LaTeX of the formula with this table's numbers (may be empty when too long to show)."""
    value: float
    """Its value, computed by :mod:`metrics`."""

    def latex(self) -> str:
        """``symbol = formula = substituted = value`` as one LaTeX line."""
        parts = [self.symbol, self.formula, self.substituted, number(self.value)]
        return " = ".join(part for part in parts if part)


def number(value: float) -> str:
    """A value as a student reads it: integers exactly, others to 4 significant decimals.

    Parameters
    ----------
    value : float

    Returns
    -------
    str

    Examples
    --------
    >>> number(136.0), number(2 / 3)
    ('136', '0.6667')
    """
    if float(value).is_integer() and abs(value) < 1e15:
        return f"{int(value)}"
    return f"{value:.4f}" if abs(value) >= 1e-3 else f"{value:.3g}"


def _sum(terms: list[str]) -> str:
    if not terms:
        return "0"
    if len(terms) > MAX_TERMS:
        terms = [*terms[:MAX_TERMS], r"\cdots"]
    return " + ".join(terms)


def _binomials(values: np.ndarray) -> str:
    """``C(v, 2) + ...`` over the values that make at least one pair."""
    return _sum([rf"\tbinom{{{int(v)}}}{{2}}" for v in values if v >= 2])


@fill_doc
def pair_counting_steps(
    labels_true: object = None,
    labels_pred: object = None,
    *,
    contingency: object = None,
    random_model: str = "perm",
    one_sided: bool = False,
) -> list[Step]:
    """Pair counts, Rand index, its expectation and the adjusted Rand index, step by step.

    Dom (2001, eqs. 2-5) for the pair counts, Rand (1971) for RI, Hubert & Arabie (1985) for
    E[RI] and ARI under the permutation model, Gates & Ahn (2017) under ``random_model``.

    Parameters
    ----------
    %(labels)s
    %(contingency)s
    %(random_model)s
    %(one_sided)s

    Returns
    -------
    list of Step
        In the order a student computes them; the last is ARI.

    Raises
    ------
    %(label_errors)s

    Examples
    --------
    >>> steps = pair_counting_steps(contingency=[[0, 0, 4], [1, 2, 2], [4, 4, 0]])
    >>> print(steps[-1].symbol, round(steps[-1].value, 12) == round(1920 / 7904, 12))
    \\mathrm{ARI} True
    """
    ct = resolve(labels_true, labels_pred, contingency)
    pc = pair_counts(contingency=ct)
    cells = ct.nonzero()[2]
    together_true, together_pred = pc.n11 + pc.n10, pc.n11 + pc.n01
    model_true, model_pred = model_sides(random_model, one_sided)
    q_true = model_true.pair_probability(ct.row_sums, ct.n)
    q_pred = model_pred.pair_probability(ct.col_sums, ct.n)
    e_ri = expected_rand_index(contingency=ct, random_model=random_model, one_sided=one_sided)
    ri = rand_index(contingency=ct)
    return [
        Step("N", r"\binom{n}{2}", rf"\binom{{{ct.n}}}{{2}}", pc.n_pairs),
        Step(r"n_{11}", r"\sum_{ij}\binom{n_{ij}}{2}", _binomials(cells), pc.n11),
        Step(
            r"n_{10}", r"\sum_i\binom{a_i}{2} - n_{11}",
            rf"({_binomials(ct.row_sums)}) - {pc.n11}", pc.n10,
        ),
        Step(
            r"n_{01}", r"\sum_j\binom{b_j}{2} - n_{11}",
            rf"({_binomials(ct.col_sums)}) - {pc.n11}", pc.n01,
        ),
        Step(
            r"n_{00}", r"N - n_{11} - n_{10} - n_{01}",
            f"{pc.n_pairs} - {pc.n11} - {pc.n10} - {pc.n01}", pc.n00,
        ),
        Step(
            r"\mathrm{RI}", r"\frac{n_{11} + n_{00}}{N}",
            rf"\frac{{{pc.n11} + {pc.n00}}}{{{pc.n_pairs}}}", ri,
        ),
        Step(
            r"E[\mathrm{RI}]", r"q_U q_V + (1 - q_U)(1 - q_V)",
            _expected_ri_text(q_true, q_pred, together_true, together_pred, pc.n_pairs,
                              random_model, one_sided),
            e_ri,
        ),
        Step(
            r"\mathrm{ARI}", r"\frac{\mathrm{RI} - E[\mathrm{RI}]}{1 - E[\mathrm{RI}]}",
            rf"\frac{{{number(ri)} - {number(e_ri)}}}{{1 - {number(e_ri)}}}",
            adjusted_rand_index(contingency=ct, random_model=random_model, one_sided=one_sided),
        ),
    ]


def _expected_ri_text(q_true, q_pred, together_true, together_pred, n_pairs, model, one_sided):
    # Under "perm" (and for the fixed side) q is a ratio of pair counts a student can check.
    def side(q, together, fixed):
        if model == "perm" or fixed:
            return rf"\tfrac{{{together}}}{{{n_pairs}}}"
        return number(float(q))

    qu = side(q_true, together_true, one_sided)
    qv = side(q_pred, together_pred, False)
    return rf"{qu}\cdot{qv} + (1 - {qu})(1 - {qv})"


def _entropy_terms(sizes: np.ndarray, n: int) -> str:
    return "-(" + _sum([rf"\tfrac{{{s}}}{{{n}}}\log\tfrac{{{s}}}{{{n}}}" for s in sizes]) + ")"


@fill_doc
def information_steps(
    labels_true: object = None,
    labels_pred: object = None,
    *,
    contingency: object = None,
    random_model: str = "perm",
    one_sided: bool = False,
) -> list[Step]:
    """Entropies, mutual information, NMI, expected MI and AMI (arithmetic mean), step by step.

    Vinh et al. (2009): entropy eq. (7), mutual information eq. (8), NMI with the arithmetic
    mean (Table 2), expected MI under the permutation model eq. (24a), AMI eq. (25); other
    random models after Gates & Ahn (2017). Natural logarithms (nats).

    Parameters
    ----------
    %(labels)s
    %(contingency)s
    %(random_model)s
    %(one_sided)s

    Returns
    -------
    list of Step
        The last is AMI (arithmetic mean).

    Raises
    ------
    %(label_errors)s

    Examples
    --------
    >>> steps = information_steps([0, 0, 1, 1], [0, 0, 1, 1])
    >>> print(steps[-1].symbol, steps[-1].value)
    \\mathrm{AMI} 1.0
    """
    ct = resolve(labels_true, labels_pred, contingency)
    n = ct.n
    rows, cols, values = ct.nonzero()
    h_true = entropy(np.repeat(np.arange(ct.row_sums.size), ct.row_sums))
    h_pred = entropy(np.repeat(np.arange(ct.col_sums.size), ct.col_sums))
    mi = mutual_information(contingency=ct)
    mi_terms = [
        rf"\tfrac{{{v}}}{{{n}}}\log\tfrac{{{n}\cdot{v}}}{{{ct.row_sums[i]}\cdot{ct.col_sums[j]}}}"
        for i, j, v in zip(rows.tolist(), cols.tolist(), values.tolist(), strict=True)
    ]
    emi = expected_mutual_information(
        contingency=ct, random_model=random_model, one_sided=one_sided
    )
    e_true, e_pred = entropy_bounds(ct, model_sides(random_model, one_sided)[1])
    bound = (e_true + e_pred) / 2
    if random_model == "perm":
        bound_symbol, bound_formula = r"\bar H", r"\tfrac12\,(H(U) + H(V))"
    else:
        bound_symbol, bound_formula = r"\bar e", r"\tfrac12\,(e_U + e_V)"
    return [
        Step(r"H(U)", r"-\sum_i \tfrac{a_i}{n}\log\tfrac{a_i}{n}",
             _entropy_terms(ct.row_sums, n), h_true),
        Step(r"H(V)", r"-\sum_j \tfrac{b_j}{n}\log\tfrac{b_j}{n}",
             _entropy_terms(ct.col_sums, n), h_pred),
        Step(r"I(U,V)", r"\sum_{ij}\tfrac{n_{ij}}{n}\log\tfrac{n\,n_{ij}}{a_i b_j}",
             _sum(mi_terms), mi),
        Step(
            r"\mathrm{NMI}", r"\frac{I(U,V)}{\tfrac12(H(U) + H(V))}",
            rf"\frac{{{number(mi)}}}{{\tfrac12({number(h_true)} + {number(h_pred)})}}",
            normalized_mutual_information(contingency=ct, normalization="arithmetic"),
        ),
        Step(
            r"E[I]",
            r"\sum_{ij}\sum_{k}\tfrac{k}{n}\log\tfrac{n k}{a_i b_j}\,"
            r"\mathrm{Hyp}(k;\,n, a_i, b_j)",
            "", emi,
        ),
        Step(bound_symbol, bound_formula, "", bound),
        Step(
            r"\mathrm{AMI}", rf"\frac{{I - E[I]}}{{{bound_symbol} - E[I]}}",
            rf"\frac{{{number(mi)} - {number(emi)}}}{{{number(bound)} - {number(emi)}}}",
            adjusted_mutual_information(
                contingency=ct, random_model=random_model, one_sided=one_sided
            ),
        ),
    ]
