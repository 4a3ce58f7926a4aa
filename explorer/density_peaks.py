"""Density peaks with centres a student picks on the decision graph."""

from __future__ import annotations

import numpy as np

from clustering.density_peaks import DensityPeaks
from metrics.validation import check_integer, check_real

# Larger numbers cannot be point numbers; checking here keeps them out of numpy's int64.
MAX_INDEX = 2**31 - 1


def decision_graph(X, percent: float = 2.0, kernel: str = "gaussian") -> DensityPeaks:
    """Fit `DensityPeaks` for its decision graph (rho, delta, gamma) before any centre is chosen.

    Every point with delta > 0 is made a centre here (``delta_min=0``); `with_centers` then
    sets the centres the student picks (Rodriguez & Laio 2014).

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
    percent : float, default=2.0
        The cut-off distance d_c is the ``percent``-th percentile of the pair distances.
    kernel : {"gaussian", "cutoff"}

    Returns
    -------
    DensityPeaks
        Fitted; ``rho_``, ``delta_`` and ``gamma_`` hold the decision graph.

    Examples
    --------
    >>> import datasets
    >>> data = datasets.load("blobs", n_samples=60, random_state=0)
    >>> est = decision_graph(data.X)
    >>> est.rho_.shape, est.delta_.shape
    ((60,), (60,))
    """
    return DensityPeaks(n_clusters=None, delta_min=0.0, percent=percent, kernel=kernel).fit(X)


def top_gamma(est: DensityPeaks, n_centers: int) -> np.ndarray:
    """Indices of the ``n_centers`` points of largest gamma = rho * delta (stable order).

    Parameters
    ----------
    est : DensityPeaks
        Fitted.
    n_centers : int

    Returns
    -------
    ndarray of int, sorted

    Examples
    --------
    >>> import datasets
    >>> data = datasets.load("blobs", n_samples=60, random_state=0)
    >>> est = decision_graph(data.X)
    >>> centres = top_gamma(est, 3)
    >>> len(centres), bool(est.order_[0] in centres)   # the densest point is always one
    (3, True)
    """
    return np.sort(np.argsort(-est.gamma_, kind="stable")[:n_centers])


def with_centers(est: DensityPeaks, X, centers) -> tuple[DensityPeaks, bool]:
    """A copy of the fitted ``est`` whose centres are ``centers`` (point indices).

    Each other point joins the cluster of its nearest denser neighbour, in order of decreasing
    density (Rodriguez & Laio 2014), and the halo is recomputed for the new clusters. The
    densest point has no denser neighbour, so it is always a centre: if missing it is added,
    and the second value returned is True.

    Parameters
    ----------
    est : DensityPeaks
        Fitted (see `decision_graph`).
    X : array-like of shape (n_samples, n_features)
        The data ``est`` was fitted on.
    centers : array-like of int
        Point numbers chosen as centres.

    Returns
    -------
    est : DensityPeaks
        A copy with ``centers_``, ``labels_``, ``halo_`` for the chosen centres.
    added : bool
        True when the densest point had to be added.

    Raises
    ------
    ValueError
        When an index is not a point number in [0, n_samples).

    Examples
    --------
    >>> import datasets
    >>> data = datasets.load("blobs", n_samples=60, random_state=0)
    >>> est = decision_graph(data.X)
    >>> chosen, added = with_centers(est, data.X, top_gamma(est, 3))
    >>> chosen.n_clusters_, added
    (3, False)
    """
    X = np.asarray(X, dtype=float)
    centers = np.unique(np.asarray(centers, dtype=int))
    n = len(est.rho_)
    if len(centers) == 0 or centers.min() < 0 or centers.max() >= n:
        raise ValueError(f"centres must be point numbers in [0, {n - 1}], got {centers.tolist()}")
    densest = int(est.order_[0])
    added = densest not in centers
    if added:
        centers = np.sort(np.append(centers, densest))
    return est.relabel(X, centers), added


