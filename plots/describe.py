"""Text alternatives of charts, made from the figure's own data (WCAG 2.1, 1.1.1).

`chart_summary` gives a chart's one-line summary (its title, what kind of chart, how many
points in how many clusters and their sizes, the other series); `chart_table` gives the
drawn data as a table. Both read only the figure, so that every chart of the app gets them
the same way (`ui.export` shows them). A framed figure (`plots.framed`) also keeps one summary
per frame in ``layout.meta["frame_summaries"]``, which the page announces as the slider or an
animation moves (`ui.chart_alt`).
"""

from __future__ import annotations

import html
import re
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import pandas as pd
import plotly.graph_objects as go

from plots.palette import CODED_CLUSTERS, NOISE_CODE

__all__ = ["FRAME_SUMMARIES", "chart_summary", "chart_table", "cluster_phrase", "counted",
           "frame_summaries", "merged", "summarize", "summarize_frames"]

# The key of ``layout.meta`` holding a framed figure's summary of each frame, by frame name.
FRAME_SUMMARIES = "frame_summaries"
# Past this many series the summary names the first ones and counts the rest.
MAX_SERIES = 6
_CLUSTER_TRACE = re.compile(r"^(cluster|class) (-?\d+)$")
_BREAK = re.compile(r"<br\s*/?>", re.IGNORECASE)
_TAG, _SPACES = re.compile(r"<[^>]*>"), re.compile(r"\s+")


def plain(text: Any) -> str:
    """``text`` of a plotly title without its markup: line breaks as spaces, tags dropped,
    entities decoded.

    Examples
    --------
    >>> plain("K = 3<br><sup>ARI <b>0.91</b></sup> &amp; more")
    'K = 3 ARI 0.91 & more'
    """
    if not text:
        return ""
    text = html.unescape(_TAG.sub("", _BREAK.sub(" ", str(text))))
    return _SPACES.sub(" ", text).strip()


def counted(n: int, noun: str) -> str:
    """``n`` and ``noun``, in the plural unless ``n`` is 1 (a title's "1 cluster").

    Examples
    --------
    >>> counted(1, "cluster"), counted(3, "cluster"), counted(0, "point")
    ('1 cluster', '3 clusters', '0 points')
    """
    return f"{n} {noun}{'s' * (n != 1)}"


def _number_list(values: Sequence[int]) -> str:
    values = [str(v) for v in values]
    return values[0] if len(values) == 1 else ", ".join(values[:-1]) + " and " + values[-1]


def cluster_phrase(sizes: Mapping[int, int], noise: int = 0) -> str:
    """How many points in how many clusters of which sizes (clusters in label order).

    Examples
    --------
    >>> cluster_phrase({0: 120, 1: 100, 2: 80}, noise=5)
    '305 points: 3 clusters of 120, 100 and 80 points, 5 grey (noise or not assigned)'
    >>> cluster_phrase({0: 4}), cluster_phrase({}, noise=2)
    ('4 points: 1 cluster of 4 points', '2 points, all grey (noise or not assigned)')
    """
    total = sum(sizes.values()) + noise
    k = len(sizes)
    if not k:
        return f"{counted(total, 'point')}, all grey (noise or not assigned)"
    text = f"{counted(total, 'point')}: {counted(k, 'cluster')}"
    text += f" of {_number_list([sizes[c] for c in sorted(sizes)])} points"
    if noise:
        text += f", {noise} grey (noise or not assigned)"
    return text


def _array(value: Any) -> np.ndarray | None:
    """``value`` as a 1-D array, or None for a scalar or nothing."""
    if value is None or isinstance(value, (str, bytes, Mapping)):
        return None
    array = np.asarray(value)
    return array if array.ndim == 1 else None


def _count(trace: Mapping[str, Any]) -> int:
    """How many values ``trace`` draws (a heat map: its cells)."""
    if trace.get("z") is not None:
        return int(np.asarray(trace["z"], dtype=object).size)
    for key in ("x", "y", "values"):
        values = _array(trace.get(key))
        if values is not None:
            # Only object arrays hold the None of a legend-only trace.
            return int(sum(v is not None for v in values.tolist()) if values.dtype == object
                       else len(values))
    return 0


def _codes(trace: Mapping[str, Any]) -> np.ndarray | None:
    """The colour codes (`plots.framed.color_codes`) of a coded trace's points, else None."""
    marker = trace.get("marker") or {}
    codes = _array(marker.get("color"))
    if codes is None or codes.dtype.kind not in "iu" or marker.get("cmin") != -0.5:
        return None
    return codes


# What a trace of each kind draws, for n values; several traces of one series.
_KINDS = {"points": "{n} point{s}", "line": "line of {n} point{s}", "bars": "{n} bar{s}",
          "heat map": "heat map of {n} cell{s}", "histogram": "histogram of {n} value{s}"}
