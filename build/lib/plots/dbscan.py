"""Figures of the DBSCAN explorer: core, border and noise points, and the k-distance curve."""

from __future__ import annotations

import numpy as np
import pandas as pd
import plotly.graph_objects as go

from plots.palette import CLUSTER_COLORS, NOISE_COLOR, cluster_color
from plots.scatter import points_trace
from plots.tables import points_table

# Marker of each point type: core points are solid, border points hollow, noise a grey cross.
SYMBOLS = {"core": "circle", "border": "circle-open", "noise": "x"}
SIZES = {"core": 10, "border": 9, "noise": 10}
# The palette's light noise grey, outlined darker so that crosses read on a projector.
NOISE_OUTLINE = "#666666"
# Drawing one circle per core point is readable only for small sets.
MAX_CIRCLES = 400


def dbscan_figure(X: np.ndarray, labels: np.ndarray, point_types: np.ndarray, eps: float, *,
                  circles: bool = False, axis_titles: tuple[str, str] = ("x1", "x2")
                  ) -> go.Figure:
    """Points coloured by cluster, shaped by type (core solid, border hollow, noise a cross).

    With ``circles``, each core point gets its eps-neighbourhood (up to 400 of them): a
    student sees why a border point belongs to a cluster and a noise point does not.
    """
    X = np.asarray(X, dtype=float)
    labels = np.asarray(labels)
    point_types = np.asarray(point_types)
    fig = go.Figure()
    if circles and np.count_nonzero(point_types == "core") <= MAX_CIRCLES:
        for i in np.flatnonzero(point_types == "core"):
            x, y = X[i, :2]
            fig.add_shape(type="circle", x0=x - eps, x1=x + eps, y0=y - eps, y1=y + eps,
                          line={"color": cluster_color(int(labels[i])), "width": 1},
                          opacity=0.35, layer="below")
    trace_type = points_trace(X.shape[0])
    for label in np.unique(labels):
        name = "noise" if label < 0 else f"cluster {label}"
        color = NOISE_COLOR if label < 0 else cluster_color(int(label))
        outline = {"width": 1, "color": NOISE_OUTLINE} if label < 0 else {"width": 2,
                                                                          "color": color}
        # One trace per type, the core one in the legend (every cluster has a core point).
        for kind in ("core", "border", "noise"):
            mask = (labels == label) & (point_types == kind)
            if not mask.any():
                continue
            fig.add_trace(trace_type(
                x=X[mask, 0], y=X[mask, 1], mode="markers", name=name, legendgroup=name,
                showlegend=kind != "border",
                marker={"color": color, "symbol": SYMBOLS[kind], "size": SIZES[kind],
                        "line": outline},
                hovertemplate=f"{kind} point<extra>{name}</extra>",
            ))
    # Legend entries for the shapes, independent of the clusters.
    for kind in ("core", "border"):
        fig.add_trace(go.Scatter(
            x=[None], y=[None], mode="markers", name=f"{kind} point", legendgroup="types",
            marker={"symbol": SYMBOLS[kind], "size": 12, "color": "#555555",
                    "line": {"width": 2, "color": "#555555"}},
        ))
    fig.update_layout(xaxis_title=axis_titles[0], yaxis_title=axis_titles[1], height=560,
                      font={"size": 15}, legend={"font": {"size": 14}},
                      margin={"l": 40, "r": 10, "t": 20, "b": 40})
    fig.update_xaxes(constrain="domain")
    fig.update_yaxes(scaleanchor="x", scaleratio=1, constrain="domain")
    return fig


def _curve_mode(points: int) -> str:
    """A part of the curve with one point has no line to draw: show that point."""
    return "lines" if points > 1 else "markers"


def k_distance_figure(k_dist: np.ndarray, eps: float, min_samples: int) -> go.Figure:
    """Sorted k-distance curve (Ester et al. 1996, sect. 4.2) with the chosen eps drawn on it.

    Points at or under the line have min_samples neighbours within eps: they are core points.
    """
    k_dist = np.asarray(k_dist, dtype=float)
    rank = np.arange(1, len(k_dist) + 1)
    core = k_dist <= eps
    fig = go.Figure()
    fig.add_trace(go.Scatter(x=rank, y=k_dist, mode="lines", name="k-distance",
                             line={"color": "#555555", "width": 2}, hoverinfo="skip"))
    # Each part of the curve as one thick line, not a marker per point: two SVG paths
    # redraw at once when eps moves (2,000 markers took the browser ~0.2 s).
    fig.add_trace(go.Scatter(
        x=rank[core], y=k_dist[core], mode=_curve_mode(core.sum()), name="core (under eps)",
        line={"color": CLUSTER_COLORS[0], "width": 5}, marker={"color": CLUSTER_COLORS[0]},
        hovertemplate="point %{x}: distance %{y:.3g}<extra>core</extra>",
    ))
    fig.add_trace(go.Scatter(
        x=rank[~core], y=k_dist[~core], mode=_curve_mode((~core).sum()),
        name="not core (over eps)",
        line={"color": CLUSTER_COLORS[3], "width": 5}, marker={"color": CLUSTER_COLORS[3]},
        hovertemplate="point %{x}: distance %{y:.3g}<extra>not core</extra>",
    ))
    fig.add_hline(y=eps, line={"color": CLUSTER_COLORS[1], "width": 3, "dash": "dash"},
                  annotation_text=f"eps = {eps:.3g}: {int(core.sum())} core points",
                  annotation_position="top right", annotation_font_size=15)
    fig.update_layout(
        height=330, font={"size": 14}, legend={"orientation": "h", "y": -0.3},
        xaxis_title="points, sorted by decreasing distance",
        yaxis_title=f"distance to neighbour {min_samples}",
        margin={"l": 60, "r": 10, "t": 20, "b": 40},
    )
    return fig


def dbscan_data(X: np.ndarray, labels: np.ndarray, point_types: np.ndarray) -> pd.DataFrame:
    """Tidy table of the DBSCAN view: coordinates, cluster and type of each point."""
    return points_table(X, labels, point_type=point_types)


def k_distance_data(k_dist: np.ndarray, eps: float) -> pd.DataFrame:
    """Tidy table of the sorted k-distance curve and whether each point is core at eps."""
    k_dist = np.asarray(k_dist, dtype=float)
    return pd.DataFrame({"rank": np.arange(1, len(k_dist) + 1), "k_distance": k_dist,
                         "core": k_dist <= eps})
