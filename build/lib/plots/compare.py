"""Figures of "Compare algorithms": gallery panels and the parameter-grid heat map."""

from __future__ import annotations

import numpy as np
import pandas as pd
import plotly.graph_objects as go

from plots.scatter import cluster_scatter

GRID_VALUES = {"ari": "ARI", "ami": "AMI", "n_clusters": "number of clusters"}


def panel_figure(xy: np.ndarray, labels: np.ndarray, axis_titles: tuple[str, str], *,
                 height: int = 300, legend: bool = False, equal_scales: bool = True
                 ) -> go.Figure:
    """A compact cluster scatter (a gallery panel).

    With ``equal_scales`` a unit is as long on both axes and the plot shrinks to fit; without,
    the points fill the panel, as in a gallery of small multiples.
    """
    fig = cluster_scatter(xy, labels, axis_titles=axis_titles)
    fig.update_layout(height=height, showlegend=legend, font={"size": 13},
                      margin={"l": 30, "r": 5, "t": 5, "b": 30})
    fig.update_traces(marker={"size": 6 if height < 400 else 8})
    if equal_scales:
        fig.update_xaxes(constrain="domain")
        fig.update_yaxes(constrain="domain")
    else:
        fig.update_yaxes(scaleanchor=None)
    return fig


def _label(value: float) -> str:
    return f"{value:.3g}"


def grid_heatmap(grid: pd.DataFrame, value: str, axes: tuple[str, str],
                 selected: tuple[float, float] | None = None) -> go.Figure:
    """Heat map of ``value`` over the grid's ``row`` x ``col`` parameters, one number per cell.

    An invisible marker sits on every cell so that a click selects it (plotly heat maps are
    not selectable themselves); ``selected = (row, col)`` is outlined.
    """
    if value not in GRID_VALUES:
        raise ValueError(f"value must be one of {', '.join(GRID_VALUES)}, got {value!r}")
    table = grid.pivot(index="row", columns="col", values=value)
    xs = [_label(c) for c in table.columns]
    ys = [_label(r) for r in table.index]
    z = table.to_numpy()
    is_score = value != "n_clusters"
    fig = go.Figure(go.Heatmap(
        x=xs, y=ys, z=z, colorscale="Viridis",
        zmin=min(0.0, float(np.nanmin(z))) if is_score else None, zmax=1.0 if is_score else None,
        text=[[f"{v:.2f}" if is_score else f"{int(v)}" for v in row] for row in z],
        texttemplate="%{text}", textfont={"size": 13},
        colorbar={"title": {"text": GRID_VALUES[value]}}, hoverinfo="skip",
    ))
    cells = grid.assign(x=grid["col"].map(_label), y=grid["row"].map(_label))
    # Hover and clicks go to these markers: a click on a cell selects its marker.
    fig.add_trace(go.Scatter(
        x=cells["x"], y=cells["y"], mode="markers", name="cells", showlegend=False,
        marker={"symbol": "square", "size": 30, "color": "rgba(255,255,255,0.01)"},
        customdata=cells[value],
        hovertemplate=f"{axes[1]} = %{{x}}<br>{axes[0]} = %{{y}}<br>"
                      f"{GRID_VALUES[value]} = %{{customdata:.3g}}<br>click to see it"
                      "<extra></extra>",
    ))
    if selected is not None:
        fig.add_trace(go.Scatter(
            x=[_label(selected[1])], y=[_label(selected[0])], mode="markers", showlegend=False,
            marker={"symbol": "square-open", "size": 34, "color": "#D55E00",
                    "line": {"width": 4}}, hoverinfo="skip", name="selected",
        ))
    fig.update_layout(
        height=420, font={"size": 14}, xaxis_title=axes[1], yaxis_title=axes[0],
        xaxis={"type": "category"}, yaxis={"type": "category"}, clickmode="event+select",
        margin={"l": 60, "r": 10, "t": 10, "b": 50},
    )
    return fig
