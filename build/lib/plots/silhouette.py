"""Silhouette plot: each point's silhouette as a bar, grouped by cluster (Rousseeuw 1987)."""

from collections.abc import Sequence

import numpy as np
import plotly.graph_objects as go

from plots.palette import cluster_color


def silhouette_plot(
    values: Sequence[float], labels: Sequence[int], *, title: str = ""
) -> go.Figure:
    """Horizontal bars of the silhouettes ``s(x)``, sorted within each cluster.

    Each cluster's bars are drawn as the one polygon they make together.

    A dashed line marks their mean, the silhouette coefficient. Noise points (label -1) are
    not drawn: scikit-learn's silhouette is computed without them here.
    """
    values = np.asarray(values, dtype=float)
    labels = np.asarray(labels)
    if values.shape != labels.shape or values.ndim != 1:
        raise ValueError(
            f"values and labels must be 1-D of the same length, got {values.shape} and "
            f"{labels.shape}"
        )
    fig = go.Figure()
    position = 0
    for label in np.unique(labels):
        if label < 0:
            continue
        cluster = np.sort(values[labels == label])
        # The outline of the cluster's bars (height 1 each, stacked from ``position``) as one
        # filled polygon: the same picture as n bars, drawn as one SVG path instead of n
        # (a slider move redraws it; 2,000 bars cost the browser about half a second).
        edges = position + np.arange(cluster.size + 1) - 0.5
        x = np.concatenate([[0.0], np.repeat(cluster, 2), [0.0]])
        y = np.concatenate([[edges[0]], np.repeat(edges, 2)[1:-1], [edges[-1]]])
        fig.add_trace(
            go.Scatter(
                x=x, y=y, mode="lines", fill="toself", name=f"cluster {label}",
                fillcolor=cluster_color(int(label)), line={"width": 0},
                hovertemplate="s = %{x:.3f}<extra>cluster " + str(label) + "</extra>",
            )
        )
        position += cluster.size + max(2, values.size // 50)
    shown = values[labels >= 0]
    if shown.size:
        fig.add_vline(
            x=float(shown.mean()), line={"dash": "dash", "color": "#333333"},
            annotation_text=f"mean {shown.mean():.3f}", annotation_position="top",
        )
    fig.update_layout(
        title=title, xaxis_title="silhouette s(x)", height=420,
        yaxis={"showticklabels": False, "title": "points, grouped by cluster"},
        xaxis={"range": [-1, 1]},
        margin={"l": 40, "r": 10, "t": 50 if title else 30, "b": 40},
    )
    return fig
