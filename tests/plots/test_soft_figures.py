"""plots.fuzzy and plots.em: blended colours, certainty fading, sweeps and step animations."""

import numpy as np
import pandas as pd

from plots.em import em_animation_figure, em_step_figure, log_likelihood_data, log_likelihood_figure
from plots.fuzzy import (
    blend_colors,
    certainty,
    fpc_figure,
    fuzzy_scrub_figure,
    membership_figure,
    objective_data,
    objective_figure,
)
from tests.plots.conftest import validated_frames

X = np.array([[0.0, 0.0], [1.0, 1.0], [2.0, 0.0]])
# Point 0 sure of cluster 0, point 1 shared equally, point 2 mostly in cluster 1.
U = np.array([[1.0, 0.0], [0.5, 0.5], [0.25, 0.75]])
CENTERS = np.array([[0.0, 0.0], [2.0, 0.0]])


def _mix(weights, colors):
    rgb = np.array([[int(c[i:i + 2], 16) for i in (1, 3, 5)] for c in colors], dtype=float)
    return "#" + "".join(f"{int(round(v)):02X}" for v in np.asarray(weights) @ rgb)


def test_blended_colours_mix_the_two_clusters(okabe_ito):
    # Blue (0, 114, 178) and orange (230, 159, 0), half each: (115, 136.5, 89).
    assert blend_colors(U)[:2] == [okabe_ito[0].upper(), _mix([0.5, 0.5], okabe_ito[:2])]
    assert blend_colors([[0.5, 0.5]]) == ["#738859"]


def test_certainty_runs_from_shared_to_sure():
    np.testing.assert_allclose(certainty(U), [1.0, 0.0, 0.5])
    np.testing.assert_allclose(certainty([[1 / 3, 1 / 3, 1 / 3], [0.0, 0.0, 1.0]]), [0.0, 1.0])
    # One cluster (EM at K = 1): nothing is shared, no division by 1 - 1/c = 0.
    np.testing.assert_array_equal(certainty([[1.0], [1.0]]), [1.0, 1.0])


def test_membership_figure_blends_or_shows_one_cluster(okabe_ito):
    fig = membership_figure(X, U, CENTERS)
    np.testing.assert_array_equal(fig.data[0].x, X[:, 0])
    assert list(fig.data[0].marker.color) == [_mix(w, okabe_ito[:2]) for w in U]
    np.testing.assert_array_equal(fig.data[1].x, CENTERS[:, 0])
    one = membership_figure(X, U, CENTERS, cluster=1).data[0].marker
    np.testing.assert_array_equal(one.color, U[:, 1])
    assert one.colorscale[-1][1] == okabe_ito[1]


def test_fuzzy_sweep_has_one_frame_per_m_with_fading_and_moving_centres():
    other = np.array([[0.0, 1.0], [0.0, 1.0], [1.0, 0.0]])
    moved = CENTERS + 1.0
    fig = fuzzy_scrub_figure(X, [U, other], [CENTERS, moved], ["1.5", "2"], active=0,
                             titles=["m = 1.5", "m = 2"])
    assert [f.name for f in validated_frames(fig)] == ["m=1.5", "m=2"]
    first, second = validated_frames(fig)
    np.testing.assert_array_equal(first.data[0].marker.color, [0, 0, 1])
    np.testing.assert_allclose(first.data[0].marker.opacity, [1.0, 0.15, 0.575], rtol=1e-6)
    np.testing.assert_array_equal(second.data[0].marker.color, [1, 1, 0])
    np.testing.assert_array_equal(second.data[1].x, moved[:, 0])
    assert second.layout.title.text == "m = 2"


def test_fuzzy_rounds_play_with_their_own_slider_name_and_centres_gliding():
    fig = fuzzy_scrub_figure(X, [U, U], [CENTERS, CENTERS + 1.0], ["0", "1"], active=1,
                             titles=["start", "round 1"], name="round", play_ms=500)
    assert [f.name for f in validated_frames(fig)] == ["round=0", "round=1"]
    assert fig.layout.sliders[0].name == "round" and fig.layout.sliders[0].active == 1
    play, pause = fig.layout.updatemenus[0].buttons
    assert (play.label, pause.label) == ("Play", "Pause")
    assert play.args[1]["frame"]["duration"] == 500
    assert 0 < play.args[1]["transition"]["duration"] < 500
    np.testing.assert_array_equal(fig.data[1].x, CENTERS[:, 0] + 1.0)


