"""Several figures as panels of one: one chart box, one toolbar, one image download and,
where the panels show the same points, linked axes (a zoom in one zooms them all)."""

from __future__ import annotations

import math
from collections.abc import Sequence

import plotly.graph_objects as go
from plotly.subplots import make_subplots

from plots.framed import scrubbed_scatter, set_frames
from plots.scatter import as_classes, cluster_scatter

__all__ = ["clusters_beside_classes", "k_sweep_beside_classes", "panels"]

# Axis properties that name another axis: they follow the panel to its new axes.
_AXIS_REFS = ("scaleanchor", "matches", "overlaying")


def _renamed(ref: str | None, refs: dict[str, str]) -> str | None:
    """An axis reference (``"x"``, ``"y domain"``, ``"paper"``) of a lone figure, as the
    reference to its panel's axes."""
    if ref is None or ref == "paper":
        return ref
    axis, _, rest = ref.partition(" ")
    return " ".join(filter(None, (refs.get(axis, axis), rest)))


def panels(figures: Sequence[go.Figure], *, titles: Sequence[str] | None = None,
           columns: int | None = None, shared: bool = False,
           horizontal_spacing: float = 0.06, vertical_spacing: float = 0.12) -> go.Figure:
    """The ``figures`` as panels of one figure, in rows of ``columns``.

    Each panel keeps its traces, axes, shapes and annotations; a heat map's colour bar moves
    beside its own panel. Frames, sliders and buttons come along (a frame's trace indices
    are shifted to the panel's traces), so a framed panel still scrubs or plays in the
    browser and its frames update only its own traces. A panel whose layout hides the legend
    keeps its traces out of the shared legend. Height, margins and the figure's own title
    are left to the caller.

    Parameters
    ----------
    figures : sequence of plotly.graph_objects.Figure
        The panels, row by row.
    titles : sequence of str, optional
        A title above each panel (default: none).
    columns : int, optional
        Panels per row (default: all in one row).
    shared : bool, default=False
        Whether the panels show the same points: then every panel's axes match the first
        one's, and only the left column and the bottom row keep their axis titles.
    horizontal_spacing, vertical_spacing : float
        Space between panels, as fractions of the figure's width and height.

    Returns
    -------
    plotly.graph_objects.Figure

    Examples
    --------
    >>> a = go.Figure(go.Scatter(x=[0, 1], y=[0, 1]))
    >>> b = go.Figure(go.Scatter(x=[1, 0], y=[0, 1]), {"yaxis": {"scaleanchor": "x"}})
    >>> both = panels([a, b], titles=["a", "b"], shared=True)
    >>> [t.xaxis for t in both.data], both.layout.xaxis2.matches
    (['x', 'x2'], 'x')
    """
    figures = list(figures)
    if not figures:
        raise ValueError("panels needs at least one figure")
    columns = columns or len(figures)
    if columns < 1:
        raise ValueError(f"columns must be at least 1, got {columns!r}")
    titles = list(titles) if titles is not None else [""] * len(figures)
    if len(titles) != len(figures):
        raise ValueError(f"panels needs one title per figure, got {len(titles)} titles for "
                         f"{len(figures)} figures")
    rows = math.ceil(len(figures) / columns)
    share = "all" if shared else False
    fig = make_subplots(rows=rows, cols=columns, subplot_titles=titles,
                        shared_xaxes=share, shared_yaxes=share,
                        horizontal_spacing=horizontal_spacing,
                        vertical_spacing=vertical_spacing)
    frames, sliders, menus = [], [], []
    for i, panel in enumerate(figures):
        row, col = divmod(i, columns)
        axes = fig.get_subplot(row + 1, col + 1)
        x_name, y_name = axes.xaxis.plotly_name, axes.yaxis.plotly_name
        refs = {"x": x_name.replace("axis", ""), "y": y_name.replace("axis", "")}
        for name, axis, keep_title in ((x_name, panel.layout.xaxis, row == rows - 1 or
                                        i + columns >= len(figures)),
                                       (y_name, panel.layout.yaxis, col == 0)):
            props = axis.to_plotly_json()
            for key in ("domain", "anchor", "matches"):
                props.pop(key, None)
            for key in _AXIS_REFS:
                if key in props:
                    props[key] = _renamed(props[key], refs)
            if shared and i > 0:
                # Matched to the first panel's axes, which carry any equal-scale rule.
                props.pop("scaleanchor", None)
            if shared and not keep_title:
                props.pop("title", None)
            fig.layout[name].update(props)
        offset = len(fig.data)
        legend = panel.layout.showlegend is not False
        for trace in panel.data:
            copy = type(trace)(trace.to_plotly_json())
            if not legend:
                copy.showlegend = False
            if "colorbar" in copy and copy.showscale is not False:
                x_domain, y_domain = fig.layout[x_name].domain, fig.layout[y_name].domain
                copy.colorbar.update(x=x_domain[1] + 0.01, xanchor="left",
                                     y=sum(y_domain) / 2, yanchor="middle",
                                     len=y_domain[1] - y_domain[0])
            fig.add_trace(copy, row=row + 1, col=col + 1)
        for shape in panel.layout.shapes:
            fig.add_shape(go.layout.Shape(shape.to_plotly_json()).update(
                xref=_renamed(shape.xref or "x", refs), yref=_renamed(shape.yref or "y", refs)))
        for note in panel.layout.annotations:
            fig.add_annotation(go.layout.Annotation(note.to_plotly_json()).update(
                xref=_renamed(note.xref or "x", refs), yref=_renamed(note.yref or "y", refs)))
        # Already validated where the panel was built (validating again costs seconds).
        frames += [go.Frame({**frame.to_plotly_json(),
                             "traces": [offset + t for t in frame.traces]}, _validate=False)
                   for frame in panel.frames]
        sliders += list(panel.layout.sliders)
        menus += list(panel.layout.updatemenus)
    set_frames(fig, frames)
    return fig.update_layout(sliders=sliders, updatemenus=menus)


