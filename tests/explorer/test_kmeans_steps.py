import numpy as np
import pytest
from scipy.spatial.distance import cdist

import datasets
from explorer.kmeans import (
    fit_stepper,
    format_centers,
    kmeans_steps,
    nearest_center_grid,
    parse_centers,
)


@pytest.fixture(scope="module")
def blobs():
    return datasets.load("blobs", n_samples=300, random_state=1)


@pytest.mark.parametrize("init", ["k-means++", "random"])
def test_each_move_never_raises_the_inertia(blobs, init):
    # Lloyd's theorem: assigning and averaging each minimise J over one block of variables.
    steps = kmeans_steps(blobs.X, fit_stepper(blobs.X, 4, init, 3).history_)
    inertia = [s.inertia for s in steps if s.inertia is not None]
    assert steps[0].phase == "start" and steps[0].labels is None
    assert [s.phase for s in steps[1:3]] == ["assign", "update"]
    assert np.all(np.diff(inertia) <= 1e-9 * inertia[0])


def test_update_frames_hold_the_means_of_the_previous_assignment(blobs):
    steps = kmeans_steps(blobs.X, fit_stepper(blobs.X, 3, "random", 0).history_)
    for step in steps:
        if step.phase == "update":
            means = [blobs.X[step.labels == j].mean(axis=0) for j in range(3)]
            np.testing.assert_allclose(step.centers, means)
            assert step.previous_centers is not None


def test_placed_centres_set_k_and_the_start(blobs):
    est = fit_stepper(blobs.X, 7, "placed", 0, np.array([[0.0, 0.0], [3.0, 3.0]]))
    np.testing.assert_array_equal(est.history_[0][0], [[0, 0], [3, 3]])
    with pytest.raises(ValueError, match="place at least one centre"):
        fit_stepper(blobs.X, 3, "placed", 0, np.empty((0, 2)))
    with pytest.raises(ValueError, match="init must be one of"):
        fit_stepper(blobs.X, 3, "greedy", 0)


def test_centres_round_trip_through_text():
    centres = np.array([[1.5, -2.0], [0.001, 1e5]])
    np.testing.assert_allclose(parse_centers(format_centers(centres)), centres, rtol=1e-3)
    np.testing.assert_array_equal(parse_centers("1,2\n3 , 4;"), [[1, 2], [3, 4]])
    assert parse_centers("  ").shape == (0, 2)


@pytest.mark.parametrize("text", ["1", "1, 2, 3", "a, b", "1, 2x", "; ".join(["1, 1"] * 31),
                                  "1e999, 0"])
def test_bad_centres_are_refused_with_a_hint(text):
    with pytest.raises(ValueError, match="numbers|at most|too large"):
        parse_centers(text)


def test_nearest_centre_grid_is_brute_force_nearest():
    centres = np.array([[0.0, 0.0], [1.0, 2.0], [-1.0, 1.0]])
    gx, gy, cells = nearest_center_grid((-2, 2, -1, 3), centres, resolution=30)
    points = np.array([[x, y] for y in gy for x in gx])
    np.testing.assert_array_equal(cells.ravel(), cdist(points, centres).argmin(axis=1))
