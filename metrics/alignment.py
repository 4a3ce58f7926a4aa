"""Clusters matched to classes, and the ways of scoring noise points.

Two jobs the app needs before it scores or draws a clustering against the truth:

- :func:`match_clusters` pairs clusters with classes one-to-one so that as many samples as
  possible sit in a matched (class, cluster) cell, the matching behind the classification
  error (Meila 2005, Sec. 3), and behind :func:`explorer.alignment.align_labels`, the
  teaching aid that draws a matched cluster in its class's colour.
- :func:`score_noise` rewrites the noise points of a density-based clustering (label -1) in
  one of :data:`NOISE_POLICIES` before the measures see them.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from scipy.optimize import linear_sum_assignment

from metrics._docstring import fill_doc
from metrics._labels import check_pair
from metrics.contingency import resolve

__all__ = ["NOISE_POLICIES", "Matching", "match_clusters", "noise_mask", "score_noise"]

#: How noise points (label -1 in labels_pred) are scored: policy -> what it means.
NOISE_POLICIES: dict[str, str] = {
    "cluster": "All noise points together form one more cluster.",
    "singletons": "Each noise point is a cluster of its own (it agrees with no other point).",
    "exclude": "Noise points are left out: only the clustered points are scored.",
}


class Matching(NamedTuple):
    """A one-to-one matching of rows (classes) to columns (clusters) of a contingency table.

    Parameters
    ----------
    rows : ndarray of int
        Row index of each matched pair, increasing.
    cols : ndarray of int
        Column index matched to each of ``rows``.
    matched : int
        Samples in the matched cells: the largest possible sum.

    Examples
    --------
    >>> match_clusters([0, 0, 1, 1, 1], [1, 1, 0, 0, 2])
    Matching(rows=array([0, 1]), cols=array([1, 0]), matched=4)
    """

    rows: np.ndarray
    """Row index of each matched pair, increasing."""
    cols: np.ndarray
    """Column index matched to each of ``rows``."""
    matched: int
    """Samples in the matched cells, ``sum_k n_{rows[k], cols[k]}``: the largest possible."""


@fill_doc
def match_clusters(
    labels_true: object = None, labels_pred: object = None, *, contingency: object = None
) -> Matching:
    r"""Match classes to clusters one-to-one, keeping as many samples matched as possible.

    .. math:: \sigma^* = \arg\max_{\sigma} \sum_i n_{i \sigma(i)}

    over the one-to-one maps between the rows and columns of the contingency table (the
    smaller side is matched completely), the assignment problem solved by the Hungarian
    algorithm (``scipy.optimize.linear_sum_assignment``). ``1 - matched / n`` is the
    classification error of Meila (2005, Sec. 3). Ties are broken by scipy's order.

    Indices refer to the rows and columns of :func:`metrics.contingency_table` (classes and
    clusters in sorted label order) or of the table passed as ``contingency=``, whose rows
    and columns of zero sum are dropped first.

    Parameters
    ----------
    %(labels)s
    %(contingency)s

    Returns
    -------
    Matching

    Raises
    ------
    %(label_errors)s

    Examples
    --------
    >>> m = match_clusters(contingency=[[5, 1], [2, 8]])
    >>> m.cols.tolist(), m.matched   # the diagonal: 5 + 8 beats 1 + 2
    ([0, 1], 13)
    """
    ct = resolve(labels_true, labels_pred, contingency)
    table = ct.toarray()
    rows, cols = linear_sum_assignment(table, maximize=True)
    return Matching(rows, cols, int(table[rows, cols].sum()))


def score_noise(
    labels_true: object, labels_pred: object, policy: str = "cluster", *, noise_label: int = -1
) -> tuple[np.ndarray, np.ndarray]:
    """The two labelings as the measures should see them under a noise ``policy``.

    - ``"cluster"``: unchanged; the noise label is an ordinary label (the DESIGN default).
    - ``"singletons"``: each noise point gets a label of its own, used nowhere else, so it
      is apart from every other point in every pair count.
    - ``"exclude"``: noise points are removed from both labelings.

    Parameters
    ----------
    labels_true : array-like of shape (n_samples,)
    labels_pred : array-like of shape (n_samples,)
    policy : {"cluster", "singletons", "exclude"}, default="cluster"
    noise_label : int, default=-1

    Returns
    -------
    (labels_true, labels_pred) : tuple of numpy.ndarray
        Under ``"singletons"`` labels_pred is recoded to ints (clusters keep their order).

    Raises
    ------
    ValueError
        For an unknown policy, or ``"exclude"`` when every point is noise.

    Examples
    --------
    >>> score_noise([0, 0, 1, 1], [0, -1, 1, -1], "exclude")
    (array([0, 1]), array([0, 1]))
    >>> score_noise([0, 0, 1, 1], [0, -1, 1, -1], "singletons")[1]
    array([0, 2, 1, 3])
    """
    if policy not in NOISE_POLICIES:
        raise ValueError(
            f"unknown noise policy {policy!r}: use one of {', '.join(NOISE_POLICIES)}."
        )
    true, pred = check_pair(labels_true, labels_pred)
    noise = noise_mask(pred, noise_label)
    if policy == "cluster" or not noise.any():
        return true, pred
    if policy == "exclude":
        if noise.all():
            raise ValueError(
                "every point is noise, so nothing is left to score: count noise as one "
                "cluster or as singletons instead."
            )
        return true[~noise], pred[~noise]
    _, codes = np.unique(pred[~noise], return_inverse=True)
    recoded = np.empty(pred.size, dtype=np.int64)
    recoded[~noise] = codes
    start = int(codes.max()) + 1 if codes.size else 0
    recoded[noise] = np.arange(start, start + int(noise.sum()))
    return true, recoded


def noise_mask(labels: np.ndarray, noise_label: int = -1) -> np.ndarray:
    """Where ``labels`` equals the (numeric) noise label; string labels hold no noise.

    Parameters
    ----------
    labels : numpy.ndarray
        A 1-D array of labels (as :func:`score_noise` returns them).
    noise_label : int, default=-1

    Returns
    -------
    numpy.ndarray of bool

    Examples
    --------
    >>> noise_mask(np.array([0, -1, 1])).tolist()
    [False, True, False]
    >>> noise_mask(np.array(["a", "-1"])).tolist()
    [False, False]
    """
    if labels.dtype.kind in "biuf":
        return labels == noise_label
    if labels.dtype.kind == "O":
        return np.array([label == noise_label for label in labels.tolist()], dtype=bool)
    return np.zeros(labels.size, dtype=bool)
