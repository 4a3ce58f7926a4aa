"""Framed figures: a sweep or an iteration history shipped with the chart as plotly frames.

The server computes every value once; the browser then moves between them with plotly's own
slider (a scrub) or its Play button (an animation) without asking the server anything. A
frame holds only what changes between values (the colours of the points, the positions of a
few centres, a title), addressed by trace index, never a second copy of the data.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import plotly.graph_objects as go

from plots.describe import FRAME_SUMMARIES, frame_summaries, merged, summarize_frames
from plots.palette import (
    CODED_CLUSTERS,
    NOISE_CODE,
    NOISE_COLOR,
    POINT_LINE,
    SYMBOL_NUMBERS,
    cluster_color,
    cluster_symbol,
    tint,
)
from plots.scatter import points_trace

__all__ = ["CODE_COLORS", "CODE_SYMBOLS", "code_marker", "color_codes", "copied_figure",
           "frame_name", "framed_figure", "hover_integers", "plane_layout", "scrubbed_scatter",
           "set_frames"]

# A frame colours each point by a number (one byte a point): cluster c's colour is code
# c mod 56 (56 = 8 colours x 7 symbols, the clusters `plots.palette` tells apart: its
# CODED_CLUSTERS), a light tint of it (DBSCAN's border points) c mod 56 + 56, noise 112
# (NOISE_CODE). A colour name per point would be ten bytes, and plotly.py validates symbol
# arrays point by point (seconds for a sweep), so colour codes and sizes carry everything
# that changes, and a trace's symbols are looked up from its codes (`CODE_SYMBOLS`).

_COLORS = [cluster_color(c) for c in range(CODED_CLUSTERS)]
CODE_COLORS = (*_COLORS, *map(tint, _COLORS), NOISE_COLOR)
_SYMBOLS = [SYMBOL_NUMBERS[cluster_symbol(c)] for c in range(CODED_CLUSTERS)]
# plotly's number of the open circle (noise) is its filled one's plus 100.
CODE_SYMBOLS = np.array([*_SYMBOLS, *_SYMBOLS, SYMBOL_NUMBERS["circle"] + 100], dtype=np.int8)


def color_codes(labels, light=None) -> np.ndarray:
    """The colour code (into `CODE_COLORS` and `CODE_SYMBOLS`) of each point: its cluster's
    colour, its tint where ``light`` is true, grey for noise (label < 0).

    Examples
    --------
    >>> color_codes([0, 1, -1, 57], light=[False, True, False, False]).tolist()
    [0, 57, 112, 1]
    """
    labels = np.asarray(labels)
    tint = 0 if light is None else CODED_CLUSTERS * np.asarray(light, dtype=bool)
    return np.where(labels < 0, NOISE_CODE, labels % CODED_CLUSTERS + tint).astype(np.int8)


def hover_integers(values) -> np.ndarray | list[int]:
    """Integers a frame carries for its hover (a cluster per point), in their shortest form
    in the JSON a page sends: one byte each (base64 of int8) up to 127, two up to 32,767
    (four above), and a plain list when one is negative: a -1 is the bytes 0xFF, base64
    "/", which ``plotly.io.to_json`` writes as the six characters \\u002f (a frame of 2,000
    points mostly -1 took 16 kB as int16, 5 kB as a list).

    Examples
    --------
    >>> hover_integers([0, 3, 9]).dtype, hover_integers([0, 300]).dtype
    (dtype('int8'), dtype('int16'))
    >>> hover_integers(np.array([-1, 2]))
    [-1, 2]
    """
    values = np.asarray(values)
    if values.size and values.min() < 0:
        return values.astype(int).tolist()
    top = values.max() if values.size else 0
    return values.astype(np.int8 if top < 2**7 else np.int16 if top < 2**15 else np.int32)


def code_marker(**marker) -> dict[str, Any]:
    """A marker whose numeric colours are `CODE_COLORS` codes (a stepped colour scale); in
    a framed figure it also gets its symbols and the dark outline (`framed_figure`).

    Examples
    --------
    >>> code_marker(size=8)["cmax"], code_marker()["colorscale"][0]
    (112.5, (0.0, '#0072B2'))
    """
    n = len(CODE_COLORS)
    scale = [stop for i, color in enumerate(CODE_COLORS)
             for stop in ((i / n, color), ((i + 1) / n, color))]
    return {"colorscale": scale, "cmin": -0.5, "cmax": n - 0.5, "showscale": False, **marker}


def _is_coded(trace) -> bool:
    """Whether ``trace``'s markers are coloured by `CODE_COLORS` codes (`code_marker`)."""
    marker = trace.marker if "marker" in trace else None
    return (marker is not None and marker.cmin == -0.5
            and marker.cmax == len(CODE_COLORS) - 0.5)


