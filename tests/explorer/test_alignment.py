"""The teaching aid that names clusters after their matched classes (explorer.alignment)."""

import numpy as np
import pytest
from sklearn.metrics import adjusted_rand_score

from explorer.alignment import align_labels


def test_aligned_clusters_take_their_class_number_and_keep_the_partition():
    truth = np.array(["b", "b", "b", "a", "a", "c", "c", "c", "c"])
    found = np.array([7, 7, 3, 5, 5, 9, 9, 9, -1])
    aligned = align_labels(truth, found)
    # Classes in sorted order a=0, b=1, c=2; cluster 7 is mostly b, 5 is a, 9 is c.
    np.testing.assert_array_equal(aligned, [1, 1, 3, 0, 0, 2, 2, 2, -1])
    assert adjusted_rand_score(found, aligned) == 1.0


def test_more_clusters_than_classes_get_fresh_numbers():
    truth = [0, 0, 0, 1, 1, 1]
    found = [4, 4, 2, 3, 3, 1]
    aligned = align_labels(truth, found)
    assert aligned[0] == 0 and aligned[3] == 1
    assert set(aligned[[2, 5]].tolist()) == {2, 3}
    assert adjusted_rand_score(found, aligned) == 1.0


def test_all_noise_stays_noise():
    np.testing.assert_array_equal(align_labels([0, 1, 1], [-1, -1, -1]), [-1, -1, -1])


def test_bad_labelings_get_metrics_message():
    with pytest.raises(ValueError, match="labels_true has 3 samples but labels_pred has 2"):
        align_labels([0, 1, 1], [0, 1])
