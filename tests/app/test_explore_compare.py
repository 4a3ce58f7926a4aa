"""Compare algorithms: gallery scores and the clickable parameter grid, against scikit-learn."""

import json

import numpy as np
import pytest
from sklearn.cluster import DBSCAN
from sklearn.metrics import adjusted_mutual_info_score, adjusted_rand_score

import datasets
from explorer.compare import EPS_FACTORS, MIN_SAMPLES
from tests.app.conftest import open_page
from tests.app.explore_helpers import array, chart, partition, selection

PAGE = "app_pages/explore_compare.py"


def moons(n=500, seed=0):
    return datasets.load("moons", n_samples=n, random_state=seed, standardize=True,
                         noise=datasets.DATASETS["moons"].default_noise)


def gallery(at) -> list[dict]:
    """The gallery's charts, a row of (at most three) panels each, top to bottom."""
    rows = [json.loads(e.proto.spec) for e in at.get("plotly_chart")
            if "-cmp_gallery_" in e.proto.id]
    assert rows, "the page shows no gallery"
    return rows


def panel_titles(at) -> dict[str, str]:
    """Each gallery panel's title by the algorithm's name (its lines joined): name, ARI."""
    notes = [note for row in gallery(at) for note in row["layout"]["annotations"]]
    return {note["text"].split("</b>")[0].removeprefix("<b>").replace("<br>", " "):
            note["text"] for note in notes if "</b><br>ARI " in note["text"]}


def panel_captions(at) -> dict[str, str]:
    """Each gallery panel's line in the caption under its row, by the algorithm's label:
    clusters, time, ARI and AMI."""
    lines = [line for caption in at.caption for line in caption.value.split("  \n")
             if line.startswith("**") and " ms · ARI " in line]
    return {line.split("**")[1]: line.split("**: ")[1] for line in lines}


def panel(at, index: int) -> dict:
    """The gallery's panel ``index`` (from 0) as a figure of its own: its traces."""
    row, column = divmod(index, 3)
    axis = "x" if column == 0 else f"x{column + 1}"
    return {"data": [t for t in gallery(at)[row]["data"] if t["xaxis"] == axis]}


def scores_in(text: str) -> tuple[float, float]:
    ari = float(text.split("ARI ")[1].split()[0])
    ami = float(text.split("AMI ")[1].split()[0].rstrip("*"))
    return ari, ami


def test_the_dbscan_panel_scores_sklearns_dbscan_with_the_registry_defaults():
    data = moons()
    at = open_page(PAGE)
    assert not at.exception
    labels = DBSCAN(eps=0.5, min_samples=5).fit(data.X).labels_
    titles, captions = panel_titles(at), panel_captions(at)
    ari, ami = scores_in(captions["DBSCAN"])
    assert ari == pytest.approx(adjusted_rand_score(data.y, labels), abs=5e-4)
    assert ami == pytest.approx(adjusted_mutual_info_score(data.y, labels), abs=5e-4)
    # The panel's title shows the same ARI.
    assert float(titles["DBSCAN"].split("ARI ")[1]) == pytest.approx(ari, abs=0)
    # DBSCAN is the second panel of the default gallery.
    assert list(titles)[1] == "DBSCAN"
    assert adjusted_rand_score(partition(panel(at, 1), data.X), labels) == 1.0
    assert len(titles) == len(captions) == 5
    assert list(captions)[3] == "Hierarchical (agglomerative)"
    assert list(titles)[3] == "Hierarchical"  # shortened: a phone's panel is 90 px wide


def test_clicking_a_grid_cell_loads_that_clustering():
    data = moons()
    at = open_page(PAGE)
    heat = chart(at, "cmp_heat")["data"][0]
    eps_labels, ms_labels = heat["x"], heat["y"]
    assert len(eps_labels) == len(EPS_FACTORS) and [int(v) for v in ms_labels] == list(
        MIN_SAMPLES)
    at.session_state["cmp_heat"] = selection([{"x": eps_labels[2], "y": ms_labels[3]}])
    at.run()
    assert not at.exception
    eps, min_samples = float(eps_labels[2]), int(ms_labels[3])
    labels = DBSCAN(eps=eps, min_samples=min_samples).fit(data.X).labels_
    text = [m.value for m in at.markdown if m.value.startswith("**Selected")][0]
    assert f"eps = {eps_labels[2]}" in text and f"min_samples = {min_samples}" in text
    assert scores_in(text)[0] == pytest.approx(adjusted_rand_score(data.y, labels), abs=5e-4)
    assert adjusted_rand_score(partition(chart(at, "cmp_cell_scatter"), data.X), labels) == 1.0
    # The heat map's cell holds the same ARI.
    z = array(chart(at, "cmp_heat")["data"][0]["z"])
    assert z[3, 2] == pytest.approx(adjusted_rand_score(data.y, labels), abs=1e-9)


def test_the_kmeans_grid_counts_clusters_and_a_link_opens_it():
    at = open_page(PAGE, {"cmp_grid": "k-means: K × seed", "cmp_value": "number of clusters",
                          "cmp_algos": ["k-means"]})
    assert not at.exception
    assert list(panel_titles(at)) == ["k-means"]
    heat = chart(at, "cmp_heat")["data"][0]
    z = array(heat["z"])
    # k-means always returns K non-empty clusters: each column is its K.
    np.testing.assert_array_equal(z, np.tile([int(k) for k in heat["x"]], (len(heat["y"]), 1)))


def test_real_data_is_projected_and_no_algorithm_shows_an_info():
    at = open_page(PAGE, {"cmp_data": "Iris"})
    assert not at.exception and not at.error
    at.multiselect(key="cmp_algos").set_value([]).run()
    assert not at.exception and at.info
