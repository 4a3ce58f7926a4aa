"""Clusters renamed after the classes they match, so that the app draws a matched cluster in
its class's colour (a teaching aid: the partition, and so every measure, is unchanged)."""

from __future__ import annotations

import numpy as np

from metrics import contingency_table
from metrics.alignment import match_clusters, noise_mask, score_noise

__all__ = ["align_labels"]


def align_labels(labels_true: object, labels_pred: object, *, noise_label: int = -1) -> np.ndarray:
    """Rename the clusters after the classes they match, for colours that agree with the truth.

    Classes are numbered ``0 .. R-1`` in sorted label order (so integer classes ``0 .. R-1``
    keep their numbers). A cluster matched to class ``i`` by
    :func:`metrics.alignment.match_clusters` (the Hungarian matching of the classification
    error, Meila 2005, Sec. 3) becomes ``i``; unmatched clusters become ``R, R+1, ...`` in
    sorted label order; noise points (``noise_label`` in labels_pred) stay ``-1`` and take no
    part in the matching.

    Parameters
    ----------
    labels_true : array-like of shape (n_samples,)
    labels_pred : array-like of shape (n_samples,)
    noise_label : int, default=-1

    Returns
    -------
    numpy.ndarray of int
        The renamed labels_pred; the partition is unchanged.

    Raises
    ------
    ValueError
        For labelings metrics refuses (missing, empty, of different lengths, NaN).

    Examples
    --------
    >>> align_labels([0, 0, 1, 1, 2], ["b", "b", "a", "a", "c"])
    array([0, 0, 1, 1, 2])
    >>> align_labels([0, 0, 1, 1], [5, 5, -1, 7])
    array([ 0,  0, -1,  1])
    """
    # Under the "cluster" policy score_noise only validates: the labelings come back as
    # metrics' arrays, with the same checks and messages as every measure's.
    true, pred = score_noise(labels_true, labels_pred, "cluster", noise_label=noise_label)
    noise = noise_mask(pred, noise_label)
    aligned = np.full(pred.size, -1, dtype=np.int64)
    if noise.all():
        return aligned
    classes = np.unique(true).tolist()
    ct = contingency_table(true[~noise], pred[~noise])
    match = match_clusters(contingency=ct)
    class_index = {label: i for i, label in enumerate(classes)}
    true_labels, pred_labels = ct.true_labels.tolist(), ct.pred_labels.tolist()
    new_name = {
        pred_labels[col]: class_index[true_labels[row]]
        for row, col in zip(match.rows.tolist(), match.cols.tolist(), strict=True)
    }
    unmatched = [label for label in pred_labels if label not in new_name]
    new_name.update({label: len(classes) + k for k, label in enumerate(unmatched)})
    aligned[~noise] = [new_name[label] for label in pred[~noise].tolist()]
    return aligned
