"""Heat map of a contingency table: classes down, clusters across, counts in the cells."""

from collections.abc import Sequence

import numpy as np
import plotly.graph_objects as go

# White for empty cells, rising through the palette's blue: readable on a projector.
_SCALE = [[0.0, "#FFFFFF"], [1.0, "#0072B2"]]


def contingency_heatmap(
    counts: np.ndarray,
    row_names: Sequence[str],
    col_names: Sequence[str],
    *,
    title: str = "",
    row_title: str = "true class",
    col_title: str = "predicted cluster",
    matched: Sequence[tuple[int, int]] = (),
) -> go.Figure:
    """Annotated heat map of ``counts`` (rows = classes, columns = clusters).

    Parameters
    ----------
    counts : array of shape (R, C)
        Non-negative counts.
    row_names, col_names : sequences of str
        Tick labels of the rows and columns.
    matched : sequence of (row, col)
        Cells to outline (the class-cluster matching), drawn as boxes.
    """
    counts = np.asarray(counts)
    if counts.ndim != 2:
        raise ValueError(f"counts must be a 2-D table, got shape {counts.shape}")
    if (len(row_names), len(col_names)) != counts.shape:
        raise ValueError(
            f"need {counts.shape[0]} row names and {counts.shape[1]} column names, got "
            f"{len(row_names)} and {len(col_names)}"
        )
    rows, cols = [str(r) for r in row_names], [str(c) for c in col_names]
    peak = counts.max() if counts.size else 0
    fig = go.Figure(
        go.Heatmap(
            z=counts,
            x=cols,
            y=rows,
            colorscale=_SCALE,
            zmin=0,
            zmax=max(int(peak), 1),
            text=counts,
            texttemplate="%{text}",
            textfont={"size": 16},
            hovertemplate=(
                f"{row_title} %{{y}}<br>{col_title} %{{x}}<br>count %{{z}}<extra></extra>"
            ),
            colorbar={"title": "count"},
        )
    )
    for row, col in matched:
        fig.add_shape(
            type="rect", x0=col - 0.5, x1=col + 0.5, y0=row - 0.5, y1=row + 0.5,
            line={"color": "#D55E00", "width": 3},
        )
    fig.update_layout(
        title=title,
        xaxis_title=col_title,
        yaxis_title=row_title,
        height=max(300, 130 + 48 * len(rows)),
        # The column labels sit on top, under the title: leave room for both.
        title_y=0.98 if title else None,
        margin={"l": 40, "r": 10, "t": 110 if title else 70, "b": 20},
    )
    fig.update_xaxes(type="category", side="top")
    fig.update_yaxes(type="category", autorange="reversed")
    return fig