def _beside_classes(found: go.Figure, xy, true_labels, axis_titles, height: int) -> go.Figure:
    truth = as_classes(cluster_scatter(xy, true_labels, axis_titles=axis_titles))
    # Short panel titles: on a phone the two panels are 170 px wide each. The panels share
    # their y axis, whose labels stand at the left only: a narrow gap between them.
    pair = panels([found, truth], titles=["Clusters found", "True classes"], shared=True,
                  horizontal_spacing=0.03)
    pair.update_layout(title={"text": found.layout.title.text, "x": 0.01, "font": {"size": 16}},
                       height=height, margin={"l": 50, "r": 10, "t": 90, "b": 40},
                       font={"size": 14})
    return pair


def clusters_beside_classes(xy, true_labels, labels, title: str, axis_titles: tuple[str, str],
                            height: int) -> go.Figure:
    """The clusters ``labels`` of the points ``xy`` beside their true classes: two panels
    sharing their axes (a zoom in one zooms the other), under ``title``.

    Examples
    --------
    >>> import numpy as np
    >>> pair = clusters_beside_classes(np.array([[0.0, 0.0], [1.0, 1.0]]), [0, 1], [0, 0],
    ...                                "One cluster", ("x", "y"), 400)
    >>> pair.layout.title.text, sorted({t.name for t in pair.data})
    ('One cluster', ['class 0', 'class 1', 'cluster 0'])
    """
    found = cluster_scatter(xy, labels, axis_titles=axis_titles, title=title,
                            hover_text=[f"class {c}" for c in true_labels])
    return _beside_classes(found, xy, true_labels, axis_titles, height)


def k_sweep_beside_classes(xy, true_labels, sweep, ks: Sequence[int], active: int, titles,
                           axis_titles: tuple[str, str], height: int) -> go.Figure:
    """The clusters at each K of ``ks`` (``sweep``: their labels; a slider's frames, at
    ``active`` first) beside the true classes, as `clusters_beside_classes`.

    Examples
    --------
    >>> import numpy as np
    >>> xy = np.array([[0.0, 0.0], [1.0, 1.0]])
    >>> pair = k_sweep_beside_classes(xy, [0, 1], [np.array([0, 0]), np.array([0, 1])],
    ...                               (1, 2), 1, ["K = 1", "K = 2"], ("x", "y"), 400)
    >>> len(pair.frames), pair.layout.title.text
    (2, 'K = 2')
    """
    found = scrubbed_scatter(xy, sweep, [str(k) for k in ks], name="K", active=active,
                             titles=titles, axis_titles=axis_titles)
    return _beside_classes(found, xy, true_labels, axis_titles, height)
