"""ui.drag: what the browser sends for a drop becomes a coordinate only when it is one."""

import math

import pytest

from ui.drag import drag_to_widget, dropped_at


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
    with pytest.raises(ValueError, match=r"axis must be one of \('x', 'y'\), got 'z'"):
        drag_to_widget("chart", "line", "z", 0.0, "widget", float)
