"""Framed figures: a sweep or an iteration history shipped with the chart as plotly frames.

The server computes every value once; the browser then moves between them with plotly's own
slider (a scrub) or its Play button (an animation) without asking the server anything. A
frame holds only what changes between values (the colours of the points, the positions of a
few centres, a title), addressed by trace index, never a second copy of the data.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import plotly.graph_objects as go

__all__ = ["frame_name", "framed_figure"]

# A slider move shows its value at once; an animation eases between steps so that a student
# sees what moved (plotly only tweens SVG traces; WebGL ones jump).
SCRUB_ARGS = {"mode": "immediate", "frame": {"duration": 0, "redraw": True},
              "transition": {"duration": 0}}


def frame_name(prefix: str, label: str) -> str:
    """The name of the frame of ``label`` in the group ``prefix`` (what a slider step plays).

    Examples
    --------
    >>> frame_name("eps", "0.1")
    'eps=0.1'
    """
    return f"{prefix}={label}"


def _merged(trace: Mapping[str, Any], update: Mapping[str, Any]) -> dict[str, Any]:
    """``trace`` with ``update`` written into it, nested dictionaries merged key by key."""
    out = dict(trace)
    for key, value in update.items():
        if isinstance(value, Mapping) and isinstance(out.get(key), Mapping):
            out[key] = _merged(out[key], value)
        else:
            out[key] = value
    return out


def framed_figure(base: go.Figure, labels: Sequence[str],
                  updates: Sequence[Mapping[int, Mapping[str, Any]]], *, name: str,
                  active: int = 0, layouts: Sequence[Mapping[str, Any]] | None = None,
                  play_ms: int | None = None, transition_ms: int = 0,
                  slider_y: float = 0.0) -> go.Figure:
    """``base`` with one frame per value, a slider over the values and, optionally, Play.

    Frame ``i`` (named ``frame_name(name, labels[i])``) sets, for every trace index ``t`` of
    ``updates[i]``, the properties ``updates[i][t]`` (for example ``{"marker": {"color":
    c}}`` or ``{"x": x, "y": y}``), and the layout properties ``layouts[i]``. The figure
    itself shows frame ``active``, so the chart drawn before any move is that value. Called
    again on its result with another ``name``, it adds a second slider (``slider_y`` apart)
    and its frames: a chart can scrub two parameters.

    Parameters
    ----------
    base : plotly.graph_objects.Figure
        The chart: its traces keep their data unless a frame changes them.
    labels : sequence of str
        The value of each step as shown on the slider; unique.
    updates : sequence of mappings from trace index to property updates
        One per label; every one changes the same trace indices.
    name : str
        The parameter's name: slider prefix and frame group.
    active : int, default=0
        The step shown first (the page's current value).
    layouts : sequence of mappings, optional
        Layout updates of each frame (a title, an annotation's text).
    play_ms : int, optional
        With a value, Play and Pause buttons play the figure's frames, one every
        ``play_ms`` milliseconds, from the current one (give it to a figure with one
        frame group only: Play plays them all).
    transition_ms : int, default=0
        Easing between two frames while playing (SVG traces only).
    slider_y : float, default=0
        Vertical position of this slider under the plot (paper coordinates, <= 0).

    Returns
    -------
    plotly.graph_objects.Figure
        A new figure; ``base`` is left unchanged.

    Examples
    --------
    >>> fig = framed_figure(go.Figure(go.Scatter(x=[0, 1], y=[0, 1])), ["a", "b"],
    ...                     [{0: {"y": [0, 1]}}, {0: {"y": [1, 0]}}], name="k", active=1)
    >>> [f.name for f in fig.frames], list(fig.data[0].y), fig.layout.sliders[0].active
    (['k=a', 'k=b'], [1, 0], 1)
    """
    labels = [str(label) for label in labels]
    if len(labels) != len(updates) or not labels:
        raise ValueError(f"framed_figure needs one update per label and at least one, got "
                         f"{len(labels)} labels and {len(updates)} updates")
    if len(set(labels)) != len(labels):
        raise ValueError(f"the labels of {name!r} must be unique, got {labels}")
    if not 0 <= active < len(labels):
        raise ValueError(f"active must be in [0, {len(labels) - 1}], got {active!r}")
    if layouts is not None and len(layouts) != len(labels):
        raise ValueError(f"framed_figure needs one layout per label, got {len(layouts)}")
    traces = sorted(updates[0])
    if any(sorted(update) != traces for update in updates):
        raise ValueError("every frame must update the same traces (plotly matches them by "
                         f"index); the first updates {traces}")
    if any(not 0 <= t < len(base.data) for t in traces):
        raise ValueError(f"trace indices must be in [0, {len(base.data) - 1}], got {traces}")
    fig = go.Figure(base)
    types = [fig.data[t].type for t in traces]
    frames = list(fig.frames)
    for i, label in enumerate(labels):
        frames.append(go.Frame(
            name=frame_name(name, label), traces=traces,
            # A frame entry without its trace's type would default to scatter.
            data=[{"type": kind, **updates[i][t]} for t, kind in zip(traces, types,
                                                                     strict=True)],
            layout=None if layouts is None else layouts[i],
        ))
    fig.frames = frames
    for t in traces:
        fig.data[t].update(updates[active][t])
    if layouts is not None:
        fig.update_layout(layouts[active])
    steps = [{"method": "animate", "label": label,
              "args": [[frame_name(name, label)], SCRUB_ARGS]} for label in labels]
    slider = {"name": name, "active": active, "steps": steps, "y": slider_y,
              "yanchor": "top", "x": 0.0, "len": 1.0, "pad": {"t": 40, "b": 10},
              "currentvalue": {"prefix": f"{name} = ", "font": {"size": 15}}}
    if play_ms is not None:
        slider.update(x=0.12, len=0.88)
        fig.update_layout(updatemenus=[*fig.layout.updatemenus, {
            "type": "buttons", "direction": "left", "showactive": False, "name": name,
            "x": 0.0, "xanchor": "left", "y": slider_y, "yanchor": "top",
            "pad": {"t": 50, "r": 10},
            "buttons": [
                {"label": "Play", "method": "animate",
                 "args": [None, {"mode": "immediate", "fromcurrent": True,
                                 "frame": {"duration": play_ms, "redraw": True},
                                 "transition": {"duration": transition_ms,
                                                "easing": "cubic-in-out"}}]},
                {"label": "Pause", "method": "animate",
                 "args": [[None], {"mode": "immediate", "frame": {"duration": 0},
                                   "transition": {"duration": 0}}]},
            ],
        }])
    fig.update_layout(sliders=[*fig.layout.sliders, slider])
    return fig
