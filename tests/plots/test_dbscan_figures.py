"""plots.dbscan: one trace per cluster and point type, the sweep's frames, the k-distance curve."""

import numpy as np
import plotly.io as pio

from plots.dbscan import (
    dbscan_data,
    dbscan_figure,
    dbscan_growth_figure,
    dbscan_scrub_figure,
    eps_circles,
    k_distance_data,
    k_distance_figure,
    scrub_codes,
)
from tests.plots.conftest import validated_frames

X = np.array([[0.0, 0.0], [0.1, 0.0], [0.2, 0.0], [5.0, 5.0], [5.1, 5.0], [9.0, 0.0]])
LABELS = np.array([0, 0, 0, 1, 1, -1])
TYPES = np.array(["core", "core", "border", "core", "border", "noise"])


def test_points_are_split_by_cluster_and_type_with_the_clusters_colours(okabe_ito, grey):
    fig = dbscan_figure(X, LABELS, TYPES, eps=0.15, axis_titles=("a", "b"))
    drawn = [t for t in fig.data if t.x[0] is not None]
    seen = {(t.name, t.hovertemplate.split(" ")[0]): t for t in drawn}
    assert set(seen) == {("noise", "noise"), ("cluster 0", "core"), ("cluster 0", "border"),
                         ("cluster 1", "core"), ("cluster 1", "border")}
    for (name, kind), trace in seen.items():
        label = -1 if name == "noise" else int(name.split()[1])
        mask = (label == LABELS) & (kind == TYPES)
        np.testing.assert_array_equal(trace.x, X[mask, 0])
        np.testing.assert_array_equal(trace.y, X[mask, 1])
        core = grey if label < 0 else okabe_ito[label]
        # Border points: the cluster's colour mixed 55 % with white (by hand: 0x72 = 114 ->
        # 114 + 0.55 * 141 = 191.55 -> c0).
        tints = {"#0072B2": "#8cc0dc", "#E69F00": "#f4d48c"}
        assert trace.marker.color == (tints[core] if kind == "border" else core)
        # Core and border points take their cluster's shape (0: circle, 1: square), noise
        # a cross; every one is outlined dark.
        assert trace.marker.symbol == ("x" if label < 0 else ["circle", "square"][label])
        assert trace.marker.line.color == "#404040"
    assert fig.layout.xaxis.title.text == "a" and fig.layout.yaxis.title.text == "b"
    assert len(fig.layout.shapes) == 0


def test_circles_surround_each_core_point_at_radius_eps(okabe_ito):
    fig = dbscan_figure(X, LABELS, TYPES, eps=0.5, circles=True)
    core = np.flatnonzero(TYPES == "core")
    assert len(fig.layout.shapes) == len(core) == 3
    for shape, i in zip(fig.layout.shapes, core, strict=True):
        assert (shape.x0, shape.x1) == (X[i, 0] - 0.5, X[i, 0] + 0.5)
        assert (shape.y0, shape.y1) == (X[i, 1] - 0.5, X[i, 1] + 0.5)
        # Black at 50 %: #808080 on white, 3.9:1; dashed by cluster.
        assert shape.line.color == "#000000" and shape.opacity == 0.5
        assert shape.line.dash == ["solid", "dash"][LABELS[i]]
    many = np.zeros((401, 2))
    assert eps_circles(many, np.zeros(401, dtype=int), np.full(401, "core"), 1.0) == []


def test_scrub_codes_light_border_points_and_size_by_type():
    codes, sizes = scrub_codes(np.array([0, 1, -1, 9]), np.array([0, 1, 2, 1]))
    # cluster 0 core: code 0; cluster 1 border: tint 1 + 56; noise: 112; cluster 9 border:
    # 9 + 56 (codes tell 56 clusters apart).
    assert codes.tolist() == [0, 57, 112, 65]
    assert sizes.tolist() == [9, 7, 6, 7]


def test_the_sweep_has_one_frame_per_eps_titled_with_its_counts():
    labels = np.array([[0, 0, 0, 1, 1, -1], [0, 0, 0, 0, 0, -1]])
    kinds = np.array([[0, 0, 1, 0, 1, 2], [0, 0, 0, 0, 0, 2]])
    circle = [{"type": "circle", "x0": 0, "x1": 1, "y0": 0, "y1": 1}]
    fig = dbscan_scrub_figure(X, labels, kinds, ["0.1", "0.2"], active=1, circles=circle)
    frames = validated_frames(fig)
    assert [f.name for f in frames] == ["eps=0.1", "eps=0.2"]
    np.testing.assert_array_equal(fig.data[0].x, X[:, 0])
    np.testing.assert_array_equal(frames[0].data[0].marker.color, [0, 0, 56, 1, 57, 112])
    np.testing.assert_array_equal(frames[1].data[0].marker.color, [0, 0, 0, 0, 0, 112])
    assert frames[0].layout.title.text == "eps = 0.1: 2 clusters, 1 noise"
    assert frames[1].layout.title.text == "eps = 0.2: 1 cluster, 1 noise"
    assert len(frames[0].layout.shapes) == 0 and len(frames[1].layout.shapes) == 1
    # The legend shows the points as drawn: blue core, its 55 % tint for border points, and
    # noise as the open grey circle of an SVG chart.
    legend = {t.name: t.marker for t in fig.data[1:]}
    assert legend["core point"].color == "#0072B2"
    assert legend["border point"].color == "#8cc0dc"
    assert legend["noise point"].symbol == "circle-open"
    assert fig.layout.sliders[0].active == 1


