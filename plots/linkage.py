"""Figures of the linkage worked example: the shrinking similarity matrix, the growing tree."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import plotly.graph_objects as go
from scipy.cluster.hierarchy import dendrogram

from plots.framed import framed_figure
from plots.palette import CLUSTER_COLORS

NEXT_PAIR_COLOR = "#D55E00"  # vermillion: the cells merged next
MERGED_COLOR = "#009E73"  # bluish green: the row and column just recomputed
_SCALE = [[0.0, "#FFFFFF"], [1.0, "#0072B2"]]


def similarity_heatmap(matrix: np.ndarray, names: Sequence[str], *,
                       pair: tuple[int, int] | None = None,
                       merged: int | None = None) -> go.Figure:
    """The similarity matrix with its values; ``pair`` (the next merge) outlined in
    vermillion, row and column ``merged`` (just recomputed) framed in green."""
    matrix = np.asarray(matrix, dtype=float)
    names = [str(n) for n in names]
    fig = go.Figure(go.Heatmap(
        z=matrix, x=names, y=names, zmin=0, zmax=1, colorscale=_SCALE,
        text=[[f"{v:.2f}" for v in row] for row in matrix], texttemplate="%{text}",
        textfont={"size": 17}, colorbar={"title": {"text": "similarity"}},
        hovertemplate="%{y} and %{x}: similarity %{z:.3f}<extra></extra>",
    ))
    m = len(names)
    if merged is not None:
        for x0, x1, y0, y1 in ((merged - 0.5, merged + 0.5, -0.5, m - 0.5),
                               (-0.5, m - 0.5, merged - 0.5, merged + 0.5)):
            fig.add_shape(type="rect", x0=x0, x1=x1, y0=y0, y1=y1,
                          line={"color": MERGED_COLOR, "width": 4})
    if pair is not None:
        a, b = pair
        for row, col in ((a, b), (b, a)):
            fig.add_shape(type="rect", x0=col - 0.5, x1=col + 0.5, y0=row - 0.5, y1=row + 0.5,
                          line={"color": NEXT_PAIR_COLOR, "width": 5})
    fig.update_layout(height=max(320, 120 + 60 * m), font={"size": 15},
                      margin={"l": 10, "r": 10, "t": 40, "b": 10})
    fig.update_xaxes(type="category", side="top")
    fig.update_yaxes(type="category", autorange="reversed", scaleanchor="x")
    return fig


def growing_dendrogram(Z: np.ndarray, names: Sequence[str], shown: int, *,
                       height: float | None = None) -> go.Figure:
    """The dendrogram of linkage matrix ``Z`` with only its first ``shown`` merges drawn
    (the newest in vermillion), leaves in the final tree's order so that it grows in place;
    a dashed line marks ``height`` (the next merge)."""
    Z = np.asarray(Z, dtype=float)
    m = Z.shape[0] + 1
    # The colour slot carries each link's node number, to know which merge it draws.
    layout = dendrogram(Z, labels=list(names), no_plot=True, link_color_func=str)
    fig = go.Figure()
    for xs, ys, node in zip(layout["icoord"], layout["dcoord"], layout["color_list"],
                            strict=True):
        merge = int(node) - m
        if merge >= shown:
            continue
        newest = merge == shown - 1
        fig.add_trace(go.Scatter(
            x=xs, y=ys, mode="lines", showlegend=False, hoverinfo="skip",
            line={"color": NEXT_PAIR_COLOR if newest else CLUSTER_COLORS[0],
                  "width": 4 if newest else 3},
        ))
    leaves_x = 5 + 10 * np.arange(m)
    fig.add_trace(go.Scatter(x=leaves_x, y=np.zeros(m), mode="markers", showlegend=False,
                             marker={"size": 9, "color": "#555555"}, hoverinfo="skip"))
    top = float(Z[:, 2].max()) if len(Z) else 1.0
    if height is not None:
        fig.add_hline(y=height, line={"color": NEXT_PAIR_COLOR, "width": 2, "dash": "dash"},
                      annotation_text=f"next merge at {height:.3g}",
                      annotation_position="top left", annotation_font_size=14)
    fig.update_layout(
        height=380, font={"size": 15}, yaxis_title="height = 1 − similarity",
        xaxis={"tickmode": "array", "tickvals": leaves_x, "ticktext": layout["ivl"],
               "range": [0, 10 * m]},
        yaxis={"range": [0, max(top, height or 0) * 1.1 + 1e-9]},
        margin={"l": 60, "r": 10, "t": 20, "b": 40},
    )
    return fig


# A merge not done yet is drawn, invisible, so that every frame updates the same traces.
_HIDDEN = "rgba(0,0,0,0)"


def animated_dendrogram(Z: np.ndarray, names: Sequence[str], shown: int, *,
                        play_ms: int = 900) -> go.Figure:
    """`growing_dendrogram` as an animation: one frame per number of merges done (0 to
    all), with Play, Pause and a slider named ``merges``; the chart opens at ``shown``.

    Each merge is one trace named ``merge i`` (i from 1, in merge order); a frame shows the
    merges done (the newest in vermillion), hides the others, and moves the dashed line to
    the next merge's height.

    Examples
    --------
    >>> Z = np.array([[0, 1, 0.2, 2], [2, 3, 0.5, 3]])
    >>> fig = animated_dendrogram(Z, ["a", "b", "c"], 1)
    >>> [f.name for f in fig.frames], fig.layout.sliders[0].active
    (['merges=0', 'merges=1', 'merges=2'], 1)
    """
    Z = np.asarray(Z, dtype=float)
    m = Z.shape[0] + 1
    if not 0 <= shown <= m - 1:
        raise ValueError(f"shown must be in [0, {m - 1}], got {shown!r}")
    layout = dendrogram(Z, labels=list(names), no_plot=True, link_color_func=str)
    merges = [int(node) - m for node in layout["color_list"]]
    fig = go.Figure()
    for xs, ys, merge in zip(layout["icoord"], layout["dcoord"], merges, strict=True):
        fig.add_trace(go.Scatter(x=xs, y=ys, mode="lines", showlegend=False,
                                 name=f"merge {merge + 1}", hoverinfo="skip",
                                 line={"color": _HIDDEN, "width": 3}))
    leaves_x = 5 + 10 * np.arange(m)
    fig.add_trace(go.Scatter(x=leaves_x, y=np.zeros(m), mode="markers", showlegend=False,
                             marker={"size": 9, "color": "#555555"}, hoverinfo="skip"))
    fig.add_trace(go.Scatter(x=[0, 10 * m], y=[None, None], mode="lines+text",
                             name="next merge", showlegend=False, hoverinfo="skip",
                             text=["", ""], textposition="top left",
                             line={"color": NEXT_PAIR_COLOR, "width": 2, "dash": "dash"}))
    nxt = len(fig.data) - 1
    updates = []
    for t in range(m):
        update = {}
        for trace, merge in enumerate(merges):
            color = (_HIDDEN if merge >= t else NEXT_PAIR_COLOR if merge == t - 1
                     else CLUSTER_COLORS[0])
            update[trace] = {"line": {"color": color, "width": 4 if merge == t - 1 else 3}}
        h = float(Z[t, 2]) if t < m - 1 else None
        update[nxt] = {"y": [h, h], "text": ["", "" if h is None else f"next merge at {h:.3g}"]}
        updates.append(update)
    top = float(Z[:, 2].max()) if len(Z) else 1.0
    fig.update_layout(
        height=380, font={"size": 15}, yaxis_title="height = 1 − similarity",
        xaxis={"tickmode": "array", "tickvals": leaves_x, "ticktext": layout["ivl"],
               "range": [0, 10 * m]},
        yaxis={"range": [0, top * 1.1 + 1e-9]},
        margin={"l": 60, "r": 10, "t": 20, "b": 40},
    )
    return framed_figure(fig, [str(t) for t in range(m)], updates, name="merges",
                         active=shown, play_ms=play_ms, transition_ms=300, slider_y=-0.15)
