"""Figures of the Distances lesson: unit balls, neighbourhoods, distance matrices, paths."""

from collections.abc import Sequence

import numpy as np
import plotly.graph_objects as go

from plots.palette import CLUSTER_COLORS, NOISE_COLOR, cluster_color


def _square(fig: go.Figure, title: str, height: int = 460) -> go.Figure:
    fig.update_layout(title=title, height=height, legend_title_text="",
                      margin={"l": 40, "r": 10, "t": 50 if title else 20, "b": 40})
    fig.update_yaxes(scaleanchor="x", scaleratio=1)
    return fig


def unit_balls_figure(balls: dict[str, np.ndarray], highlight: str, *,
                      title: str = "") -> go.Figure:
    """The unit spheres of several distances (name -> (n, 2) outline); ``highlight`` thick."""
    if highlight not in balls:
        raise ValueError(f"highlight {highlight!r} is not among {list(balls)}")
    fig = go.Figure()
    for index, (name, xy) in enumerate(balls.items()):
        bold = name == highlight
        fig.add_trace(go.Scatter(
            x=xy[:, 0], y=xy[:, 1], mode="lines", name=name,
            line={"color": CLUSTER_COLORS[3] if bold else CLUSTER_COLORS[index % 3],
                  "width": 5 if bold else 2, "dash": "solid" if bold else "dot"}))
    return _square(fig, title)


def neighbourhood_figure(X: np.ndarray, center: int, neighbours: Sequence[int], *,
                         title: str = "", outline: np.ndarray | None = None) -> go.Figure:
    """All points in grey, the ``neighbours`` of point ``center`` in colour, the centre as a
    star; ``outline`` (an (n, 2) closed curve) draws the neighbourhood's boundary."""
    X = np.asarray(X, dtype=float)
    mask = np.zeros(len(X), dtype=bool)
    mask[np.asarray(neighbours, dtype=int)] = True
    other = ~mask
    other[center] = False
    fig = go.Figure([
        go.Scatter(x=X[other, 0], y=X[other, 1], mode="markers", name="other points",
                   marker={"color": NOISE_COLOR, "size": 6}),
        go.Scatter(x=X[mask, 0], y=X[mask, 1], mode="markers", name="nearest",
                   marker={"color": CLUSTER_COLORS[0], "size": 8}),
        go.Scatter(x=[X[center, 0]], y=[X[center, 1]], mode="markers", name="centre",
                   marker={"color": CLUSTER_COLORS[3], "size": 18, "symbol": "star"}),
    ])
    if outline is not None:
        fig.add_trace(go.Scatter(x=outline[:, 0], y=outline[:, 1], mode="lines",
                                 name="boundary", line={"color": CLUSTER_COLORS[3]}))
    fig.update_layout(legend={"orientation": "h", "y": -0.15})
    return _square(fig, title, height=420)


def distance_heatmap(D: np.ndarray, names: Sequence[str], *, title: str = "") -> go.Figure:
    """The matrix of distances between named items, each cell labelled with its value."""
    D = np.asarray(D, dtype=float)
    if D.ndim != 2 or D.shape[0] != D.shape[1] or D.shape[0] != len(names):
        raise ValueError(f"D must be square with one name per row, got {D.shape} and "
                         f"{len(names)} names")
    labels = [str(n) for n in names]
    fig = go.Figure(go.Heatmap(z=D, x=labels, y=labels, colorscale="Blues", zmin=0,
                               text=np.round(D, 2), texttemplate="%{text}",
                               hovertemplate="%{y} to %{x}: %{z:.3f}<extra></extra>"))
    fig.update_layout(title=title, height=460,
                      margin={"l": 40, "r": 10, "t": 50 if title else 20, "b": 40})
    fig.update_xaxes(type="category")
    fig.update_yaxes(type="category", autorange="reversed")
    return fig


def graph_path_figure(X: np.ndarray, labels: np.ndarray, edges: np.ndarray,
                      path: np.ndarray, *, title: str = "",
                      axis_titles: tuple[str, str] = ("x1", "x2")) -> go.Figure:
    """The k-nearest-neighbour graph (thin grey edges), points coloured by class, the
    shortest path between its ends (thick) and the straight line between them (dashed)."""
    X = np.asarray(X, dtype=float)
    labels = np.asarray(labels)
    ends = X[[path[0], path[-1]]]
    segments = np.full((3 * len(edges), 2), np.nan)
    segments[0::3], segments[1::3] = X[edges[:, 0]], X[edges[:, 1]]
    fig = go.Figure(go.Scatter(x=segments[:, 0], y=segments[:, 1], mode="lines",
                               name="graph edges", hoverinfo="skip",
                               line={"color": "#DDDDDD", "width": 1}))
    for label in np.unique(labels):
        part = X[labels == label]
        fig.add_trace(go.Scatter(x=part[:, 0], y=part[:, 1], mode="markers",
                                 name=f"class {label}",
                                 marker={"color": cluster_color(int(label)), "size": 6}))
    fig.add_trace(go.Scatter(x=X[path, 0], y=X[path, 1], mode="lines", name="geodesic path",
                             line={"color": CLUSTER_COLORS[3], "width": 5}))
    fig.add_trace(go.Scatter(x=ends[:, 0], y=ends[:, 1], mode="lines+markers",
                             name="straight line", marker={"size": 14, "color": "#000000"},
                             line={"color": "#000000", "width": 2, "dash": "dash"}))
    fig.update_layout(legend={"orientation": "h", "y": -0.15}, xaxis_title=axis_titles[0],
                      yaxis_title=axis_titles[1])
    return _square(fig, title)
