"""Precision, recall and F per true class, once each class is matched to one cluster.

Supervised validation (Rodriguez, clustering course slides, "Cluster validation": apples and
oranges; the land-use confusion matrix Forest / Indust. / Urban / Water) scores a classifier
class by class. A clustering has no class names, so each class is first paired with one
cluster by the Hungarian matching of :func:`metrics.alignment.match_clusters`; then the
matched cluster plays the part of the predicted class.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from metrics._docstring import fill_doc
from metrics.alignment import match_clusters
from metrics.contingency import resolve
from metrics.validation import check_real

__all__ = ["ClasswiseScores", "precision_recall_fscore"]


@dataclass(frozen=True)
class ClasswiseScores:
    """Precision, recall and F of every true class, with their macro and weighted averages.

    The arrays have one entry per row of the contingency table (per class, in sorted label
    order, or per row of the table given as ``contingency=``, rows of zero sum left out).
    Made by :func:`precision_recall_fscore`.

    Parameters
    ----------
    classes : numpy.ndarray
        Each row's class label (for a bare table: the row's index in that table).
    precision, recall, fscore : numpy.ndarray of float
        Per class; 0 for a class matched to no cluster.
    support : numpy.ndarray of int
        Samples in each class, ``a_i``.
    matched : numpy.ndarray of int
        Column of the contingency table matched to each class, -1 for none.
    clusters : numpy.ndarray
        Each column's cluster label (for a bare table: the column's index), so
        ``clusters[matched[i]]`` names the cluster matched to class ``i``.
    macro : dict[str, float]
        ``precision``, ``recall``, ``fscore`` averaged over the classes with equal weights.
    weighted : dict[str, float]
        The same averages weighted by the class sizes ``a_i / n``.
    beta : float
        The ``beta`` of the F score.

    Examples
    --------
    >>> scores = precision_recall_fscore(["a", "a", "b"], [0, 0, 0])
    >>> scores.classes.tolist(), scores.matched.tolist(), scores.recall.tolist()
    (['a', 'b'], [0, -1], [1.0, 0.0])
    """

    classes: np.ndarray
    precision: np.ndarray
    recall: np.ndarray
    fscore: np.ndarray
    support: np.ndarray
    matched: np.ndarray
    clusters: np.ndarray
    macro: dict[str, float]
    weighted: dict[str, float]
    beta: float


@fill_doc
def precision_recall_fscore(
    labels_true: object = None,
    labels_pred: object = None,
    *,
    contingency: object = None,
    beta: float = 1.0,
) -> ClasswiseScores:
    """Precision, recall and F_beta of each true class against its matched cluster.

    Class ``i`` (size ``a_i``) is matched one-to-one to cluster ``j = sigma(i)`` (size ``b_j``)
    so that the matched cells hold as many samples as possible (Hungarian algorithm, as in
    :func:`metrics.alignment.match_clusters`); then

    .. math::

        P_i = \\frac{n_{ij}}{b_j}, \\qquad R_i = \\frac{n_{ij}}{a_i}, \\qquad
        F_{\\beta,i} = \\frac{(1 + \\beta^2) P_i R_i}{\\beta^2 P_i + R_i}

    (slides, "Cluster validation": oranges P = 5/5, R = 5/7; apples P = 3/5, R = 3/3). When
    there are more classes than clusters the unmatched classes get ``matched = -1`` and
    P = R = F = 0; clusters left unmatched count against the recall of no class (their
    samples are simply not found). F is 0 when P + R = 0. The macro averages weigh every
    class alike, the weighted ones by ``a_i / n``; F's average is the average of the per-class
    F, as in scikit-learn's ``precision_recall_fscore_support``.

    Parameters
    ----------
    %(labels)s
    %(contingency)s
    beta : float, default 1.0
        Weight of recall against precision; ``beta > 0``, finite.

    Returns
    -------
    ClasswiseScores

    Raises
    ------
    %(label_errors)s
    ValueError
        When ``beta`` is not a positive finite number.

    Examples
    --------
    The slides' apples and oranges: 7 oranges and 3 apples; one cluster holds 5 oranges, the
    other 3 apples and 2 oranges.

    >>> scores = precision_recall_fscore(contingency=[[5, 2], [0, 3]])
    >>> [round(p, 2) for p in scores.precision.tolist()], scores.recall.round(2).tolist()
    ([1.0, 0.6], [0.71, 1.0])
    >>> scores.matched.tolist(), round(scores.macro["fscore"], 4)
    ([0, 1], 0.7917)
    """
    beta = check_real(beta, "beta", 0, low_open=True)
    ct = resolve(labels_true, labels_pred, contingency)
    table = ct.toarray()
    matching = match_clusters(contingency=ct)
    n_classes = table.shape[0]
    matched = np.full(n_classes, -1, dtype=np.int64)
    matched[matching.rows] = matching.cols
    hits = np.zeros(n_classes, dtype=np.int64)
    hits[matching.rows] = table[matching.rows, matching.cols]
    sizes = np.zeros(n_classes, dtype=np.int64)
    sizes[matching.rows] = ct.col_sums[matching.cols]
    precision = np.divide(hits, sizes, out=np.zeros(n_classes), where=sizes > 0)
    recall = hits / ct.row_sums
    b2 = float(beta) ** 2
    denominator = b2 * precision + recall
    fscore = np.divide(
        (1 + b2) * precision * recall, denominator, out=np.zeros(n_classes),
        where=denominator > 0,
    )
    weights = ct.row_sums / ct.n
    parts = {"precision": precision, "recall": recall, "fscore": fscore}
    classes, clusters = _axis_labels(ct, contingency)
    return ClasswiseScores(
        classes=classes,
        precision=precision,
        recall=recall,
        fscore=fscore,
        support=ct.row_sums.copy(),
        matched=matched,
        clusters=clusters,
        macro={name: float(values.mean()) for name, values in parts.items()},
        weighted={name: float(values @ weights) for name, values in parts.items()},
        beta=float(beta),
    )


def _axis_labels(ct, contingency) -> tuple[np.ndarray, np.ndarray]:
    """Row and column labels; for a bare table, the indices of its non-empty rows/columns."""
    if ct.true_labels is not None:
        return ct.true_labels, ct.pred_labels
    given = getattr(contingency, "counts", contingency)
    table = given.toarray() if hasattr(given, "toarray") else np.asarray(given)
    return np.flatnonzero(table.sum(axis=1) > 0), np.flatnonzero(table.sum(axis=0) > 0)
