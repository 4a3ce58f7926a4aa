"""The one seed rule: None, an int in [0, 2**32 - 1] or a Generator; anything else refused."""

import numpy as np
import pytest
from sklearn.utils import check_random_state as sklearn_check_random_state

import datasets
from experiments.engine import spawn_generators
from metrics import sample_clustering
from metrics.seeding import MAX_SEED, as_generator, check_seed


def test_a_seed_gives_numpys_generator_for_that_seed():
    expected = np.random.default_rng(7).random(5)
    np.testing.assert_array_equal(as_generator(7).random(5), expected)
    np.testing.assert_array_equal(as_generator(np.int64(7)).random(5), expected)


def test_a_generator_is_used_as_it_is_and_none_draws_fresh_entropy():
    rng = np.random.default_rng(3)
    assert as_generator(rng) is rng
    assert isinstance(as_generator(None), np.random.Generator)
    assert as_generator(None).integers(2**62) != as_generator(None).integers(2**62)


def test_the_largest_seed_is_the_one_scikit_learn_accepts():
    sklearn_check_random_state(MAX_SEED)
    with pytest.raises(ValueError):
        sklearn_check_random_state(MAX_SEED + 1)
    assert check_seed(MAX_SEED) == MAX_SEED


@pytest.mark.parametrize(
    "bad, error, message",
    [(-1, ValueError, r"an integer in \[0, 4294967295\], got -1$"),
     (2**32, ValueError, r"an integer in \[0, 4294967295\], got 4294967296$"),
     (1.5, TypeError, "got 1.5$"),
     ("3", TypeError, "got '3'$"),
     (True, TypeError, "got True$"),
     (np.random.RandomState(0), TypeError, r"got RandomState\(MT19937\)")],
)
def test_bad_seeds_are_refused_naming_the_parameter(bad, error, message):
    with pytest.raises(error, match=message):
        as_generator(bad, "seed")
    with pytest.raises(error, match="^seed must be"):
        as_generator(bad, "seed")


@pytest.mark.parametrize(
    "draw",
    [lambda seed: sample_clustering(10, "all", random_state=seed),
     lambda seed: datasets.load("blobs", n_samples=20, random_state=seed),
     lambda seed: spawn_generators(seed, 2)],
)
def test_every_package_that_draws_uses_the_rule(draw):
    with pytest.raises(ValueError, match=r"random_state must be an integer in \[0, 4294967295\]"):
        draw(-5)
    with pytest.raises(ValueError, match=r"random_state must be an integer in \[0, 4294967295\]"):
        draw(2**40)


def test_spawned_streams_are_the_seed_sequences_children():
    children = np.random.SeedSequence(11).spawn(3)
    for rng, child in zip(spawn_generators(11, 3), children, strict=True):
        np.testing.assert_array_equal(rng.random(4), np.random.default_rng(child).random(4))
