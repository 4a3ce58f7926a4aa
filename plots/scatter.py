"""Scatter plot of a 2-D embedding coloured by cluster."""

from collections.abc import Sequence

import numpy as np
import plotly.graph_objects as go

from plots.palette import POINT_LINE, cluster_color, cluster_symbol

# SVG markers need no WebGL and stay crisp in exports; past this many points WebGL keeps a
# slider move responsive (2,000 SVG markers cost a redraw of ~0.3 s in chromium, benchmarks/
# results/slider_browser.md).
WEBGL_THRESHOLD = 1_000


def points_trace(n_points: int) -> type[go.Scatter] | type[go.Scattergl]:
    """The trace type for ``n_points`` data points: WebGL above `WEBGL_THRESHOLD`, else SVG."""
    return go.Scattergl if n_points > WEBGL_THRESHOLD else go.Scatter


def cluster_scatter(
    xy: np.ndarray,
    labels: Sequence[int],
    *,
    title: str = "",
    axis_titles: tuple[str, str] = ("x1", "x2"),
    hover_text: Sequence[str] | None = None,
) -> go.Figure:
    """Scatter plot with one trace per cluster, so the legend names and toggles clusters.

    Parameters
    ----------
    xy : array of shape (n, 2)
        Point coordinates (already projected to two dimensions).
    labels : sequence of n ints
        Cluster of each point; -1 is noise, drawn grey and open.
    title, axis_titles : str
        Figure and axis titles.
    hover_text : sequence of n str, optional
        Extra text shown on hover (for example the true class).
    """
    xy = np.asarray(xy, dtype=float)
    labels = np.asarray(labels)
    if xy.ndim != 2 or xy.shape[1] != 2:
        raise ValueError(f"xy must have shape (n, 2), got {xy.shape}")
    if labels.shape != (xy.shape[0],):
        raise ValueError(f"labels must have {xy.shape[0]} entries, got shape {labels.shape}")
    hover = np.asarray(hover_text, dtype=object) if hover_text is not None else None

    trace_type = points_trace(xy.shape[0])
    fig = go.Figure()
    for label in np.unique(labels):
        mask = labels == label
        name = "noise" if label < 0 else f"cluster {label}"
        fig.add_trace(
            trace_type(
                x=xy[mask, 0],
                y=xy[mask, 1],
                mode="markers",
                name=name,
                marker={
                    "color": cluster_color(int(label)),
                    "symbol": cluster_symbol(int(label)),
                    "size": 8,
                    "line": POINT_LINE,
                },
                text=hover[mask] if hover is not None else None,
                hovertemplate="%{text}<extra>" + name + "</extra>" if hover is not None else None,
            )
        )
    fig.update_layout(
        title=title,
        xaxis_title=axis_titles[0],
        yaxis_title=axis_titles[1],
        legend_title_text="",
        margin={"l": 40, "r": 10, "t": 50 if title else 20, "b": 40},
        height=520,
    )
    fig.update_yaxes(scaleanchor="x", scaleratio=1)
    return fig


def as_classes(fig: go.Figure) -> go.Figure:
    """Name the traces of a `cluster_scatter` of true labels "class i", not "cluster i".

    Examples
    --------
    >>> [t.name for t in as_classes(cluster_scatter(np.zeros((2, 2)), [0, 1])).data]
    ['class 0', 'class 1']
    """
    fig.for_each_trace(lambda trace: trace.update(name=trace.name.replace("cluster", "class")))
    return fig
