"""Internal validation: how well a clustering fits the data, without any ground truth.

The indices of the course slides' "internal indexes" (Rodriguez, "Some ideas about cluster
validation"): the within-cluster sum of squares (SSE, the k-means objective) and its elbow
over K, the silhouette (Kaufman & Rousseeuw 1990), and the Calinski-Harabasz and
Davies-Bouldin indices, the last three from scikit-learn. Noise points (label -1) belong to
no cluster and are left out of every index.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

import numpy as np
import pandas as pd
from sklearn.metrics import calinski_harabasz_score, davies_bouldin_score, silhouette_samples

from clustering.run import run
from metrics.seeding import as_generator

__all__ = [
    "MAX_SILHOUETTE_POINTS", "InternalIndices", "elbow_curve", "internal_indices", "silhouettes",
    "within_sse",
]


class InternalIndices(NamedTuple):
    """Internal indices of one clustering; None where the index is undefined.

    Parameters
    ----------
    sse, silhouette, calinski_harabasz, davies_bouldin : float or None
        The four indices (see the fields).
    n_scored : int
        Points scored (noise excluded).
    n_clusters : int
        Clusters among them.

    Examples
    --------
    >>> import numpy as np
    >>> X = np.array([[0.0], [1.0], [10.0], [11.0]])
    >>> internal_indices(X, [0, 0, 1, 1]).sse
    1.0
    """

    sse: float
    """Within-cluster sum of squared distances to the centroids (lower is tighter)."""
    silhouette: float | None
    """Mean silhouette in [-1, 1] (higher is better); needs 2 <= K <= n - 1."""
    calinski_harabasz: float | None
    """Between- over within-cluster dispersion, scaled by degrees of freedom (higher is better)."""
    davies_bouldin: float | None
    """Mean worst-case ratio of spreads to centroid distances (lower is better)."""
    n_scored: int
    """Points scored (noise excluded)."""
    n_clusters: int
    """Clusters among them."""


def _clustered(X, labels) -> tuple[np.ndarray, np.ndarray]:
    X = np.asarray(X, dtype=float)
    labels = np.asarray(labels)
    if X.ndim != 2 or labels.shape != (X.shape[0],):
        raise ValueError(
            f"X must be (n_samples, n_features) and labels must have one entry per row, got "
            f"X {X.shape} and labels {labels.shape}."
        )
    keep = labels != -1
    return X[keep], labels[keep]


def within_sse(X, labels) -> float:
    r"""Within-cluster sum of squares (slides: SSW; the k-means objective).

    .. math:: SSW = \sum_i \lVert x_i - c_{p(i)} \rVert^2,\quad c_l = \text{mean of cluster } l

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
    labels : array-like of shape (n_samples,)
        Noise (-1) is left out.

    Returns
    -------
    float
        inf when the squares overflow (extreme uploaded values).

    Examples
    --------
    >>> within_sse([[0.0], [2.0], [10.0]], [0, 0, 1])   # (0-1)^2 + (2-1)^2 + 0
    2.0
    """
    X, labels = _clustered(X, labels)
    total = 0.0
    # Features near the float64 limit overflow to inf, which is the honest value to report.
    with np.errstate(over="ignore"):
        for label in np.unique(labels):
            members = X[labels == label]
            total += float(((members - members.mean(axis=0)) ** 2).sum())
    return total


#: Above this many clustered points the silhouette is computed on a seeded random sample of
#: this size: it costs O(n^2) time and memory.
MAX_SILHOUETTE_POINTS = 4000


def silhouettes(X, labels, *, random_state: int = 0) -> tuple[np.ndarray, np.ndarray]:
    r"""Silhouette of every clustered point and its label (scikit-learn's silhouette_samples).

    .. math:: s(x) = \frac{b(x) - a(x)}{\max(a(x), b(x))}

    ``a``: mean distance to the own cluster, ``b``: smallest mean distance to another
    cluster (slides, "Silhouette coefficient"). Above :data:`MAX_SILHOUETTE_POINTS`
    clustered points, a random sample of that many (drawn with ``random_state``) is scored,
    distances taken within the sample.

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
    labels : array-like of shape (n_samples,)
        Noise (-1) is left out.
    random_state : int, default=0
        Seed of the subsample above ``MAX_SILHOUETTE_POINTS`` points.

    Returns
    -------
    values : ndarray
        Silhouette of each scored point.
    labels : ndarray
        Its cluster.

    Raises
    ------
    ValueError
        Unless 2 <= K <= n - 1 among the clustered points.

    Examples
    --------
    >>> import numpy as np
    >>> values, labels = silhouettes(np.array([[0.0], [1.0], [10.0]]), [0, 0, 1])
    >>> values   # a = 1, b = 10 then 9; the singleton scores 0
    array([0.9       , 0.88888889, 0.        ])
    """
    X, labels = _clustered(X, labels)
    if labels.size > MAX_SILHOUETTE_POINTS:
        rng = as_generator(random_state)
        sample = np.sort(rng.choice(labels.size, MAX_SILHOUETTE_POINTS, replace=False))
        X, labels = X[sample], labels[sample]
    k = np.unique(labels).size
    if not 2 <= k <= labels.size - 1:
        raise ValueError(
            f"the silhouette needs between 2 and n - 1 clusters, got {k} cluster(s) among "
            f"{labels.size} clustered points."
        )
    return silhouette_samples(X, labels), labels


def internal_indices(X, labels) -> InternalIndices:
    """SSE, mean silhouette, Calinski-Harabasz and Davies-Bouldin of one clustering.

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
    labels : array-like of shape (n_samples,)
        Noise (-1) is left out.

    Returns
    -------
    InternalIndices
        None for an index undefined at this K (silhouette, Calinski-Harabasz and Davies-Bouldin
        need 2 <= K <= n - 1).

    Examples
    --------
    >>> import numpy as np
    >>> X = np.array([[0.0], [1.0], [10.0], [11.0]])
    >>> scores = internal_indices(X, [0, 0, 1, 1])
    >>> round(scores.silhouette, 4), scores.n_clusters   # mean of 1 - 1/10.5 and 1 - 1/9.5
    (0.8997, 2)
    """
    Xc, lc = _clustered(X, labels)
    k = np.unique(lc).size
    defined = lc.size > 0 and 2 <= k <= lc.size - 1
    return InternalIndices(
        sse=within_sse(Xc, lc) if lc.size else 0.0,
        silhouette=float(silhouettes(Xc, lc)[0].mean()) if defined else None,
        calinski_harabasz=float(calinski_harabasz_score(Xc, lc)) if defined else None,
        davies_bouldin=float(davies_bouldin_score(Xc, lc)) if defined else None,
        n_scored=int(lc.size),
        n_clusters=int(k),
    )


def elbow_curve(X, ks: Iterable[int], *, random_state: int = 0) -> pd.DataFrame:
    """SSE of the registry's k-means for each K: the "scree test" of the slides.

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
    ks : iterable of int
        The values of K.
    random_state : int, default=0

    Returns
    -------
    DataFrame
        Columns ``k`` and ``sse``.

    Examples
    --------
    >>> import numpy as np
    >>> X = np.array([[0.0], [1.0], [10.0], [11.0]])
    >>> elbow_curve(X, [1, 2])["sse"].round(6).tolist()   # 2 (5.5^2 + 4.5^2), then 4 (0.5^2)
    [101.0, 1.0]
    """
    X = np.asarray(X, dtype=float)
    rows = []
    for k in ks:
        if 1 <= k <= X.shape[0]:
            labels = run("kmeans", X, random_state=random_state, n_clusters=int(k)).labels
            rows.append({"k": int(k), "sse": within_sse(X, labels)})
    return pd.DataFrame(rows, columns=["k", "sse"])
