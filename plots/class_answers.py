"""The numbers a class typed for a numeric question: their histogram, the true value marked."""

from collections.abc import Sequence

import numpy as np
import plotly.graph_objects as go

MAX_BINS = 20
BAR_COLOR = "#7f7f7f"
TRUTH_COLOR = "#2ca02c"


def answers_histogram(
    values: Sequence[float], truth: float, *, title: str = "The class's answers",
    max_bins: int = MAX_BINS,
) -> go.Figure:
    """A histogram of the class's numeric answers with a vertical line at the true value.

    The bins span the answers and the true value together (so the line is always on the
    axis); their number follows NumPy's ``"auto"`` rule, at most ``max_bins``. Bin i holds
    the answers in ``[edge_i, edge_{i+1})``, the last bin also its right edge.

    Parameters
    ----------
    values : sequence of float
        The answers (finite numbers; may be empty: then only the true value is marked).
    truth : float
        The true answer.
    title : str, default="The class's answers"
        The figure's title (plain text: escape user text before passing it).
    max_bins : int, default=20
        The largest number of bins.

    Returns
    -------
    plotly.graph_objects.Figure
        One bar trace (the counts, each bar labelled with its count) and a line at ``truth``.

    Raises
    ------
    ValueError
        If a value or ``truth`` is not finite, or ``max_bins`` is below 1.

    Examples
    --------
    >>> fig = answers_histogram([0.1, 0.4, 0.45, 0.5], 0.488)
    >>> int(sum(fig.data[0].y))
    4
    >>> fig.layout.shapes[0].x0
    0.488
    """
    data = np.asarray(list(values), dtype=float)
    if not np.isfinite(data).all() or not np.isfinite(truth):
        raise ValueError("answers and the true value must be finite numbers")
    if max_bins < 1:
        raise ValueError(f"max_bins must be at least 1, got {max_bins}")
    span = np.append(data, truth)
    low, high = float(span.min()), float(span.max())
    if low == high:  # one value only: a bin of width 1 around it
        low, high = low - 0.5, high + 0.5
    bins = min(max_bins, len(np.histogram_bin_edges(span, bins="auto", range=(low, high))) - 1)
    counts, edges = np.histogram(data, bins=max(bins, 1), range=(low, high))
    centres = (edges[:-1] + edges[1:]) / 2
    labels = [f"{a:.4g} to {b:.4g}" for a, b in zip(edges[:-1], edges[1:], strict=True)]
    fig = go.Figure(go.Bar(
        x=centres, y=counts, width=np.diff(edges) * 0.95, customdata=labels,
        marker={"color": BAR_COLOR}, texttemplate="%{y:d}", textposition="outside",
        hovertemplate="%{customdata}: %{y} answers<extra></extra>", name="answers"))
    fig.add_vline(x=truth, line={"color": TRUTH_COLOR, "width": 4},
                  annotation={"text": f"true value {truth:.4g}", "font": {"color": TRUTH_COLOR}})
    fig.update_layout(
        title=title, xaxis_title="answer", yaxis_title="answers", height=380, bargap=0,
        showlegend=False, margin={"l": 40, "r": 10, "t": 50 if title else 30, "b": 40})
    return fig