def _with_symbols(update: Mapping[str, Any]) -> Mapping[str, Any]:
    """A frame's update of a trace of coded markers, with the symbols of its codes.

    The trace also gets the dark outline (`framed_figure`), one colour for every point, so
    that the light palette colours reach 3:1 against white; the scrub listener's quick path
    (ui/web/scrub.js) fades that one border colour with each point's opacity, as plotly does.
    """
    codes = (update.get("marker") or {}).get("color")
    if codes is None:
        return update
    return merged(update, {"marker": {"symbol": CODE_SYMBOLS[np.asarray(codes)]}})

# A slider move shows its value at once; an animation eases between steps so that a student
# sees what moved (plotly only tweens SVG traces; WebGL ones jump).
SCRUB_ARGS = {"mode": "immediate", "frame": {"duration": 0, "redraw": True},
              "transition": {"duration": 0}}
# With Play and Pause, the slider's value row is made as tall as the buttons (the value's
# distance to the rail, px) and the buttons start where that row starts (px below the slider's
# top), so they share the row without reaching the rail.
PLAY_ROW_OFFSET = 22
PLAY_PAD_TOP = 30


def frame_name(prefix: str, label: str) -> str:
    """The name of the frame of ``label`` in the group ``prefix`` (what a slider step plays).

    Examples
    --------
    >>> frame_name("eps", "0.1")
    'eps=0.1'
    """
    return f"{prefix}={label}"


