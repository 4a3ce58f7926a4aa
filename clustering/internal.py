"""Internal validation: how well a clustering fits the data, without any ground truth.

The indices of the course slides' "internal indexes" (Rodriguez, "Some ideas about cluster
validation"): the within-cluster sum of squares (SSE, the k-means objective) and its elbow
over K, the jump method on it (Sugar & James 2003), the F-ratio (WB index), the silhouette
(Kaufman & Rousseeuw 1990), and the Calinski-Harabasz and Davies-Bouldin indices, the last
three from scikit-learn. Noise points (label -1) belong to no cluster and are left out of
every index.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

import numpy as np
import pandas as pd
from sklearn.metrics import calinski_harabasz_score, davies_bouldin_score, silhouette_samples

from clustering.run import run
from metrics._docstring import fill_doc
from metrics.seeding import as_generator
from metrics.validation import check_integer

__all__ = [
    "MAX_SILHOUETTE_POINTS", "InternalIndices", "elbow_curve", "f_ratio", "internal_indices",
    "jump_curve", "silhouettes", "within_sse",
]


_with_clustering = fill_doc(clustering="""\
X : array-like of shape (n_samples, n_features)
labels : array-like of shape (n_samples,)
    Noise (-1) is left out.""")


class InternalIndices(NamedTuple):
    """Internal indices of one clustering; None where the index is undefined.

    Parameters
    ----------
    sse, silhouette, calinski_harabasz, davies_bouldin, f_ratio : float or None
        The five indices (see the fields).
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
    f_ratio: float | None
    """The slides' F-ratio (WB index), K SSW / SSB (lower is better); needs SSB > 0."""
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