def test_k_distance_curve_splits_at_eps():
    k_dist = np.array([0.9, 0.5, 0.3, 0.2, 0.1])
    fig = k_distance_figure(k_dist, eps=0.3, min_samples=4)
    np.testing.assert_array_equal(fig.data[0].x, [1, 2, 3, 4, 5])
    np.testing.assert_array_equal(fig.data[1].x, [3, 4, 5])
    np.testing.assert_array_equal(fig.data[1].y, [0.3, 0.2, 0.1])
    np.testing.assert_array_equal(fig.data[2].x, [1, 2])
    assert fig.data[2].mode == "lines"
    assert fig.layout.shapes[0].y0 == 0.3
    assert fig.layout.annotations[0].text == "eps = 0.3: 3 core points"
    assert fig.layout.yaxis.title.text == "distance to neighbour 4"
    # One point over eps is a marker: a line needs two.
    assert k_distance_figure(k_dist, eps=0.5, min_samples=4).data[2].mode == "markers"


def test_tables_hold_the_plotted_values():
    table = dbscan_data(X, LABELS, TYPES)
    assert table.columns.tolist() == ["point", "x1", "x2", "cluster", "point_type"]
    np.testing.assert_array_equal(table["x2"], X[:, 1])
    assert table["point_type"].tolist() == TYPES.tolist()
    curve = k_distance_data(np.array([0.4, 0.2]), eps=0.3)
    assert curve.to_dict("list") == {"rank": [1, 2], "k_distance": [0.4, 0.2],
                                     "core": [False, True]}


# Growth of the six points above: cluster 0 from point 0 (frame 1, then 1 and 2), cluster 1
# from point 3 (frame 2, then 4); point 5 never joins (noise).
GROWTH = np.array([[-2] * 6, [0, -2, -2, -2, -2, -2], [0, 0, 0, 1, -2, -2],
                   [0, 0, 0, 1, 1, -2], [0, 0, 0, 1, 1, -1]])
KINDS = np.array([0, 0, 1, 0, 1, 2])


def test_growth_frames_show_each_point_grey_until_it_joins_then_in_its_colour():
    titles = [f"t{i}" for i in range(5)]
    fig = dbscan_growth_figure(X, GROWTH, KINDS, titles, active=2, play_ms=300)
    frames = validated_frames(fig)
    assert [f.name for f in frames] == [f"step={i}" for i in range(5)]
    # Grey (112) until a point joins; then its cluster's code, border points (2, 4) its
    # tint (code + 56); the noise point stays grey.
    assert [list(f.data[0].marker.color) for f in frames] == [
        [112] * 6, [0, 112, 112, 112, 112, 112], [0, 0, 56, 1, 112, 112],
        [0, 0, 56, 1, 57, 112], [0, 0, 56, 1, 57, 112]]
    # Shapes follow the codes (cluster 0 circles, cluster 1 squares, grey open circles).
    assert list(frames[3].data[0].marker.symbol) == [0, 0, 0, 1, 1, 100]
    assert [f.layout.title.text for f in frames] == titles
    assert fig.layout.sliders[0].active == 2 and fig.layout.title.text == "t2"
    np.testing.assert_array_equal(fig.data[0].x, X[:, 0])
    assert list(fig.data[0].marker.size) == [9, 9, 7, 9, 7, 6]  # core, border, noise
    summaries = fig.layout.meta["frame_summaries"]
    assert summaries["step=2"].endswith("2 clusters of 3 and 1 points, 2 grey (noise or "
                                        "not assigned).")


def test_growth_frames_carry_two_bytes_a_point():
    rng = np.random.default_rng(0)
    n = 2000
    final = np.repeat(np.arange(10), n // 10)
    joins = np.arange(n) % 38 + 1
    labels = np.where(np.arange(40)[:, None] >= joins, final, -2)
    labels[-1] = final
    fig = dbscan_growth_figure(rng.normal(size=(n, 2)), labels, np.zeros(n, int),
                               [str(i) for i in range(40)])
    frames = len(pio.to_json({"frames": [f.to_plotly_json() for f in fig.frames]}))
    # A colour code and a symbol, one byte each, base64 (4/3) in 40 frames: 0.21 MB (the
    # frames with each point's cluster for the hover were 0.44 MB at 2,000 points).
    assert frames < 40 * (2 * n * 4 / 3 + 600)