def framed_figure(base: go.Figure, labels: Sequence[str],
                  updates: Sequence[Mapping[int, Mapping[str, Any]]], *, name: str,
                  active: int = 0, layouts: Sequence[Mapping[str, Any]] | None = None,
                  play_ms: int | None = None, transition_ms: int = 0,
                  slider_y: float = 0.0, reuse: bool = False) -> go.Figure:
    """``base`` with one frame per value, a slider over the values and, optionally, Play.

    Frame ``i`` (named ``frame_name(name, labels[i])``) sets, for every trace index ``t`` of
    ``updates[i]``, the properties ``updates[i][t]`` (for example ``{"marker": {"color":
    c}}`` or ``{"x": x, "y": y}``), and the layout properties ``layouts[i]``. The figure
    itself shows frame ``active``, so the chart drawn before any move is that value. Called
    again on its result with another ``name``, it adds a second slider (``slider_y`` apart)
    and its frames: a chart can scrub two parameters. A frame recolouring an SVG trace of
    `code_marker` markers (SVG or WebGL) also sets their symbols (`CODE_SYMBOLS`), so that
    clusters differ by shape as well as colour at every step, and an SVG trace gets the dark
    outline. Each
    frame's text summary (`plots.describe.summarize`) is kept in
    ``layout.meta["frame_summaries"]`` under the frame's name, for the page to announce as
    the slider moves.

    With ``reuse``, a frame whose trace updates equal those of an earlier frame of the figure
    (of this slider or of one added before) carries only its layout and names that frame
    as its ``baseframe``: plotly plays it as the merge of the two (base first), and so does
    the scrub listener (ui/web/scrub.js). Neighbouring values of a sweep often give the same
    clusters (22 distinct of DBSCAN's 149 eps values on the moons), and the repeated point
    arrays were most of a page's payload. Only a frame whose layout has the same keys and
    list lengths as its base's is reused, so that the merge is the frame's own layout.

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
    reuse : bool, default=False
        Ship a frame repeating an earlier frame's trace updates as a reference to it.

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
    >>> fig.layout.meta["frame_summaries"]["k=a"]
    'Chart. 2 points.'
    >>> fig = framed_figure(go.Figure(go.Scatter(x=[0, 1], y=[0, 1])), ["a", "b", "c"],
    ...                     [{0: {"y": [0, 1]}}, {0: {"y": [1, 0]}}, {0: {"y": [0, 1]}}],
    ...                     name="k", reuse=True)
    >>> fig.frames[2].to_plotly_json()
    {'baseframe': 'k=a', 'name': 'k=c'}

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
    fig = copied_figure(base)
    types = [fig.data[t].type for t in traces]
    symbolled = {t for t in traces if _is_coded(fig.data[t])}
    updates = [{t: _with_symbols(u) if t in symbolled else u for t, u in update.items()}
               for update in updates]
    # Validating every frame costs more than drawing the page; the same keys are validated
    # below, where the active frame's update is applied to the traces.
    shipped = [frame.to_plotly_json() for frame in fig.frames] if reuse else []
    # One level of bases only (what the scrub listener resolves).
    bases = {_frame_key(frame): frame["name"] for frame in shipped if "baseframe" not in frame}
    frames = []
    for i, label in enumerate(labels):
        layout = None if layouts is None else layouts[i]
        # A frame entry without its trace's type would default to scatter.
        data = [{"type": kind, **updates[i][t]} for t, kind in zip(traces, types, strict=True)]
        key = _frame_key({"traces": traces, "data": data, "layout": layout}) if reuse else None
        if key in bases:
            frames.append(go.Frame(name=frame_name(name, label), baseframe=bases[key],
                                   layout=layout, _validate=False))
            continue
        frames.append(go.Frame(name=frame_name(name, label), traces=traces, data=data,
                               layout=layout, _validate=False))
        if reuse:
            bases[key] = frame_name(name, label)
    set_frames(fig, [*fig.frames, *frames])
    names = [frame_name(name, label) for label in labels]
    summaries = summarize_frames(fig, names, updates, layouts)
    for t in symbolled:
        fig.data[t].marker.line = POINT_LINE
    for t in traces:
        update = dict(updates[active][t])
        symbols = (update.get("marker") or {}).get("symbol") if t in symbolled else None
        if symbols is not None:
            # plotly.py validates a symbol array point by point (a quarter second for 5,000
            # points); these are `CODE_SYMBOLS`' numbers.
            update["marker"] = {k: v for k, v in update["marker"].items() if k != "symbol"}
            _set_unvalidated(fig.data[t].marker, "symbol", symbols)
        fig.data[t].update(update)
    if layouts is not None:
        fig.update_layout(layouts[active])
    meta = fig.layout.meta if isinstance(fig.layout.meta, Mapping) else {}
    fig.update_layout(meta={**meta, FRAME_SUMMARIES: frame_summaries(fig) | summaries})
    steps = [{"method": "animate", "label": label,
              "args": [[frame_name(name, label)], SCRUB_ARGS]} for label in labels]
    slider = {"name": name, "active": active, "steps": steps, "y": slider_y,
              "yanchor": "top", "x": 0.0, "len": 1.0, "pad": {"t": 40, "b": 10},
              "currentvalue": {"prefix": f"{name} = ", "font": {"size": 15}}}
    if play_ms is not None:
        # The two buttons sit on the row of the slider's value, at its left end, and the
        # value at its right end, above the whole rail: beside the rail (a quarter of the
        # width) they covered the value and the rail's start on a phone.
        slider["currentvalue"].update(xanchor="right", offset=PLAY_ROW_OFFSET)
        fig.update_layout(updatemenus=[*fig.layout.updatemenus, {
            "type": "buttons", "direction": "left", "showactive": False, "name": name,
            "x": 0.0, "xanchor": "left", "y": slider_y, "yanchor": "top",
            "pad": {"t": PLAY_PAD_TOP, "r": 10},
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
    # Validating a slider costs a tenth of a second per hundred steps at every page run (and
    # again for the first slider when a second is added); its keys are the constant ones above.
    _set_unvalidated(fig.layout, "sliders", [*fig.layout.sliders, slider])
    return fig


def _frame_key(frame: Mapping[str, Any]) -> tuple:
    """What a frame that names ``frame`` as its base must share with it: its trace indices
    and updates, value for value, and the shape of its layout (keys, list lengths): plotly
    merges a frame's layout into its base's item by item, so that only a layout of the same
    shape replaces the base's entirely."""
    return (_hashable(frame.get("traces")), _hashable(frame.get("data")),
            _hashable(frame.get("layout"), values=False))