_PLURALS = {"points": "sets of points", "line": "lines", "bars": "sets of bars",
            "heat map": "heat maps", "histogram": "histograms"}
_UNITS = {"points": "points", "line": "points", "bars": "bars", "heat map": "cells",
          "histogram": "values"}


def _kind(trace: Mapping[str, Any]) -> str:
    kind = trace.get("type", "scatter")
    if kind in ("scatter", "scattergl"):
        return "line" if "lines" in (trace.get("mode") or "markers") else "points"
    return {"bar": "bars", "heatmap": "heat map", "histogram": "histogram"}.get(kind, "points")


def _series_phrase(name: str, kind: str, counts: list[int]) -> str:
    """What a series draws: ``counts`` values in each of its traces (one name and kind)."""
    n = sum(counts)
    what = _KINDS[kind].format(n=n, s="s" * (n != 1))
    if len(counts) > 1:
        what = f"{len(counts)} {_PLURALS[kind]}, {n} {_UNITS[kind]} in all"
    return f"{name}: {what}" if name else what


def summarize(traces: Sequence[Mapping[str, Any]], layout: Mapping[str, Any]) -> str:
    """The one-line summary of a chart given as plotly JSON (`chart_summary` of a figure).

    Parameters
    ----------
    traces : sequence of mappings
        The traces (``trace.to_plotly_json()``; numpy arrays or lists).
    layout : mapping
        The layout's ``title`` and axes (``{"title": {"text": ...}, "xaxis": ...}``).

    Returns
    -------
    str
        "Title. Chart of x2 against x1. 300 points: 3 clusters of ...; centres: 3
        points." Clusters are counted from traces named "cluster k" or "class k" (one per
        cluster) and from colour codes (`plots.framed.color_codes`: one trace for all).

    Examples
    --------
    >>> text = summarize(
    ...     [{"type": "scatter", "mode": "markers", "name": "cluster 0", "x": [1, 2]},
    ...      {"type": "scatter", "mode": "markers", "name": "cluster 1", "x": [3]},
    ...      {"type": "scatter", "mode": "lines", "name": "fit", "x": [0, 9]}],
    ...     {"title": {"text": "<b>K = 2</b>"}, "xaxis": {"title": {"text": "x1"}},
    ...      "yaxis": {"title": {"text": "x2"}}})
    >>> for part in text.split(". ", 2): print(part)
    K = 2
    Chart of x2 against x1
    3 points: 2 clusters of 2 and 1 points; fit: line of 2 points.
    """
    sizes: dict[int, int] = {}
    noise = 0
    series: dict[tuple[str, str], list[int]] = {}  # (name, kind) -> values of each trace
    for trace in traces:
        n = _count(trace)
        name = plain(trace.get("name"))
        codes = _codes(trace)
        # Unnamed traces outside the legend are decorations (a centre's trail, a casing).
        if n == 0 or trace.get("visible") is False or (
                codes is None and not name and trace.get("showlegend") is False):
            continue
        named = _CLUSTER_TRACE.match(name)
        if codes is not None:
            noise += int((codes == NOISE_CODE).sum())
            for code, size in zip(*np.unique(codes[codes != NOISE_CODE] % CODED_CLUSTERS,
                                             return_counts=True), strict=True):
                sizes[int(code)] = sizes.get(int(code), 0) + int(size)
        elif named:
            label = int(named.group(2))
            if label < 0:
                noise += n
            else:
                sizes[label] = sizes.get(label, 0) + n
        elif name == "noise":
            noise += n
        else:
            series.setdefault((name, _kind(trace)), []).append(n)
    parts = [_series_phrase(name, kind, counts) for (name, kind), counts in series.items()]
    if sizes or noise:
        parts.insert(0, cluster_phrase(sizes, noise))
    if len(parts) > MAX_SERIES:
        parts = [*parts[:MAX_SERIES], f"and {len(parts) - MAX_SERIES} more series"]
    title = plain((layout.get("title") or {}).get("text")).rstrip(".")
    axes = [plain(((layout.get(axis) or {}).get("title") or {}).get("text"))
            for axis in ("yaxis", "xaxis")]
    what = "Chart" + (f" of {axes[0]} against {axes[1]}" if all(axes) else "")
    body = f"{what}. {'; '.join(parts)}." if parts else f"{what}, empty."
    return f"{title}. {body}" if title else body


def _light(trace) -> dict[str, Any]:
    """What `summarize` reads of a plotly trace object, without copying its data
    (``to_plotly_json`` deep-copies every array)."""
    marker = trace.marker if "marker" in trace else None
    # Not every trace type has every key (a table has no legend, no x).
    return {"type": trace.type,
            **{key: trace[key] for key in ("name", "visible", "showlegend", "mode", "x", "y",
                                           "z", "values") if key in trace},
            "marker": {} if marker is None or "cmin" not in marker else {
                "color": marker.color, "cmin": marker.cmin}}


