"""The DBSCAN explorer, checked against scikit-learn's DBSCAN and a brute-force k-distance."""

import numpy as np
import pytest
from scipy.spatial.distance import cdist
from sklearn.cluster import DBSCAN
from sklearn.metrics import adjusted_rand_score

import datasets
from plots.palette import CLUSTER_COLORS, MARKER_SYMBOLS
from tests.app.conftest import open_page
from tests.app.explore_helpers import array, chart, frames, metrics, trace, xy

PAGE = "app_pages/explore_dbscan.py"


def moons(n=500, seed=0):
    return datasets.load("moons", n_samples=n, random_state=seed,
                         noise=datasets.DATASETS["moons"].default_noise)


def expected(X, eps, min_samples):
    ref = DBSCAN(eps=eps, min_samples=min_samples).fit(X)
    core = np.zeros(len(X), dtype=bool)
    core[ref.core_sample_indices_] = True
    noise = ref.labels_ == -1
    return ref.labels_, int(core.sum()), int((~core & ~noise).sum()), int(noise.sum())


@pytest.mark.parametrize(("query", "eps", "min_samples"),
                         [({}, 0.1, 5), ({"db_eps": "0.07", "db_min": "8"}, 0.07, 8)])
def test_counts_and_clusters_are_sklearns(query, eps, min_samples):
    data = moons()
    at = open_page(PAGE, query)
    assert not at.exception
    labels, n_core, n_border, n_noise = expected(data.X, eps, min_samples)
    shown = metrics(at)
    assert int(shown["Clusters"]) == labels.max() + 1
    assert (int(shown["Core"]), int(shown["Border"]), int(shown["Noise"])) == (
        n_core, n_border, n_noise)
    figure = chart(at, "db_scatter")
    page_labels, page_kinds = drawn(figure["data"][0])
    same_clusters(page_labels, labels)
    assert (page_kinds == "noise").sum() == n_noise and (page_kinds == "core").sum() == n_core


# Clusters a colour code tells apart: each pair of a colour and a marker symbol.
PALETTE = len(CLUSTER_COLORS) * len(MARKER_SYMBOLS)


def drawn(item: dict) -> tuple[np.ndarray, np.ndarray]:
    """Cluster (modulo the codes' period; -1 noise) and type of each point of the scrubbed
    chart, read off its colour codes: a cluster's code for core points, its tint for border
    points (codes shifted by the period), one grey for noise."""
    codes = array(item["marker"]["color"]).astype(int)
    kinds = np.where(codes < PALETTE, "core", np.where(codes < 2 * PALETTE, "border", "noise"))
    return np.where(codes == 2 * PALETTE, -1, codes % PALETTE), kinds


def same_clusters(colours: np.ndarray, labels: np.ndarray) -> None:
    """The colour codes draw ``labels``: the same partition when every cluster has its own
    code, else each cluster in one code (codes repeat past the period)."""
    assert ((colours == -1) == (labels == -1)).all()
    if labels.max() < PALETTE:
        assert adjusted_rand_score(colours, labels) == 1.0
    for cluster in range(labels.max() + 1):
        assert len(set(colours[labels == cluster])) == 1


def test_every_eps_frame_holds_sklearns_dbscan_at_that_eps():
    data = moons(n=300)
    at = open_page(PAGE, {"db_n": "300", "db_min": "4"})
    assert not at.exception
    shipped = frames(chart(at, "db_scatter"), "eps")
    assert len(shipped) == len(at.select_slider(key="db_eps").options)
    distinct = 0
    for label in ("0.01", "0.035", "0.06", "0.1", "0.15", "0.3", "0.9", "2.5"):
        codes, = shipped[label]
        labels, kinds = drawn(codes)
        ref = DBSCAN(eps=float(label), min_samples=4).fit(data.X)
        core = np.zeros(len(data.X), dtype=bool)
        core[ref.core_sample_indices_] = True
        assert ((kinds == "core") == core).all()
        same_clusters(labels, ref.labels_)
        distinct += ref.labels_.max() < PALETTE
    assert distinct >= 5  # most frames compared as whole partitions


def test_every_min_samples_frame_holds_sklearns_dbscan_at_the_pages_eps():
    data = moons(n=300)
    at = open_page(PAGE, {"db_n": "300", "db_eps": "0.12", "db_min": "4"})
    assert not at.exception
    figure = chart(at, "db_scatter")
    assert [s["name"] for s in figure["layout"]["sliders"]] == ["eps", "min_samples"]
    shipped = frames(figure, "min_samples")
    assert list(shipped) == [str(m) for m in range(1, 51)]
    distinct = 0
    for m in (1, 2, 3, 4, 6, 10, 20, 35, 50):
        codes, = shipped[str(m)]
        labels, kinds = drawn(codes)
        ref = DBSCAN(eps=0.12, min_samples=m).fit(data.X)
        core = np.zeros(len(data.X), dtype=bool)
        core[ref.core_sample_indices_] = True
        assert ((kinds == "core") == core).all()
        same_clusters(labels, ref.labels_)
        distinct += ref.labels_.max() < PALETTE
    assert distinct >= 5