@_with_clustering
def within_sse(X, labels) -> float:
    r"""Within-cluster sum of squares (slides: SSW; the k-means objective).

    .. math:: SSW = \sum_i \lVert x_i - c_{p(i)} \rVert^2,\quad c_l = \text{mean of cluster } l

    Parameters
    ----------
    %(clustering)s

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


@_with_clustering
def f_ratio(X, labels) -> float | None:
    r"""The F-ratio or WB index of the slides ("F-ratio variance test"): K times the
    within-cluster over the between-cluster sum of squares.

    .. math:: F = \frac{K \cdot SSW}{SSB} = \frac{K \cdot SSW}{\sigma(X) - SSW},\quad
              SSB = \sum_j n_j \lVert c_j - \bar x \rVert^2

    with :math:`\sigma(X)` the total sum of squares (SSW + SSB). Lower is better; over K it
    is minimised. Calinski-Harabasz is SSB / SSW scaled by degrees of freedom instead.

    Parameters
    ----------
    %(clustering)s

    Returns
    -------
    float or None
        None when SSB = 0 (one cluster, or every centroid at the overall mean).

    Examples
    --------
    Points 0, 2 | 10: centroids 1 and 10, mean 4; SSW = 2, SSB = 2 * 9 + 1 * 36 = 54:

    >>> f_ratio([[0.0], [2.0], [10.0]], [0, 0, 1])   # 2 * 2 / 54
    0.07407407407407407
    >>> f_ratio([[0.0], [2.0]], [0, 0]) is None
    True
    """
    X, labels = _clustered(X, labels)
    if labels.size == 0:
        return None
    ssw = within_sse(X, labels)
    mean = X.mean(axis=0)
    names, sizes = np.unique(labels, return_counts=True)
    with np.errstate(over="ignore"):
        ssb = float(sum(size * ((X[labels == name].mean(axis=0) - mean) ** 2).sum()
                        for name, size in zip(names, sizes, strict=True)))
    if not ssb > 0.0:
        return None
    return names.size * ssw / ssb


#: Above this many clustered points the silhouette is computed on a seeded random sample of
#: this size: it costs O(n^2) time and memory.
MAX_SILHOUETTE_POINTS = 4000


@_with_clustering
def silhouettes(X, labels, *, random_state: int = 0) -> tuple[np.ndarray, np.ndarray]:
    r"""Silhouette of every clustered point and its label (scikit-learn's silhouette_samples).

    .. math:: s(x) = \frac{b(x) - a(x)}{\max(a(x), b(x))}

    ``a``: mean distance to the own cluster, ``b``: smallest mean distance to another
    cluster (slides, "Silhouette coefficient"). Above :data:`MAX_SILHOUETTE_POINTS`
    clustered points, a random sample of that many (drawn with ``random_state``) is scored,
    distances taken within the sample.

    Parameters
    ----------
    %(clustering)s
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


@_with_clustering
def internal_indices(X, labels) -> InternalIndices:
    """SSE, mean silhouette, Calinski-Harabasz, Davies-Bouldin and F-ratio of one clustering.

    Parameters
    ----------
    %(clustering)s

    Returns
    -------
    InternalIndices
        None for an index undefined at this K (silhouette, Calinski-Harabasz and Davies-Bouldin
        need 2 <= K <= n - 1; the F-ratio needs SSB > 0).

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
        f_ratio=f_ratio(Xc, lc),
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


def jump_curve(curve: pd.DataFrame, n_features: int, n_samples: int) -> pd.DataFrame:
    r"""The jump method (Sugar & James 2003; the slides' "jump point of MSE") on an elbow
    curve: the jumps of the transformed distortion, largest at the chosen K.

    .. math:: J(k) = \mathrm{MSE}(k)^{-d/2} - \mathrm{MSE}(k-1)^{-d/2},\quad
              \mathrm{MSE}(0)^{-d/2} = 0

    with MSE(k) = SSE(k) / (n d), Sugar & James's distortion per dimension, and d the number
    of features (their transformation power d/2). The chosen K is the argmax of J. A
    constant factor on every MSE leaves the argmax unchanged; to stay in floating-point range
    for large d the column ``jump`` is J scaled by :math:`m^{d/2}`, m the smallest positive
    MSE of the curve (``jump`` = J exactly when m = 1).

    Parameters
    ----------
    curve : DataFrame
        :func:`elbow_curve` output (columns ``k`` and ``sse``) for K = 1, 2, ..., K_max.
    n_features : int
        d, the dimension of the data (at least 1).
    n_samples : int
        n, the number of points (at least 1).

    Returns
    -------
    DataFrame
        ``k``, ``sse``, ``mse``, ``jump`` and ``chosen`` (True at the largest jump).

    Raises
    ------
    ValueError
        If the curve's K are not 1, 2, ..., K_max, or d or n is below 1.

    Examples
    --------
    Points 0, 1, 10, 11 on a line (d = 1, n = 4): SSE 101, 1, 0.5 for K = 1, 2, 3, so
    MSE 25.25, 0.25, 0.125 and MSE^(-1/2) = 0.199, 2, 2.83; the jumps 0.199, 1.80, 0.83
    choose K = 2 (printed scaled by 0.125^(1/2)):

    >>> curve = pd.DataFrame({"k": [1, 2, 3], "sse": [101.0, 1.0, 0.5]})
    >>> out = jump_curve(curve, n_features=1, n_samples=4)
    >>> int(out.loc[out["chosen"], "k"].iloc[0])
    2
    >>> bool(abs(out["jump"].iloc[1] - (2 - 25.25 ** -0.5) * 0.125 ** 0.5) < 1e-12)
    True
    """
    ks = [int(k) for k in curve["k"]]
    if ks != list(range(1, len(ks) + 1)):
        raise ValueError(f"the jump method needs K = 1, 2, ..., K_max in order, got {ks}.")
    n_features = check_integer(n_features, "n_features", 1)
    n_samples = check_integer(n_samples, "n_samples", 1)
    out = curve[["k", "sse"]].copy()
    out["mse"] = out["sse"] / (n_samples * n_features)
    positive = out["mse"][out["mse"] > 0]
    reference = float(positive.min()) if len(positive) else 1.0
    with np.errstate(divide="ignore", over="ignore"):
        # (m_k / m_ref)^(-d/2) in logs: no overflow for large d; m_k = 0 gives inf.
        transformed = np.exp(-0.5 * n_features * np.log(out["mse"].to_numpy() / reference))
        jumps = np.diff(transformed, prepend=0.0)
    # After the distortion first reaches 0 (an infinite jump) inf - inf is no further jump.
    out["jump"] = np.where(np.isnan(jumps), 0.0, jumps)
    out["chosen"] = out.index == int(np.argmax(out["jump"].to_numpy()))
    return out
