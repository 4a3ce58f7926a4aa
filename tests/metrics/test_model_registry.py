"""The random-model registry: one entry per model, names and descriptions read from it."""

import numpy as np
import pytest

import metrics as M
from metrics.model_registry import RANDOM_MODELS, get_random_model, model_sides
from metrics.random_models import AllModel, NumModel, PermutationModel, RandomModel


def test_the_models_of_the_papers_are_registered_under_their_names():
    # DESIGN.md: random_model in {"perm", "num", "all"} (Gates & Ahn 2017).
    assert list(RANDOM_MODELS) == ["perm", "num", "all"]
    assert [type(m) for m in RANDOM_MODELS.values()] == [PermutationModel, NumModel, AllModel]
    for name, model in RANDOM_MODELS.items():
        assert model.name == name
        assert model.description and model.label == f"{name}: {model.description}"
    assert M.RANDOM_MODELS is RANDOM_MODELS


@pytest.mark.parametrize("bad", ["uniform", "", None, 3])
def test_an_unknown_name_is_refused_with_the_valid_ones(bad):
    with pytest.raises(ValueError, match="random_model.*perm, num, all"):
        get_random_model(bad)


def test_one_sided_keeps_the_true_side_fixed():
    assert [m.name for m in model_sides("num", one_sided=False)] == ["num", "num"]
    assert [m.name for m in model_sides("num", one_sided=True)] == ["perm", "num"]


def test_binomial_limit_is_a_method_of_every_model():
    # K = 3 blocks among 10**6 elements: the chance of an empty urn, 3 (2/3)^(10**6), is 0 in
    # float64, so "num" is three uniform labels; with 5 blocks among 10 elements it is not.
    sizes = np.array([400_000, 300_000, 300_000])
    assert RANDOM_MODELS["num"].binomial_limit(sizes, 10**6) == 3
    assert RANDOM_MODELS["num"].binomial_limit(np.array([2, 2, 2, 2, 2]), 10) is None
    assert RANDOM_MODELS["perm"].binomial_limit(sizes, 10**6) is None
    assert RANDOM_MODELS["all"].binomial_limit(sizes, 10**6) is None


@pytest.mark.parametrize("name", list(RANDOM_MODELS))
def test_sides_with_equal_keys_get_equal_quantities(name):
    """side_key says what a model keeps of a side: equal keys, equal q, weights and bound."""
    model = RANDOM_MODELS[name]
    n = 12
    sides = [np.array(s) for s in ([6, 3, 3], [3, 6, 3], [4, 4, 4], [10, 1, 1], [6, 6])]
    for first in sides:
        for second in sides:
            if model.side_key(first) != model.side_key(second):
                continue
            assert model.pair_probability(first, n) == model.pair_probability(second, n)
            s1, w1 = model.size_weights(first, n)
            s2, w2 = model.size_weights(second, n)
            np.testing.assert_array_equal(s1, s2)
            np.testing.assert_array_equal(w1, w2)
            assert model.entropy_bound(first, n) == model.entropy_bound(second, n)
    # The keys are as coarse as the model: perm tells [6, 3, 3] from [4, 4, 4], num does not.
    keys = {model.side_key(s) for s in sides}
    assert len(keys) == {"perm": 4, "num": 2, "all": 1}[name]


def test_a_model_needs_only_the_three_quantities():
    class Half(RandomModel):
        name = "half"

        def pair_probability(self, sizes, n):
            return 0.5

        def size_weights(self, sizes, n):
            return np.array([n]), np.array([1.0])

        def entropy_bound(self, sizes, n, base=None):
            return 0.0

    model = Half()
    assert model.binomial_limit(np.array([3, 3]), 6) is None
    assert model.side_key(np.array([3, 1, 2, 0])) == (1, 2, 3)
    assert model.label == "half"
