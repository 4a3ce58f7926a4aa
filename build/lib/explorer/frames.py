"""The numbers behind a chart as a tidy table: what its "Chart data (CSV)" download holds."""

import numpy as np
import pandas as pd

__all__ = ["cells_frame", "points_frame"]


def cells_frame(table, row_names, col_names) -> pd.DataFrame:
    """A table's cells in long form (row, column, count): the data of a heat map.

    Parameters
    ----------
    table : 2-D array-like of int
        The counts.
    row_names, col_names : sequence of str
        Names of the rows and columns.

    Returns
    -------
    pandas.DataFrame
        Columns row, column, count; one row per cell, row by row.

    Examples
    --------
    >>> cells_frame([[1, 2]], ["a"], ["x", "y"]).to_dict("records")
    [{'row': 'a', 'column': 'x', 'count': 1}, {'row': 'a', 'column': 'y', 'count': 2}]
    """
    return pd.DataFrame(
        [(row, col, int(table[i][j])) for i, row in enumerate(row_names)
         for j, col in enumerate(col_names)],
        columns=["row", "column", "count"],
    )


def points_frame(xy: np.ndarray, **columns) -> pd.DataFrame:
    """The points of a scatter plot (x, y and one column per keyword): its data.

    Parameters
    ----------
    xy : ndarray of shape (n, 2)
        The plotted coordinates.
    **columns : array-like of length n
        Further columns (cluster, true class, ...).

    Returns
    -------
    pandas.DataFrame
        Columns x, y, then the keywords in order.

    Examples
    --------
    >>> points_frame(np.array([[0.0, 1.0]]), cluster=[2]).to_dict("records")
    [{'x': 0.0, 'y': 1.0, 'cluster': 2}]
    """
    # One construction: each added column would rebuild the column index (a third the time).
    return pd.DataFrame({"x": xy[:, 0], "y": xy[:, 1], **columns})
