"""The hierarchical explorer: the dendrogram cut equals scipy's fcluster."""

import numpy as np
import pytest
from scipy.cluster.hierarchy import fcluster, linkage
from sklearn.metrics import adjusted_rand_score

import datasets
from clustering.hierarchical import LINKAGES
from tests.app.conftest import open_page
from tests.app.explore_helpers import array, chart, frames, metrics, partition

PAGE = "app_pages/explore_hierarchical.py"


def moons(n=300, seed=0):
    return datasets.load("moons", n_samples=n, random_state=seed,
                         noise=datasets.DATASETS["moons"].default_noise)


def cut_line(at) -> float:
    shapes = chart(at, "hc_dendrogram")["layout"]["shapes"]
    return float(shapes[0]["y0"])


def test_moving_k_cuts_like_scipys_fcluster_maxclust():
    data = moons()
    Z = linkage(data.X, method="single")
    at = open_page(PAGE)
    for k in (2, 5, 9):
        at.slider(key="hc_k").set_value(k).run()
        assert not at.exception
        expected = fcluster(Z, k, criterion="maxclust")
        assert adjusted_rand_score(partition(chart(at, "hc_scatter"), data.X), expected) == 1.0
        assert int(metrics(at)["Clusters"]) == k
        # The line lies between the last merge kept and the first merge undone.
        assert Z[-(k - 1), 2] > cut_line(at) > Z[-k, 2]


def test_cutting_at_a_height_is_fcluster_distance():
    data = moons()
    Z = linkage(data.X, method="ward")
    at = open_page(PAGE, {"hc_link": "ward", "hc_cut": "at a height"})
    height = float(np.mean(Z[-4:-2, 2]))  # strictly between two merge heights
    at.slider(key="hc_h").set_value(height).run()
    assert not at.exception
    expected = fcluster(Z, height, criterion="distance")
    assert adjusted_rand_score(partition(chart(at, "hc_scatter"), data.X), expected) == 1.0
    assert cut_line(at) == pytest.approx(height)
    assert int(metrics(at)["Clusters"]) == len(np.unique(expected))


def test_every_linkage_renders_a_truncated_dendrogram():
    data = moons()
    at = open_page(PAGE)
    for method in LINKAGES:
        at.selectbox(key="hc_link").select(method).run()
        assert not at.exception, method
        assert not at.error, method
        ticks = chart(at, "hc_dendrogram")["layout"]["xaxis"]["ticktext"]
        assert len(ticks) == 40, method  # the last 40 merges of 300 points
        counts = [int(t.strip("()")) if t.startswith("(") else 1 for t in ticks]
        assert sum(counts) == len(data.X), method
    # Centroid, median and ward need Euclidean distances: the metric box is disabled.
    assert at.selectbox(key="hc_metric").disabled


def test_all_leaves_are_shown_for_a_small_set():
    at = open_page(PAGE, {"hc_n": "50"})
    at.slider(key="hc_leaves").set_value(60).run()
    ticks = chart(at, "hc_dendrogram")["layout"]["xaxis"]["ticktext"]
    assert sorted(int(t) for t in ticks) == list(range(50))


def test_geodesic_distance_with_its_own_neighbours_cuts_like_scipy_on_isomaps_matrix():
    from scipy.spatial.distance import squareform
    from sklearn.manifold import Isomap

    data = moons()
    at = open_page(PAGE, {"hc_link": "average", "hc_metric": "geodesic", "hc_n_neighbors": "7",
                          "hc_k": "2"})
    assert not at.exception and not at.error
    assert "hc_n_neighbors" in {s.key for s in at.slider}
    # k = 7 leaves the two moons apart: joined as Isomap joins them, and said so.
    assert any("separate pieces" in w.value for w in at.warning)
    assert "hc_p" not in {w.key for w in [*at.slider, *at.number_input]}
    D = Isomap(n_neighbors=7).fit(data.X).dist_matrix_
    expected = fcluster(linkage(squareform(D, checks=False), "average"), 2,
                        criterion="maxclust")
    assert adjusted_rand_score(partition(chart(at, "hc_scatter"), data.X), expected) == 1.0


def test_every_k_frame_is_scipys_cut_into_k():
    data = moons()
    Z = linkage(data.X, method="complete")
    at = open_page(PAGE, {"hc_link": "complete", "hc_k": "4"})
    assert not at.exception
    shipped = frames(chart(at, "hc_scatter"), "K")
    assert list(shipped) == [str(k) for k in range(1, 21)]
    for k, (update,) in shipped.items():
        expected = fcluster(Z, int(k), criterion="maxclust")
        assert adjusted_rand_score(array(update["customdata"]), expected) == 1.0
