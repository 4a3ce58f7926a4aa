"""Figures of the DBSCAN explorer: core, border and noise points, and the k-distance curve."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pandas as pd
import plotly.graph_objects as go

from plots.framed import (
    code_marker,
    color_codes,
    framed_figure,
    plane_layout,
)
from plots.palette import (
    CLUSTER_COLORS,
    NOISE_CODE,
    NOISE_COLOR,
    OUTLINE,
    POINT_LINE,
    cluster_color,
    cluster_dash,
    cluster_symbol,
    tint,
)
from plots.scatter import points_trace
from plots.tables import points_table

# Core points are large in their cluster's colour and symbol, border points smaller in its
# light tint (as in the sweep's frames), noise a grey cross; the legend's two type entries
# show a core and a border point of cluster 0.
SIZES = {"core": 10, "border": 8, "noise": 10}
# Drawing one circle per core point is readable only for small sets.
MAX_CIRCLES = 400
# Faint enough for many overlapping circles, dark enough for 3:1 on white (#808080).
CIRCLE_OPACITY = 0.5


def dbscan_figure(X: np.ndarray, labels: np.ndarray, point_types: np.ndarray, eps: float, *,
                  circles: bool = False, axis_titles: tuple[str, str] = ("x1", "x2")
                  ) -> go.Figure:
    """Points coloured and shaped by cluster, border points smaller and lighter than core
    ones, noise a grey cross.

    With ``circles``, each core point gets its eps-neighbourhood (up to 400 of them): a
    student sees why a border point belongs to a cluster and a noise point does not.
    """
    X = np.asarray(X, dtype=float)
    labels = np.asarray(labels)
    point_types = np.asarray(point_types)
    fig = go.Figure()
    if circles:
        for shape in eps_circles(X, labels, point_types, eps):
            fig.add_shape(shape)
    trace_type = points_trace(X.shape[0])
    for label in np.unique(labels):
        name = "noise" if label < 0 else f"cluster {label}"
        color = NOISE_COLOR if label < 0 else cluster_color(int(label))
        colors = {"core": color, "border": tint(color), "noise": color}
        symbol = "x" if label < 0 else cluster_symbol(int(label))
        # One trace per type, the core one in the legend (every cluster has a core point).
        for kind in SIZES:  # every point type (clustering.dbscan.POINT_TYPES), in order
            mask = (labels == label) & (point_types == kind)
            if not mask.any():
                continue
            fig.add_trace(trace_type(
                x=X[mask, 0], y=X[mask, 1], mode="markers", name=name, legendgroup=name,
                showlegend=kind != "border",
                marker={"color": colors[kind], "symbol": symbol, "size": SIZES[kind],
                        "line": POINT_LINE},
                hovertemplate=f"{kind} point<extra>{name}</extra>",
            ))
    # Legend entries for the shapes, independent of the clusters.
    for kind in ("core", "border"):
        fig.add_trace(go.Scatter(
            x=[None], y=[None], mode="markers", name=f"{kind} point", legendgroup="types",
            marker={"size": SIZES[kind] + 2, "color": tint(CLUSTER_COLORS[0])
                    if kind == "border" else CLUSTER_COLORS[0], "line": POINT_LINE},
        ))
    fig.update_layout(xaxis_title=axis_titles[0], yaxis_title=axis_titles[1], height=560,
                      font={"size": 15}, legend={"font": {"size": 14}},
                      margin={"l": 40, "r": 10, "t": 20, "b": 40})
    fig.update_yaxes(scaleanchor="x", scaleratio=1)
    return fig


SCRUB_SIZES = {"core": 9, "border": 7, "noise": 6}


def scrub_codes(labels: np.ndarray, kinds: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Colour codes (`plots.framed.CODE_COLORS`: border points light) and marker sizes of
    the points of one DBSCAN run; ``kinds`` indexes `clustering.dbscan.POINT_TYPES`."""
    kinds = np.asarray(kinds)
    sizes = np.choose(kinds, [SCRUB_SIZES[k] for k in ("core", "border", "noise")])
    return color_codes(labels, light=kinds == 1), sizes.astype(np.int8)


