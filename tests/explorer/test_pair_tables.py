"""Tables from pair counts: exhaustive against every pair of set partitions of n <= 6."""

import itertools
import math

import numpy as np
import pytest
from sklearn.metrics import adjusted_rand_score, rand_score
from sklearn.metrics.cluster import pair_confusion_matrix

from explorer.pair_tables import MAX_SAMPLES, n_from_pairs, table_with_pair_counts
from tests.metrics.partitions import set_partitions


def brute_pair_counts(u, v):
    counts = [0, 0, 0, 0]
    for i, j in itertools.combinations(range(len(u)), 2):
        counts[(u[i] != u[j]) * 2 + (v[i] != v[j])] += 1
    return tuple(counts)


def labels_of(table):
    """Two labelings whose contingency table is ``table``."""
    rows, cols = np.nonzero(table)
    counts = table[rows, cols]
    return np.repeat(rows, counts), np.repeat(cols, counts)


def sklearn_pair_counts(table):
    u, v = labels_of(table)
    (c00, c01), (c10, c11) = pair_confusion_matrix(u, v) // 2
    return (int(c11), int(c10), int(c01), int(c00))


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_a_table_is_found_exactly_when_some_clusterings_have_the_counts(n):
    partitions = list(set_partitions(n))
    realisable = {brute_pair_counts(u, v) for u in partitions for v in partitions}
    n_pairs = math.comb(n, 2)
    for n11 in range(n_pairs + 1):
        for n10 in range(n_pairs + 1 - n11):
            for n01 in range(n_pairs + 1 - n11 - n10):
                counts = (n11, n10, n01, n_pairs - n11 - n10 - n01)
                table = table_with_pair_counts(*counts)
                assert (table is not None) == (counts in realisable), counts
                if table is not None:
                    assert sklearn_pair_counts(table) == counts


def test_the_slides_rand_exercise():
    # Rodriguez's slides: 20 pairs together in both, 24 in the truth only, 20 in the
    # clustering only, 72 apart in both; RI = 92/136 = 0.68.
    table = table_with_pair_counts(20, 24, 20, 72)
    assert table.sum() == 17
    # Smallest first: no table with 2 rows or 2 columns has these counts (the exhaustive
    # search above decides that), so 3 x 3 is as small as it gets.
    assert table.shape == (3, 3)
    u, v = labels_of(table)
    assert rand_score(u, v) == pytest.approx(92 / 136)
    # Hubert & Arabie's ARI from pair counts alone.
    expected = 2 * (20 * 72 - 24 * 20) / ((20 + 24) * (24 + 72) + (20 + 20) * (20 + 72))
    assert adjusted_rand_score(u, v) == pytest.approx(expected)


@pytest.mark.parametrize("seed", range(5))
def test_random_tables_of_up_to_33_points_are_realised(seed):
    rng = np.random.default_rng(seed)
    table = rng.integers(0, 3, size=(4, 4))
    table[0, 0] += 1
    counts = sklearn_pair_counts(table)
    found = table_with_pair_counts(*counts)
    assert found is not None and sklearn_pair_counts(found) == counts


def test_bad_counts_are_explained():
    with pytest.raises(ValueError, match="n\\(n-1\\)/2"):
        table_with_pair_counts(1, 1, 1, 1)
    with pytest.raises(ValueError, match=r"n11 must be an integer in \[0, inf\), got -1"):
        table_with_pair_counts(-1, 1, 1, 2)
    with pytest.raises(ValueError, match=r"n11 must be an integer in \[0, inf\), got 1.5"):
        table_with_pair_counts(1.5, 1, 1, 2.5)
    with pytest.raises(ValueError, match=r"n00 must be an integer in \[0, inf\), got True"):
        table_with_pair_counts(1, 1, 1, True)
    big = math.comb(MAX_SAMPLES + 1, 2)
    with pytest.raises(ValueError, match="searched up to"):
        table_with_pair_counts(0, 0, 0, big)
    assert n_from_pairs(136) == 17
