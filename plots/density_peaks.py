"""Figures of the density-peaks explorer: the decision graph, the gamma plot, the clusters."""

from __future__ import annotations

import numpy as np
import pandas as pd
import plotly.graph_objects as go
from plotly.subplots import make_subplots

from plots.framed import (
    code_marker,
    color_codes,
    framed_figure,
    hover_integers,
    plane_layout,
)
from plots.palette import cluster_color
from plots.scatter import cluster_scatter, points_trace
from plots.tables import points_table

OTHER_COLOR = "#999999"
# The assignment's glide from one step to the next while playing (ms of 400 per step): long
# enough to see which points change colour, short enough to rest on each step.
GLIDE_MS = 300
# The names of the decision graph's threshold lines (`threshold_lines`), which a page drags.
RHO_LINE, DELTA_LINE = "rho_min", "delta_min"


def _center_colors(n: int, centers: np.ndarray, labels: np.ndarray | None) -> list[str]:
    colors = [OTHER_COLOR] * n
    for c in centers:
        colors[c] = cluster_color(int(labels[c])) if labels is not None else "#000000"
    return colors


def decision_graph_figure(rho: np.ndarray, delta: np.ndarray, centers: np.ndarray,
                          labels: np.ndarray | None) -> go.Figure:
    """rho against delta, one trace (so a selection's point index is the point number).

    Centres are large and take their cluster's colour; drag a box or a lasso to pick others.
    """
    n = len(rho)
    centers = np.asarray(centers, dtype=int)
    is_center = np.zeros(n, dtype=bool)
    is_center[centers] = True
    fig = go.Figure(go.Scatter(
        x=rho, y=delta, mode="markers", name="points",
        marker={"color": _center_colors(n, centers, labels), "size": np.where(is_center, 18, 7),
                "line": {"width": np.where(is_center, 2, 0), "color": "black"}},
        customdata=np.column_stack([np.arange(n), rho * delta]),
        hovertemplate="point %{customdata[0]}<br>ρ = %{x:.3g}<br>δ = %{y:.3g}<br>"
                      "γ = %{customdata[1]:.3g}<extra></extra>",
    ))
    fig.update_layout(
        height=430, font={"size": 15}, dragmode="select", showlegend=False,
        xaxis_title="ρ, local density", yaxis_title="δ, distance to a denser point",
        margin={"l": 60, "r": 10, "t": 20, "b": 50},
    )
    return fig


def gamma_figure(gamma: np.ndarray, centers: np.ndarray, labels: np.ndarray | None,
                 shown: int = 60) -> go.Figure:
    """The ``shown`` largest gamma = rho * delta in decreasing order, centres coloured.

    Centres stand out as a few values far above a smooth tail (Rodriguez & Laio 2014, fig. 4).
    """
    order = np.argsort(-gamma, kind="stable")[:shown]
    centers = set(np.asarray(centers, dtype=int).tolist())
    colors = [cluster_color(int(labels[i])) if (i in centers and labels is not None)
              else OTHER_COLOR for i in order]
    fig = go.Figure(go.Bar(
        x=np.arange(1, len(order) + 1), y=gamma[order], marker_color=colors,
        customdata=order, hovertemplate="rank %{x}: point %{customdata}<br>γ = %{y:.3g}"
                                        "<extra></extra>",
    ))
    fig.update_layout(
        height=300, font={"size": 14}, showlegend=False,
        xaxis_title=f"rank (the {len(order)} largest)", yaxis_title="γ = ρ·δ",
        margin={"l": 60, "r": 10, "t": 10, "b": 50},
    )
    return fig


