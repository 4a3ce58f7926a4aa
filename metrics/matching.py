"""Set-matching measures: clusters matched to classes."""

from __future__ import annotations

from metrics._docstring import fill_doc
from metrics.alignment import match_clusters
from metrics.contingency import resolve

__all__ = ["classification_error", "purity"]


@fill_doc
def purity(
    labels_true: object = None, labels_pred: object = None, *, contingency: object = None
) -> float:
    r"""Purity: each cluster counts the samples of its majority class (Zhao & Karypis 2001).

    .. math:: P = \frac{1}{n} \sum_j \max_i n_{ij}

    In (0, 1]; not symmetric (all singletons have purity 1).

    Parameters
    ----------
    %(labels)s
    %(contingency)s

    Returns
    -------
    float
        In (0, 1].

    Raises
    ------
    %(label_errors)s

    Examples
    --------
    >>> purity([0, 0, 1, 1], [0, 0, 0, 1])   # (2 + 1) / 4
    0.75
    """
    ct = resolve(labels_true, labels_pred, contingency)
    return int(ct.maxima(axis=0).sum()) / ct.n


@fill_doc
def classification_error(
    labels_true: object = None, labels_pred: object = None, *, contingency: object = None
) -> float:
    r"""Classification error (Meila 2005, "Comparing clusterings: an axiomatic view", Sec. 3).

    .. math:: CE = 1 - \frac{1}{n} \max_{\sigma} \sum_i n_{i \sigma(i)}

    where ``sigma`` ranges over the one-to-one matchings of classes to clusters (the smaller
    side is matched completely), found with the Hungarian algorithm
    (``scipy.optimize.linear_sum_assignment``). A distance in [0, 1); symmetric.

    Parameters
    ----------
    %(labels)s
    %(contingency)s

    Returns
    -------
    float
        In [0, 1).

    Raises
    ------
    %(label_errors)s
    ValueError
        When the dense R x C table is over ``DENSE_LIMIT_BYTES``.

    Examples
    --------
    >>> classification_error([0, 0, 1, 1], [1, 1, 0, 0])
    0.0
    >>> classification_error([0, 0, 1, 1], [0, 0, 0, 1])   # one sample off the best matching
    0.25
    """
    ct = resolve(labels_true, labels_pred, contingency)
    return 1.0 - match_clusters(contingency=ct).matched / ct.n
