"""Standardized mutual information: the exact permutation variance against enumeration of
every distinct permutation and against Monte Carlo; the chi-square approximation."""

import itertools
import math

import numpy as np
import pytest
from sklearn.metrics import mutual_info_score

import metrics as M
from metrics.standardized import mutual_information_variance, standardized_mutual_information


@pytest.mark.parametrize("seed", range(4))
def test_exact_variance_matches_enumeration(seed):
    rng = np.random.default_rng(seed)
    x, y = rng.integers(0, 3, 8), rng.integers(0, 3, 8)
    # every distinct arrangement of y is equally likely under the permutation model
    values = [mutual_info_score(x, np.array(p)) for p in set(itertools.permutations(y))]
    assert mutual_information_variance(x, y, method="exact") == pytest.approx(
        np.var(values), rel=1e-10)
    mean = np.mean(values)
    expected_smi = (mutual_info_score(x, y) - mean) / math.sqrt(np.var(values))
    assert standardized_mutual_information(x, y) == pytest.approx(expected_smi, rel=1e-9)


def test_exact_variance_matches_monte_carlo():
    rng = np.random.default_rng(5)
    x, y = rng.integers(0, 4, 60), rng.integers(0, 3, 60)
    def mi(a, b):  # plain MI from a bincount table (sklearn is too slow for 4000 draws)
        table = np.bincount(a * 3 + b, minlength=12).reshape(4, 3) / a.size
        outer = table.sum(axis=1, keepdims=True) * table.sum(axis=0, keepdims=True)
        cells = table > 0
        return float(np.sum(table[cells] * np.log(table[cells] / outer[cells])))

    assert mi(x, y) == pytest.approx(mutual_info_score(x, y))
    draws = np.array([mi(x, rng.permutation(y)) for _ in range(4000)])
    exact = mutual_information_variance(x, y, method="exact")
    # the sample variance of 4000 draws is within ~4 standard errors (excess kurtosis
    # of the chi-square-like law included by the factor 2)
    assert abs(draws.var(ddof=1) - exact) < 4 * exact * math.sqrt(2 * 2 / 4000)


def test_chi_square_approximation_for_large_n():
    rng = np.random.default_rng(6)
    x, y = rng.integers(0, 3, 500), rng.integers(0, 3, 500)
    exact = mutual_information_variance(x, y, method="exact")
    chi2 = mutual_information_variance(x, y, method="chi2")
    assert chi2 == pytest.approx(4 / (2 * 500**2))
    assert exact == pytest.approx(chi2, rel=0.1)  # 2 n I ~ chi2(4) for large counts
    big_x, big_y = rng.integers(0, 5, 20_000), rng.integers(0, 5, 20_000)
    assert mutual_information_variance(big_x, big_y) == pytest.approx(16 / (2 * 20_000**2))


def test_degenerate_sides_give_zero():
    y = np.arange(10) % 3
    assert standardized_mutual_information(np.zeros(10), y) == 0.0
    assert standardized_mutual_information(np.arange(10), y) == 0.0


def test_strong_agreement_is_many_standard_deviations():
    x = np.repeat(np.arange(4), 25)
    assert standardized_mutual_information(x, x) > 10
    assert M.compare(x, x, ["smi"])["smi"] == pytest.approx(standardized_mutual_information(x, x))


def test_bad_method():
    with pytest.raises(ValueError):
        mutual_information_variance(np.arange(4) % 2, np.arange(4) % 2, method="normal")
