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


def test_classwise_frame_is_scikit_learns_after_matching():
    from scipy.optimize import linear_sum_assignment
    from sklearn.metrics import precision_recall_fscore_support

    import metrics
    from explorer.report import classwise_frame

    truth = np.array([0, 0, 0, 1, 1, 1, 2, 2, 2, 2])
    found = np.array([7, 7, 3, 3, 3, 9, 9, 9, 1, 9])
    table = matched_table(truth, found)
    frame = classwise_frame(metrics.precision_recall_fscore(contingency=table.counts),
                            table.rows, table.cols)
    rows, cols = linear_sum_assignment(contingency_matrix(truth, found), maximize=True)
    labels = [1, 3, 7, 9]  # scikit-learn's column order
    rename = dict(zip([labels[c] for c in cols], rows.tolist(), strict=True))
    predicted = np.array([rename.get(c, 3) for c in found.tolist()])
    p, r, f, support = precision_recall_fscore_support(truth, predicted, labels=[0, 1, 2],
                                                       zero_division=0)
    np.testing.assert_allclose(frame["precision"][:3], p)
    np.testing.assert_allclose(frame["recall"][:3], r)
    np.testing.assert_allclose(frame["F"][:3], f)
    assert frame["points"][:3].tolist() == support.tolist()
    assert frame["class"].tolist()[3:] == ["macro average", "weighted average"]
    assert frame["matched cluster"][:3].tolist() == [
        f"cluster {labels[c]}" for c in cols[np.argsort(rows)]]
