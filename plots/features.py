"""Figures of the Features lesson: a variable ranking, and one feature split by class."""

from collections.abc import Sequence

import numpy as np
import pandas as pd
import plotly.graph_objects as go

from plots.palette import CLUSTER_COLORS, cluster_color


def ranking_bars(table: pd.DataFrame, *, title: str = "", x_title: str = "score",
                 top: int = 15) -> go.Figure:
    """Horizontal bars of ``table``'s ``score`` by ``feature``, the best ``top`` only, best at
    the top (the order of `explorer.features.rank_features`)."""
    missing = {"feature", "score"} - set(table.columns)
    if missing:
        raise ValueError(f"table has no column(s) {sorted(missing)}")
    shown = table.head(top).iloc[::-1]
    fig = go.Figure(go.Bar(x=shown["score"], y=shown["feature"].astype(str), orientation="h",
                           marker={"color": CLUSTER_COLORS[0]}, texttemplate="%{x:.3f}",
                           textposition="outside", cliponaxis=False))
    fig.update_layout(title=title, xaxis_title=x_title, height=120 + 28 * len(shown),
                      margin={"l": 10, "r": 20, "t": 50 if title else 20, "b": 40})
    fig.update_yaxes(type="category", automargin=True)
    return fig


def feature_by_class(x: np.ndarray, y: np.ndarray, thresholds: Sequence[float], *,
                     feature: str = "feature", title: str = "") -> go.Figure:
    """Overlaid histograms of one feature, one per class, with the one-feature classifier's
    cut points as dashed vertical lines."""
    x, y = np.asarray(x, dtype=float), np.asarray(y)
    if x.shape != y.shape:
        raise ValueError(f"x and y must have the same length, got {x.shape} and {y.shape}")
    fig = go.Figure()
    edges = np.histogram_bin_edges(x, bins=30)
    for index, label in enumerate(np.unique(y)):
        fig.add_trace(go.Histogram(x=x[y == label], name=f"class {label}", opacity=0.6,
                                   xbins={"start": edges[0], "end": edges[-1],
                                          "size": edges[1] - edges[0]},
                                   marker={"color": cluster_color(index)}))
    # The shapes add_vline would make, set at once: add_vline checks the subplot grid for
    # each line, twice the cost of the rest of the figure.
    cuts = [{"type": "line", "x0": float(cut), "x1": float(cut), "xref": "x", "y0": 0,
             "y1": 1, "yref": "y domain",
             "line": {"dash": "dash", "color": "#333333", "width": 2}} for cut in thresholds]
    fig.update_layout(shapes=cuts, barmode="overlay", title=title, xaxis_title=feature,
                      yaxis_title="points", height=380, legend_title_text="",
                      margin={"l": 40, "r": 10, "t": 50 if title else 20, "b": 40})
    return fig