def _type_legend(fig: go.Figure, noise_name: str) -> None:
    """Legend entries drawing a core, a border and a noise point as the frames do (cluster
    0's colour, its tint, an open grey circle: `plots.framed.CODE_SYMBOLS`; every point has
    the dark outline)."""
    for kind, color in (("core", CLUSTER_COLORS[0]), ("border", tint(CLUSTER_COLORS[0])),
                        ("noise", NOISE_COLOR)):
        fig.add_trace(go.Scatter(x=[None], y=[None], mode="markers",
                                 name=noise_name if kind == "noise" else f"{kind} point",
                                 marker={"color": color, "size": SCRUB_SIZES[kind] + 3,
                                         "symbol": "circle-open" if kind == "noise"
                                         else "circle", "line": POINT_LINE}))


def _summary(setting: str, labels: np.ndarray, kinds: np.ndarray) -> str:
    # Short enough for two lines in presenter mode; the core and border counts stand in the
    # key numbers beside the chart.
    counts = np.bincount(kinds, minlength=3)
    found = int(labels.max()) + 1
    return f"{setting}: {found} cluster{'' if found == 1 else 's'}, {counts[2]} noise"


def dbscan_scrub_figure(X: np.ndarray, labels: np.ndarray, kinds: np.ndarray,
                        eps_labels: list[str], active: int, *,
                        circles: list[dict] | None = None,
                        axis_titles: tuple[str, str] = ("x1", "x2")) -> go.Figure:
    """DBSCAN's points at every eps of a sweep, one frame per eps and a slider over them.

    Row ``i`` of ``labels`` and ``kinds`` (`clustering.dbscan.POINT_TYPES` indices) is the
    run at ``eps_labels[i]``; the chart opens at row ``active``. Core points are solid in
    their cluster's colour, border points smaller and lighter, noise small and grey; the
    title counts them at each eps. ``circles`` (plotly shapes) are drawn at ``active`` only.
    """
    X = np.asarray(X, dtype=float)
    fig = go.Figure(points_trace(X.shape[0])(
        x=X[:, 0], y=X[:, 1], mode="markers", name="points", showlegend=False,
        marker=code_marker(),
        hovertemplate="(%{x:.3g}, %{y:.3g})<extra></extra>",
    ))
    _type_legend(fig, "noise point")
    updates, layouts = [], []
    for i, label in enumerate(eps_labels):
        codes, sizes = scrub_codes(labels[i], kinds[i])
        updates.append({0: {"marker": {"color": codes, "size": sizes}}})
        layouts.append({"title": {"text": _summary(f"eps = {label}", labels[i], kinds[i])},
                        "shapes": circles if circles and i == active else []})
    plane_layout(fig, axis_titles, 620)
    # Neighbouring eps often give the same points (22 distinct of 149 on the moons): a
    # repeated frame refers to the first.
    return framed_figure(fig, eps_labels, updates, name="eps", active=active,
                         layouts=layouts, slider_y=-0.12, reuse=True)


def with_min_samples_frames(fig: go.Figure, labels: np.ndarray, kinds: np.ndarray,
                            eps_label: str, ms_labels: list[str], active: int, *,
                            circles: list[dict] | None = None) -> go.Figure:
    """`dbscan_scrub_figure`'s chart with a second slider: DBSCAN at every min_samples of
    ``ms_labels`` at the one eps ``eps_label`` (rows of ``labels`` and ``kinds`` as there).

    Examples
    --------
    >>> X = np.array([[0.0, 0.0], [0.0, 0.1], [0.0, 0.2], [3.0, 3.0]])
    >>> labels, kinds = np.array([[0, 0, 0, -1]]), np.array([[0, 0, 0, 2]])
    >>> fig = dbscan_scrub_figure(X, labels, kinds, ["0.1"], 0)
    >>> fig = with_min_samples_frames(fig, labels, kinds, "0.1", ["2"], 0)
    >>> [s.name for s in fig.layout.sliders], fig.frames[-1].name
    (['eps', 'min_samples'], 'min_samples=2')
    """
    updates, layouts = [], []
    for i, label in enumerate(ms_labels):
        codes, sizes = scrub_codes(labels[i], kinds[i])
        updates.append({0: {"marker": {"color": codes, "size": sizes}}})
        layouts.append({"title": {"text": _summary(f"eps = {eps_label}, min_samples = {label}",
                                                   labels[i], kinds[i])},
                        "shapes": circles if circles and i == active else []})
    fig = framed_figure(fig, ms_labels, updates, name="min_samples", active=active,
                        layouts=layouts, slider_y=-0.36, reuse=True)
    fig.update_layout(height=fig.layout.height + 110, margin={"b": 150})
    return fig


