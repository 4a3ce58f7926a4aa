"""Hungarian matching against brute force; noise policies against pair enumeration."""

import itertools

import numpy as np
import pytest

import metrics
from metrics.alignment import match_clusters, score_noise


def brute_force_best(table: np.ndarray) -> int:
    """Largest sum over one-to-one row/column matchings, by trying them all."""
    rows, cols = table.shape
    if rows <= cols:
        return max(sum(table[i, p[i]] for i in range(rows))
                   for p in itertools.permutations(range(cols), rows))
    return brute_force_best(table.T)


@pytest.mark.parametrize("seed", range(40))
def test_matching_is_as_good_as_every_one_to_one_map(seed):
    rng = np.random.default_rng(seed)
    table = rng.integers(0, 9, size=(rng.integers(1, 6), rng.integers(1, 6)))
    table[0, 0] += 1  # never empty
    table = table[table.sum(axis=1) > 0][:, table.sum(axis=0) > 0]
    match = match_clusters(contingency=table)
    assert match.matched == brute_force_best(table)
    assert match.matched == table[match.rows, match.cols].sum()
    assert len(set(match.rows.tolist())) == len(match.rows) == min(table.shape)
    assert len(set(match.cols.tolist())) == len(match.cols)
    # The matching is the classification error's (Meila 2005).
    assert 1 - match.matched / table.sum() == pytest.approx(
        metrics.classification_error(contingency=table)
    )


def pair_together_counts(truth, found, noise_apart):
    """(n11, n10, n01, n00) by visiting every pair; noise points optionally apart from all."""
    counts = [0, 0, 0, 0]
    for i, j in itertools.combinations(range(len(truth)), 2):
        same_true = truth[i] == truth[j]
        same_pred = found[i] == found[j] and not (noise_apart and found[i] == -1)
        counts[(not same_true) * 2 + (not same_pred)] += 1
    return tuple(counts)


@pytest.mark.parametrize("seed", range(10))
def test_noise_as_singletons_puts_each_noise_point_apart_from_all(seed):
    rng = np.random.default_rng(seed)
    truth = rng.integers(0, 3, 25)
    found = rng.integers(-1, 3, 25)
    t, p = score_noise(truth, found, "singletons")
    np.testing.assert_array_equal(t, truth)
    assert tuple(metrics.pair_counts(t, p)) == pair_together_counts(truth, found, True)
    t, p = score_noise(truth, found, "cluster")
    assert tuple(metrics.pair_counts(t, p)) == pair_together_counts(truth, found, False)


def test_excluded_noise_is_gone_from_both_sides():
    t, p = score_noise([0, 0, 1, 1], [2, -1, -1, 3], "exclude")
    np.testing.assert_array_equal(t, [0, 1])
    np.testing.assert_array_equal(p, [2, 3])


def test_bad_policies_and_all_noise_are_explained():
    with pytest.raises(ValueError, match="unknown noise policy"):
        score_noise([0, 1], [0, 1], "ignore")
    with pytest.raises(ValueError, match="every point is noise"):
        score_noise([0, 1], [-1, -1], "exclude")
    t, p = score_noise(["x", "y"], ["a", "b"], "singletons")  # string labels hold no noise
    np.testing.assert_array_equal(p, ["a", "b"])
