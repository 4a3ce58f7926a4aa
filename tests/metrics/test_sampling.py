"""Random clusterings: uniformity by chi-square over every outcome on small n, laws of the
five models, large n without recursion, determinism and errors."""

import math
from collections import Counter
from itertools import product

import numpy as np
import pytest
from scipy import stats

from metrics._sampling import SAMPLING_MODELS, sample_clustering


def canonical(labels):
    """The partition as a restricted growth string (labels by first appearance)."""
    first = {}
    return tuple(first.setdefault(v, len(first)) for v in labels.tolist())


def stirling(n, k):
    surjections = sum((-1) ** j * math.comb(k, j) * (k - j) ** n for j in range(k + 1))
    return surjections // math.factorial(k)


def chi_square_pvalue(counter, n_outcomes, n_draws):
    observed = np.array(list(counter.values()) + [0] * (n_outcomes - len(counter)))
    return stats.chisquare(observed, np.full(n_outcomes, n_draws / n_outcomes)).pvalue


# (model, options, n, number of equally likely outcomes, outcome of a draw)
UNIFORMITY = [
    ("all", {}, 5, 52, canonical),
    ("all", {}, 6, 203, canonical),
    ("num", {"n_clusters": 3}, 6, stirling(6, 3), canonical),
    ("num", {"n_clusters": 2}, 7, stirling(7, 2), canonical),
    ("num", {"n_clusters": 4}, 6, stirling(6, 4), canonical),
    ("exact_k", {"n_clusters": 3}, 5, 150, tuple),  # surjections onto 3 labels: 3! S(5, 3)
    ("perm", {"sizes": [3, 2, 1]}, 6, 60, tuple),  # 6! / (3! 2! 1!)
    ("uniform", {"n_clusters": 3}, 4, 81, tuple),  # 3^4 label vectors
]


@pytest.mark.parametrize("model,options,n,n_outcomes,outcome", UNIFORMITY)
def test_uniform_over_every_outcome(model, options, n, n_outcomes, outcome):
    rng = np.random.default_rng(12345)
    n_draws = 60 * n_outcomes
    counter = Counter(
        outcome(sample_clustering(n, model, random_state=rng, **options)) for _ in range(n_draws)
    )
    assert len(counter) == n_outcomes  # every outcome appears, and nothing else
    assert chi_square_pvalue(counter, n_outcomes, n_draws) > 1e-4


def test_exact_k_and_num_are_the_same_law_on_partitions():
    # exact_k falls back to the num sampler when rejection would be slow: check both paths
    rng = np.random.default_rng(7)
    n, k = 6, 5  # acceptance U_5(6) = 5! S(6,5) / 5^6 = 0.1152 (rejection path)
    counter = Counter(canonical(sample_clustering(n, "exact_k", n_clusters=k, random_state=rng))
                      for _ in range(60 * stirling(n, k)))
    assert len(counter) == stirling(n, k)
    assert chi_square_pvalue(counter, stirling(n, k), 60 * stirling(n, k)) > 1e-4
    labels = sample_clustering(30, "exact_k", n_clusters=25, random_state=rng)  # fallback path
    assert np.unique(labels).size == 25


@pytest.mark.parametrize("n,k", [(6, 3), (7, 5)])
def test_zero_truncated_poisson_path_is_uniform(n, k):
    # the path used for many blocks at large n, forced here on small n
    from metrics._sampling import _first_appearance, _sample_ztp_sizes

    rng = np.random.default_rng(11)
    n_draws = 60 * stirling(n, k)
    counter = Counter(
        canonical(_first_appearance(rng.permutation(np.repeat(np.arange(k),
                                                              _sample_ztp_sizes(n, k, rng)))))
        for _ in range(n_draws)
    )
    assert len(counter) == stirling(n, k)
    assert chi_square_pvalue(counter, stirling(n, k), n_draws) > 1e-4


def test_block_sizes_follow_the_expected_counts_under_num():
    from metrics.random_models import NumModel

    n, k, draws = 40, 4, 3000
    rng = np.random.default_rng(3)
    counts = np.zeros(n + 1)
    for _ in range(draws):
        counts += np.bincount(np.bincount(sample_clustering(n, "num", n_clusters=k,
                                                            random_state=rng)), minlength=n + 1)
    sizes, weights = NumModel().size_weights(np.array([n - k + 1] + [1] * (k - 1)), n)
    mean = counts[sizes] / draws
    # per size the count of blocks is at most k: standard error <= k / sqrt(draws)
    assert np.all(np.abs(mean - weights) < 5 * k / math.sqrt(draws))


def test_large_n_is_iterative_and_exact_in_k():
    labels = sample_clustering(100_000, "num", n_clusters=12, random_state=0)
    assert labels.shape == (100_000,)
    assert np.unique(labels).size == 12
    assert np.unique(sample_clustering(100_000, "num", n_clusters=30_000,
                                       random_state=0)).size == 30_000
    assert sample_clustering(100_000, "all", random_state=0).max() > 1000


def test_uniform_may_leave_clusters_empty_and_labels_in_range():
    labels = sample_clustering(5, "uniform", n_clusters=50, random_state=0)
    assert labels.min() >= 0 and labels.max() < 50
    assert np.unique(labels).size < 50


@pytest.mark.parametrize("model", SAMPLING_MODELS)
def test_deterministic_given_seed(model):
    options = {"sizes": [4, 3, 3]} if model == "perm" else {"n_clusters": 3}
    first = sample_clustering(10, model, random_state=42, **options)
    again = sample_clustering(10, model, random_state=42, **options)
    np.testing.assert_array_equal(first, again)


def test_trivial_cases():
    assert set(sample_clustering(6, "num", n_clusters=1, random_state=0)) == {0}
    assert sorted(sample_clustering(6, "num", n_clusters=6, random_state=0)) == list(range(6))
    assert sample_clustering(1, "all", random_state=0).tolist() == [0]


@pytest.mark.parametrize(
    "args,kwargs,error",
    [
        ((5, "nope"), {}, ValueError),
        ((0, "all"), {}, ValueError),
        ((5, "num"), {}, ValueError),
        ((5, "num"), {"n_clusters": 6}, ValueError),
        ((5, "num"), {"n_clusters": 2.0}, TypeError),
        ((5, "perm"), {}, ValueError),
        ((5, "perm"), {"sizes": [2, 2]}, ValueError),
        ((5, "all"), {"random_state": "seed"}, TypeError),
    ],
)
def test_bad_input(args, kwargs, error):
    with pytest.raises(error):
        sample_clustering(*args, **kwargs)


def test_every_outcome_enumerated_is_a_valid_labelling():
    # the perm outcomes are exactly the arrangements of the multiset of labels
    outcomes = {p for p in product(range(3), repeat=6) if sorted(p) == [0, 0, 0, 1, 1, 2]}
    assert len(outcomes) == 60