def dbscan_growth_figure(X: np.ndarray, labels: np.ndarray, kinds: np.ndarray,
                         titles: Sequence[str], active: int = 0, *,
                         axis_titles: tuple[str, str] = ("x1", "x2"),
                         play_ms: int | None = None) -> go.Figure:
    """DBSCAN's clusters growing from their core points, one frame per row of ``labels``.

    A point is grey (an open circle, as noise) until the first frame where its label is a
    cluster (>= 0), then in its cluster's colour and symbol, lighter if it is a border point
    (``kinds``: `clustering.dbscan.POINT_TYPES` indices of the final run, which also size
    the points as in the sweep); the points never reached are the noise. A frame carries
    only the colour codes (and the symbols `plots.framed.framed_figure` derives from them):
    two bytes a point, and the browser's quick path draws it (a frame that showed or hid
    one trace per group of points took plotly's full redraw, seconds a frame under load).

    Parameters
    ----------
    X : ndarray of shape (n, 2)
    labels : ndarray of int, shape (n_frames, n)
        The clusters at each frame (negative: not in a cluster yet, or noise); the last row
        is the final run, whose clusters give the colours.
    kinds : ndarray of int, shape (n,)
    titles : sequence of str
        Each frame's title.
    active : int, default=0
        The frame shown first.
    axis_titles : tuple of str
    play_ms : int, optional
        With a value, Play and Pause (`plots.framed.framed_figure`).

    Returns
    -------
    plotly.graph_objects.Figure

    Examples
    --------
    >>> X = np.array([[0.0, 0.0], [1.0, 0.0], [5.0, 0.0]])
    >>> labels = np.array([[-2, -2, -2], [0, -2, -2], [0, 0, -2], [0, 0, -1]])
    >>> fig = dbscan_growth_figure(X, labels, np.array([0, 1, 2]), ["a", "b", "c", "d"])
    >>> [f.to_plotly_json()["data"][0]["marker"]["color"].tolist() for f in fig.frames]
    [[112, 112, 112], [0, 112, 112], [0, 56, 112], [0, 56, 112]]
    """
    X = np.asarray(X, dtype=float)
    labels = np.asarray(labels)
    kinds = np.asarray(kinds)
    n = X.shape[0]
    if labels.ndim != 2 or labels.shape[1] != n or kinds.shape != (n,) or len(titles) != len(
            labels):
        raise ValueError(f"labels must have shape (frames, {n}), kinds ({n},) and titles one "
                         f"per frame; got {labels.shape}, {kinds.shape} and {len(titles)}")
    final = labels[-1]
    codes, sizes = scrub_codes(final, kinds)
    fig = go.Figure(points_trace(n)(
        x=X[:, 0], y=X[:, 1], mode="markers", name="points", showlegend=False,
        marker=code_marker(size=sizes), customdata=final.astype(np.int16),
        hovertemplate="ends in cluster %{customdata} (-1: noise)<extra></extra>"))
    _type_legend(fig, "noise or not reached")
    updates = [{0: {"marker": {"color": np.where(row >= 0, codes, NOISE_CODE).astype(
        np.int8)}}} for row in labels]
    plane_layout(fig, axis_titles, 560)
    return framed_figure(fig, [str(i) for i in range(len(labels))], updates, name="step",
                         active=active, slider_y=-0.12, play_ms=play_ms,
                         layouts=[{"title": {"text": t}} for t in titles])


