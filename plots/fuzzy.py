"""Figures of the fuzzy c-means explorer: membership shading, FPC against c, the objective."""

from __future__ import annotations

import numpy as np
import pandas as pd
import plotly.graph_objects as go

from plots.framed import code_marker, color_codes, framed_figure, plane_layout
from plots.palette import CLUSTER_COLORS, POINT_LINE, cluster_color, cluster_symbol
from plots.scatter import points_trace


def _rgb(hex_color: str) -> np.ndarray:
    return np.array([int(hex_color[i:i + 2], 16) for i in (1, 3, 5)], dtype=float)


def blend_colors(membership: np.ndarray) -> list[str]:
    """Each point's colour: the clusters' colours mixed in proportion to its memberships.

    A point sure of its cluster has that cluster's colour; a point shared between two clusters
    is a mix of both, so the fuzzy borders show as bands of mixed colour.
    """
    u = np.asarray(membership, dtype=float)
    palette = np.stack([_rgb(cluster_color(j)) for j in range(u.shape[1])])
    mixed = np.clip(np.rint(u @ palette), 0, 255).astype(int)
    # Hex, not rgb(): plotly validates a list of hex colours three times faster, which is
    # most of the time of an explorer step at 2,000 points.
    return [f"#{r:02X}{g:02X}{b:02X}" for r, g, b in mixed]


def membership_figure(X: np.ndarray, membership: np.ndarray, centers: np.ndarray, *,
                      cluster: int | None = None, axis_titles: tuple[str, str] = ("x1", "x2")
                      ) -> go.Figure:
    """Points shaded by membership: blended colours, or one cluster's membership (0 to 1).

    ``cluster=None`` blends the colours of all clusters; an index shows that cluster's
    membership on a white-to-colour scale. Either way a point's symbol is its cluster of
    largest membership.
    """
    X = np.asarray(X, dtype=float)
    u = np.asarray(membership, dtype=float)
    hover = "<br>".join(f"u{j} = %{{customdata[{j}]:.2f}}" for j in range(u.shape[1]))
    symbols = [cluster_symbol(int(j)) for j in u.argmax(axis=1)]
    if cluster is None:
        marker = {"color": blend_colors(u), "size": 9, "symbol": symbols, "line": POINT_LINE}
    else:
        marker = {"color": u[:, cluster], "cmin": 0, "cmax": 1, "size": 9, "symbol": symbols,
                  "colorscale": [[0, "#FFFFFF"], [1, cluster_color(cluster)]],
                  "colorbar": {"title": {"text": f"u{cluster}"}}, "line": POINT_LINE}
    fig = go.Figure(go.Scatter(x=X[:, 0], y=X[:, 1], mode="markers", marker=marker,
                               customdata=u, hovertemplate=hover + "<extra></extra>",
                               name="points", showlegend=False))
    fig.add_trace(go.Scatter(
        x=centers[:, 0], y=centers[:, 1], mode="markers", name="centres",
        marker={"symbol": "x", "size": 22, "line": {"width": 2, "color": "black"},
                "color": [cluster_color(j) for j in range(len(centers))]},
        hovertemplate="centre (%{x:.3g}, %{y:.3g})<extra></extra>",
    ))
    fig.update_layout(height=540, font={"size": 15}, xaxis_title=axis_titles[0],
                      yaxis_title=axis_titles[1], legend={"font": {"size": 14}},
                      margin={"l": 40, "r": 10, "t": 20, "b": 40})
    fig.update_yaxes(scaleanchor="x", scaleratio=1)
    return fig


def certainty(membership: np.ndarray) -> np.ndarray:
    """How sure each point is of its cluster, from 0 (shared equally by all c clusters) to 1
    (all its membership in one): (max_j u_ij - 1/c) / (1 - 1/c); with one cluster (c = 1)
    every point is sure."""
    u = np.asarray(membership, dtype=float)
    if u.shape[1] == 1:
        return np.ones(len(u))
    floor = 1.0 / u.shape[1]
    return (u.max(axis=1) - floor) / (1.0 - floor)


