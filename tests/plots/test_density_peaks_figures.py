"""plots.density_peaks: the decision graph, the gamma ranking and the clusters with centres."""

import numpy as np

from plots.density_peaks import (
    assignment_figure,
    decision_graph_figure,
    decision_scrub_figure,
    density_peaks_data,
    density_peaks_figure,
    gamma_figure,
    with_decision_frames,
)
from plots.describe import chart_summary
from tests.plots.conftest import validated_frames

RHO = np.array([5.0, 1.0, 4.0, 2.0])
DELTA = np.array([3.0, 0.5, 2.5, 0.25])
LABELS = np.array([0, 0, 1, 1])
CENTERS = np.array([0, 2])


def test_decision_graph_plots_rho_against_delta_with_centres_in_their_colours(okabe_ito):
    fig = decision_graph_figure(RHO, DELTA, CENTERS, LABELS)
    (trace,) = fig.data
    np.testing.assert_array_equal(trace.x, RHO)
    np.testing.assert_array_equal(trace.y, DELTA)
    assert list(trace.marker.color) == [okabe_ito[0], "#999999", okabe_ito[1], "#999999"]
    np.testing.assert_array_equal(trace.marker.size, [18, 7, 18, 7])
    np.testing.assert_array_equal(trace.customdata[:, 1], [15.0, 0.5, 10.0, 0.5])
    unlabelled = decision_graph_figure(RHO, DELTA, CENTERS, None).data[0]
    assert list(unlabelled.marker.color) == ["#000000", "#999999", "#000000", "#999999"]


def test_gamma_bars_are_sorted_decreasing_and_cut_to_shown(okabe_ito):
    gamma = RHO * DELTA  # 15, 0.5, 10, 0.5
    fig = gamma_figure(gamma, CENTERS, LABELS, shown=3)
    (bars,) = fig.data
    np.testing.assert_array_equal(bars.x, [1, 2, 3])
    np.testing.assert_array_equal(bars.y, [15.0, 10.0, 0.5])
    np.testing.assert_array_equal(bars.customdata, [0, 2, 1])
    assert list(bars.marker.color) == [okabe_ito[0], okabe_ito[1], "#999999"]
    assert fig.layout.xaxis.title.text == "rank (the 3 largest)"


def test_clusters_halo_and_centres(okabe_ito, grey):
    X = np.array([[0.0, 0.0], [1.0, 0.0], [5.0, 5.0], [6.0, 5.0]])
    halo = np.array([False, True, False, False])
    fig = density_peaks_figure(X, LABELS, CENTERS, halo, ("u", "v"))
    named = {t.name: t for t in fig.data}
    np.testing.assert_array_equal(named["halo"].x, [1.0])
    assert named["halo"].marker.color == grey
    np.testing.assert_array_equal(named["cluster 0"].x, [0.0])
    np.testing.assert_array_equal(named["cluster 1"].x, [5.0, 6.0])
    assert named["cluster 1"].marker.color == okabe_ito[1]
    np.testing.assert_array_equal(named["centres"].x, [0.0, 5.0])
    assert list(named["centres"].marker.color) == [okabe_ito[0], okabe_ito[1]]
    empty = density_peaks_figure(X, None, np.array([], dtype=int), None, ("u", "v"))
    assert [t.name for t in empty.data] == ["not assigned", "centres"]
    assert len(empty.data[0].x) == 4


def test_table_holds_gamma_and_the_flags():
    X = np.zeros((4, 2))
    table = density_peaks_data(X, RHO, DELTA, LABELS, CENTERS, np.zeros(4, dtype=bool))
    assert table["gamma"].tolist() == [15.0, 0.5, 10.0, 0.5]
    assert table["centre"].tolist() == [True, False, True, False]


