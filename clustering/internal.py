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
    """Internal indices of one clustering; None where the index is undefined."""

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
    """Within-cluster sum of squares (slides: SSW; the k-means objective).

    .. math:: SSW = \\sum_i \\lVert x_i - c_{p(i)} \\rVert^2,\\quad c_l = \\text{mean of cluster } l
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
    """Silhouette of every clustered point and its label (scikit-learn's silhouette_samples).

    .. math:: s(x) = \\frac{b(x) - a(x)}{\\max(a(x), b(x))}

    ``a``: mean distance to the own cluster, ``b``: smallest mean distance to another
    cluster (slides, "Silhouette coefficient"). Raises ValueError unless 2 <= K <= n - 1.
    Above :data:`MAX_SILHOUETTE_POINTS` clustered points, a random sample of that many
    (drawn with ``random_state``) is scored, distances taken within the sample.
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
    """SSE, mean silhouette, Calinski-Harabasz and Davies-Bouldin of one clustering."""
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

    Returns a DataFrame with columns ``k`` and ``sse``.
    """
    X = np.asarray(X, dtype=float)
    rows = []
    for k in ks:
        if 1 <= k <= X.shape[0]:
            labels = run("kmeans", X, random_state=random_state, n_clusters=int(k)).labels
            rows.append({"k": int(k), "sse": within_sse(X, labels)})
    return pd.DataFrame(rows, columns=["k", "sse"])
