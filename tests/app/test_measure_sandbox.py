"""The contingency sandbox: edits, bad edits, pair counts, random models."""

import math

import numpy as np
import pytest
from sklearn.metrics import (
    adjusted_mutual_info_score,
    adjusted_rand_score,
    normalized_mutual_info_score,
    rand_score,
)

import metrics
from tests.app.classwise_helpers import assert_classwise_matches_sklearn
from tests.app.conftest import open_page

PAGE = "app_pages/measure_sandbox.py"
EDITOR = "sb_table_3x3"


def labels_of(table):
    table = np.asarray(table)
    rows, cols = np.nonzero(table)
    counts = table[rows, cols]
    return np.repeat(rows, counts), np.repeat(cols, counts)


def shown(at) -> dict[str, float]:
    table = next(d.value for d in at.dataframe if "key" in d.value.columns)
    return dict(zip(table["key"], table["value"], strict=True))


def assert_scores_match_sklearn(at, table):
    u, v = labels_of(table)
    values = shown(at)
    assert values["ri"] == pytest.approx(rand_score(u, v))
    assert values["ari"] == pytest.approx(adjusted_rand_score(u, v))
    assert values["nmi_arithmetic"] == pytest.approx(normalized_mutual_info_score(u, v))
    assert values["ami_arithmetic"] == pytest.approx(adjusted_mutual_info_score(u, v))
    assert values["ami_max"] == pytest.approx(
        adjusted_mutual_info_score(u, v, average_method="max")
    )


def test_default_table_is_scored_and_worked_out():
    at = open_page(PAGE)
    assert not at.exception and not at.error
    start = [[8, 1, 1], [1, 7, 2], [0, 2, 8]]
    assert_scores_match_sklearn(at, start)
    assert len(shown(at)) == len(metrics.MEASURES)
    latex = [element.value for element in at.latex]
    assert any("n_{11}" in text and "= 79" in text for text in latex)


def test_editing_a_cell_updates_every_measure():
    at = open_page(PAGE)
    at.session_state[EDITOR] = {
        "edited_rows": {0: {"cluster 0": 2}, 2: {"cluster 0": 6}},
        "added_rows": [], "deleted_rows": [],
    }
    at.run()
    assert not at.exception and not at.error
    assert_scores_match_sklearn(at, [[2, 1, 1], [1, 7, 2], [6, 2, 8]])


@pytest.mark.parametrize(
    "edit, message",
    [
        ({0: {"cluster 0": -3}}, "non-negative"),
        ({1: {"cluster 1": None}}, "empty cells"),
        ({i: {f"cluster {j}": 0 for j in range(3)} for i in range(3)}, "empty"),
    ],
    ids=["negative", "blank", "all-zero"],
)
def test_bad_edits_are_explained_not_crashed(edit, message):
    at = open_page(PAGE)
    at.session_state[EDITOR] = {"edited_rows": edit, "added_rows": [], "deleted_rows": []}
    at.run()
    assert not at.exception
    assert at.error and message in at.error[0].value


def test_pair_counts_of_the_slides_exercise():
    at = open_page(PAGE, {"sb_mode": "Pair counts"})
    assert not at.exception and not at.error
    values = shown(at)
    assert set(values) == {k for k, m in metrics.MEASURES.items() if m.family == "pair counting"}
    assert values["ri"] == pytest.approx(92 / 136)
    # Hubert & Arabie's ARI written with the pair counts (20, 24, 20, 72) of the slides.
    n11, n10, n01, n00 = 20, 24, 20, 72
    ari = 2 * (n11 * n00 - n10 * n01) / ((n11 + n10) * (n10 + n00) + (n11 + n01) * (n01 + n00))
    assert values["ari"] == pytest.approx(ari)
    assert values["jaccard"] == pytest.approx(20 / 64)
    assert values["fm"] == pytest.approx(20 / math.sqrt(44 * 40))


def test_impossible_pair_counts_are_explained():
    at = open_page(PAGE, {"sb_mode": "Pair counts", "sb_n11": "1", "sb_n10": "1",
                          "sb_n01": "1", "sb_n00": "0"})
    assert not at.exception
    assert at.error and "No two clusterings" in at.error[0].value
    at.number_input(key="sb_n00").set_value(5).run()
    assert not at.exception
    assert at.error and "n(n-1)/2" in at.error[0].value


def test_resizing_the_table_keeps_the_page_alive():
    at = open_page(PAGE, {"sb_rows": "1", "sb_cols": "4"})
    assert not at.exception and not at.error
    assert_scores_match_sklearn(at, [[8, 1, 1, 0]])


@pytest.mark.skipif(len(metrics.RANDOM_MODELS) < 2, reason="only the permutation model")
def test_switching_the_random_model_changes_the_adjusted_measures():
    at = open_page(PAGE)
    other = [name for name in metrics.RANDOM_MODELS if name != "perm"][0]
    at.selectbox(key="sb_model").select(other).run()
    assert not at.exception and not at.error
    start = np.array([[8, 1, 1], [1, 7, 2], [0, 2, 8]])
    values = shown(at)
    assert values["ari"] == pytest.approx(
        metrics.adjusted_rand_index(contingency=start, random_model=other)
    )
    assert values["ri"] == pytest.approx(rand_score(*labels_of(start)))


def test_precision_recall_and_f_per_class_are_sklearns_after_matching():
    at = open_page(PAGE)
    assert_classwise_matches_sklearn(at, *labels_of([[8, 1, 1], [1, 7, 2], [0, 2, 8]]))


def test_the_slides_land_use_matrix_with_its_totals_and_scores():
    """The slides' confusion matrix (Forest, Indust., Urban, Water; 391 samples): its printed
    totals, and precision / recall / F per class as scikit-learn computes them."""
    land_use = [[68, 7, 3, 0], [12, 112, 15, 10], [3, 9, 89, 0], [0, 2, 5, 56]]
    at = open_page(PAGE, {"sb_mode": "Land use (slides)"})
    assert not at.exception and not at.error
    totals = next(d.value for d in at.dataframe if "reference_total_slide" in d.value.columns)
    assert totals["reference_total"].tolist() == [78, 149, 101, 63]
    assert totals["classified_total"].tolist() == [83, 130, 112, 66]
    assert_classwise_matches_sklearn(at, *labels_of(land_use))
    values = shown(at)
    assert values["ari"] == pytest.approx(adjusted_rand_score(*labels_of(land_use)))
    assert "325 / 391 = 0.831" in " ".join(m.value for m in at.markdown)
