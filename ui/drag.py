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

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
import streamlit as st

from metrics.validation import ParameterError, check_real
from ui import web

_COMPONENT = st.components.v2.component(
    "clusterlab_drag",
    html='<span class="clusterlab-drag" hidden></span>',
    js=web.source("drag.js"),
)
AXES = ("x", "y")


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


def drag_to_widget(chart_key: str, line: str, axis: str, at: float, widget_key: str,
                   to_value: Callable[[float], Any]) -> None:
    """Listen to the dragged line named ``line`` of the chart drawn with key ``chart_key``.

    When a drag of the line ends at coordinate ``p`` on ``axis``, the widget stored under
    ``widget_key`` (bound to the URL) takes ``to_value(p)`` and the page reruns once; a
    drop that gives the widget's current value puts the line back at ``at``.

    Parameters
    ----------
    chart_key : str
        The ``key`` the chart was drawn with.
    line : str
        The ``name`` of the line's shape in the figure's ``layout.shapes``.
    axis : {"x", "y"}
        The coordinate of the line that carries the value: "y" for a horizontal line.
    at : float
        Where the line is drawn now (data coordinates).
    widget_key : str
        Session-state key of the widget that owns the value.
    to_value : callable
        The widget's value for a line at a coordinate (any finite float).
    """
    if axis not in AXES:
        raise ValueError(f"axis must be one of {AXES}, got {axis!r}")
    key = f"{chart_key}_{line}_drag"
    drops = f"{key}_drops"

    def settle() -> None:
        position = dropped_at(st.session_state[key].value)
        if position is None:
            return
        st.session_state[widget_key] = to_value(position)
        # A new count makes the next run's data new, so the line is put back even when the
        # value (and so the figure) did not change.
        st.session_state[drops] = st.session_state.get(drops, 0) + 1

    _COMPONENT(key=key, data={"chart": chart_key, "line": line, "axis": axis, "at": float(at),
                              "drops": st.session_state.get(drops, 0)},
               on_value_change=settle)
