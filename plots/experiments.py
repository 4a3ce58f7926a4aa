"""Figures of the paper reproductions: one builder per figure kind of ``experiments``.

Every builder takes the tidy DataFrame an experiment returns and gives a ``go.Figure``;
:func:`experiment_figure` picks the builder from the experiment's ``figure`` kind.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pandas as pd
import plotly.graph_objects as go
from plotly.offline import get_plotlyjs
from plotly.subplots import make_subplots

from metrics import MEASURES
from plots.framed import framed_figure
from plots.layout import place_legend, wrap_title
from plots.palette import CLUSTER_COLORS, series_line, series_marker

__all__ = [
    "baseline_bands",
    "consensus_curves",
    "experiment_figure",
    "failure_bars",
    "marked_lines",
    "measure_lines",
    "model_bars",
    "rank_chart",
    "rank_scatter",
    "table_figure",
    "timing_lines",
    "value_bars",
]

FONT = dict(size=16)
PUBLISHED_COLOR = "#666666"


def _color(i: int) -> str:
    return CLUSTER_COLORS[i % len(CLUSTER_COLORS)]


def _rgba(hex_color: str, alpha: float) -> str:
    r, g, b = (int(hex_color[i:i + 2], 16) for i in (1, 3, 5))
    return f"rgba({r},{g},{b},{alpha})"


def _label(key: str) -> str:
    """The registry label of a measure key (the key itself when it is not registered)."""
    measure = MEASURES.get(key)
    return f"{measure.label} ({key})" if measure else key


def _layout(fig: go.Figure, title: str, height: int = 520) -> go.Figure:
    fig.update_layout(
        title=wrap_title(title), font=FONT, height=height, template="plotly_white",
        margin=dict(t=110, b=80),
    )
    return place_legend(fig)


def _panels(df: pd.DataFrame, facet: Sequence[str]) -> list[tuple[str, pd.DataFrame]]:
    facet = [c for c in facet if c in df.columns]
    if not facet:
        return [("", df)]
    return [
        (", ".join(f"{c} = {v}" for c, v in zip(facet, key if isinstance(key, tuple) else
                                                  (key,), strict=True)), part)
        for key, part in df.groupby(facet if len(facet) > 1 else facet[0], sort=True)
    ]


def measure_lines(
    df: pd.DataFrame,
    *,
    x: str,
    facet: Sequence[str] = (),
    title: str = "",
    band: bool = True,
    log_x: bool = False,
) -> go.Figure:
    """Mean of each measure against a parameter, one line per measure and a +-1 std band.

    ``df`` has columns ``measure, mean, std`` and ``x``; one panel per value of ``facet``.
    """
    panels = _panels(df, facet)
    fig = make_subplots(rows=1, cols=len(panels), subplot_titles=[p for p, _ in panels],
                        shared_yaxes=True)
    measures = list(dict.fromkeys(df["measure"]))
    for col, (_, part) in enumerate(panels, start=1):
        for i, name in enumerate(measures):
            line = part[part["measure"] == name].sort_values(x)
            color = _color(i)
            if band and "std" in line and line["std"].notna().any():
                fig.add_trace(go.Scatter(
                    x=list(line[x]) + list(line[x])[::-1],
                    y=list(line["mean"] + line["std"]) + list(line["mean"] - line["std"])[::-1],
                    fill="toself", fillcolor=_rgba(color, 0.15), line=dict(width=0),
                    hoverinfo="skip", showlegend=False, legendgroup=name,
                ), row=1, col=col)
            fig.add_trace(go.Scatter(
                x=line[x], y=line["mean"], mode="lines+markers", name=_label(name),
                line=series_line(i), marker=series_marker(i), legendgroup=name,
                showlegend=col == 1,
            ), row=1, col=col)
        fig.update_xaxes(title_text=x, type="log" if log_x else None, row=1, col=col)
    fig.update_yaxes(title_text="mean value", row=1, col=1)
    return _layout(fig, title)


def marked_lines(fig: go.Figure, df: pd.DataFrame, *, x: str, facet: Sequence[str] = (),
                 active: int = 0, name: str = "K") -> go.Figure:
    """`measure_lines`' figure ``fig`` of ``df`` with a marker at one value of ``x`` on every
    curve, labelled with the curve's mean there, and a slider moving it over every value
    (one frame per value: the browser moves the markers, the server is not asked).

    Parameters
    ----------
    fig : plotly.graph_objects.Figure
        The figure `measure_lines` drew from ``df``, ``x`` and ``facet``.
    df : pandas.DataFrame
        Columns ``measure, mean`` and ``x`` (and the ``facet`` columns).
    x : str
        The column the slider moves along.
    facet : sequence of str
        The panels' columns, as given to `measure_lines`.
    active : int, default=0
        Index into the sorted values of ``x`` marked first.
    name : str, default="K"
        The slider's name.

    Returns
    -------
    plotly.graph_objects.Figure
        A new figure with one marker trace per panel.

    Examples
    --------
    >>> df = pd.DataFrame({"K": [2, 3, 2, 3], "measure": ["ri", "ri", "ari", "ari"],
    ...                    "mean": [0.5, 0.6, 0.0, 0.01], "std": 0.0})
    >>> fig = marked_lines(measure_lines(df, x="K"), df, x="K", active=1)
    >>> list(fig.data[-1].y), [f.name for f in fig.frames]
    ([0.6, 0.01], ['K=2', 'K=3'])
    """
    values = sorted(df[x].unique())
    panels = _panels(df, facet)
    measures = list(dict.fromkeys(df["measure"]))
    base = go.Figure(fig)
    first = len(base.data)
    for col in range(1, len(panels) + 1):
        base.add_trace(go.Scatter(
            x=[], y=[], mode="markers", showlegend=False, cliponaxis=False,
            marker=dict(size=14, color="rgba(0,0,0,0)", line=dict(width=3, color="black")),
            hovertemplate="%{text}<extra></extra>"), row=1, col=col)
    title = base.layout.title.text or ""
    updates, layouts = [], []
    for value in values:
        update, lines = {}, []
        for t, (panel, part) in enumerate(panels, start=first):
            at = part[part[x] == value].set_index("measure")["mean"]
            names = [m for m in measures if m in at.index]
            text = [f"{m} {at[m]:.3f}" for m in names]
            update[t] = {"x": [value] * len(names), "y": [float(at[m]) for m in names],
                         "text": text}
            # Three values a line, so the subtitle fits a projected chart's width.
            rows = [", ".join(text[i:i + 3]) for i in range(0, len(text), 3)]
            lines.append((f"{panel}: " if panel else "") + "<br>".join(rows))
        updates.append(update)
        # Written under the title: overlapping curves (the adjusted ones at 0) hide text
        # placed beside the markers.
        layouts.append({"title": {"text": f"{title}<br><sub>{x} = {value:g}: "
                                          + "<br>".join(lines) + "</sub>"}})
    base.update_layout(margin=dict(b=150, t=130 + 18 * len(panels)))
    return framed_figure(base, [f"{v:g}" for v in values], updates, name=name,
                         active=active, layouts=layouts, slider_y=-0.18)


def consensus_curves(df: pd.DataFrame, *, title: str = "", columns: int = 4) -> go.Figure:
    """Consensus Index against K, one panel per dataset (Vinh et al. 2009, Sec. 3).

    ``df`` has columns ``dataset, k_true, generation, K, measure, random_model, ci, best``.
    One colour per measure (and random model), one dash per generation; a star marks K* of
    each curve and a dotted line the dataset's true K.
    """
    datasets = list(dict.fromkeys(df["dataset"]))
    rows = -(-len(datasets) // columns)
    fig = make_subplots(rows=rows, cols=min(columns, len(datasets)), subplot_titles=datasets,
                        vertical_spacing=min(0.2, 0.4 / rows))
    curves = list(dict.fromkeys(zip(df["measure"], df["random_model"], strict=True)))
    dashes = {g: d for g, d in zip(dict.fromkeys(df["generation"]),
                                   ("solid", "dash", "dot"), strict=False)}
    shown: set[str] = set()
    for p, name in enumerate(datasets):
        row, col = divmod(p, columns)
        part = df[df["dataset"] == name]
        for i, (measure, model) in enumerate(curves):
            for generation, dash in dashes.items():
                line = part[(part["measure"] == measure) & (part["random_model"] == model)
                            & (part["generation"] == generation)].sort_values("K")
                if line.empty:
                    continue
                label = _label(measure) + ("" if model == "none" else f", {model}")
                group = f"{label}, {generation}"
                fig.add_trace(go.Scatter(
                    x=line["K"], y=line["ci"], mode="lines", name=group, legendgroup=group,
                    line=dict(color=_color(i), width=3, dash=dash),
                    showlegend=group not in shown,
                ), row=row + 1, col=col + 1)
                shown.add(group)
                best = line[line["best"]]
                fig.add_trace(go.Scatter(
                    x=best["K"], y=best["ci"], mode="markers", legendgroup=group,
                    marker=dict(symbol="star", size=16, color=_color(i)), showlegend=False,
                    hovertemplate=f"K* = %{{x}}<br>{group}<extra></extra>",
                ), row=row + 1, col=col + 1)
        k_true = part["k_true"].dropna()
        if len(k_true):
            fig.add_vline(x=int(k_true.iloc[0]), line=dict(dash="dot", color=PUBLISHED_COLOR),
                          row=row + 1, col=col + 1)
    fig.update_xaxes(title_text="K", dtick=1)
    fig.update_yaxes(title_text="CI", col=1)
    return _layout(fig, title + "<br><sup>star: K* = argmax CI; dotted: true K</sup>",
                   height=260 + 300 * rows)


def model_bars(df: pd.DataFrame, *, x: str, title: str = "") -> go.Figure:
    """Monte Carlo mean (+- std) per ``x`` and random model, one panel per measure, with the
    exact expectation as a diamond (Gates & Ahn Sec. 6.3).

    ``df`` has columns ``measure, random_model, mean, std, expected`` and ``x``.
    """
    measures = list(dict.fromkeys(df["measure"]))
    fig = make_subplots(rows=1, cols=len(measures), subplot_titles=[_label(m) for m in measures])
    for col, measure in enumerate(measures, start=1):
        part = df[df["measure"] == measure]
        for i, (model, rows) in enumerate(part.groupby("random_model", sort=False)):
            fig.add_trace(go.Bar(
                x=rows[x], y=rows["mean"], name=f"{model}: Monte Carlo mean",
                marker_color=_color(i), error_y=dict(type="data", array=rows["std"]),
                legendgroup=model, showlegend=col == 1, offsetgroup=model,
            ), row=1, col=col)
            fig.add_trace(go.Scatter(
                x=rows[x], y=rows["expected"], mode="markers", name=f"{model}: expected",
                marker=dict(symbol="diamond", size=14, color="black",
                            line=dict(color=_color(i), width=3)),
                legendgroup=model, showlegend=col == 1, offsetgroup=model,
            ), row=1, col=col)
        fig.update_xaxes(title_text=x, row=1, col=col)
    fig.update_layout(barmode="group", scattermode="group")
    fig.update_yaxes(title_text="adjusted score of random pairs", row=1, col=1)
    return _layout(fig, title)


def baseline_bands(df: pd.DataFrame, *, title: str = "") -> go.Figure:
    """A clustering's score against K per random model (lines) and the random baseline's
    mean +- 2 sd (bands), one panel per measure (Gates & Ahn Sec. 6.4)."""
    measures = list(dict.fromkeys(df["measure"]))
    fig = make_subplots(rows=1, cols=len(measures), subplot_titles=[_label(m) for m in measures],
                        shared_yaxes=True)
    for col, measure in enumerate(measures, start=1):
        part = df[df["measure"] == measure]
        for i, (model, rows) in enumerate(part.groupby("random_model", sort=False)):
            rows = rows.sort_values("K")
            color = _color(i)
            low = rows["baseline_mean"] - 2 * rows["baseline_std"]
            high = rows["baseline_mean"] + 2 * rows["baseline_std"]
            fig.add_trace(go.Scatter(
                x=list(rows["K"]) + list(rows["K"])[::-1], y=list(high) + list(low)[::-1],
                fill="toself", fillcolor=_rgba(color, 0.25), line=dict(width=0),
                name=f"{model}: random baseline +- 2 sd", legendgroup=f"{model} band",
                showlegend=col == 1, hoverinfo="skip",
            ), row=1, col=col)
            fig.add_trace(go.Scatter(
                x=rows["K"], y=rows["value"], mode="lines", name=f"{model}: the cut",
                line=series_line(i), legendgroup=model, showlegend=col == 1,
                customdata=rows[["z", "verdict"]],
                hovertemplate="K = %{x}<br>score %{y:.3f}<br>z = %{customdata[0]:.1f}: "
                              "%{customdata[1]}<extra>" + model + "</extra>",
            ), row=1, col=col)
        fig.update_xaxes(title_text="K (clusters of the cut)", row=1, col=col)
    fig.update_yaxes(title_text="adjusted similarity to the reference", row=1, col=1)
    return _layout(fig, title)


def failure_bars(df: pd.DataFrame, *, title: str = "") -> go.Figure:
    """Failure counts per measure (rows) and property (columns), ours with the paper's in
    brackets; cells where the two differ are outlined by their colour (Dom Table 5)."""
    properties = list(dict.fromkeys(df["property"]))
    measures = list(dict.fromkeys(df["measure"]))
    table = df.pivot(index="measure", columns="property", values="failures").reindex(
        index=measures, columns=properties)
    published = (df.pivot(index="measure", columns="property", values="published")
                 .reindex(index=measures, columns=properties)) if "published" in df else None
    text = [[
        f"{table.iloc[i, j]}" + ("" if published is None else f" ({published.iloc[i, j]})")
        for j in range(len(properties))] for i in range(len(measures))]
    agree = None if published is None else (table.to_numpy() == published.to_numpy())
    fig = go.Figure(go.Heatmap(
        z=table.to_numpy(), x=properties, y=[_label(m) for m in measures], text=text,
        texttemplate="%{text}", textfont=dict(size=20), colorscale="Blues", showscale=False,
        hovertemplate="%{y}, %{x}: %{text}<extra></extra>",
    ))
    if agree is not None:
        for i, j in zip(*((~agree).nonzero()), strict=True):
            fig.add_shape(type="rect", x0=j - 0.5, x1=j + 0.5, y0=i - 0.5, y1=i + 0.5,
                          line=dict(color=CLUSTER_COLORS[3], width=4))
    fig.update_yaxes(autorange="reversed")
    fig.update_xaxes(side="top")
    caption = "ours (paper's count in brackets); outlined: ours differs"
    return _layout(fig, f"{title}<br><sup>{caption}</sup>" if title else caption)


def rank_scatter(df: pd.DataFrame, *, x: str = "rank_q2", y: str = "rank",
                 title: str = "") -> go.Figure:
    """Rank (or value) of each measure against Q2's, one panel per measure (Dom Figs. 3-7)."""
    measures = list(dict.fromkeys(df["measure"]))
    fig = make_subplots(rows=1, cols=len(measures), subplot_titles=measures,
                        shared_yaxes=True)
    for col, name in enumerate(measures, start=1):
        part = df[df["measure"] == name]
        fig.add_trace(go.Scatter(x=part[x], y=part[y], mode="markers", name=_label(name),
                                 marker=dict(size=4, color=_color(col - 1)),
                                 showlegend=False), row=1, col=col)
        fig.update_xaxes(title_text=x, row=1, col=col)
    fig.update_yaxes(title_text=y, row=1, col=1)
    return _layout(fig, title, height=420)


