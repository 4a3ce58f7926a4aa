"""The matched contingency table: counts from scikit-learn, matching by brute force."""

import itertools

import numpy as np
from sklearn.metrics.cluster import contingency_matrix

from explorer.report import matched_table


def test_clusters_sit_under_their_matched_class_and_every_count_is_kept():
    truth = np.array([0, 0, 0, 1, 1, 1, 2, 2, 2, 2])
    found = np.array([7, 7, 3, 3, 3, 9, 9, 9, 1, 9])
    table = matched_table(truth, found)
    reference = contingency_matrix(truth, found)  # columns in sorted label order 1, 3, 7, 9
    labels = [1, 3, 7, 9]
    order = [labels.index(int(c.split()[1])) for c in table.cols]
    np.testing.assert_array_equal(table.counts, reference[:, order])
    # The best one-to-one matching by brute force over every assignment of clusters.
    best = max(sum(reference[i, p[i]] for i in range(3))
               for p in itertools.permutations(range(4), 3))
    assert table.n_matched == best == sum(table.counts[r, c] for r, c in table.matched)
    # Matched clusters come first, each in its class's row order.
    assert sorted(c for _, c in table.matched) == [0, 1, 2]
    assert table.n == 10


def test_noise_is_named_when_asked():
    table = matched_table([0, 0, 1, 1], [-1, 0, 0, -1], noise_named=True)
    assert "noise" in table.cols
    assert "cluster -1" in matched_table([0, 0, 1, 1], [-1, 0, 0, -1]).cols
