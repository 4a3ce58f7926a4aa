"""Monte Carlo chance correction against the exact adjusted measures of every random model."""

import numpy as np
import pytest

import metrics as M
from metrics.monte_carlo import monte_carlo_adjusted

RNG = np.random.default_rng(0)
TRUE = RNG.integers(0, 3, 40)
PRED = np.where(RNG.random(40) < 0.5, TRUE, RNG.integers(0, 4, 40))


@pytest.mark.parametrize("model", ["perm", "num", "all"])
@pytest.mark.parametrize("one_sided", [False, True])
def test_rand_index_matches_exact_adjustment(model, one_sided):
    result = monte_carlo_adjusted("ri", TRUE, PRED, random_model=model, one_sided=one_sided,
                                  n_samples=600, random_state=1)
    kw = dict(random_model=model, one_sided=one_sided)
    assert abs(result.expected - M.expected_rand_index(TRUE, PRED, **kw)) < (
        5 * result.expected_std_error)
    assert abs(result.value - M.adjusted_rand_index(TRUE, PRED, **kw)) < 5 * result.std_error
    assert result.raw == pytest.approx(M.rand_index(TRUE, PRED))
    assert result.best == 1.0


@pytest.mark.parametrize("model", ["perm", "num"])
def test_mutual_information_with_self_similarity_as_best(model):
    # MI is unbounded: best defaults to the mean of s(A, A) = H(A) and s(B, B) = H(B),
    # which under "perm" is AMI's arithmetic normalizer
    result = monte_carlo_adjusted("mi", TRUE, PRED, random_model=model, n_samples=600,
                                  random_state=2)
    emi = M.expected_mutual_information(TRUE, PRED, random_model=model)
    assert abs(result.expected - emi) < 5 * result.expected_std_error
    assert result.best == pytest.approx(0.5 * (M.entropy(TRUE) + M.entropy(PRED)))
    if model == "perm":
        assert abs(result.value - M.adjusted_mutual_information(TRUE, PRED)) < (
            5 * result.std_error)


def test_any_callable_and_distances():
    def mismatch(a, b):
        return float(np.mean(a != b))

    result = monte_carlo_adjusted(mismatch, TRUE, PRED, n_samples=200, random_state=3,
                                  best=0.0)
    assert result.best == 0.0 and result.raw == mismatch(TRUE, PRED)
    vi = monte_carlo_adjusted("vi", TRUE, PRED, n_samples=200, random_state=3)
    assert vi.best == 0.0  # a distance: the best end of its range
    assert 0 < vi.value < 1


def test_deterministic_given_seed():
    first = monte_carlo_adjusted("q2", TRUE, PRED, random_model="all", n_samples=50,
                                 random_state=7)
    again = monte_carlo_adjusted("q2", TRUE, PRED, random_model="all", n_samples=50,
                                 random_state=7)
    assert first == again


@pytest.mark.parametrize(
    "kwargs",
    [dict(measure="nope"), dict(random_model="uniform"), dict(n_samples=1)],
)
def test_bad_input(kwargs):
    measure = kwargs.pop("measure", "ri")
    with pytest.raises(ValueError):
        monte_carlo_adjusted(measure, TRUE, PRED, **kwargs)