def test_fpc_and_objective_curves(okabe_ito):
    curve = pd.DataFrame({"c": [2, 3, 4], "fpc": [0.9, 0.7, 0.6], "uniform": [0.5, 1 / 3, 0.25]})
    fig = fpc_figure(curve, current=3)
    np.testing.assert_array_equal(fig.data[1].y, [0.9, 0.7, 0.6])
    np.testing.assert_array_equal(fig.data[0].y, [0.5, 1 / 3, 0.25])
    assert list(fig.data[2].x) == [3] and list(fig.data[2].y) == [0.7]
    objective = np.array([9.0, 4.0, 3.5])
    np.testing.assert_array_equal(objective_figure(objective).data[0].x, [1, 2, 3])
    assert objective_data(objective).to_dict("list") == {"round": [1, 2, 3],
                                                         "objective": [9.0, 4.0, 3.5]}


def test_em_step_shapes_points_by_hard_label_and_draws_ellipses_and_means(okabe_ito):
    ring = np.array([[1.0, 0.0], [0.0, 1.0], [-1.0, 0.0]])
    ellipses = [{1: ring, 2: 2 * ring}, {1: ring + 2, 2: 2 * ring + 2}]
    fig = em_step_figure(X, U, CENTERS, ellipses, title="step 1")
    named = [t.name for t in fig.data]
    # Each ellipse twice: its dark casing (unnamed), then its component's colour on top.
    assert named == ["cluster 0", "cluster 1", "", "1 sigma", "", "2 sigma", "", "1 sigma",
                     "", "2 sigma", "means"]
    # argmax picks the first of a tie: point 1 goes with cluster 0.
    np.testing.assert_array_equal(fig.data[0].x, [0.0, 1.0])
    np.testing.assert_array_equal(fig.data[1].x, [2.0])
    assert list(fig.data[0].marker.color) == [_mix(w, okabe_ito[:2]) for w in U[:2]]
    casing, line = fig.data[8], fig.data[9]
    np.testing.assert_array_equal(line.x, 2 * ring[:, 0] + 2)
    np.testing.assert_array_equal(casing.x, 2 * ring[:, 0] + 2)
    assert line.line.color == okabe_ito[1] and line.line.dash == "dash"
    assert casing.line.color == "#000000" and casing.line.width > line.line.width
    np.testing.assert_array_equal(fig.data[-1].x, CENTERS[:, 0])
    assert fig.layout.title.text == "step 1"


def test_em_animation_moves_means_and_ellipses_frame_by_frame():
    ring = np.array([[1.0, 0.0], [0.0, 1.0]])
    ellipses = [[{1: ring}, {1: ring + 1}], [{1: ring + 2}, {1: ring + 3}]]
    w2 = np.array([[0.0, 1.0], [0.0, 1.0], [1.0, 0.0]])
    fig = em_animation_figure(X, [U, w2], [CENTERS, CENTERS + 5], ellipses,
                              ["start", "after 1"], active=1)
    assert [f.name for f in validated_frames(fig)] == ["step=0", "step=1"]
    last = validated_frames(fig)[1]
    np.testing.assert_array_equal(last.data[0].marker.color, [1, 1, 0])
    np.testing.assert_array_equal(last.data[0].customdata, [1, 1, 0])
    # Traces: points, casing and line of component 0, casing and line of 1, means.
    np.testing.assert_array_equal(last.data[3].x, ring[:, 0] + 3)
    np.testing.assert_array_equal(last.data[4].x, ring[:, 0] + 3)
    np.testing.assert_array_equal(last.data[5].x, CENTERS[:, 0] + 5)
    assert last.layout.title.text == "after 1"
    np.testing.assert_array_equal(fig.data[5].y, CENTERS[:, 1] + 5)


def test_log_likelihood_curve_marks_the_current_step(okabe_ito):
    values = [-10.0, -6.0, -5.5]
    fig = log_likelihood_figure(values, current=1)
    np.testing.assert_array_equal(fig.data[0].x, [0, 1, 2])
    assert list(fig.data[1].y) == [-6.0]
    assert fig.data[1].marker.color == okabe_ito[3]
    assert log_likelihood_data(values)["log_likelihood"].tolist() == values