def _hashable(value, *, values: bool = True):
    """``value`` (nested dicts, lists, arrays, scalars) as a hashable key; without
    ``values`` only its shape (the keys and list lengths) counts."""
    if isinstance(value, Mapping):
        return tuple(sorted((k, _hashable(v, values=values)) for k, v in value.items()))
    if isinstance(value, np.ndarray):
        return (value.dtype.str, value.shape, value.tobytes()) if values else ("array",)
    if isinstance(value, list | tuple):
        return ("list", *(_hashable(v, values=values) for v in value))
    return value if values else None


def _set_unvalidated(obj, prop: str, value) -> None:
    """``obj[prop] = value`` without plotly's validation (which copies and checks every
    element of an array of objects again, even ones built with ``_validate=False``)."""
    obj._validate = False
    try:
        obj[prop] = value
    finally:
        obj._validate = True


def copied_figure(base: go.Figure) -> go.Figure:
    """A copy of ``base`` that is not validated again and that leaves ``base`` untouched.

    ``go.Figure(base)`` validates its traces, its layout (template included), every slider
    step and every frame once more, which costs more than a sweep; and plotly's trace
    validator takes each source trace's ``type`` out of its dict while it builds the copy,
    so another thread drawing ``base`` (a cached figure every session shares) meanwhile
    fails with ``KeyError: 'type'``. The traces are read as plain copies first. Later edits
    of the copy are validated as usual.

    Examples
    --------
    >>> base = go.Figure(go.Bar(x=[1], y=[2]), {"title": {"text": "T"}})
    >>> copy = copied_figure(base).update_layout(title_text="U")
    >>> copy.data[0].type, copy.layout.title.text, base.layout.title.text
    ('bar', 'U', 'T')
    """
    fig = go.Figure(data=[trace.to_plotly_json() for trace in base.data],
                    layout=base.layout.to_plotly_json(), _validate=False)
    for obj in (fig, fig.layout, *fig.data):
        obj._validate = True
    set_frames(fig, base.frames)
    return fig


def set_frames(fig: go.Figure, frames: Sequence[go.Frame]) -> None:
    """Give ``fig`` the frames ``frames`` as they are: their contents are not validated again.

    ``fig.frames = frames`` copies every frame and validates each trace update in it again,
    which costs more than computing a sweep; the frames built here validate the same keys on
    the figure's own traces (`framed_figure`). Frames built with ``_validate=False`` cannot be
    read through ``frame.data`` (a limit of plotly.py); ``frame.to_plotly_json()["data"]``
    holds what the browser receives.

    Examples
    --------
    >>> fig = go.Figure(go.Scatter(x=[0, 1], y=[0, 1]))
    >>> set_frames(fig, [go.Frame(name="a", data=[{"y": [1, 0]}], _validate=False)])
    >>> fig.to_dict()["frames"]
    [{'data': [{'y': [1, 0]}], 'name': 'a'}]
    """
    if not all(isinstance(frame, go.Frame) for frame in frames):
        raise TypeError("set_frames takes plotly.graph_objects.Frame objects")
    # Frames are kept by the figure as a tuple (plotly.py's BaseFigure._frame_objs); the
    # figure never edits them, so they may be shared with the figure they were copied from.
    fig._frame_objs = tuple(frames)


def plane_layout(fig: go.Figure, axis_titles: tuple[str, str], height: int) -> None:
    """The layout of a framed chart of points in the plane: equal scales, large type, and a
    title line for the numbers each frame writes there.

    Examples
    --------
    >>> fig = go.Figure()
    >>> plane_layout(fig, ("x1", "x2"), 500)
    >>> fig.layout.height, fig.layout.yaxis.scaleanchor
    (500, 'x')
    """
    fig.update_layout(xaxis_title=axis_titles[0], yaxis_title=axis_titles[1], height=height,
                      font={"size": 15}, legend={"font": {"size": 14}},
                      title={"font": {"size": 16}, "x": 0.01},
                      margin={"l": 40, "r": 10, "t": 50, "b": 40})
    # Equal scales widen the shorter axis's range (plotly's "range" constraint): the axes
    # fill the chart, where shrinking the plotting area ("domain") left a third of it blank.
    fig.update_yaxes(scaleanchor="x", scaleratio=1)


