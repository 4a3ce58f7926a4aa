"""Compare algorithms: gallery scores and the clickable parameter grid, against scikit-learn."""

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


def caption_of(at, title: str) -> str:
    titles = [m.value for m in at.markdown]
    captions = [c.value for c in at.caption if " ms · ARI " in c.value]
    panels = [t.strip("*") for t in titles if t.startswith("**") and "·" not in t][:len(captions)]
    return dict(zip(panels, captions, strict=True))[title]


def scores_in(text: str) -> tuple[float, float]:
    ari = float(text.split("ARI ")[1].split()[0])
    ami = float(text.split("AMI ")[1].split()[0].rstrip("*"))
    return ari, ami


def test_the_dbscan_panel_scores_sklearns_dbscan_with_the_registry_defaults():
    data = moons()
    at = open_page(PAGE)
    assert not at.exception
    labels = DBSCAN(eps=0.5, min_samples=5).fit(data.X).labels_
    ari, ami = scores_in(caption_of(at, "DBSCAN"))
    assert ari == pytest.approx(adjusted_rand_score(data.y, labels), abs=5e-4)
    assert ami == pytest.approx(adjusted_mutual_info_score(data.y, labels), abs=5e-4)
    assert adjusted_rand_score(partition(chart(at, "cmp_panel_dbscan"), data.X), labels) == 1.0
    assert len([c for c in at.caption if " ms · ARI " in c.value]) == 5


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
    assert len([c for c in at.caption if " ms · ARI " in c.value]) == 1
    heat = chart(at, "cmp_heat")["data"][0]
    z = array(heat["z"])
    # k-means always returns K non-empty clusters: each column is its K.
    np.testing.assert_array_equal(z, np.tile([int(k) for k in heat["x"]], (len(heat["y"]), 1)))


def test_real_data_is_projected_and_no_algorithm_shows_an_info():
    at = open_page(PAGE, {"cmp_data": "Iris"})
    assert not at.exception and not at.error
    at.multiselect(key="cmp_algos").set_value([]).run()
    assert not at.exception and at.info
