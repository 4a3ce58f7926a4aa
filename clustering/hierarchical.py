"""Agglomerative hierarchical clustering on fastcluster's linkages, with a dendrogram matrix."""

from __future__ import annotations

import fastcluster
import numpy as np
from scipy.spatial.distance import pdist, squareform
from sklearn.base import BaseEstimator, ClusterMixin
from sklearn.utils.validation import validate_data

from clustering._blocks import check_metric
from clustering._forest import forest_roots
from metrics.validation import check_choice, check_integer, check_real

LINKAGES = ("single", "complete", "average", "weighted", "centroid", "median", "ward")
# Lance-Williams updates of these three are only valid for Euclidean distances.
EUCLIDEAN_ONLY = ("centroid", "median", "ward")
# Metrics for which fastcluster's single linkage from the points (a minimum spanning tree,
# O(n) memory) computes the same distances as scipy's pdist.
VECTOR_SINGLE_METRICS = ("euclidean", "sqeuclidean", "cityblock", "cosine", "correlation",
                         "canberra", "braycurtis")


def cut_tree(Z: np.ndarray, n_clusters: int) -> np.ndarray:
    """Labels after the first n - n_clusters merges of the linkage matrix ``Z``.

    Replaying merges (rather than cutting at a height) is what scikit-learn does, and it
    stays correct for centroid and median linkages, whose merge heights may decrease.
    Clusters are numbered from 0 in order of their first point.

    Parameters
    ----------
    Z : ndarray of shape (n - 1, 4)
        A linkage matrix (scipy's format).
    n_clusters : int
        In [1, n].

    Returns
    -------
    ndarray of int, shape (n,)

    Examples
    --------
    >>> from scipy.cluster.hierarchy import linkage
    >>> cut_tree(linkage([[0.0], [1.0], [5.0], [6.0]], "single"), 2)
    array([0, 0, 1, 1])
    """
    n = Z.shape[0] + 1
    steps = n - n_clusters
    # parent[v]: the node made by the merge that takes node v (merge s makes node n + s); the
    # last node is merged by none.
    parent = np.empty(2 * n - 1, dtype=np.intp)
    parent[Z[:, :2].astype(np.intp).ravel()] = np.repeat(np.arange(n, 2 * n - 1), 2)
    parent[-1] = 2 * n - 1
    # A cluster is a node that none of the first merges takes (its root). Roots, and the
    # nodes above them, point to themselves (pointer jumping: a graph's connected components
    # took 2-3x as long at n = 1,000-5,000).
    node = np.arange(2 * n - 1)
    root = forest_roots(np.where(parent < n + steps, parent, node))[:n]
    first = np.full(2 * n - 1, n)
    np.minimum.at(first, root, node[:n])  # each root's first point
    roots = np.flatnonzero(first < n)
    number = np.empty(2 * n - 1, dtype=np.intp)
    number[roots[np.argsort(first[roots])]] = np.arange(roots.size)
    return number[root]


class Hierarchical(ClusterMixin, BaseEstimator):
    """Agglomerative clustering with fastcluster's linkages (Muellner 2013).

    Ward, centroid and median linkages, and single linkage with the common metrics, are built
    from the points (``fastcluster.linkage_vector``: memory O(n d), no distance matrix); the
    others from the condensed distance matrix (``fastcluster.linkage``). Both give the same
    linkage matrix as ``scipy.cluster.hierarchy.linkage`` (ties aside).

    Starting from singletons, repeatedly merge the two closest clusters, where the distance
    between clusters is, for linkage (Lance & Williams 1967; the slides' "linkage" section):

    - single: smallest pair distance; complete: largest; average: mean (UPGMA);
    - weighted: WPGMA, d(A u B, C) = (d(A, C) + d(B, C)) / 2;
    - centroid: distance of the centroids (UPGMC); median: WPGMC;
    - ward: merge height sqrt(2 dSSE), where dSSE = |A||B| / (|A|+|B|) ||c_A - c_B||^2 is the
      increase of the within-cluster sum of squares (scipy's convention; the slides print
      Ward's distance with the sign reversed).

    Parameters
    ----------
    n_clusters : int or None, default=3
        Cut after n - n_clusters merges. Set None to cut by ``distance_threshold``.
    distance_threshold : float or None, default=None
        Cut into (number of merge heights >= threshold) + 1 clusters, as scikit-learn does;
        for monotone linkages this keeps exactly the merges below the threshold.
    linkage : str, default="ward"
    metric : str, default="euclidean"
        Any scipy metric, or "precomputed" (X is a square distance matrix, e.g. from
        `clustering.distance_matrix`); centroid, median and ward accept only "euclidean".

    Attributes
    ----------
    linkage_matrix_ : ndarray of shape (n_samples - 1, 4)
        Linkage matrix in scipy's format (for ``scipy.cluster.hierarchy.dendrogram``).
    labels_ : ndarray of int
    n_clusters_ : int

    Examples
    --------
    >>> import numpy as np
    >>> X = np.array([[0.0], [1.0], [5.0], [6.0], [20.0]])
    >>> Hierarchical(n_clusters=3, linkage="single").fit(X).labels_
    array([0, 0, 1, 1, 2])
    >>> Hierarchical(n_clusters=None, distance_threshold=3.0, linkage="single").fit(X).n_clusters_
    3
    """

    def __init__(self, n_clusters=3, *, distance_threshold=None, linkage="ward",
                 metric="euclidean"):
        self.n_clusters = n_clusters
        self.distance_threshold = distance_threshold
        self.linkage = linkage
        self.metric = metric

    def fit(self, X, y=None):
        """Build the dendrogram of ``X`` and cut it."""
        X = validate_data(self, X, dtype=np.float64, ensure_min_samples=2)
        check_choice(self.linkage, "linkage", LINKAGES)
        if (self.n_clusters is None) == (self.distance_threshold is None):
            raise ValueError(
                "set exactly one of n_clusters and distance_threshold (the other to None)"
            )
        if self.n_clusters is not None:
            check_integer(self.n_clusters, "n_clusters", 1, X.shape[0])
        else:
            check_real(self.distance_threshold, "distance_threshold", 0.0)
        if self.linkage in EUCLIDEAN_ONLY and self.metric != "euclidean":
            raise ValueError(
                f"{self.linkage} linkage is only defined for Euclidean distances; use "
                f"metric='euclidean' or a linkage among single, complete, average, weighted"
            )
        check_metric(X, self.metric)
        try:
            if self.linkage in EUCLIDEAN_ONLY:
                Z = fastcluster.linkage_vector(X, method=self.linkage, metric="euclidean")
            elif self.linkage == "single" and self.metric in VECTOR_SINGLE_METRICS:
                Z = fastcluster.linkage_vector(X, method="single", metric=self.metric)
            else:
                # The condensed matrix is ours: fastcluster may overwrite it, not copy it.
                D = (squareform(X, checks=False) if self.metric == "precomputed"
                     else pdist(X, metric=self.metric))
                Z = fastcluster.linkage(D, method=self.linkage, preserve_input=False)
        except FloatingPointError:
            raise ValueError(
                f"metric {self.metric!r} gives undefined (NaN) distances on this data, e.g. "
                f"cosine or correlation with an all-zero or constant row; choose another metric "
                f"or remove those rows"
            ) from None
        self.linkage_matrix_ = Z
        if self.n_clusters is not None:
            k = self.n_clusters
        else:
            k = int(np.count_nonzero(Z[:, 2] >= self.distance_threshold)) + 1
        self.n_clusters_ = k
        self.labels_ = cut_tree(Z, k)
        return self
