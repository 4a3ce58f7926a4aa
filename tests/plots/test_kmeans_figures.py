"""plots.kmeans: one step's points, centres, arrows and cells; the inertia curve; the animation."""

from types import SimpleNamespace

import numpy as np

from plots.kmeans import (
    add_click_grid,
    inertia_data,
    inertia_figure,
    kmeans_animation_figure,
    kmeans_step_data,
    kmeans_step_figure,
)
from tests.plots.conftest import validated_frames

X = np.array([[0.0, 0.0], [1.0, 0.0], [4.0, 4.0], [5.0, 4.0]])
LABELS = np.array([0, 0, 1, 1])
START = np.array([[0.0, 1.0], [4.0, 5.0]])
MEANS = np.array([[0.5, 0.0], [4.5, 4.0]])


def test_a_step_draws_clusters_centres_arrows_and_trails(okabe_ito):
    fig = kmeans_step_figure(X, LABELS, MEANS, previous=START, trail=[START, MEANS],
                             title="update")
    named = [t.name for t in fig.data]
    assert named[:2] == ["cluster 0", "cluster 1"] and named[-1] == "centres"
    np.testing.assert_array_equal(fig.data[1].x, [4.0, 5.0])
    assert fig.data[1].marker.color == okabe_ito[1]
    trails = fig.data[2:4]
    np.testing.assert_array_equal(trails[0].x, [0.0, 0.5])
    np.testing.assert_array_equal(trails[1].y, [5.0, 4.0])
    centres = fig.data[-1]
    np.testing.assert_array_equal(centres.x, MEANS[:, 0])
    assert list(centres.marker.color) == list(okabe_ito[:2])
    arrows = fig.layout.annotations
    assert [(a.ax, a.ay, a.x, a.y) for a in arrows] == [(0.0, 1.0, 0.5, 0.0), (4.0, 5.0, 4.5, 4.0)]
    assert [a.arrowcolor for a in arrows] == list(okabe_ito[:2])
    assert fig.layout.title.text == "update"


def test_before_assignment_points_are_grey_and_cells_sit_under_them(grey, okabe_ito):
    gx, gy = np.array([0.0, 5.0]), np.array([0.0, 4.0])
    cells = np.array([[0, 1], [1, 1]])
    fig = kmeans_step_figure(X, None, START, regions=(gx, gy, cells))
    assert fig.data[0].type == "heatmap"
    np.testing.assert_array_equal(fig.data[0].z, cells)
    scale = fig.data[0].colorscale
    assert {c for stop, c in scale if stop < 0.5} == {okabe_ito[0]}
    assert {c for stop, c in scale if stop > 0.5} == {okabe_ito[1]}
    assert fig.data[1].name == "not assigned" and fig.data[1].marker.color == grey
    np.testing.assert_array_equal(fig.data[1].x, X[:, 0])


def test_click_grid_covers_the_bounds():
    fig = kmeans_step_figure(X, LABELS, MEANS)
    add_click_grid(fig, (0.0, 2.0, -1.0, 1.0), resolution=3)
    grid = fig.data[-1]
    assert sorted(set(grid.x)) == [0.0, 1.0, 2.0] and sorted(set(grid.y)) == [-1.0, 0.0, 1.0]
    assert len(grid.x) == 9


def test_inertia_curve_skips_missing_values_and_marks_the_current_step(okabe_ito):
    inertia = [None, 10.0, 4.0, 4.0]
    fig = inertia_figure(inertia, current=2)
    assert list(fig.data[0].x) == [1, 2, 3] and list(fig.data[0].y) == [10.0, 4.0, 4.0]
    assert list(fig.data[1].y) == [4.0] and fig.data[1].marker.color == okabe_ito[3]
    assert len(inertia_figure(inertia, current=0).data) == 1
    table = inertia_data(["init", "assign", "update", "assign"], inertia)
    assert table["move"].tolist() == [0, 1, 2, 3] and table["phase"].iloc[2] == "update"


def test_step_table_lists_points_then_centres():
    table = kmeans_step_data(X, None, MEANS)
    assert table["kind"].tolist() == ["point"] * 4 + ["centre"] * 2
    assert table["cluster"].iloc[:4].isna().all()
    assert table["cluster"].iloc[4:].tolist() == [0, 1]
    assert table["x1"].tolist() == [0.0, 1.0, 4.0, 5.0, 0.5, 4.5]


def test_the_animation_has_one_frame_per_step_with_trails_arrows_and_cells(okabe_ito):
    steps = [SimpleNamespace(caption="start", phase="init", labels=None, centers=START,
                             previous_centers=None),
             SimpleNamespace(caption="assign", phase="assign", labels=LABELS, centers=START,
                             previous_centers=None),
             SimpleNamespace(caption="update", phase="update", labels=LABELS, centers=MEANS,
                             previous_centers=START)]
    gx, gy = np.array([0.0, 5.0]), np.array([0.0, 4.0])
    cells = [(gx, gy, np.zeros((2, 2))), (gx, gy, np.zeros((2, 2))),
             (gx, gy, np.array([[0, 1], [1, 1]]))]
    fig = kmeans_animation_figure(X, steps, active=0, cells=cells)
    assert [f.name for f in validated_frames(fig)] == ["step=0", "step=1", "step=2"]
    first, _, last = validated_frames(fig)
    np.testing.assert_array_equal(first.data[0].customdata, [-1, -1, -1, -1])
    np.testing.assert_array_equal(first.data[0].marker.color, [112, 112, 112, 112])
    np.testing.assert_array_equal(last.data[0].marker.color, LABELS)
    # The assign step moves no centre, so the trail holds the start and the update.
    np.testing.assert_array_equal(last.data[1].x, [0.0, 0.5])
    np.testing.assert_array_equal(last.data[3].x, MEANS[:, 0])
    np.testing.assert_array_equal(last.data[4].z, [[0, 1], [1, 1]])
    assert last.layout.title.text == "2 / 2: update"
    assert [a.arrowcolor for a in last.layout.annotations] == list(okabe_ito[:2])
    assert len(first.layout.annotations) == 0
