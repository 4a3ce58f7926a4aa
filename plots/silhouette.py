"""Silhouette plot: each point's silhouette as a bar, grouped by cluster (Rousseeuw 1987)."""

from collections.abc import Sequence

import numpy as np
import plotly.graph_objects as go

from plots.palette import cluster_color


def silhouette_plot(
    values: Sequence[float], labels: Sequence[int], *, title: str = ""
) -> go.Figure:
    """Horizontal bars of the silhouettes ``s(x)``, sorted within each cluster.

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
        ys = np.arange(position, position + cluster.size)
        fig.add_trace(
            go.Bar(
                x=cluster, y=ys, orientation="h", name=f"cluster {label}",
                marker={"color": cluster_color(int(label)), "line": {"width": 0}},
                width=1.0,
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
        title=title, bargap=0, xaxis_title="silhouette s(x)", height=420,
        yaxis={"showticklabels": False, "title": "points, grouped by cluster"},
        xaxis={"range": [-1, 1]},
        margin={"l": 40, "r": 10, "t": 50 if title else 30, "b": 40},
    )
    return fig