def scrubbed_scatter(xy: np.ndarray, labels: np.ndarray, value_labels: Sequence[str], *,
                     name: str, active: int, titles: Sequence[str] | None = None,
                     centers: Sequence[np.ndarray] | None = None,
                     axis_titles: tuple[str, str] = ("x1", "x2"),
                     height: int = 520, play_ms: int | None = None) -> go.Figure:
    """Points coloured by their cluster at every value of a parameter, one frame per value.

    Each frame carries the points' colour codes and their cluster numbers (shown on hover).

    Parameters
    ----------
    xy : ndarray of shape (n, 2) or (len(value_labels), n, 2)
        The plotted points: the same at every value, or their place at each value (the
        axes then cover every frame).
    labels : ndarray of int, shape (len(value_labels), n)
        Row ``i``: the clusters at ``value_labels[i]`` (-1 noise).
    value_labels : sequence of str
        The parameter's values as the slider shows them.
    name : str
        The parameter's name (slider prefix, frame group).
    active : int
        The row shown first.
    titles : sequence of str, optional
        A chart title for each value (what the numbers are at that value).
    centers : sequence of ndarray of shape (k_i, 2), optional
        Centres drawn as stars at each value (their number may change).
    axis_titles : tuple of str
    height : int
    play_ms : int, optional
        With a value, Play and Pause (`framed_figure`).

    Returns
    -------
    plotly.graph_objects.Figure

    Examples
    --------
    >>> fig = scrubbed_scatter(np.zeros((3, 2)), np.array([[0, 0, 0], [0, 1, -1]]),
    ...                        ["1", "2"], name="K", active=1)
    >>> [int(c) for c in fig.data[0].marker.color], len(fig.frames)
    ([0, 1, 112], 2)
    >>> moved = scrubbed_scatter(np.arange(12.0).reshape(2, 3, 2), np.zeros((2, 3), int),
    ...                          ["0", "0.1"], name="noise", active=1)
    >>> first = moved.frames[0].to_plotly_json()["data"][0]
    >>> [float(v) for v in moved.data[0].x], [float(v) for v in first["x"]]
    ([6.0, 8.0, 10.0], [0.0, 2.0, 4.0])
    """
    xy = np.asarray(xy, dtype=float)
    labels = np.asarray(labels)
    moving = xy.ndim == 3
    n = xy.shape[-2] if xy.ndim >= 2 else 0
    if (xy.ndim not in (2, 3) or xy.shape[-1] != 2 or (moving and len(xy) != len(value_labels))
            or labels.shape != (len(value_labels), n)):
        raise ValueError(f"xy must have shape (n, 2) or (values, n, 2) and labels (values, "
                         f"n), got {xy.shape} and {labels.shape} for {len(value_labels)} "
                         "values")
    first = xy[active] if moving else xy
    fig = go.Figure(points_trace(n)(
        x=first[:, 0], y=first[:, 1], mode="markers", showlegend=False,
        marker=code_marker(size=8),
        hovertemplate="cluster %{customdata} (-1: noise)<extra></extra>"))
    # The labels ride along for the hover (colours repeat past eight clusters).
    updates = [{0: {"marker": {"color": color_codes(row)}, "customdata": row.astype(np.int16)}}
               for row in labels]
    if moving:
        # Four bytes a coordinate: half the frames' weight, far below a pixel's precision.
        for update, at in zip(updates, xy.astype(np.float32), strict=True):
            update[0].update(x=at[:, 0], y=at[:, 1])
    if centers is not None:
        # The points' trace type: all-WebGL frames are drawn without plotly's recompute.
        fig.add_trace(points_trace(n)(
            x=[], y=[], mode="markers", name="centres",
            marker={"symbol": "star", "size": 20, "color": "white",
                    "line": {"width": 2, "color": "black"}},
            hovertemplate="centre (%{x:.3g}, %{y:.3g})<extra></extra>"))
        for update, at in zip(updates, centers, strict=True):
            update[1] = {"x": np.asarray(at)[:, 0], "y": np.asarray(at)[:, 1]}
    plane_layout(fig, axis_titles, height)
    if moving:
        # plotly keeps the first frame's axes while it animates.
        low, high = xy.min(axis=(0, 1)), xy.max(axis=(0, 1))
        pad = 0.05 * (high - low) + 1e-9
        fig.update_xaxes(range=[low[0] - pad[0], high[0] + pad[0]])
        fig.update_yaxes(range=[low[1] - pad[1], high[1] + pad[1]])
    return framed_figure(
        fig, value_labels, updates, name=name, active=active, slider_y=-0.12, play_ms=play_ms,
        layouts=None if titles is None else [{"title": {"text": t}} for t in titles])