def density_peaks_figure(X: np.ndarray, labels: np.ndarray | None, centers: np.ndarray,
                         halo: np.ndarray | None, axis_titles: tuple[str, str]) -> go.Figure:
    """The clusters, centres as stars; halo points (if given) grey as possible noise.

    ``labels=None`` (no centre chosen yet) draws every point grey.
    """
    if labels is None:
        shown = np.full(len(X), -1)
    else:
        shown = np.where(halo, -1, labels) if halo is not None else labels
    fig = cluster_scatter(X[:, :2], shown, axis_titles=axis_titles)
    for trace in fig.data:
        if trace.name == "noise":
            trace.name = "not assigned" if labels is None else "halo"
    fig.add_trace(go.Scatter(
        x=X[centers, 0], y=X[centers, 1], mode="markers", name="centres",
        marker={"symbol": "star", "size": 22, "line": {"width": 1.5, "color": "black"},
                "color": [cluster_color(int(labels[c])) for c in centers] if len(centers) else
                "black"},
        customdata=centers, hovertemplate="centre: point %{customdata}<extra></extra>",
    ))
    fig.update_layout(height=520, font={"size": 15},
                      legend={"font": {"size": 14}, "orientation": "h", "y": -0.15})
    return fig


def assignment_figure(X: np.ndarray, labels: np.ndarray, joined_at: np.ndarray,
                      nearest_higher: np.ndarray, centers: np.ndarray, active: int, *,
                      axis_titles: tuple[str, str] = ("x1", "x2")) -> go.Figure:
    """Density peaks' assignment as one animated chart: Play, Pause and a step slider.

    At step s every point with ``joined_at <= s`` (see
    `explorer.density_peaks.joining_steps`) has its cluster ``labels`` colour, the others
    are grey; a line joins each point that joined at step s to its nearest denser neighbour
    (``nearest_higher``), whose cluster it takes. Centres are stars. A frame carries only
    the colour codes and clusters of the points and those few lines. Play eases each
    joining point from grey into its cluster's colour over `GLIDE_MS` (plotly tweens SVG
    points, up to 1,000; with reduced motion, ui/web/a11y.js cuts the tween); the links
    appear at once.
    """
    X = np.asarray(X, dtype=float)
    labels, joined_at = np.asarray(labels), np.asarray(joined_at)
    centers = np.asarray(centers, dtype=int)
    fig = go.Figure(points_trace(len(X))(
        x=X[:, 0], y=X[:, 1], mode="markers", name="points", showlegend=False,
        marker=code_marker(size=8),
        hovertemplate="cluster %{customdata} (-1: not joined yet)<extra></extra>"))
    # WebGL whatever the number of points: plotly tweens SVG lines by the order of their
    # segments, so each step's links would slide across the chart into the next step's.
    fig.add_trace(go.Scattergl(x=[], y=[], mode="lines", name="to the nearest denser point",
                               hoverinfo="skip", line={"color": "#333333", "width": 1.5}))
    fig.add_trace(go.Scatter(
        x=X[centers, 0], y=X[centers, 1], mode="markers", name="centres",
        marker={"symbol": "star", "size": 20, "line": {"width": 1.5, "color": "black"},
                "color": [cluster_color(int(labels[c])) for c in centers]},
        customdata=centers, hovertemplate="centre: point %{customdata}<extra></extra>"))
    last = int(joined_at.max())
    updates, titles = [], []
    for step in range(last + 1):
        shown = np.where(joined_at <= step, labels, -1)
        moving = np.flatnonzero((joined_at == step) & (step > 0))
        # One segment per joining point, separated by gaps (NaN breaks a plotly line).
        ends = np.full((len(moving), 3, 2), np.nan, dtype=np.float32)
        ends[:, 0], ends[:, 1] = X[moving, :2], X[nearest_higher[moving], :2]
        updates.append({0: {"marker": {"color": color_codes(shown)},
                            "customdata": hover_integers(shown)},
                        1: {"x": ends[:, :, 0].ravel(), "y": ends[:, :, 1].ravel()}})
        titles.append(f"step {step} / {last}: the {len(centers)} centres head their clusters"
                      if step == 0 else
                      f"step {step} / {last}: {int((joined_at <= step).sum())} of {len(X)} "
                      "points, densest first, joined")
    plane_layout(fig, axis_titles, 520)
    fig.update_layout(showlegend=False)  # the page's caption names the lines and stars
    return framed_figure(fig, [str(s) for s in range(last + 1)], updates, name="step",
                         active=active, layouts=[{"title": {"text": t}} for t in titles],
                         play_ms=400, transition_ms=GLIDE_MS, slider_y=-0.12)


