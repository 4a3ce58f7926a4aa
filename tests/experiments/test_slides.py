"""The slides' Rand exercise, checked with scikit-learn on a table with the same pairs."""

import numpy as np
import pytest
from sklearn.metrics import adjusted_rand_score, pair_confusion_matrix, rand_score

from experiments import EXPERIMENTS
from experiments.slides import EXAMPLE_TABLE


def _labels_of(table):
    rows, cols = np.nonzero(np.asarray(table))
    counts = np.asarray(table)[rows, cols]
    return np.repeat(rows, counts), np.repeat(cols, counts)


def test_example_table_has_the_slides_pair_counts():
    truth, pred = _labels_of(EXAMPLE_TABLE)
    # scikit-learn's matrix counts ordered pairs: [[n00, n01], [n10, n11]] * 2.
    assert (pair_confusion_matrix(truth, pred) // 2).tolist() == [[72, 20], [24, 20]]


def test_rand_index_is_068_and_the_ari_is_scikit_learns():
    df = EXPERIMENTS["slides-rand"]("quick").set_index("quantity")
    truth, pred = _labels_of(EXAMPLE_TABLE)
    assert round(df.loc["ri", "value"], 2) == 0.68
    assert df.loc["ri", "value"] == pytest.approx(rand_score(truth, pred))
    assert df.loc["ari", "value"] == pytest.approx(adjusted_rand_score(truth, pred))
    assert df.loc["ari", "value"] == pytest.approx(1920 / 7904)
    assert df.loc["ari", "example_table"] == pytest.approx(df.loc["ari", "value"])


def test_bad_pair_counts_are_refused():
    # The parameter's range (experiments.params) refuses a negative count before the run.
    with pytest.raises(ValueError, match=r"'pairs' must be list of 4 int in \[0, "):
        EXPERIMENTS["slides-rand"]("quick", pairs=(1, -1, 0, 0))