def test_assignment_frames_colour_the_joined_points_and_draw_their_links():
    X = np.array([[0.0, 0.0], [1.0, 0.0], [5.0, 5.0], [6.0, 5.0]])
    nearest = np.array([-1, 0, 0, 2])
    fig = assignment_figure(X, LABELS, np.array([0, 2, 0, 1]), nearest, CENTERS, active=0)
    assert [f.name for f in validated_frames(fig)] == ["step=0", "step=1", "step=2"]
    codes = [list(f.data[0].customdata) for f in validated_frames(fig)]
    assert codes == [[0, -1, 1, -1], [0, -1, 1, 1], [0, 0, 1, 1]]
    # Step 1: point 3 joins point 2; step 2: point 1 joins point 0; gaps between segments.
    np.testing.assert_array_equal(validated_frames(fig)[1].data[1].x, [6.0, 5.0, np.nan])
    np.testing.assert_array_equal(validated_frames(fig)[2].data[1].y, [0.0, 0.0, np.nan])
    assert len(validated_frames(fig)[0].data[1].x) == 0
    assert list(fig.data[2].customdata) == [0, 2]
    play = fig.layout.updatemenus[0].buttons[0]
    assert play.label == "Play"
    # Play glides: an eased tween shorter than a step, so each step rests a moment.
    options = play.args[1]
    assert 0 < options["transition"]["duration"] < options["frame"]["duration"]
    assert options["transition"]["easing"] == "cubic-in-out"
    # The links are WebGL (no tween: SVG segments would slide into the next step's); the
    # points SVG at this size, whose colours plotly tweens.
    assert [t.type for t in fig.data] == ["scatter", "scattergl", "scatter"]


def test_threshold_frames_colour_the_centres_on_the_graph_and_draw_the_lines():
    X = np.array([[0.0, 0.0], [1.0, 0.0], [5.0, 5.0], [6.0, 5.0]])
    mins = np.array([[3.0, 2.0], [3.0, 2.8]])
    rows = np.array([[0, 0, 1, 1], [0, 0, 0, 0]])
    centers = [np.array([0, 2]), np.array([0])]
    fig = decision_scrub_figure(X, RHO, DELTA, mins, rows, centers, ["0.2", "0.9"], 1,
                                titles=["ρ > 3, δ > 2", "ρ > 3, δ > 2.8"], name="δ_min share")
    fig = with_decision_frames(fig, X, RHO, DELTA, mins[:1] + [[0.5, 0.0]], rows[:1],
                               centers[:1], ["0.5"], 0, titles=["ρ > 3.5, δ > 2"],
                               name="ρ_min share")
    assert [s.name for s in fig.layout.sliders] == ["δ_min share", "ρ_min share"]
    assert [f.name for f in validated_frames(fig)] == ["δ_min share=0.2", "δ_min share=0.9",
                                            "ρ_min share=0.5"]
    graph, points, stars = validated_frames(fig)[1].data
    assert list(graph.marker.color) == [0, 112, 112, 112]
    assert list(points.customdata) == [0, 0, 0, 0]
    np.testing.assert_array_equal(stars.x, [0.0])
    assert list(validated_frames(fig)[0].data[0].marker.color) == [0, 112, 1, 112]
    # Each frame draws the thresholds as the two lines, ρ_min upright and δ_min level, across
    # the decision graph's whole height and width.
    for frame, (rho_min, delta_min) in zip(validated_frames(fig), [*mins, [3.5, 2.0]],
                                           strict=True):
        rho, delta = frame.layout.shapes
        assert (rho.name, rho.x0, rho.x1, rho.xref) == ("rho_min", rho_min, rho_min, "x")
        assert (rho.y0, rho.y1, rho.yref) == (0, 1, "y domain")
        assert (delta.name, delta.y0, delta.y1, delta.yref) == ("delta_min", delta_min,
                                                                delta_min, "y")
        assert (delta.x0, delta.x1, delta.xref) == (0, 1, "x domain")
    # The figure drawn first holds the page's thresholds: the second slider's active frame,
    # and nothing else a drag could move.
    assert [(s.name, s.x0, s.y0) for s in fig.layout.shapes] == [("rho_min", 3.5, 0),
                                                                 ("delta_min", 0, 2.0)]
    # The chart's text alternative says the thresholds (its title, each frame's too).
    summaries = fig.layout.meta["frame_summaries"]
    assert summaries["δ_min share=0.9"].startswith("ρ > 3, δ > 2.8.")
    assert chart_summary(fig).startswith("ρ > 3.5, δ > 2.")


def test_a_k_sweep_has_no_threshold_lines():
    X = np.array([[0.0, 0.0], [1.0, 0.0], [5.0, 5.0], [6.0, 5.0]])
    fig = decision_scrub_figure(X, RHO, DELTA, None, np.array([[0, 0, 1, 1]]),
                                [np.array([0, 2])], ["2"], 0, titles=["K = 2"], name="K")
    assert fig.layout.shapes == () and list(fig.data[0].x) == list(RHO)
    assert validated_frames(fig)[0].layout.shapes == ()