def rank_chart(df: pd.DataFrame, *, title: str = "") -> go.Figure:
    """Rank of each item (line) under each scoring (x), as a bump chart (Gates & Ahn Fig. 1)."""
    scorings = list(dict.fromkeys(df["scoring"]))
    fig = go.Figure()
    for i, (item, part) in enumerate(df.groupby("item", sort=False)):
        part = part.set_index("scoring").reindex(scorings)
        fig.add_trace(go.Scatter(
            x=scorings, y=part["rank"], mode="lines+markers", name=str(item),
            line=series_line(i), marker=series_marker(i, size=12),
            customdata=part["value"], hovertemplate="%{x}<br>rank %{y}<br>value %{customdata:.4f}",
        ))
    fig.update_yaxes(title_text="rank (1 = most similar)", autorange="reversed", dtick=1)
    fig.update_xaxes(tickangle=-45)
    return _layout(fig, title, height=640)


def value_bars(df: pd.DataFrame, *, x: str, y: str, error: str | None = None,
               published: str | None = None, title: str = "") -> go.Figure:
    """Bars of ``y`` per ``x`` (with error bars), beside the paper's values when given.

    When every value lies in (0.5, 1] the axis starts just below the smallest, so that
    differences of a percent stay visible.
    """
    labels = df[x].astype(str)
    fig = go.Figure(go.Bar(
        x=labels, y=df[y], name="ours", marker_color=_color(0),
        error_y=dict(type="data", array=df[error]) if error else None,
    ))
    values = df[y].dropna()
    if published and published in df and df[published].notna().any():
        spread = df.get(f"{published}_std")
        fig.add_trace(go.Bar(
            x=labels, y=df[published], name="paper", marker_color=PUBLISHED_COLOR,
            error_y=dict(type="data", array=spread) if spread is not None else None,
        ))
        values = pd.concat([values, df[published].dropna()])
    if len(values) and values.min() > 0.5 and values.max() <= 1.0:
        fig.update_yaxes(range=[max(0.0, values.min() - 0.05), 1.0])
    fig.update_layout(barmode="group")
    fig.update_yaxes(title_text=y)
    fig.update_xaxes(title_text=x)
    return _layout(fig, title)