def threshold_lines(rho_min: float, delta_min: float) -> list[dict]:
    """The decision graph's thresholds as two dashed lines across it: ρ_min upright (the
    shape named `RHO_LINE`) and δ_min level (`DELTA_LINE`); the centres lie right of the one
    and above the other.

    Shapes, not traces, so that a page may let them be dragged (`ui.drag`). Each spans its
    subplot's domain across, so a drag moves the threshold, never the axes' range.

    Examples
    --------
    >>> rho, delta = threshold_lines(2.0, 0.5)
    >>> rho["name"], rho["x0"], rho["x1"], rho["yref"], delta["y0"], delta["xref"]
    ('rho_min', 2.0, 2.0, 'y domain', 0.5, 'x domain')
    """
    style = {"type": "line", "line": {"color": "#D55E00", "width": 3, "dash": "dash"}}
    label = {"font": {"size": 14, "color": "#D55E00"}}
    return [
        {**style, "name": RHO_LINE, "xref": "x", "x0": rho_min, "x1": rho_min,
         "yref": "y domain", "y0": 0, "y1": 1,
         # Level, right of the line's top: along the line it ran out of the plot.
         "label": {**label, "text": "ρ_min", "textposition": "end", "textangle": 0,
                   "xanchor": "left", "yanchor": "top"}},
        {**style, "name": DELTA_LINE, "xref": "x domain", "x0": 0, "x1": 1, "yref": "y",
         "y0": delta_min, "y1": delta_min,
         "label": {**label, "text": "δ_min", "textposition": "end"}},
    ]


def _decision_frames(X: np.ndarray, rho: np.ndarray, delta: np.ndarray,
                     mins: np.ndarray | None, labels: np.ndarray, centers: list[np.ndarray],
                     titles: list[str]) -> tuple[list[dict], list[dict]]:
    """Trace updates and layouts (title, threshold lines) of `decision_scrub_figure`'s
    frames (row i: ``mins[i]``)."""
    updates, layouts = [], []
    for i, (row, chosen) in enumerate(zip(labels, centers, strict=True)):
        graph = np.full(len(rho), -1)
        graph[chosen] = row[chosen]  # a centre in its cluster's colour, the rest grey
        updates.append({
            0: {"marker": {"color": color_codes(graph)}},
            1: {"marker": {"color": color_codes(row)}, "customdata": hover_integers(row)},
            2: {"x": X[chosen, 0], "y": X[chosen, 1]},
        })
        layout = {"title": {"text": titles[i]}}
        if mins is not None:
            layout["shapes"] = threshold_lines(float(mins[i][0]), float(mins[i][1]))
        layouts.append(layout)
    return updates, layouts


