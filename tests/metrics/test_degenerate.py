"""The degenerate cases of docs/degenerate-cases.md: scikit-learn's rules, and our departures."""

import math
import warnings
from functools import partial

import numpy as np
import pytest
from sklearn import metrics as sk

import metrics as M

AVERAGES = {"min": "min", "sqrt": "geometric", "arithmetic": "arithmetic", "max": "max"}
SKLEARN = {
    "ri": sk.rand_score,
    "ari": sk.adjusted_rand_score,
    "fm": sk.fowlkes_mallows_score,
    "mi": sk.mutual_info_score,
    "homogeneity": sk.homogeneity_score,
    "completeness": sk.completeness_score,
    "v_measure": sk.v_measure_score,
    **{
        f"nmi_{ours}": partial(sk.normalized_mutual_info_score, average_method=theirs)
        for ours, theirs in AVERAGES.items()
    },
    **{
        f"ami_{ours}": partial(sk.adjusted_mutual_info_score, average_method=theirs)
        for ours, theirs in AVERAGES.items()
    },
}

ONE, SINGLE, TWO = [0] * 5, list(range(5)), [0, 0, 0, 1, 1, 1]
CASES = {
    "n=1": ([7], ["x"]),
    "n=2 singletons": ([0, 1], [1, 0]),
    "n=2 one vs singletons": ([0, 0], [0, 1]),
    "one cluster both": (ONE, ONE),
    "singletons both": (SINGLE, SINGLE[::-1]),
    "one vs singletons": (ONE, SINGLE),
    "singletons vs two": (list(range(6)), TWO),
    "two vs singletons": (TWO, list(range(6))),
    "two vs one": (TWO, [0] * 6),
    "one vs two": ([0] * 6, TWO),
    "identical": ([0, 0, 1, 1, 2, 2], [5, 5, 3, 3, 4, 4]),
}
# Our departures from scikit-learn (docs/degenerate-cases.md): case -> measure -> our value.
DEPARTURES = {
    "n=1": {"fm": 1.0},
    "n=2 singletons": {"fm": 1.0},
    "singletons both": {"fm": 1.0},
    "singletons vs two": {"ami_min": 0.0},
    "two vs singletons": {"ami_min": 0.0},
}


@pytest.mark.parametrize("case", CASES)
def test_agrees_with_sklearn_except_documented_departures(case):
    a, b = CASES[case]
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        ours = M.compare(a, b)
    for name, value in ours.items():
        assert math.isfinite(value), (case, name)
        if name in DEPARTURES.get(case, {}):
            assert value == DEPARTURES[case][name], (case, name)
        elif name in SKLEARN:
            assert value == pytest.approx(SKLEARN[name](a, b), rel=1e-9, abs=1e-12), (case, name)


def test_the_departures_really_differ_from_sklearn():
    """If scikit-learn changes its rules, the documentation must change too."""
    assert sk.fowlkes_mallows_score(SINGLE, SINGLE) == 0.0
    assert sk.adjusted_rand_score(SINGLE, SINGLE) == 1.0
    noisy = sk.adjusted_mutual_info_score(np.arange(20), np.arange(20) % 4, average_method="min")
    assert abs(noisy) > 0.1
    assert M.adjusted_mutual_information(
        np.arange(20), np.arange(20) % 4, normalization="min"
    ) == 0.0


# Measures scikit-learn lacks: values derived by hand from the definitions.
# Pairs of 6 samples: N = 15; TWO has 6 together-pairs; the single cluster has 15.
_SAME = dict(jaccard=1, gamma=1, nmi_joint=1, vi=0, vi_joint=0, nvi_vinh=0, purity=1)
# nvi_vinh = VI / E[VI] is 1 whenever one side is one cluster or all singletons (VI constant).
BY_HAND = {
    "n=1": _SAME,
    "singletons both": _SAME,
    "one cluster both": _SAME,
    "one vs singletons": dict(jaccard=0, gamma=0, nmi_joint=0, vi=math.log(5), vi_joint=1,
                              nvi_vinh=1, purity=1),
    "singletons vs two": dict(jaccard=0, gamma=0, nmi_joint=math.log(2) / math.log(6),
                              vi=math.log(3), vi_joint=math.log(3) / math.log(6), nvi_vinh=1,
                              purity=2 / 6),
    "two vs one": dict(jaccard=6 / 15, gamma=0, nmi_joint=0, vi=math.log(2), vi_joint=1,
                       nvi_vinh=1, purity=3 / 6),
    "identical": _SAME,
}


@pytest.mark.parametrize("case", BY_HAND)
def test_measures_without_sklearn_equivalent(case):
    a, b = CASES[case]
    ours = M.compare(a, b, list(BY_HAND[case]))
    for name, value in BY_HAND[case].items():
        assert ours[name] == pytest.approx(value, rel=1e-12, abs=1e-15), (case, name)


@pytest.mark.parametrize(
    "a, b, expected",
    [([4], [2], 0.0), ([0, 0], [0, 1], 0.5), (ONE, SINGLE, 0.8), (TWO, [0] * 6, 0.5),
     (SINGLE, SINGLE[::-1], 0.0)],
)
def test_classification_error_degenerate(a, b, expected):
    assert M.classification_error(a, b) == pytest.approx(expected)


def test_emi_and_eri_degenerate():
    assert M.expected_mutual_information([0], [0]) == 0.0
    assert M.expected_rand_index([0], [1]) == 1.0
    # One side all singletons: every permutation gives MI = H(other side).
    assert M.expected_mutual_information(list(range(6)), TWO) == pytest.approx(math.log(2))
    assert M.expected_mutual_information(ONE, SINGLE) == 0.0