def timing_lines(df: pd.DataFrame, *, title: str = "") -> go.Figure:
    """Computation time against n, log-log, one line per method (mean +- std)."""
    fig = go.Figure()
    for i, (method, part) in enumerate(df.groupby("method", sort=False)):
        fig.add_trace(go.Scatter(
            x=part["n"], y=part["mean"], mode="lines+markers", name=str(method),
            error_y=dict(type="data", array=part["std"]), line=series_line(i),
            marker=series_marker(i),
        ))
    fig.update_xaxes(type="log", title_text="n (samples)")
    fig.update_yaxes(type="log", title_text="seconds per call")
    return _layout(fig, title)


def table_figure(df: pd.DataFrame, *, title: str = "") -> go.Figure:
    """A plain table of the DataFrame."""
    fig = go.Figure(go.Table(
        header=dict(values=list(df.columns), font=FONT, align="left"),
        cells=dict(values=[df[c].map(_fmt) for c in df.columns], font=FONT, align="left",
                   height=32),
    ))
    return _layout(fig, title, height=120 + 34 * len(df))


def _fmt(value: Any) -> str:
    if isinstance(value, float):
        return f"{value:.4g}"
    return str(value)


def experiment_figure(kind: str, df: pd.DataFrame, *, title: str = "",
                      **options: Any) -> go.Figure:
    """The figure of an experiment's result, by its figure kind and options."""
    if kind == "lines":
        return measure_lines(df, title=title, **options)
    if kind == "consensus":
        return consensus_curves(df, title=title, **options)
    if kind == "model_bars":
        return model_bars(df, title=title, **options)
    if kind == "baseline":
        return baseline_bands(df, title=title)
    if kind == "failures":
        return failure_bars(df, title=title)
    if kind == "scatter":
        return rank_scatter(df, title=title, **options)
    if kind == "ranks":
        return rank_chart(df, title=title)
    if kind == "bars":
        return value_bars(df, title=title, **options)
    if kind == "timing":
        return timing_lines(df, title=title)
    if kind in ("table", "pairs"):
        return table_figure(df, title=title)
    raise ValueError(f"unknown figure kind {kind!r}.")


#: The file name under which a folder of figures shares plotly.js (see :func:`shared_html`).
PLOTLY_JS = "plotly.min.js"


def shared_html(figure: go.Figure) -> str:
    """The figure as an HTML page loading plotly.js from ``plotly.min.js`` beside it.

    The command line writes that file once per output folder (:func:`plotly_js`), so each
    NAME.html is a few hundred kB instead of 4.8 MB.
    """
    return figure.to_html(include_plotlyjs="directory", full_html=True)


def plotly_js() -> str:
    """The plotly.js bundle of the installed plotly, the content of ``plotly.min.js``."""
    return get_plotlyjs()


def standalone_html(figure: go.Figure) -> str:
    """The figure as one self-contained HTML page, plotly.js inlined.

    The app's "Figure (HTML)" download and the command line's NAME.html are this same text.
    """
    return figure.to_html(include_plotlyjs=True, full_html=True)
