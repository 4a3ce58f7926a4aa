"""Line and bar charts of tidy tables: one trace per group, palette colours, dashes and
symbols in order."""

import pandas as pd
import plotly.graph_objects as go

from plots.palette import CLUSTER_COLORS, cluster_color, series_line, series_marker


def line_chart(
    data: pd.DataFrame,
    x: str,
    y: str,
    *,
    group: str | None = None,
    title: str = "",
    x_title: str | None = None,
    y_title: str | None = None,
    markers: bool = True,
    band: tuple[str, str] | None = None,
    vline: float | None = None,
) -> go.Figure:
    """Lines of ``y`` against ``x``, one per value of ``group``.

    ``band=(low, high)`` shades the range between two columns around each line (e.g. a
    standard deviation); ``vline`` marks one x value (e.g. the chosen K).
    """
    missing = {c for c in (x, y, group, *(band or ())) if c is not None} - set(data.columns)
    if missing:
        raise ValueError(f"data has no column(s) {sorted(missing)}")
    groups = [(None, data)] if group is None else list(data.groupby(group, sort=False))
    fig = go.Figure()
    for index, (name, part) in enumerate(groups):
        color = cluster_color(index)
        if band is not None:
            fig.add_trace(
                go.Scatter(
                    x=list(part[x]) + list(part[x])[::-1],
                    y=list(part[band[1]]) + list(part[band[0]])[::-1],
                    fill="toself", fillcolor=color, opacity=0.15, line={"width": 0},
                    hoverinfo="skip", showlegend=False,
                )
            )
        fig.add_trace(
            go.Scatter(
                x=part[x], y=part[y], name=str(name) if name is not None else y,
                mode="lines+markers" if markers else "lines",
                line=series_line(index), marker=series_marker(index),
            )
        )
    if vline is not None:
        fig.add_vline(x=vline, line={"dash": "dot", "color": "#555555"})
    fig.update_layout(
        title=title, xaxis_title=x_title or x, yaxis_title=y_title or y, height=400,
        showlegend=group is not None, legend_title_text="",
        margin={"l": 40, "r": 10, "t": 50 if title else 30, "b": 40},
    )
    return fig


def bar_chart(
    data: pd.DataFrame, x: str, y: str, *, title: str = "", y_title: str | None = None,
    colors: list[str] | None = None, text_format: str = ".3f",
) -> go.Figure:
    """Vertical bars of ``y`` by category ``x``, each labelled with its value."""
    missing = {x, y} - set(data.columns)
    if missing:
        raise ValueError(f"data has no column(s) {sorted(missing)}")
    fig = go.Figure(
        go.Bar(
            x=data[x].astype(str), y=data[y],
            marker={"color": colors or CLUSTER_COLORS[0]},
            texttemplate="%{y:" + text_format + "}", textposition="outside",
        )
    )
    fig.update_layout(
        title=title, yaxis_title=y_title or y, xaxis_title="", height=380,
        margin={"l": 40, "r": 10, "t": 50 if title else 30, "b": 40},
    )
    return fig
