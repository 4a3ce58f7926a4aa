"""The public metrics API refuses bad arguments with messages naming the parameter."""

import numpy as np
import pytest

import metrics
from metrics._sampling import MAX_SAMPLE_SIZE, sample_clustering
from metrics.monte_carlo import MAX_LABEL_DRAWS

WITH_ONE_SIDED = (metrics.adjusted_rand_index, metrics.adjusted_mutual_information,
                  metrics.expected_mutual_information, metrics.expected_rand_index)
# Identical labelings and n = 1 take shortcuts that skip the random model entirely.
PAIRS = ([0, 0, 1, 2], [1, 0, 1, 1]), ([0, 1, 2], [0, 1, 2]), ([5], [5])


@pytest.mark.parametrize("function", WITH_ONE_SIDED, ids=lambda f: f.__name__)
@pytest.mark.parametrize("flag", ["no", "False", 0, 1, None, np.array([True])])
@pytest.mark.parametrize("pair", PAIRS, ids=("general", "identical", "one point"))
def test_one_sided_must_be_a_bool(function, flag, pair):
    with pytest.raises(TypeError, match="one_sided must be True or False"):
        function(*pair, one_sided=flag)


@pytest.mark.parametrize("function", WITH_ONE_SIDED, ids=lambda f: f.__name__)
def test_numpy_bools_are_bools(function):
    a, b = PAIRS[0]
    assert function(a, b, one_sided=np.True_) == function(a, b, one_sided=True)


def test_compare_and_monte_carlo_refuse_a_string_flag():
    with pytest.raises(TypeError, match="one_sided"):
        metrics.compare([0, 1], [0, 1], one_sided="no")
    with pytest.raises(TypeError, match="one_sided"):
        metrics.monte_carlo_adjusted("ari", [0, 0, 1, 1], [0, 1, 1, 1], one_sided="no",
                                     n_samples=5, random_state=0)


@pytest.mark.parametrize("function", [metrics.variation_of_information,
                                      metrics.pairwise_adjusted_mutual_information])
def test_normalized_must_be_a_bool(function):
    with pytest.raises(TypeError, match="normalized must be True or False, got 'no'"):
        function([0, 0, 1], [0, 1, 1], normalized="no")


@pytest.mark.parametrize("function", WITH_ONE_SIDED, ids=lambda f: f.__name__)
def test_unknown_random_model_is_refused_even_on_identical_labelings(function):
    with pytest.raises(ValueError, match="unknown random_model 1: use one of perm"):
        function([0, 1, 2], [0, 1, 2], random_model=1)


def test_sizes_must_add_up_to_n():
    with pytest.raises(ValueError, match="sizes_a weighted by weights_a must sum to n = 10"):
        metrics.expected_mutual_information_from_sizes(10, [3], [1.0], [10], [1.0])
    # The same sizes with the right n are accepted and give the pair's EMI (0: one cluster).
    assert metrics.expected_mutual_information_from_sizes(3, [3], [1.0], [3], [1.0]) == 0.0


def test_sample_clustering_refuses_work_beyond_its_bound():
    with pytest.raises(ValueError, match="more than sample_clustering draws"):
        sample_clustering(10**9, "all", random_state=0)
    with pytest.raises(ValueError, match="more than sample_clustering draws"):
        sample_clustering(MAX_SAMPLE_SIZE + 1, "uniform", n_clusters=2, random_state=0)
    assert sample_clustering(50, "all", random_state=0).shape == (50,)


def test_monte_carlo_refuses_work_beyond_its_bound():
    labels = np.arange(1000) % 3
    too_many = MAX_LABEL_DRAWS // 1000 + 1
    with pytest.raises(ValueError, match=f"lower n_samples to {MAX_LABEL_DRAWS // 1000:,}"):
        metrics.monte_carlo_adjusted("ari", labels, labels[::-1], n_samples=too_many)


@pytest.mark.parametrize("call", [
    lambda: sample_clustering(10, "all", random_state=-1),
    lambda: metrics.monte_carlo_adjusted("ari", [0, 0, 1, 1], [0, 1, 1, 1], n_samples=5,
                                         random_state=-3),
])
def test_negative_seeds_name_the_parameter(call):
    with pytest.raises(ValueError, match=r"random_state must be an integer in \[0, 4294967295\]"):
        call()


@pytest.mark.parametrize("function", [metrics.adjusted_rand_index, metrics.contingency_table,
                                      metrics.pair_counts, metrics.mutual_information])
def test_ragged_labels_name_the_parameter(function):
    with pytest.raises(ValueError, match="labels_true must be a 1-D array-like of labels"):
        function([[0], [1, 2]], [0, 1])


def test_ragged_contingency_is_explained():
    with pytest.raises(ValueError, match="rows all have the same length"):
        metrics.adjusted_rand_index(contingency=[[1, 2], [3]])


def test_monte_carlo_best_must_be_a_number():
    with pytest.raises(ValueError, match="best must be a finite number"):
        metrics.monte_carlo_adjusted("ari", [0, 0, 1, 1], [0, 1, 1, 1], n_samples=5, best="1")
