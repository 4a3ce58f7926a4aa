"""ui.drag: what the browser sends for a drop becomes a coordinate only when it is one."""

import math

import numpy as np
import pytest

from ui.drag import drag_to_widget, dropped_at, dropped_point, snapped


@pytest.mark.parametrize("value", [None, "1.5", True, False, float("nan"), float("inf"),
                                   -math.inf, [1.0], {"y": 1.0}])
def test_anything_but_a_finite_number_is_ignored(value):
    assert dropped_at(value) is None


@pytest.mark.parametrize(("value", "expected"), [(0, 0.0), (3, 3.0), (-2.25, -2.25),
                                                 (1e-300, 1e-300)])
def test_a_finite_number_is_the_coordinate(value, expected):
    assert dropped_at(value) == expected
    assert type(dropped_at(value)) is float


def test_an_unknown_axis_is_refused_with_the_choices():
    with pytest.raises(ValueError, match=r"axis must be one of \('x', 'y', 'xy'\), got 'z'"):
        drag_to_widget("chart", "line", "z", 0.0, "widget", float)


@pytest.mark.parametrize(("position", "grid", "scale", "expected"), [
    (0.33, (0.0, 0.2, 0.4), 1.0, 0.4),
    (0.29, (0.0, 0.2, 0.4), 1.0, 0.2),
    # A share of a largest value of 20: 7 lies between 0.2 * 20 = 4 and 0.4 * 20 = 8.
    (7.0, (0.0, 0.2, 0.4), 20.0, 0.4),
    (5.0, (0.0, 0.2, 0.4), 20.0, 0.2),
    # Beyond either end: the end.
    (-3.0, (0.1, 0.2), 1.0, 0.1),
    (1e9, (0.1, 0.2), 1.0, 0.2),
    # An exact tie takes the first.
    (0.5, (0, 1), 1.0, 0),
    (2, (3, 1), 1.0, 3),
])
def test_a_drop_snaps_to_the_nearest_value_of_the_grid(position, grid, scale, expected):
    assert snapped(position, grid, scale) == expected


def test_snapping_agrees_with_brute_force_on_the_density_peaks_grid():
    rng = np.random.default_rng(0)
    grid = tuple(round(v, 2) for v in np.arange(0.02, 0.99, 0.02))
    for position in rng.uniform(-0.5, 60.0, size=500):
        nearest = min(grid, key=lambda v: abs(v * 50.0 - position))
        assert snapped(position, grid, 50.0) == nearest


def test_an_empty_grid_is_refused():
    with pytest.raises(ValueError, match="at least one value"):
        snapped(1.0, ())


@pytest.mark.parametrize("value", [None, 1.0, "1, 2", [1.0], [1.0, 2.0, 3.0], [1.0, None],
                                   [float("nan"), 1.0], [True, 1.0], {"x": 1, "y": 2}])
def test_a_dropped_handle_is_a_point_only_when_it_is_two_finite_numbers(value):
    assert dropped_point(value) is None


def test_a_dropped_handle_is_its_point():
    assert dropped_point([1, -2.5]) == (1.0, -2.5)
    assert all(type(v) is float for v in dropped_point([1, 2]))
