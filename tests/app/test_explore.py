"""The Explore page as a student and a teacher use it."""

import numpy as np
import pytest
from scipy.spatial.distance import cdist
from sklearn.cluster import DBSCAN
from sklearn.metrics import (
    adjusted_mutual_info_score,
    adjusted_rand_score,
    normalized_mutual_info_score,
)

import clustering
import datasets
from metrics import MEASURES
from tests.app.conftest import open_page

PAGE = "app_pages/explore.py"


def scores(at) -> dict[str, float]:
    # The scores table (each chart has its own data table too).
    table = next(d.value for d in at.dataframe if "measure" in d.value.columns)
    return dict(zip(table["measure"], table["value"], strict=True))


def test_a_copied_link_reopens_the_same_view():
    at = open_page(
        PAGE,
        {"ex_data": "Two moons", "ex_algo": "k-means", "ex_k": "2", "ex_seed": "7", "ex_n": "300",
         "ex_algo_seed": "4"},
    )
    assert not at.exception
    assert at.selectbox(key="ex_data").value == "moons"
    assert at.selectbox(key="ex_algo").value == "kmeans"
    assert at.slider(key="ex_k").value == 2
    assert at.number_input(key="ex_seed").value == 7
    assert at.number_input(key="ex_algo_seed").value == 4
    assert at.slider(key="ex_n").value == 300

    # The scores are those of the clustering the link describes, checked with scikit-learn.
    data = datasets.load("moons", n_samples=300, random_state=7,
                         noise=datasets.DATASETS["moons"].default_noise)
    labels = clustering.run("kmeans", data.X, random_state=4, n_clusters=2).labels
    table = scores(at)
    ari, ami, nmi = (MEASURES[key].label for key in ("ari", "ami_arithmetic", "nmi_arithmetic"))
    np.testing.assert_allclose(table[ari], adjusted_rand_score(data.y, labels), rtol=1e-9)
    np.testing.assert_allclose(table[ami], adjusted_mutual_info_score(data.y, labels), rtol=1e-9)
    np.testing.assert_allclose(table[nmi], normalized_mutual_info_score(data.y, labels), rtol=1e-9)


def test_nonsense_in_the_url_falls_back_to_defaults_and_numbers_are_clamped():
    at = open_page(PAGE, {"ex_data": "nonsense", "ex_k": "999", "ex_seed": "-5", "ex_n": "many"})
    assert not at.exception
    assert not at.error
    assert at.selectbox(key="ex_data").value == "blobs"
    # A number beyond the range moves to its nearest end, with a warning.
    assert at.slider(key="ex_k").value == clustering.ALGORITHMS["kmeans"].param("n_clusters").high
    assert any("`ex_k`" in w.value and "out of range" in w.value for w in at.warning)
    assert at.number_input(key="ex_seed").value == 0


def test_changing_k_changes_the_number_of_clusters_shown():
    at = open_page(PAGE)
    at.slider(key="ex_k").set_value(5).run()
    assert not at.exception
    assert at.tabs[0].label.endswith("5 clusters")
    chart = at.get("plotly_chart")[0]
    assert chart.proto.spec.count('"name":"cluster ') == 5


def test_iris_is_projected_and_scored():
    at = open_page(PAGE, {"ex_data": "Iris"})
    assert not at.exception
    table = scores(at)
    assert len(table) == 3
    # k-means with K = 3 on iris: the textbook result, far from chance, short of perfect.
    assert 0.5 < table[MEASURES["ari"].label] < 0.9


def test_switching_algorithm_shows_that_algorithms_parameters():
    at = open_page(PAGE)
    at.selectbox(key="ex_algo").select("dbscan").run()
    assert not at.exception
    assert not [s for s in at.slider if s.key == "ex_k"]
    keys = {w.key for w in [*at.slider, *at.number_input, *at.selectbox]}
    specs = clustering.ALGORITHMS["dbscan"].params
    assert {f"ex_dbscan_{s.name}" for s in specs if s.shown({"metric": "euclidean"})} <= keys
    assert not {"ex_dbscan_p", "ex_dbscan_n_neighbors"} & keys


def test_a_metrics_own_parameter_appears_with_it_and_is_used():
    at = open_page(PAGE)
    at.selectbox(key="ex_algo").select("dbscan").run()
    at.selectbox(key="ex_dbscan_metric").select("geodesic").run()
    assert not at.exception
    keys = {w.key for w in [*at.slider, *at.number_input]}
    assert "ex_dbscan_n_neighbors" in keys and "ex_dbscan_p" not in keys
    at.selectbox(key="ex_dbscan_metric").select("minkowski").run()
    assert not at.exception
    keys = {w.key for w in [*at.slider, *at.number_input]}
    assert "ex_dbscan_p" in keys and "ex_dbscan_n_neighbors" not in keys


def test_dbscan_on_two_moons_starts_with_an_eps_that_finds_the_two_moons():
    at = open_page(PAGE, {"ex_data": "Two moons", "ex_algo": "DBSCAN"})
    assert not at.exception
    eps = at.number_input(key="ex_dbscan_eps").value
    spec = datasets.DATASETS["moons"]
    data = datasets.load("moons", n_samples=spec.default_n, random_state=0,
                         noise=spec.default_noise)
    # The radius that makes 98 % of the points core points, by brute force: each point's
    # distance to its 5th nearest neighbour, itself counted first.
    k_dist = np.sort(cdist(data.X, data.X), axis=1)[:, 4]
    assert eps == pytest.approx(np.quantile(k_dist, 0.98), rel=5e-3)
    labels = DBSCAN(eps=eps, min_samples=5).fit(data.X).labels_
    assert labels.max() + 1 == 2
    assert adjusted_rand_score(data.y, labels) > 0.9
    assert at.tabs[0].label == "DBSCAN: 2 clusters"
    assert scores(at)[MEASURES["ari"].label] == pytest.approx(adjusted_rand_score(data.y, labels))