def test_the_k_distance_curve_marks_the_core_points_under_eps():
    data = moons()
    at = open_page(PAGE, {"db_eps": "0.08", "db_min": "6"})
    figure = chart(at, "db_kdist")
    # Brute force: distance to the 6th nearest point, the point itself first.
    kdist = np.sort(cdist(data.X, data.X), axis=1)[:, 5]
    under = np.sort(xy(trace(figure, "core (under eps)"))[:, 1])
    assert len(under) == int(metrics(at)["Core"]) == int((kdist <= 0.08).sum())
    np.testing.assert_allclose(under, np.sort(kdist[kdist <= 0.08]))
    line = [shape for shape in figure["layout"]["shapes"] if shape.get("type") == "line"]
    assert line and line[0]["y0"] == pytest.approx(0.08)


def test_circles_are_drawn_around_each_core_point():
    at = open_page(PAGE, {"db_n": "100"})
    at.toggle(key="db_circles").set_value(True).run()
    assert not at.exception
    circles = [s for s in chart(at, "db_scatter")["layout"]["shapes"] if s["type"] == "circle"]
    assert len(circles) == int(metrics(at)["Core"])


def test_an_eps_off_the_scale_in_the_url_falls_back_to_the_default():
    at = open_page(PAGE, {"db_eps": "0.0731", "db_min": "many"})
    assert not at.exception and not at.error
    assert at.select_slider(key="db_eps").value == 0.1
    assert at.slider(key="db_min").value == 5


def test_a_fresh_drawing_starts_at_an_eps_on_its_scale_and_a_link_keeps_its_own():
    from tests.app.test_drawn_points import DRAWN  # three tight groups of 20, classes 0-2

    at = open_page(PAGE, {"db_data": "drawn", "db_drawn": DRAWN[:4 * 9]})  # 9: too few yet
    assert at.select_slider(key="db_eps").value == 0.1
    at.text_input(key="db_drawn").set_value(DRAWN).run()  # the drawing reaches 60 points
    assert not at.exception and not at.error
    eps = at.select_slider(key="db_eps").value
    X = datasets.load("drawn", points=DRAWN).X
    labels, *_ = expected(X, eps, 5)
    # The three drawn groups, as scikit-learn finds them at the eps the page chose (at the
    # default eps = 0.1 this drawing was 0 clusters and 60 noise points).
    assert expected(X, 0.1, 5)[0].max() == -1
    assert int(metrics(at)["Clusters"]) == labels.max() + 1 == 3
    assert adjusted_rand_score(np.repeat([0, 1, 2], 20), labels) == 1.0
    # Drawing on keeps that eps; a link that names eps keeps it too.
    at.text_input(key="db_drawn").set_value(DRAWN[:-4]).run()
    assert at.select_slider(key="db_eps").value == eps
    linked = open_page(PAGE, {"db_data": "drawn", "db_drawn": DRAWN, "db_eps": "0.1"})
    assert linked.select_slider(key="db_eps").value == 0.1
    # A link that names no eps opens the drawing at the eps on its scale, not all noise.
    unnamed = open_page(PAGE, {"db_data": "drawn", "db_drawn": DRAWN})
    assert unnamed.select_slider(key="db_eps").value == eps
    assert int(metrics(unnamed)["Clusters"]) == 3
    # Drawing on from there keeps it.
    unnamed.text_input(key="db_drawn").set_value(DRAWN[:-4]).run()
    assert unnamed.select_slider(key="db_eps").value == eps


def test_the_growth_chart_steps_from_nothing_to_sklearns_dbscan():
    data = moons(n=300)
    at = open_page(PAGE, {"db_n": "300", "db_eps": "0.12", "db_min": "4", "db_step": "3"})
    assert not at.exception
    figure = chart(at, "db_growth")
    shipped = frames(figure, "step")
    assert list(shipped) == [str(i) for i in range(len(shipped))]
    assert 3 <= len(shipped) <= 40
    assert [b["label"] for b in figure["layout"]["updatemenus"][0]["buttons"]] == ["Play", "Pause"]
    codes = [drawn(points)[0] for points, *_ in shipped.values()]
    assert (codes[0] == -1).all()  # nothing reached yet: every point grey
    reference = DBSCAN(eps=0.12, min_samples=4).fit(data.X)
    same_clusters(codes[-1], reference.labels_)
    # The last frame's border points are light, as in the eps chart.
    core = np.zeros(len(data.X), dtype=bool)
    core[reference.core_sample_indices_] = True
    _, kinds = drawn(shipped[str(len(shipped) - 1)][0])
    assert ((kinds == "core") == core).all()
    # The clusters only grow: a point once coloured keeps its colour.
    for before, after in zip(codes[:-1], codes[1:], strict=True):
        kept = before != -1
        assert (after[kept] == before[kept]).all()
    # Every wave frame shows something new (the last, "Done", shows the last wave again:
    # what is still grey is noise).
    assert len({tuple(c) for c in codes[:-1]}) == len(codes) - 1
    # The link's step is the one shown, and the step slider is bound to the link.
    assert at.slider(key="db_step").value == 3
    assert figure["layout"]["sliders"][0]["active"] == 3
    assert figure["layout"]["title"]["text"] == figure["frames"][3]["layout"]["title"]["text"]
