"""Figures of the k-means step-through: points, centres, their moves, the Voronoi cells."""

from __future__ import annotations

import numpy as np
import pandas as pd
import plotly.graph_objects as go

from plots.framed import code_marker, color_codes, framed_figure, plane_layout
from plots.palette import CLUSTER_COLORS, NOISE_COLOR, POINT_LINE, cluster_color
from plots.scatter import cluster_scatter, points_trace

CENTER_SIZE = 22
# Cells are tinted, not filled, so that the points stay the strongest colour.
REGION_OPACITY = 0.18


def _region_colorscale(k: int) -> list[list]:
    """A stepwise colourscale giving integer cell ``i`` in 0..k-1 the colour of cluster i."""
    if k == 1:
        return [[0.0, CLUSTER_COLORS[0]], [1.0, CLUSTER_COLORS[0]]]
    scale = []
    for i in range(k):
        color = cluster_color(i)
        scale += [[i / k, color], [(i + 1) / k, color]]
    return scale


def add_regions(fig: go.Figure, gx: np.ndarray, gy: np.ndarray, cells: np.ndarray) -> None:
    """Tint the plane by nearest centre (the Voronoi cells) under the points."""
    k = int(cells.max()) + 1
    fig.add_trace(go.Heatmap(
        x=gx, y=gy, z=cells, zmin=-0.5, zmax=k - 0.5, colorscale=_region_colorscale(k),
        opacity=REGION_OPACITY, showscale=False, hoverinfo="skip", name="nearest centre",
    ))
    # The heat map must sit under the points drawn before it.
    fig.data = (fig.data[-1], *fig.data[:-1])


def add_centers(fig: go.Figure, centers: np.ndarray, previous: np.ndarray | None = None,
                trail: list[np.ndarray] | None = None) -> None:
    """Centres as large crosses; arrows from ``previous``; each centre's path in ``trail``."""
    centers = np.asarray(centers, dtype=float)
    if trail:
        path = np.stack(trail)  # (steps, k, d)
        for j in range(centers.shape[0]):
            fig.add_trace(go.Scatter(
                x=path[:, j, 0], y=path[:, j, 1], mode="lines",
                line={"color": cluster_color(j), "width": 2, "dash": "dot"},
                hoverinfo="skip", showlegend=False,
            ))
    if previous is not None:
        for j, (start, end) in enumerate(zip(previous, centers, strict=True)):
            fig.add_annotation(
                x=end[0], y=end[1], ax=start[0], ay=start[1], xref="x", yref="y", axref="x",
                ayref="y", showarrow=True, arrowhead=3, arrowsize=1.6, arrowwidth=2.5,
                arrowcolor=cluster_color(j),
            )
    fig.add_trace(go.Scatter(
        x=centers[:, 0], y=centers[:, 1], mode="markers", name="centres",
        marker={"symbol": "x", "size": CENTER_SIZE, "color": [cluster_color(j) for j in
                range(len(centers))], "line": {"width": 2, "color": "black"}},
        customdata=np.arange(len(centers)),
        hovertemplate="centre %{customdata}<br>(%{x:.3g}, %{y:.3g})<extra></extra>",
    ))


def kmeans_step_figure(X: np.ndarray, labels: np.ndarray | None, centers: np.ndarray, *,
                       previous: np.ndarray | None = None, trail: list[np.ndarray] | None = None,
                       regions: tuple[np.ndarray, np.ndarray, np.ndarray] | None = None,
                       title: str = "", axis_titles: tuple[str, str] = ("x1", "x2")
                       ) -> go.Figure:
    """One frame of the step-through.

    Points are coloured by ``labels`` (all grey when None: not yet assigned), centres are
    crosses in their cluster's colour, ``previous`` draws arrows of the last update,
    ``trail`` the path of every centre so far, ``regions = (gx, gy, cells)`` the Voronoi
    cells of the centres.
    """
    X = np.asarray(X, dtype=float)
    if labels is None:
        fig = go.Figure(go.Scatter(
            x=X[:, 0], y=X[:, 1], mode="markers", name="not assigned",
            marker={"color": NOISE_COLOR, "size": 8, "line": POINT_LINE},
        ))
        fig.update_layout(xaxis_title=axis_titles[0], yaxis_title=axis_titles[1], height=560,
                          margin={"l": 40, "r": 10, "t": 50 if title else 20, "b": 40})
        fig.update_yaxes(scaleanchor="x", scaleratio=1)
    else:
        fig = cluster_scatter(X[:, :2], labels, axis_titles=axis_titles)
        fig.update_layout(height=560)
    if regions is not None:
        add_regions(fig, *regions)
    add_centers(fig, centers, previous, trail)
    fig.update_layout(title=title, font={"size": 15}, legend={"font": {"size": 14}})
    return fig


def add_click_grid(fig: go.Figure, bounds: tuple[float, float, float, float],
                   resolution: int = 40) -> None:
    """Faint clickable dots over the plane, so that a click anywhere places a centre there."""
    xmin, xmax, ymin, ymax = bounds
    gx, gy = np.meshgrid(np.linspace(xmin, xmax, resolution), np.linspace(ymin, ymax, resolution))
    fig.add_trace(go.Scatter(
        x=gx.ravel(), y=gy.ravel(), mode="markers", name="click to place",
        marker={"size": 9, "color": "rgba(0,0,0,0.06)"},
        hovertemplate="click: centre at (%{x:.3g}, %{y:.3g})<extra></extra>",
    ))


