"""Figures of the Dimensionality lesson: the PCA scree plot and the TwoNN fit."""

import numpy as np
import pandas as pd
import plotly.graph_objects as go

from plots.palette import CLUSTER_COLORS, NOISE_COLOR


def scree_figure(spectrum: pd.DataFrame, variance: float, *, title: str = "",
                 max_components: int = 20) -> go.Figure:
    """Bars of each component's share of the variance, the cumulative share as a line, and
    the target ``variance`` as a dotted horizontal line (`explorer.dimension.pca_spectrum`)."""
    missing = {"component", "explained", "cumulative"} - set(spectrum.columns)
    if missing:
        raise ValueError(f"spectrum has no column(s) {sorted(missing)}")
    shown = spectrum.head(max_components)
    fig = go.Figure([
        go.Bar(x=shown["component"], y=shown["explained"], name="share of variance",
               marker={"color": CLUSTER_COLORS[0]}),
        go.Scatter(x=shown["component"], y=shown["cumulative"], name="cumulative",
                   mode="lines+markers", line={"color": CLUSTER_COLORS[1], "width": 3}),
    ])
    fig.add_hline(y=variance, line={"dash": "dot", "color": "#555555"},
                  annotation_text=f"{variance:.0%}", annotation_position="bottom right")
    fig.update_layout(title=title, xaxis_title="principal component",
                      yaxis_title="share of the variance", yaxis_range=[0, 1.05], height=400,
                      legend={"orientation": "h", "y": -0.2}, legend_title_text="",
                      margin={"l": 40, "r": 10, "t": 50 if title else 20, "b": 40})
    fig.update_xaxes(dtick=1)
    return fig


def twonn_figure(details: pd.DataFrame, dimension: float, *, title: str = "") -> go.Figure:
    """TwoNN's fit: -log(1 - F(mu)) against log mu for every point, the fitted share in
    colour, the discarded largest ratios in grey, and the line of slope ``dimension``
    through the origin (`explorer.dimension.intrinsic_dimension`)."""
    missing = {"log_mu", "neg_log_survival", "used"} - set(details.columns)
    if missing:
        raise ValueError(f"details has no column(s) {sorted(missing)}")
    finite = details[np.isfinite(details["neg_log_survival"])]
    fig = go.Figure()
    for used, name, color in ((True, "fitted", CLUSTER_COLORS[0]),
                              (False, "discarded (largest ratios)", NOISE_COLOR)):
        part = finite[finite["used"] == used]
        fig.add_trace(go.Scatter(x=part["log_mu"], y=part["neg_log_survival"], mode="markers",
                                 name=name, marker={"color": color, "size": 5}))
    top = float(finite.loc[finite["used"], "log_mu"].max()) if finite["used"].any() else 1.0
    fig.add_trace(go.Scatter(x=[0, top], y=[0, dimension * top], mode="lines",
                             name=f"slope d = {dimension:.2f}",
                             line={"color": CLUSTER_COLORS[3], "width": 3}))
    fig.update_layout(title=title, xaxis_title="log mu  (mu = r2 / r1)",
                      yaxis_title="-log(1 - F(mu))", height=400, legend_title_text="",
                      legend={"orientation": "h", "y": -0.2},
                      margin={"l": 40, "r": 10, "t": 50 if title else 20, "b": 40})
    return fig
