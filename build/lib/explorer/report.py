"""A clustering's contingency table with the truth, arranged for reading: each cluster under
the class it is matched to (Hungarian matching, :func:`metrics.alignment.match_clusters`)."""

from typing import NamedTuple

import numpy as np
import pandas as pd

import metrics
from metrics.alignment import match_clusters

__all__ = ["MatchedTable", "classwise_frame", "matched_table"]


def class_names(labels) -> list[str]:
    """``class <label>`` for each label: a true class's name in tables and CSV files.

    Parameters
    ----------
    labels : array-like
        True class labels.

    Returns
    -------
    list of str

    Examples
    --------
    >>> class_names([0, 2])
    ['class 0', 'class 2']
    """
    return [f"class {label}" for label in np.asarray(labels).tolist()]


def cluster_names(labels, noise_named: bool = True) -> list[str]:
    """``cluster <label>`` for each label (``noise`` for -1 when ``noise_named``): the same
    name in the contingency table, a scatter's CSV and its legend.

    Parameters
    ----------
    labels : array-like
        Cluster labels (-1 for noise).
    noise_named : bool, default=True
        Call -1 ``noise`` rather than ``cluster -1``.

    Returns
    -------
    list of str

    Examples
    --------
    >>> cluster_names([1, -1]), cluster_names([-1], noise_named=False)
    (['cluster 1', 'noise'], ['cluster -1'])
    """
    return ["noise" if label == -1 and noise_named else f"cluster {label}"
            for label in np.asarray(labels).tolist()]


class MatchedTable(NamedTuple):
    """A contingency table with its columns reordered under their matched rows.

    Parameters
    ----------
    counts, rows, cols, matched, n_matched, n
        See the attributes below; built by :func:`matched_table`.

    Examples
    --------
    >>> matched_table([0, 1], [1, 0]).cols
    ['cluster 1', 'cluster 0']
    """

    counts: np.ndarray
    """The counts, classes as rows, clusters as columns (matched clusters first)."""
    rows: list[str]
    """Row names: ``class <label>``."""
    cols: list[str]
    """Column names in the new order: ``cluster <label>`` (or ``noise``)."""
    matched: list[tuple[int, int]]
    """(row, column) of the matched cells, in the new order."""
    n_matched: int
    """Points in matched cells."""
    n: int
    """All points."""


def matched_table(truth, found, *, noise_named: bool = False) -> MatchedTable:
    """The table of ``truth`` against ``found``, each matched cluster moved under its class.

    Unmatched clusters follow in their original order.

    Parameters
    ----------
    truth, found : array-like of shape (n,)
        True classes and found clusters.
    noise_named : bool, default False
        Call the cluster labelled -1 ``noise``.

    Returns
    -------
    MatchedTable

    Examples
    --------
    >>> t = matched_table([0, 0, 1, 1, 1], [5, 5, 3, 3, 5])
    >>> t.cols, t.counts.tolist(), t.n_matched
    (['cluster 5', 'cluster 3'], [[2, 0], [1, 2]], 4)
    """
    ct = metrics.contingency_table(truth, found)
    matching = match_clusters(contingency=ct)
    table = ct.toarray()
    rows = class_names(ct.true_labels)
    cols = cluster_names(ct.pred_labels, noise_named)
    order = np.concatenate(
        [matching.cols, np.setdiff1d(np.arange(table.shape[1]), matching.cols)]
    ).astype(np.intp)
    position = np.argsort(order)
    matched = [(int(r), int(position[c])) for r, c in zip(matching.rows, matching.cols,
                                                           strict=True)]
    return MatchedTable(table[:, order], rows, [cols[j] for j in order], matched,
                        int(matching.matched), ct.n)


def classwise_frame(scores: metrics.ClasswiseScores, row_names, col_names) -> pd.DataFrame:
    """One row per class (its matched cluster, precision, recall, F, size), then the
    macro and weighted averages.

    Parameters
    ----------
    scores : metrics.ClasswiseScores
        :func:`metrics.precision_recall_fscore` of the table.
    row_names, col_names : sequence of str
        Names of the table's rows (classes) and columns (clusters).

    Returns
    -------
    pandas.DataFrame
        Columns class, matched cluster ("none" when unmatched), precision, recall, F, points.

    Examples
    --------
    >>> table = matched_table([0, 0, 1, 1], [0, 0, 0, 1])
    >>> frame = classwise_frame(metrics.precision_recall_fscore(contingency=table.counts),
    ...                         table.rows, table.cols)
    >>> frame[["class", "matched cluster", "recall"]].values.tolist()[:2]
    [['class 0', 'cluster 0', 1.0], ['class 1', 'cluster 1', 0.5]]
    """
    rows = [
        {"class": row_names[i], "matched cluster": col_names[j] if j >= 0 else "none",
         "precision": scores.precision[i], "recall": scores.recall[i],
         "F": scores.fscore[i], "points": int(scores.support[i])}
        for i, j in enumerate(scores.matched.tolist())
    ]
    for name, average in (("macro average", scores.macro), ("weighted average", scores.weighted)):
        rows.append({"class": name, "matched cluster": "", "precision": average["precision"],
                     "recall": average["recall"], "F": average["fscore"],
                     "points": int(scores.support.sum())})
    return pd.DataFrame(rows)
