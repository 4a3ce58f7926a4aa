"""plots.handles: the rings a page lets the user drag around points."""

import numpy as np
import plotly.graph_objects as go

from plots.handles import RADIUS, handle_name, point_handles


def test_one_ring_a_point_anchored_at_it_and_sized_in_pixels():
    points = np.array([[0.5, -1.0, 9.0], [3.0, 4.0, 9.0]])  # a third coordinate is not drawn
    rings = point_handles(points)
    fig = go.Figure(layout={"shapes": rings})  # plotly accepts them as they are
    assert [s.name for s in fig.layout.shapes] == [handle_name(0), handle_name(1)]
    for shape, (x, y, _) in zip(fig.layout.shapes, points, strict=True):
        assert (shape.type, shape.xanchor, shape.yanchor) == ("circle", x, y)
        assert (shape.xsizemode, shape.ysizemode, shape.xref, shape.yref) == (
            "pixel", "pixel", "x", "y")
        # Centred on the anchor, RADIUS pixels each way.
        assert (shape.x0, shape.x1, shape.y0, shape.y1) == (-RADIUS, RADIUS, -RADIUS, RADIUS)


def test_no_points_no_rings():
    assert point_handles(np.empty((0, 2))) == []