def inertia_figure(inertia: list[float | None], current: int) -> go.Figure:
    """Inertia J after each frame, with the current frame marked: it never goes up."""
    steps = [i for i, v in enumerate(inertia) if v is not None]
    values = [inertia[i] for i in steps]
    fig = go.Figure(go.Scatter(x=steps, y=values, mode="lines+markers", name="J",
                               line={"color": CLUSTER_COLORS[0], "width": 3}))
    if inertia[current] is not None:
        fig.add_trace(go.Scatter(x=[current], y=[inertia[current]], mode="markers",
                                 name="now", marker={"size": 16, "color": CLUSTER_COLORS[3]}))
    fig.update_layout(
        height=260, showlegend=False, font={"size": 14},
        xaxis_title="step", yaxis_title="inertia J (sum of squared distances)",
        margin={"l": 60, "r": 10, "t": 10, "b": 40},
    )
    return fig


def kmeans_step_data(X: np.ndarray, labels: np.ndarray | None,
                     centers: np.ndarray) -> pd.DataFrame:
    """Tidy table of one frame: points with their cluster, then the centres."""
    X = np.asarray(X, dtype=float)
    # Before the first assignment the cluster column is empty, not -1 (which means noise).
    points = pd.DataFrame({"kind": "point", "x1": X[:, 0], "x2": X[:, 1],
                           "cluster": pd.NA if labels is None else labels})
    cents = pd.DataFrame({"kind": "centre", "x1": centers[:, 0], "x2": centers[:, 1],
                          "cluster": np.arange(len(centers))})
    return pd.concat([points, cents], ignore_index=True)


def inertia_data(phases: list[str], inertia: list[float | None]) -> pd.DataFrame:
    """Tidy table of the inertia after each move of the step-through."""
    return pd.DataFrame({"move": range(len(phases)), "phase": phases, "inertia": inertia})


def kmeans_animation_figure(X: np.ndarray, steps: list, active: int, *,
                            cells: list[tuple[np.ndarray, np.ndarray, np.ndarray]] | None = None,
                            axis_titles: tuple[str, str] = ("x1", "x2")) -> go.Figure:
    """The whole step-through as one animated chart: Play, Pause and a step slider.

    ``steps`` are the run's frames (objects with ``caption``, ``phase``, ``labels``,
    ``centers`` and ``previous_centers``, as `explorer.kmeans.KMeansStep`); the chart opens
    at ``active``. Each frame changes only the points' colour codes and clusters, each
    centre's trail and position, the update arrows and, with ``cells`` (one
    ``(gx, gy, nearest)`` per step), the Voronoi tint. The centres glide between steps.
    """
    X = np.asarray(X, dtype=float)
    k = steps[0].centers.shape[0]
    fig = go.Figure(points_trace(len(X))(
        x=X[:, 0], y=X[:, 1], mode="markers", name="points", showlegend=False,
        marker=code_marker(size=8),
        hovertemplate="cluster %{customdata} (-1: not assigned yet)<extra></extra>"))
    for j in range(k):
        fig.add_trace(go.Scatter(x=[], y=[], mode="lines", hoverinfo="skip", showlegend=False,
                                 line={"color": cluster_color(j), "width": 2, "dash": "dot"}))
    fig.add_trace(go.Scatter(
        x=[], y=[], mode="markers", name="centres", customdata=np.arange(k),
        marker={"symbol": "x", "size": CENTER_SIZE, "line": {"width": 2, "color": "black"},
                "color": [cluster_color(j) for j in range(k)]},
        hovertemplate="centre %{customdata}<br>(%{x:.3g}, %{y:.3g})<extra></extra>"))
    if cells is not None:
        gx, gy, _ = cells[0]
        fig.add_trace(go.Heatmap(x=gx, y=gy, zmin=-0.5, zmax=k - 0.5,
                                 colorscale=_region_colorscale(k), opacity=REGION_OPACITY,
                                 showscale=False, hoverinfo="skip", name="nearest centre"))
    updates, layouts = [], []
    moved = [s.centers for s in steps]
    for i, step in enumerate(steps):
        labels = (np.full(len(X), -1) if step.labels is None else np.asarray(step.labels))
        update = {0: {"marker": {"color": color_codes(labels)},
                      "customdata": labels.astype(np.int16)}}
        trail = np.stack([c for c, s in zip(moved[:i + 1], steps, strict=False)
                          if s.phase != "assign"])
        for j in range(k):
            update[1 + j] = {"x": trail[:, j, 0], "y": trail[:, j, 1]}
        update[1 + k] = {"x": step.centers[:, 0], "y": step.centers[:, 1]}
        if cells is not None:
            update[2 + k] = {"z": cells[i][2].astype(np.int8)}
        updates.append(update)
        arrows = [] if step.previous_centers is None else [
            {"x": end[0], "y": end[1], "ax": start[0], "ay": start[1], "xref": "x",
             "yref": "y", "axref": "x", "ayref": "y", "showarrow": True, "arrowhead": 3,
             "arrowsize": 1.6, "arrowwidth": 2.5, "arrowcolor": cluster_color(j)}
            for j, (start, end) in enumerate(zip(step.previous_centers, step.centers,
                                                 strict=True))]
        layouts.append({"title": {"text": f"{i} / {len(steps) - 1}: {step.caption}"},
                        "annotations": arrows})
    plane_layout(fig, axis_titles, 600)
    return framed_figure(fig, [str(i) for i in range(len(steps))], updates, name="step",
                         active=active, layouts=layouts, play_ms=900, transition_ms=500,
                         slider_y=-0.12)
