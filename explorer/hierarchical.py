"""Where to draw the cut line of a dendrogram."""

from __future__ import annotations

import numpy as np

from metrics.validation import check_integer


def is_monotone(Z: np.ndarray) -> bool:
    """True when merge heights never decrease (always, except centroid and median linkages).

    Parameters
    ----------
    Z : ndarray of shape (n - 1, 4)
        A scipy linkage matrix.

    Returns
    -------
    bool

    Examples
    --------
    >>> from scipy.cluster.hierarchy import linkage
    >>> is_monotone(linkage([[0.0], [1.0], [3.0]], "single"))
    True
    """
    return bool(np.all(np.diff(np.asarray(Z)[:, 2]) >= 0))


def cut_height(Z: np.ndarray, n_clusters: int) -> float:
    """A height whose horizontal line crosses the dendrogram in ``n_clusters`` branches.

    Keeping the first n - K merges of the linkage matrix Z gives K clusters; the line is drawn
    half-way between the last merge kept and the first merge undone (above the root for
    K = 1, half-way to the first merge for K = n). For linkages whose heights can decrease
    (centroid, median) the line is only indicative: see `is_monotone`.

    Parameters
    ----------
    Z : ndarray of shape (n - 1, 4)
        A scipy linkage matrix.
    n_clusters : int
        In [1, n].

    Returns
    -------
    float

    Raises
    ------
    ValueError
        When ``n_clusters`` is outside [1, n].

    Examples
    --------
    >>> from scipy.cluster.hierarchy import linkage
    >>> Z = linkage([[0.0], [1.0], [3.0]], "single")   # merges at heights 1 and 2
    >>> cut_height(Z, 2), cut_height(Z, 3)
    (1.5, 0.5)
    """
    Z = np.asarray(Z, dtype=float)
    n = Z.shape[0] + 1
    check_integer(n_clusters, "n_clusters", 1, n)
    heights = Z[:, 2]
    if n_clusters == 1:
        return float(heights.max() * 1.05) if heights.max() > 0 else 1.0
    undone = heights[n - n_clusters]
    kept = heights[n - n_clusters - 1] if n_clusters < n else 0.0
    return float((kept + undone) / 2)


def clusters_below(Z: np.ndarray, height: float) -> int:
    """Number of clusters left when every merge at or above ``height`` is undone.

    Parameters
    ----------
    Z : ndarray of shape (n - 1, 4)
        A scipy linkage matrix.
    height : float

    Returns
    -------
    int

    Examples
    --------
    >>> from scipy.cluster.hierarchy import linkage
    >>> clusters_below(linkage([[0.0], [1.0], [3.0]], "single"), 1.5)
    2
    """
    return int(np.count_nonzero(np.asarray(Z)[:, 2] >= height)) + 1
