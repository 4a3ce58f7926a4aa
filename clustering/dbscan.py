"""Helpers to teach DBSCAN (Ester et al. 1996): point types and the k-distance curve."""

from __future__ import annotations

import numpy as np
from sklearn.neighbors import NearestNeighbors

from clustering._validation import check_X
from metrics.validation import check_integer

#: The kinds of point DBSCAN tells apart, in the order pages and figures list them.
POINT_TYPES = ("core", "border", "noise")


def dbscan_point_types(X, eps: float, min_samples: int, metric: str = "euclidean") -> np.ndarray:
    r"""Classify each point as "core", "border" or "noise" for DBSCAN(eps, min_samples).

    Core: :math:`|N_\varepsilon(p)| \ge` min_samples, where the neighbourhood
    :math:`N_\varepsilon(p) = \{q : d(p, q) \le \varepsilon\}` contains p itself (as in the
    slides' MinPts and in scikit-learn). Border: not core, but within eps of a core point.
    Noise: neither. This does not depend on the visiting order; only which cluster a border
    point joins does.

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
    eps : float
        Neighbourhood radius, > 0.
    min_samples : int
        Points (itself included) a core point needs within ``eps``.
    metric : str, default="euclidean"
        Any scipy metric.

    Returns
    -------
    ndarray of str, shape (n_samples,)

    Examples
    --------
    >>> import numpy as np
    >>> X = np.array([[0.0], [0.5], [1.0], [1.9], [5.0]])
    >>> dbscan_point_types(X, eps=1.0, min_samples=3)
    array(['core', 'core', 'core', 'border', 'noise'], dtype='<U6')
    """
    X = check_X(X)
    check_integer(min_samples, "min_samples", 1, X.shape[0])
    if not eps > 0:
        raise ValueError(f"eps must be positive, got {eps!r}")
    nn = NearestNeighbors(radius=eps, metric=metric).fit(X)
    neighbours = nn.radius_neighbors(X, return_distance=False)
    core = np.fromiter((len(nb) >= min_samples for nb in neighbours), dtype=bool, count=len(X))
    border = ~core & np.fromiter((core[nb].any() for nb in neighbours), dtype=bool,
                                 count=len(X))
    return np.where(core, "core", np.where(border, "border", "noise"))


def k_distance(X, k: int, metric: str = "euclidean", sort: bool = True) -> np.ndarray:
    """Distance from each point to its k-th nearest neighbour, the point itself counted first.

    With k = min_samples, a point is a DBSCAN core point exactly when its k-distance is at
    most eps. Sorted in decreasing order (``sort=True``) this is the "sorted k-dist graph"
    of Ester et al. (1996, section 4.2): eps is read at its first "valley" (the knee).

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
    k : int
        Neighbour rank, in [1, n_samples]; k = 1 is the point itself (distance 0).
    metric : str, default="euclidean"
    sort : bool, default=True
        Sort in decreasing order (the k-dist graph); False keeps the points' order.

    Returns
    -------
    ndarray of shape (n_samples,)

    Examples
    --------
    >>> import numpy as np
    >>> k_distance(np.array([[0.0], [1.0], [3.0]]), k=2)
    array([2., 1., 1.])
    """
    X = check_X(X)
    check_integer(k, "k", 1, X.shape[0])
    dist, _ = NearestNeighbors(n_neighbors=k, metric=metric).fit(X).kneighbors(X)
    kd = dist[:, -1]
    return np.sort(kd)[::-1] if sort else kd


#: Share of the points that `suggested_eps` makes core points.
CORE_SHARE = 0.98


def suggested_eps(X, min_samples: int = 5) -> float:
    """An eps that fits the data's scale: the radius at which `CORE_SHARE` of the points
    are core points (a high point of the k-distance curve, k = ``min_samples``).

    Nearly every point then reaches ``min_samples`` neighbours, so a dense group is one
    connected cluster, while a gap wider than that radius still separates two groups
    (Ester et al. 1996, section 4.2, read eps off the same curve). Rounded to three
    significant digits so a link stays short.

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
    min_samples : int, default=5
        DBSCAN's min_samples, in [1, n_samples].

    Returns
    -------
    float
        The radius (0 when at least that share of the points coincide with their
        neighbours).

    Examples
    --------
    >>> import numpy as np
    >>> suggested_eps(np.arange(10.0).reshape(-1, 1), min_samples=3)
    2.0
    """
    radius = float(np.quantile(k_distance(X, min_samples, sort=False), CORE_SHARE))
    return float(f"{radius:.3g}")
