"""Worked examples: each value matches scikit-learn, and each written-out formula evaluates
to the value shown next to it."""

import math
import re

import numpy as np
import pytest
from scipy.stats import entropy as scipy_entropy
from sklearn.metrics import (
    adjusted_mutual_info_score,
    adjusted_rand_score,
    mutual_info_score,
    normalized_mutual_info_score,
    rand_score,
)

from explorer.worked import MAX_TERMS, Step, information_steps, number, pair_counting_steps

TABLES = [
    np.array([[8, 1, 1], [1, 7, 2], [0, 2, 8]]),
    np.array([[6, 3, 0, 0], [2, 0, 2, 0], [1, 0, 0, 1], [0, 0, 0, 2]]),
    np.array([[5, 0], [0, 4]]),
    np.array([[3, 2, 1]]),
]


def labels_of(table):
    rows, cols = np.nonzero(table)
    counts = table[rows, cols]
    return np.repeat(rows, counts), np.repeat(cols, counts)


def evaluate(latex: str) -> float:
    """Evaluate the arithmetic the steps write out (binomials, fractions, logs, products)."""
    expr = latex.replace(r"\tfrac12", "0.5*")
    expr = re.sub(r"\\t?binom\{(\d+)\}\{(\d+)\}", r"math.comb(\1, \2)", expr)
    for _ in range(3):
        expr = re.sub(r"\\t?frac\{([^{}]*)\}\{([^{}]*)\}", r"((\1) / (\2))", expr)
    expr = expr.replace(r"\log", "*math.log").replace(r"\cdot", "*").replace(")(", ")*(")
    return eval(expr, {"math": math})  # noqa: S307 (test-only, our own strings)


def by_symbol(steps: list[Step]) -> dict[str, Step]:
    return {step.symbol: step for step in steps}


@pytest.mark.parametrize("table", TABLES, ids=range(len(TABLES)))
def test_values_match_scikit_learn(table):
    u, v = labels_of(table)
    pairs = by_symbol(pair_counting_steps(contingency=table))
    assert pairs[r"\mathrm{RI}"].value == pytest.approx(rand_score(u, v))
    assert pairs[r"\mathrm{ARI}"].value == pytest.approx(adjusted_rand_score(u, v))
    info = by_symbol(information_steps(contingency=table))
    assert info["H(U)"].value == pytest.approx(scipy_entropy(np.bincount(u)))
    assert info["H(V)"].value == pytest.approx(scipy_entropy(np.bincount(v)))
    assert info["I(U,V)"].value == pytest.approx(mutual_info_score(u, v), abs=1e-12)
    assert info[r"\mathrm{NMI}"].value == pytest.approx(normalized_mutual_info_score(u, v))
    assert info[r"\mathrm{AMI}"].value == pytest.approx(
        adjusted_mutual_info_score(u, v), abs=1e-10
    )


@pytest.mark.parametrize("table", TABLES[:3], ids=range(3))
def test_written_out_formulas_evaluate_to_their_values(table):
    steps = pair_counting_steps(contingency=table) + information_steps(contingency=table)
    checked = 0
    for step in steps:
        text = step.substituted
        if not text or r"\cdots" in text:
            continue
        # Formulas that reuse earlier values see them rounded to 4 decimals.
        tolerance = 2e-3 if "." in text else 1e-9
        assert evaluate(text) == pytest.approx(step.value, abs=tolerance), step.symbol
        checked += 1
    assert checked >= 8


def test_long_sums_are_elided():
    table = np.eye(MAX_TERMS + 3, dtype=int) * 2
    n11 = by_symbol(pair_counting_steps(contingency=table))["n_{11}"]
    assert r"\cdots" in n11.substituted
    assert n11.value == MAX_TERMS + 3


def test_numbers_are_written_for_students():
    assert number(20) == "20"
    assert number(0.242914979757) == "0.2429"
    assert number(1.5e-5) == "1.5e-05"
    assert pair_counting_steps(contingency=[[2, 1], [0, 3]])[0].latex().endswith("= 15")


@pytest.mark.parametrize("model", ["num", "all"])
@pytest.mark.parametrize("one_sided", [False, True])
def test_expected_rand_index_is_written_out_under_every_model(model, one_sided):
    table = TABLES[0]
    steps = by_symbol(pair_counting_steps(contingency=table, random_model=model,
                                          one_sided=one_sided))
    expected = steps[r"E[\mathrm{RI}]"]
    assert evaluate(expected.substituted) == pytest.approx(expected.value, abs=1e-3)
    ari = steps[r"\mathrm{ARI}"]
    assert evaluate(ari.substituted) == pytest.approx(ari.value, abs=2e-3)