def decision_scrub_figure(X: np.ndarray, rho: np.ndarray, delta: np.ndarray,
                          mins: np.ndarray | None, labels: np.ndarray,
                          centers: list[np.ndarray], value_labels: list[str], active: int, *,
                          titles: list[str], name: str,
                          axis_titles: tuple[str, str] = ("x1", "x2")) -> go.Figure:
    """The decision graph and the clusters side by side in one chart at every value of a
    sweep (K, or a threshold), one frame per value and a slider over them.

    Row ``i`` (shown at ``value_labels[i]``): the centres ``centers[i]`` in their
    cluster's colour on the graph (the others grey) and as stars among the points, every
    point in its cluster's colour ``labels[i]`` and, with ``mins``, the thresholds
    ``mins[i] = (rho_min, delta_min)`` drawn as two dashed lines (`threshold_lines`: the
    figure's only shapes, which a page may let the user drag). The decision graph is the
    figure's first trace (a box or lasso there picks points by number); the titles should
    state the thresholds, which the chart's text alternative then says.
    """
    X, rho, delta = np.asarray(X, dtype=float), np.asarray(rho), np.asarray(delta)
    # Two lines each: on a phone's 150 px panels the one-line titles met.
    fig = make_subplots(rows=1, cols=2, horizontal_spacing=0.1,
                        subplot_titles=("Decision graph:<br>centres in colour",
                                        "Clusters:<br>centres are stars"))
    n = len(X)
    # Every trace of the kind of the points (WebGL at 2,000 points), centres included: a
    # frame of WebGL traces alone is drawn by the scrub listener without plotly's recompute
    # (ui/scrub.py), and SVG centres would sit over WebGL ones anyway.
    kind = points_trace(n)
    fig.add_trace(kind(
        x=rho, y=delta, mode="markers", name="points", showlegend=False,
        marker=code_marker(size=8), customdata=np.arange(n),
        hovertemplate="point %{customdata}: ρ %{x:.3g}, δ %{y:.3g}<extra></extra>"),
        row=1, col=1)
    fig.add_trace(kind(
        x=X[:, 0], y=X[:, 1], mode="markers", name="clusters", showlegend=False,
        marker=code_marker(size=7),
        hovertemplate="cluster %{customdata}<extra></extra>"), row=1, col=2)
    fig.add_trace(kind(
        x=[], y=[], mode="markers", name="centres", showlegend=False,
        marker={"symbol": "star", "size": 18, "color": "white",
                "line": {"width": 2, "color": "black"}},
        hovertemplate="centre (%{x:.3g}, %{y:.3g})<extra></extra>"), row=1, col=2)
    fig.update_xaxes(title_text="ρ (local density)", range=[0, rho.max() * 1.05], row=1,
                     col=1)
    # Short: in presenter type a longer title ran up into the chart's title.
    fig.update_yaxes(title_text="δ (to a denser point)",
                     range=[0, delta.max() * 1.05], row=1, col=1)
    fig.update_xaxes(title_text=axis_titles[0], row=1, col=2)
    fig.update_yaxes(title_text=axis_titles[1], scaleanchor="x2", scaleratio=1,
                     row=1, col=2)
    fig.update_layout(height=520, font={"size": 15}, title={"font": {"size": 16}, "x": 0.01},
                      margin={"l": 60, "r": 10, "t": 100, "b": 40})
    updates, layouts = _decision_frames(X, rho, delta, mins, labels, centers, titles)
    # A threshold's neighbouring values mostly pick the same centres (7 distinct clusterings
    # of 74 at the page's defaults): a repeated frame refers to the first.
    return framed_figure(fig, value_labels, updates, name=name, active=active,
                         layouts=layouts, slider_y=-0.14, reuse=True)


def with_decision_frames(fig: go.Figure, X: np.ndarray, rho: np.ndarray, delta: np.ndarray,
                         mins: np.ndarray | None, labels: np.ndarray,
                         centers: list[np.ndarray], value_labels: list[str], active: int, *,
                         titles: list[str], name: str) -> go.Figure:
    """`decision_scrub_figure`'s chart with a second slider over another sweep (the same
    arguments)."""
    updates, layouts = _decision_frames(np.asarray(X, dtype=float), np.asarray(rho),
                                        np.asarray(delta), mins, labels, centers, titles)
    fig = framed_figure(fig, value_labels, updates, name=name, active=active,
                        layouts=layouts, slider_y=-0.40, reuse=True)
    fig.update_layout(height=fig.layout.height + 110, margin={"b": 150})
    return fig


def density_peaks_data(X: np.ndarray, rho: np.ndarray, delta: np.ndarray, labels: np.ndarray,
                       centers: np.ndarray, halo: np.ndarray) -> pd.DataFrame:
    """Tidy table: coordinates, rho, delta, gamma, cluster, centre and halo flags per point."""
    is_center = np.zeros(len(rho), dtype=bool)
    is_center[np.asarray(centers, dtype=int)] = True
    return points_table(X, labels, rho=rho, delta=delta, gamma=rho * delta, centre=is_center,
                        halo=halo)


