"""Lines on a chart that the user drags to set a value (the dendrogram's cut line, density
peaks' thresholds).

The chart is drawn with `ui.export.show_chart` and ``shapes_editable=True`` (plotly's
``config.edits.shapePosition``), so each of its shapes follows the pointer in the browser
alone; plotly reports the new position once, when the button is let go
(``plotly_relayout``). This component (components v2, inline, no iframe) finds the chart on
the page and sends that position, once per drag, like `ui.scrub.scrub_to_widget` sends the
step a scrub reached. Python turns it into the value of the widget that owns it (the
mapping from a position to a value is Python's, never the browser's), so the URL, Copy link
and the numbers beside the chart follow in one rerun, which draws the line where the value
puts it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import numpy as np
import streamlit as st

from metrics.validation import ParameterError, check_real
from ui import web

_COMPONENT = st.components.v2.component(
    "clusterlab_drag",
    html='<span class="clusterlab-drag" hidden></span>',
    js=web.source("chart_pointer.js") + web.source("drag.js"),
)
AXES = ("x", "y", "xy")


def dropped_at(value: Any) -> float | None:
    """The coordinate the browser sent for a drop, or None for anything but a finite number
    (which plotly's drag never sends: it is ignored).

    Examples
    --------
    >>> dropped_at(2), dropped_at(0.5), dropped_at(float("nan")), dropped_at("1"), dropped_at(True)
    (2.0, 0.5, None, None, None)
    """
    try:
        return check_real(value, "drop")
    except ParameterError:  # not a finite number: no drop to take
        return None


def dropped_point(value: Any) -> tuple[float, float] | None:
    """The point ``(x, y)`` the browser sent for a dropped handle, or None for anything but
    a list of two finite numbers (ignored, as by `dropped_at`).

    Examples
    --------
    >>> dropped_point([1, 2.5]), dropped_point([1]), dropped_point([1, float("inf")])
    ((1.0, 2.5), None, None)
    >>> dropped_point("12"), dropped_point({"x": 1, "y": 2})
    (None, None)
    """
    if not isinstance(value, list | tuple) or len(value) != 2:
        return None
    x, y = (dropped_at(v) for v in value)
    return None if x is None or y is None else (x, y)


def snapped(position: float, grid: Sequence[Any], scale: float = 1.0) -> Any:
    """The value ``v`` of ``grid`` whose line, drawn at ``v * scale``, is nearest to
    ``position`` (the first of two equally near): where a line dropped between the values a
    scrubber offers lands.

    Parameters
    ----------
    position : float
        Where the line was dropped (data coordinates).
    grid : sequence of numbers
        The values the widget takes (the scrubber's steps).
    scale : float, default=1
        Data coordinates per unit of value (a threshold given as a share of the largest
        value: that largest value).

    Raises
    ------
    ValueError
        When ``grid`` is empty.

    Examples
    --------
    >>> snapped(0.33, (0.0, 0.2, 0.4)), snapped(7.0, (0.0, 0.2, 0.4), scale=20.0)
    (0.4, 0.4)
    >>> snapped(-5.0, (0.1, 0.2)), snapped(0.5, (0, 1))
    (0.1, 0)
    """
    if len(grid) == 0:
        raise ValueError("snapped needs at least one value on the grid, got none")
    drawn = np.asarray(grid, dtype=float) * scale
    return grid[int(np.argmin(np.abs(drawn - position)))]


def drag_to_widget(chart_key: str, line: str, axis: str, at: Any, widget_key: str,
                   to_value: Callable[[Any], Any], *,
                   also: Mapping[str, Any] | None = None) -> None:
    """Listen to the dragged shape named ``line`` of the chart drawn with key ``chart_key``.

    When a drag of the shape ends at coordinate ``p`` on ``axis`` (a point ``(x, y)`` for
    "xy"), the widget stored under ``widget_key`` (bound to the URL) takes ``to_value(p)``,
    each widget of ``also`` its value there, and the page reruns once; a drop that gives the
    widgets' current values puts the shape back where the server drew it.

    Parameters
    ----------
    chart_key : str
        The ``key`` the chart was drawn with.
    line : str
        The ``name`` of the shape in the figure's ``layout.shapes``.
    axis : {"x", "y", "xy"}
        The coordinate of the shape that carries the value: "y" for a horizontal line, "xy"
        for a handle dragged in the plane (a shape centred on a point, or sized in pixels
        around its anchor: ``xsizemode="pixel"``).
    at : float, or (float, float) for "xy"
        Where the shape is drawn now (data coordinates).
    widget_key : str
        Session-state key of the widget that owns the value.
    to_value : callable
        The widget's value for a shape dropped at a coordinate (any finite float; a pair of
        them for "xy").
    also : mapping, optional
        Other widgets (session-state key -> value) set by every drop: a k-means centre
        dragged makes the first centres the user's.
    """
    if axis not in AXES:
        raise ValueError(f"axis must be one of {AXES}, got {axis!r}")
    key = f"{chart_key}_{line}_drag"
    drops = f"{key}_drops"
    read = dropped_point if axis == "xy" else dropped_at

    def settle() -> None:
        position = read(st.session_state[key].value)
        if position is None:
            return
        st.session_state[widget_key] = to_value(position)
        for other, value in (also or {}).items():
            st.session_state[other] = value
        # A new count makes the next run's data new, so the shape is put back even when the
        # value (and so the figure) did not change.
        st.session_state[drops] = st.session_state.get(drops, 0) + 1

    sent = [float(v) for v in at] if axis == "xy" else float(at)
    _COMPONENT(key=key, data={"chart": chart_key, "line": line, "axis": axis, "at": sent,
                              "drops": st.session_state.get(drops, 0)},
               on_value_change=settle)