def threshold_clusterings(est: DensityPeaks, shares
                          ) -> list[tuple[float, float, np.ndarray, np.ndarray]]:
    """Density peaks with the centres picked by thresholds on the decision graph, for each
    pair of thresholds given as shares of the largest rho and the largest delta.

    The centres are the points with rho > rho_min and delta > delta_min
    (`DensityPeaks.centers_above`, Rodriguez & Laio 2014); every other point joins its
    nearest denser neighbour's cluster (`DensityPeaks.assign`; no halo). With both shares
    below 1 the densest point always passes (it has the largest rho and delta).

    Parameters
    ----------
    est : DensityPeaks
        Fitted (see `decision_graph`).
    shares : sequence of (float, float)
        Pairs (rho share, delta share), each in [0, 1): rho_min = share * max rho,
        delta_min = share * max delta.

    Returns
    -------
    list of (rho_min, delta_min, centers, labels)

    Raises
    ------
    ValueError
        When a share is outside [0, 1).

    Examples
    --------
    >>> import datasets
    >>> data = datasets.load("blobs", n_samples=60, random_state=0)
    >>> (rho_min, delta_min, centers, labels), = threshold_clusterings(
    ...     decision_graph(data.X), [(0.3, 0.3)])
    >>> len(centers), int(labels.max()) + 1
    (3, 3)
    """
    out = []
    for rho_share, delta_share in shares:
        for share in (rho_share, delta_share):
            check_real(share, "a threshold's share of the largest value", 0.0, 1.0,
                       high_open=True)
        rho_min, delta_min = rho_share * est.rho_.max(), delta_share * est.delta_.max()
        centers = est.centers_above(rho_min, delta_min)
        out.append((float(rho_min), float(delta_min), centers, est.assign(centers)))
    return out


def joining_steps(est: DensityPeaks, n_steps: int = 30) -> np.ndarray:
    """The step of an animation at which each point joins its cluster, in the paper's order.

    The centres head their clusters at step 0; the other points, taken by decreasing
    density (``est.order_``), join the cluster of their nearest denser neighbour
    (``est.nearest_higher_``), which has always joined before them (Rodriguez & Laio 2014).
    They are split into ``n_steps`` runs of consecutive points of (nearly) equal size.

    Parameters
    ----------
    est : DensityPeaks
        Fitted, with its centres (`with_centers`).
    n_steps : int, default=30
        Steps after the start (fewer when there are fewer points to join).

    Returns
    -------
    ndarray of int, shape (n_samples,)
        0 for the centres, 1 to ``min(n_steps, points left)`` for the others, never
        decreasing along ``est.order_``.

    Examples
    --------
    >>> import datasets
    >>> data = datasets.load("blobs", n_samples=60, random_state=0)
    >>> est, _ = with_centers(decision_graph(data.X), data.X, [0, 1])
    >>> steps = joining_steps(est, n_steps=4)
    >>> int(steps.max()), np.bincount(steps).tolist()
    (4, [3, 15, 14, 14, 14])
    """
    check_integer(n_steps, "n_steps", 1)
    is_center = np.zeros(len(est.order_), dtype=bool)
    is_center[est.centers_] = True
    others = est.order_[~is_center[est.order_]]
    steps = np.zeros(len(est.order_), dtype=np.intp)
    runs = min(n_steps, len(others))
    if runs:
        steps[others] = 1 + np.arange(len(others)) * runs // len(others)
    return steps


def parse_indices(text: str) -> np.ndarray:
    """Point numbers typed as ``"12, 40, 7"`` (commas, semicolons or spaces).

    Parameters
    ----------
    text : str

    Returns
    -------
    ndarray of int

    Raises
    ------
    ValueError
        When a part is not a whole number from 0 to 2**31 - 1 (`with_centers` then checks
        it against the number of points).

    Examples
    --------
    >>> parse_indices("12, 40 7")
    array([12, 40,  7])
    """
    parts = [p for p in (text or "").replace(";", ",").replace(" ", ",").split(",") if p]
    try:
        values = [int(p) for p in parts]
    except ValueError:
        raise ValueError(
            f"centres must be whole point numbers separated by commas, got {text!r}"
        ) from None
    wrong = [v for v in values if not 0 <= v <= MAX_INDEX]
    if wrong:
        raise ValueError(
            f"centre {wrong[0]} is not a point number: point numbers run from 0 to the number "
            f"of points minus 1"
        )
    return np.array(values, dtype=np.int64)