def eps_circles(X: np.ndarray, labels: np.ndarray, point_types: np.ndarray,
                eps: float) -> list[dict]:
    """One circle of radius eps per core point (none past `MAX_CIRCLES` core points), in the
    dark outline colour, dashed by cluster."""
    core = np.flatnonzero(np.asarray(point_types) == "core")
    if len(core) > MAX_CIRCLES:
        return []
    return [{"type": "circle", "x0": X[i, 0] - eps, "x1": X[i, 0] + eps,
             "y0": X[i, 1] - eps, "y1": X[i, 1] + eps, "opacity": CIRCLE_OPACITY,
             "layer": "below", "line": {"color": OUTLINE, "width": 1,
                                        "dash": cluster_dash(int(labels[i]))}}
            for i in core]


def _curve_mode(points: int) -> str:
    """A part of the curve with one point has no line to draw: show that point."""
    return "lines" if points > 1 else "markers"


def k_distance_figure(k_dist: np.ndarray, eps: float, min_samples: int) -> go.Figure:
    """Sorted k-distance curve (Ester et al. 1996, sect. 4.2) with the chosen eps drawn on it.

    Points at or under the line have min_samples neighbours within eps: they are core points.
    """
    k_dist = np.asarray(k_dist, dtype=float)
    rank = np.arange(1, len(k_dist) + 1)
    core = k_dist <= eps
    fig = go.Figure()
    fig.add_trace(go.Scatter(x=rank, y=k_dist, mode="lines", name="k-distance",
                             line={"color": "#555555", "width": 2}, hoverinfo="skip"))
    # Each part of the curve as one thick line, not a marker per point: two SVG paths
    # redraw at once when eps moves (2,000 markers took the browser ~0.2 s).
    fig.add_trace(go.Scatter(
        x=rank[core], y=k_dist[core], mode=_curve_mode(core.sum()), name="core (under eps)",
        line={"color": CLUSTER_COLORS[0], "width": 5}, marker={"color": CLUSTER_COLORS[0]},
        hovertemplate="point %{x}: distance %{y:.3g}<extra>core</extra>",
    ))
    fig.add_trace(go.Scatter(
        x=rank[~core], y=k_dist[~core], mode=_curve_mode((~core).sum()),
        name="not core (over eps)",
        line={"color": CLUSTER_COLORS[3], "width": 5, "dash": "dot"},
        marker={"color": CLUSTER_COLORS[3]},
        hovertemplate="point %{x}: distance %{y:.3g}<extra>not core</extra>",
    ))
    fig.add_hline(y=eps, line={"color": OUTLINE, "width": 3, "dash": "dash"},
                  annotation_text=f"eps = {eps:.3g}: {int(core.sum())} core points",
                  annotation_position="top right", annotation_font_size=15)
    fig.update_layout(
        height=330, font={"size": 14}, legend={"orientation": "h", "y": -0.3},
        xaxis_title="points, sorted by decreasing distance",
        yaxis_title=f"distance to neighbour {min_samples}",
        margin={"l": 60, "r": 10, "t": 20, "b": 40},
    )
    return fig


def dbscan_data(X: np.ndarray, labels: np.ndarray, point_types: np.ndarray) -> pd.DataFrame:
    """Tidy table of the DBSCAN view: coordinates, cluster and type of each point."""
    return points_table(X, labels, point_type=point_types)


def k_distance_data(k_dist: np.ndarray, eps: float) -> pd.DataFrame:
    """Tidy table of the sorted k-distance curve and whether each point is core at eps."""
    k_dist = np.asarray(k_dist, dtype=float)
    return pd.DataFrame({"rank": np.arange(1, len(k_dist) + 1), "k_distance": k_dist,
                         "core": k_dist <= eps})
