"""Precision, recall and F per class: scikit-learn after matching, and the slides' examples."""

import numpy as np
import pytest
from sklearn.metrics import precision_recall_fscore_support

import metrics
from metrics.classwise import precision_recall_fscore

# Rodriguez's course slides, "Single variable classifier": rows the reference (R), columns
# the classification (C), with the totals the slides print beside them.
LAND_USE = np.array([[68, 7, 3, 0], [12, 112, 15, 10], [3, 9, 89, 0], [0, 2, 5, 56]])
LAND_USE_ROW_TOTALS = [78, 149, 101, 63]
LAND_USE_COL_TOTALS = [83, 130, 112, 66]
LAND_USE_N = 391


def sklearn_after_matching(truth, found, matched, beta):
    """scikit-learn's per-class scores once each matched cluster is renamed to its class;
    unmatched clusters get names no class has."""
    classes = np.unique(truth)
    clusters = np.unique(found)
    rename = {int(c): int(classes.max()) + 1 + k for k, c in enumerate(clusters)}
    for i, j in enumerate(matched.tolist()):
        if j >= 0:
            rename[int(clusters[j])] = int(classes[i])
    predicted = np.array([rename[int(c)] for c in found])
    options = {"labels": classes, "beta": beta, "zero_division": 0}
    per_class = precision_recall_fscore_support(truth, predicted, average=None, **options)
    macro = precision_recall_fscore_support(truth, predicted, average="macro", **options)
    weighted = precision_recall_fscore_support(truth, predicted, average="weighted", **options)
    return per_class, macro, weighted


@pytest.mark.parametrize("seed", range(25))
def test_scores_are_sklearns_once_clusters_are_renamed_after_their_classes(seed):
    rng = np.random.default_rng(seed)
    n = int(rng.integers(5, 60))
    truth = rng.integers(0, rng.integers(1, 6), n)
    found = np.where(rng.random(n) < 0.6, truth, rng.integers(0, rng.integers(1, 7), n)) * 3
    beta = [0.5, 1.0, 2.0][seed % 3]
    scores = precision_recall_fscore(truth, found, beta=beta)
    (p, r, f, support), macro, weighted = sklearn_after_matching(
        truth, found, scores.matched, beta
    )
    np.testing.assert_allclose(scores.precision, p, atol=1e-12)
    np.testing.assert_allclose(scores.recall, r, atol=1e-12)
    np.testing.assert_allclose(scores.fscore, f, atol=1e-12)
    np.testing.assert_array_equal(scores.support, support)
    assert [scores.macro[k] for k in ("precision", "recall", "fscore")] == pytest.approx(
        macro[:3], abs=1e-12
    )
    assert [scores.weighted[k] for k in ("precision", "recall", "fscore")] == pytest.approx(
        weighted[:3], abs=1e-12
    )
    # The matching keeps the most samples: the classification error's (Meila 2005).
    assert (scores.recall @ scores.support) / n == pytest.approx(
        1 - metrics.classification_error(truth, found)
    )


def test_slides_apples_and_oranges():
    # Oranges: P = 5/5 = 100 %, R = 5/7 = 71 %; apples: P = 3/5 = 60 %, R = 3/3 = 100 %.
    truth = ["orange"] * 7 + ["apple"] * 3
    found = ["left"] * 5 + ["right"] * 5
    scores = precision_recall_fscore(truth, found)
    by_class = dict(zip(scores.classes.tolist(), range(2), strict=True))
    orange, apple = by_class["orange"], by_class["apple"]
    assert scores.precision[orange] == 1.0 and round(100 * scores.recall[orange]) == 71
    assert scores.precision[apple] == pytest.approx(0.60) and scores.recall[apple] == 1.0
    assert scores.clusters[scores.matched[orange]] == "left"
    assert scores.clusters[scores.matched[apple]] == "right"


def test_slides_land_use_confusion_matrix():
    scores = precision_recall_fscore(contingency=LAND_USE)
    np.testing.assert_array_equal(scores.matched, [0, 1, 2, 3])  # each class its column
    np.testing.assert_array_equal(scores.support, LAND_USE_ROW_TOTALS)
    diagonal = np.array([68, 112, 89, 56])
    np.testing.assert_allclose(scores.recall, diagonal / LAND_USE_ROW_TOTALS)
    np.testing.assert_allclose(scores.precision, diagonal / LAND_USE_COL_TOTALS)
    assert scores.weighted["recall"] == pytest.approx(diagonal.sum() / LAND_USE_N)
    # Forest: P = 68/83, R = 68/78, F = 2PR/(P+R) = 2*68/(83+78).
    assert scores.fscore[0] == pytest.approx(136 / 161)


def test_more_classes_than_clusters_leave_a_class_unmatched():
    scores = precision_recall_fscore([0, 0, 1, 1, 2, 2, 2], [5, 5, 5, 5, 7, 7, 7])
    assert sorted(scores.matched.tolist()) == [-1, 0, 1]
    unmatched = int(np.flatnonzero(scores.matched == -1)[0])
    assert scores.precision[unmatched] == scores.recall[unmatched] == 0.0
    assert scores.fscore[unmatched] == 0.0
    assert scores.macro["recall"] == pytest.approx((1 + 0 + 1) / 3)


def test_labels_and_table_agree_and_empty_rows_keep_their_index():
    truth, found = [0, 0, 1, 1, 1, 2], [1, 1, 0, 0, 1, 2]
    from_labels = precision_recall_fscore(truth, found)
    from_table = precision_recall_fscore(contingency=metrics.contingency_table(truth, found))
    np.testing.assert_array_equal(from_labels.fscore, from_table.fscore)
    padded = precision_recall_fscore(contingency=[[2, 0, 0], [0, 0, 0], [1, 0, 3]])
    np.testing.assert_array_equal(padded.classes, [0, 2])
    np.testing.assert_array_equal(padded.clusters, [0, 2])


@pytest.mark.parametrize("beta", [0, -1.0, float("nan"), float("inf")])
def test_bad_beta_is_refused(beta):
    with pytest.raises(ValueError, match="beta"):
        precision_recall_fscore([0, 1], [0, 1], beta=beta)


def test_beta_must_be_a_number():
    with pytest.raises(TypeError, match="beta"):
        precision_recall_fscore([0, 1], [0, 1], beta="2")
