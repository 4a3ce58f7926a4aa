"""metrics._special.exact_sum against math.fsum (the correctly rounded sum)."""

import math

import numpy as np
import pytest

from metrics._special import exact_sum


@pytest.mark.parametrize(
    "values",
    [
        [1e16, 1.0, -1e16],  # the 1 is lost by a plain sum
        [0.1] * 10,
        [5e-324, 5e-324, -1e-310],  # subnormals
        [1.0 + 2.0**-52, 2.0**-53],  # exactly half an ulp: rounded to even, 1 + 2**-51
        [1.0, 2.0**-53, 2.0**-1074],  # just above half an ulp: rounded up
        [3.5],
        [0.0, -0.0],
    ],
)
def test_small_cases_equal_fsum(values):
    assert exact_sum(np.array(values)) == math.fsum(values)


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_wide_exponents_and_signs_equal_fsum_in_any_order(seed):
    rng = np.random.default_rng(seed)
    values = rng.standard_normal(5000) * np.exp(rng.uniform(-700, 700, 5000))
    values = np.concatenate([values, -values[:2500], rng.random(3000)])  # cancellations
    expected = math.fsum(values.tolist())
    assert exact_sum(values) == expected
    assert exact_sum(rng.permutation(values)) == expected


def test_empty_and_non_finite():
    assert exact_sum(np.array([])) == 0.0
    assert math.isinf(exact_sum(np.array([1.0, np.inf])))
    assert math.isnan(exact_sum(np.array([np.nan, 1.0])))


def test_partial_sums_beyond_the_float_range():
    # math.fsum itself raises here (intermediate overflow); the exact sum is 1.5 * 2**1023.
    big = 1.5 * 2.0**1023
    assert exact_sum(np.array([big, big, -big, 1.0])) == big
    assert exact_sum(np.array([big, 1.0, -big, 2.0**-1074])) == 1.0
