"""Handles: rings on a chart around points that the user may drag (`ui.drag`)."""

from __future__ import annotations

import numpy as np

# Radius in pixels: a fingertip's reach around a centre's marker, whatever the zoom.
RADIUS = 14


def handle_name(i: int) -> str:
    """The name of the handle of point ``i`` (what `ui.drag.drag_to_widget` listens to).

    Examples
    --------
    >>> handle_name(2)
    'handle 2'
    """
    return f"handle {i}"


def point_handles(points: np.ndarray) -> list[dict]:
    """One dashed ring around each point ``points[i] = (x, y)``, named `handle_name`\\(i).

    The rings are sized in pixels around their anchor (``xsizemode="pixel"``), so they keep
    their size at any zoom and a drag moves the anchor: the point the ring stands for.
    Faintly filled, so that a press anywhere inside takes the ring.

    Examples
    --------
    >>> ring, = point_handles(np.array([[1.5, -2.0]]))
    >>> ring["name"], ring["xanchor"], ring["yanchor"], ring["x1"] - ring["x0"]
    ('handle 0', 1.5, -2.0, 28)
    """
    return [{"type": "circle", "name": handle_name(i), "xref": "x", "yref": "y",
             "xsizemode": "pixel", "ysizemode": "pixel",
             "xanchor": float(x), "yanchor": float(y),
             "x0": -RADIUS, "x1": RADIUS, "y0": -RADIUS, "y1": RADIUS,
             "line": {"color": "#000000", "width": 2, "dash": "dot"},
             "fillcolor": "rgba(0, 0, 0, 0.08)"}
            for i, (x, y) in enumerate(np.asarray(points, dtype=float)[:, :2])]