def fuzzy_scrub_figure(X: np.ndarray, memberships: list[np.ndarray],
                       centers: list[np.ndarray], labels: list[str], active: int, *,
                       titles: list[str], axis_titles: tuple[str, str] = ("x1", "x2"),
                       name: str = "m", play_ms: int | None = None) -> go.Figure:
    """Fuzzy c-means at every value of a sweep (``name="m"``) or after every round of one
    run (``name="round"`` with ``play_ms``: Play and Pause), one frame per value.

    Each point takes the colour of its largest membership, faded as it is shared (opacity
    from 0.15 for a point shared equally to 1 for a sure one, see `certainty`); the centres
    move between frames (gliding while playing). Frame ``i``, labelled ``labels[i]``, shows
    ``memberships[i]`` and ``centers[i]``. Without Play the centres are drawn like the
    points (WebGL above `plots.scatter.WEBGL_THRESHOLD` points).
    """
    X = np.asarray(X, dtype=float)
    fig = go.Figure(points_trace(len(X))(
        x=X[:, 0], y=X[:, 1], mode="markers", name="points", showlegend=False,
        marker=code_marker(size=9), hovertemplate="(%{x:.3g}, %{y:.3g})<extra></extra>"))
    c = centers[0].shape[0]
    # Centres of the same kind as the points (WebGL at 2,000 points): a frame of WebGL
    # traces alone is drawn by the scrub listener without plotly's recompute (ui/scrub.py).
    # Played rounds keep SVG centres, which plotly glides from round to round.
    centre_trace = go.Scatter if play_ms is not None else points_trace(len(X))
    fig.add_trace(centre_trace(
        x=centers[0][:, 0], y=centers[0][:, 1], mode="markers", name="centres",
        marker={"symbol": "x", "size": 22, "line": {"width": 2, "color": "black"},
                "color": [cluster_color(j) for j in range(c)]},
        hovertemplate="centre (%{x:.3g}, %{y:.3g})<extra></extra>"))
    updates = [{0: {"marker": {"color": color_codes(u.argmax(axis=1)),
                               "opacity": (0.15 + 0.85 * certainty(u)).astype(np.float32)}},
                1: {"x": ctr[:, 0], "y": ctr[:, 1]}}
               for u, ctr in zip(memberships, centers, strict=True)]
    plane_layout(fig, axis_titles, 580)
    return framed_figure(fig, labels, updates, name=name, active=active, slider_y=-0.12,
                         layouts=[{"title": {"text": t}} for t in titles], play_ms=play_ms,
                         transition_ms=0 if play_ms is None else int(0.6 * play_ms))


def fpc_figure(curve: pd.DataFrame, current: int) -> go.Figure:
    """FPC against c with the uniform-membership floor 1/c; the current c is marked."""
    fig = go.Figure()
    fig.add_trace(go.Scatter(x=curve["c"], y=curve["uniform"], mode="lines",
                             name="1/c (all shared equally)",
                             line={"color": "#999999", "dash": "dot", "width": 2}))
    fig.add_trace(go.Scatter(x=curve["c"], y=curve["fpc"], mode="lines+markers", name="FPC",
                             line={"color": CLUSTER_COLORS[0], "width": 3},
                             marker={"size": 9, "line": POINT_LINE}))
    now = curve[curve["c"] == current]
    fig.add_trace(go.Scatter(x=now["c"], y=now["fpc"], mode="markers", name=f"c = {current}",
                             marker={"size": 18, "color": CLUSTER_COLORS[3]}))
    fig.update_layout(height=300, font={"size": 14}, xaxis_title="c (number of clusters)",
                      yaxis_title="partition coefficient", yaxis_range=[0, 1.05],
                      legend={"orientation": "h", "y": -0.35},
                      margin={"l": 60, "r": 10, "t": 10, "b": 40})
    return fig


def objective_figure(objective: np.ndarray) -> go.Figure:
    """The objective J_m after each round: it decreases to a (local) minimum."""
    fig = go.Figure(go.Scatter(x=np.arange(1, len(objective) + 1), y=objective,
                               mode="lines+markers", line={"color": CLUSTER_COLORS[2], "width": 3}))
    fig.update_layout(height=300, font={"size": 14}, xaxis_title="round",
                      yaxis_title="objective J_m", showlegend=False,
                      margin={"l": 60, "r": 10, "t": 10, "b": 40})
    return fig


def objective_data(objective: np.ndarray) -> pd.DataFrame:
    """Tidy table of the objective after each round."""
    return pd.DataFrame({"round": np.arange(1, len(objective) + 1), "objective": objective})
