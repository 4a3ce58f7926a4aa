"""The measure tables: rows from the registry, values from scikit-learn."""

import math

import numpy as np
import pytest
import sklearn.metrics as skm

import metrics
from explorer.measures import measure_table, models_table, range_text


def test_range_text_opens_infinite_ends():
    assert range_text(0.0, 1.0) == "[0, 1]"
    assert range_text(-0.5, 1.0) == "[-0.5, 1]"
    assert range_text(-math.inf, 1.0) == "(−∞, 1]"
    assert range_text(0.0, math.inf) == "[0, ∞)"


def test_measure_table_has_one_row_per_measure_asked_in_order():
    u, v = [0, 0, 1, 1, 2, 2], [0, 0, 1, 2, 2, 2]
    values = metrics.compare(u, v, ["vi", "ari", "purity"])
    table = measure_table(values)
    assert table["key"].tolist() == ["vi", "ari", "purity"]
    assert table["value"].iloc[1] == pytest.approx(skm.adjusted_rand_score(u, v))
    assert table["higher is better"].tolist() == [False, True, True]
    assert table["adjusted"].tolist() == [False, True, False]
    assert table["range"].tolist() == ["[0, ∞)", "[-0.5, 1]", "[0, 1]"]


def test_models_table_covers_every_model_and_side_and_perm_is_scikit_learns():
    start = np.array([[8, 1, 1], [1, 7, 2], [0, 2, 8]])
    rows, cols = np.nonzero(start)
    u, v = np.repeat(rows, start[rows, cols]), np.repeat(cols, start[rows, cols])
    table = models_table(start)
    assert len(table) == 2 * len(metrics.RANDOM_MODELS)
    assert sorted(set(table["one-sided"])) == [False, True]
    perm = table[table["random model"] == metrics.RANDOM_MODELS["perm"].label]
    assert perm["ARI"].to_numpy() == pytest.approx(skm.adjusted_rand_score(u, v))
    assert perm["AMI (arithmetic)"].to_numpy() == pytest.approx(
        skm.adjusted_mutual_info_score(u, v))
