"""Dendrograms drawn with plotly from scipy's dendrogram layout, with a cut line."""

from __future__ import annotations

import numpy as np
import pandas as pd
import plotly.graph_objects as go
from scipy.cluster.hierarchy import dendrogram

from plots.palette import cluster_color

ABOVE_CUT_COLOR = "#888888"
# Past this many leaves their printed labels overlap; hovering still names them.
MAX_LABELLED_LEAVES = 50
# The ``name`` of the cut line's shape, which the page lets the user drag (ui.drag).
CUT_LINE = "cut"


def _representatives(Z: np.ndarray) -> np.ndarray:
    """One leaf under every node of the linkage matrix (node n + i is merge i)."""
    n = Z.shape[0] + 1
    rep = np.arange(2 * n - 1)
    for i, (a, _b) in enumerate(Z[:, :2].astype(int)):
        rep[n + i] = rep[a]
    return rep


def dendrogram_layout(Z: np.ndarray, labels: np.ndarray, n_clusters: int,
                      max_leaves: int = 40) -> dict:
    """scipy's dendrogram layout, each link coloured by its cluster (grey above the cut).

    Merges kept by the cut (the first n - K) take the colour of the cluster they build; with
    more than ``max_leaves`` points the tree is truncated to its last ``max_leaves`` merges
    (scipy's "lastp"), and a leaf label "(m)" stands for m points.
    """
    Z = np.asarray(Z, dtype=float)
    n = Z.shape[0] + 1
    rep = _representatives(Z)
    kept = n - n_clusters

    def color(node: int) -> str:
        merge = node - n
        return cluster_color(int(labels[rep[node]])) if merge < kept else ABOVE_CUT_COLOR

    truncate = n > max_leaves
    return dendrogram(Z, no_plot=True, link_color_func=color,
                      truncate_mode="lastp" if truncate else None, p=max_leaves,
                      show_contracted=False, count_sort=False)


def dendrogram_figure(layout: dict, cut: float, *, linkage_name: str = "",
                      draggable: bool = False) -> go.Figure:
    """Draw ``dendrogram_layout`` output and the horizontal cut line at height ``cut``.

    The line is the shape named `CUT_LINE`; its label follows it when it is dragged (a page
    drawing the chart with editable shapes, ``draggable`` adds the hint to the title). The
    title states the cut's height, so that the chart's text alternative says it.
    """
    fig = go.Figure()
    for xs, ys, color in zip(layout["icoord"], layout["dcoord"], layout["color_list"],
                             strict=True):
        fig.add_trace(go.Scatter(x=xs, y=ys, mode="lines", line={"color": color, "width": 2.5},
                                 hoverinfo="skip", showlegend=False))
    n_leaves = len(layout["ivl"])
    leaves_x = 5 + 10 * np.arange(n_leaves)
    # Hovering a leaf names it; printed labels are kept for trees small enough to read them.
    fig.add_trace(go.Scatter(
        x=leaves_x, y=np.zeros(n_leaves), mode="markers", showlegend=False,
        marker={"size": 6, "color": "#555555"}, text=layout["ivl"],
        hovertemplate="leaf %{text}<extra></extra>",
    ))
    # One reference for both ends (x domain), so a drag moves the line, not the axes' range.
    fig.add_shape(type="line", name=CUT_LINE, xref="x domain", x0=0, x1=1, yref="y", y0=cut,
                  y1=cut, line={"color": "#D55E00", "width": 3, "dash": "dash"},
                  label={"texttemplate": "cut at %{y0:.3g}", "textposition": "start",
                         "font": {"size": 15}})
    hint = " (drag the dashed line to move it)" if draggable else ""
    fig.update_layout(
        height=460, font={"size": 15},
        title={"text": f"Cut at height {cut:.3g}{hint}", "font": {"size": 15}, "x": 0.01},
        yaxis_title=f"merge height ({linkage_name} linkage)" if linkage_name else "merge height",
        xaxis={"tickmode": "array", "tickvals": leaves_x, "ticktext": layout["ivl"],
               "tickangle": -90, "tickfont": {"size": 11},
               "showticklabels": n_leaves <= MAX_LABELLED_LEAVES,
               "title": f"{n_leaves} leaves: a point, or (m) = a group of m points"},
        margin={"l": 60, "r": 10, "t": 40, "b": 90},
    )
    return fig


def dendrogram_data(Z: np.ndarray) -> pd.DataFrame:
    """The linkage matrix as a tidy table: merge i joins nodes a and b at a height."""
    Z = np.asarray(Z, dtype=float)
    n = Z.shape[0] + 1
    return pd.DataFrame({"merge": np.arange(len(Z)), "node": n + np.arange(len(Z)),
                         "a": Z[:, 0].astype(int), "b": Z[:, 1].astype(int),
                         "height": Z[:, 2], "size": Z[:, 3].astype(int)})