def _title_layout(layout) -> dict[str, Any]:
    """The parts of a figure's layout `summarize` reads, as plain values."""
    return {key: {"title": {"text": layout[key].title.text}} for key in ("xaxis", "yaxis")} | {
        "title": {"text": layout.title.text}}


def chart_summary(fig: go.Figure) -> str:
    """The one-line summary of ``fig`` as drawn (a framed figure: its active frame).

    Examples
    --------
    >>> from plots.scatter import cluster_scatter
    >>> chart_summary(cluster_scatter(np.zeros((3, 2)), [0, 0, 1], title="Demo"))
    'Demo. Chart of x2 against x1. 3 points: 2 clusters of 2 and 1 points.'
    """
    return summarize([_light(trace) for trace in fig.data], _title_layout(fig.layout))


def summarize_frames(fig: go.Figure, names: Sequence[str],
                     updates: Sequence[Mapping[int, Mapping[str, Any]]],
                     layouts: Sequence[Mapping[str, Any]] | None) -> dict[str, str]:
    """The summary of each frame ``names[i]`` of ``fig`` (as drawn before any frame),
    its traces updated by ``updates[i]`` and its title by ``layouts[i]`` (see
    `plots.framed.framed_figure`).

    Examples
    --------
    >>> fig = go.Figure(go.Scatter(x=[0, 1], y=[0, 1], mode="markers", name="cluster 0"))
    >>> summarize_frames(fig, ["a"], [{0: {"x": [0, 1, 2]}}], [{"title": {"text": "t"}}])
    {'a': 't. Chart. 3 points: 1 cluster of 3 points.'}
    """
    traces = [_light(trace) for trace in fig.data]
    layout = _title_layout(fig.layout)
    summaries = {}
    for i, name in enumerate(names):
        update = updates[i]
        shown = [merged(trace, update[t]) if t in update else trace
                 for t, trace in enumerate(traces)]
        title = (layouts[i] if layouts is not None else {}).get("title")
        summaries[name] = summarize(shown, layout | ({"title": title} if title else {}))
    return summaries


def merged(trace: Mapping[str, Any], update: Mapping[str, Any]) -> dict[str, Any]:
    """``trace`` with ``update`` written into it, nested dictionaries merged key by key (as
    plotly applies a frame to a trace).

    Examples
    --------
    >>> merged({"marker": {"size": 8, "color": 0}}, {"marker": {"color": 1}, "x": [0]})
    {'marker': {'size': 8, 'color': 1}, 'x': [0]}
    """
    out = dict(trace)
    for key, value in update.items():
        if isinstance(value, Mapping) and isinstance(out.get(key), Mapping):
            out[key] = merged(out[key], value)
        else:
            out[key] = value
    return out


def frame_summaries(fig: go.Figure) -> dict[str, str]:
    """The summary of each frame of a framed figure, by frame name (empty for others).

    Examples
    --------
    >>> frame_summaries(go.Figure())
    {}
    """
    meta = fig.layout.meta
    return dict(meta.get(FRAME_SUMMARIES, {})) if isinstance(meta, Mapping) else {}


def chart_table(fig: go.Figure) -> pd.DataFrame:
    """The data ``fig`` draws, one row a value: series, x, y (a heat map: its cells' value
    too; coded points: their cluster, -1 for grey).

    Examples
    --------
    >>> chart_table(go.Figure(go.Bar(x=["a", "b"], y=[1, 2], name="n"))).to_dict("list")
    {'series': ['n', 'n'], 'x': ['a', 'b'], 'y': [1, 2]}
    """
    tables = []
    for trace in fig.data:
        data = _light(trace)
        name = plain(data.get("name")) or _kind(data)
        if data.get("z") is not None:
            z = np.asarray(data["z"], dtype=float)
            if z.ndim != 2:
                continue
            rows, cols = np.indices(z.shape)
            x, y = data.get("x"), data.get("y")
            tables.append(pd.DataFrame({
                "series": name,
                "x": np.asarray(x)[cols.ravel()] if x is not None else cols.ravel(),
                "y": np.asarray(y)[rows.ravel()] if y is not None else rows.ravel(),
                "value": z.ravel()}))
            continue
        x, y = _array(data.get("x")), _array(data.get("y"))
        if x is None and y is None:
            continue
        n = len(x) if x is not None else len(y)
        table = pd.DataFrame({"series": [name] * n,
                              "x": x if x is not None else np.arange(n),
                              "y": y if y is not None else np.arange(n)})
        codes = _codes(data)
        if codes is not None and len(codes) == n:
            table["cluster"] = pd.array(np.where(codes == NOISE_CODE, -1, codes % CODED_CLUSTERS),
                                        dtype="Int64")
        tables.append(table.dropna(subset=["x", "y"], how="all"))
    if not tables:
        return pd.DataFrame({"series": [], "x": [], "y": []})
    return pd.concat(tables, ignore_index=True)
