"""Density peaks with centres a student picks on the decision graph."""

from __future__ import annotations

import copy

import numpy as np

from clustering.density_peaks import DensityPeaks

# Larger numbers cannot be point numbers; checking here keeps them out of numpy's int64.
MAX_INDEX = 2**31 - 1


def decision_graph(X, percent: float = 2.0, kernel: str = "gaussian") -> DensityPeaks:
    """Fit `DensityPeaks` for its decision graph (rho, delta, gamma) before any centre is chosen.

    Every point with delta > 0 is made a centre here (``delta_min=0``); `with_centers` then
    sets the centres the student picks.
    """
    return DensityPeaks(n_clusters=None, delta_min=0.0, percent=percent, kernel=kernel).fit(X)


def top_gamma(est: DensityPeaks, n_centers: int) -> np.ndarray:
    """Indices of the ``n_centers`` points of largest gamma = rho * delta (stable order)."""
    return np.sort(np.argsort(-est.gamma_, kind="stable")[:n_centers])


def with_centers(est: DensityPeaks, X, centers) -> tuple[DensityPeaks, bool]:
    """A copy of the fitted ``est`` whose centres are ``centers`` (point indices).

    Each other point joins the cluster of its nearest denser neighbour, in order of decreasing
    density (Rodriguez & Laio 2014), and the halo is recomputed for the new clusters. The
    densest point has no denser neighbour, so it is always a centre: if missing it is added,
    and the second value returned is True.

    Raises
    ------
    ValueError
        When an index is not a point number in [0, n_samples).
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
    out = copy.copy(est)
    out.centers_ = centers
    out.n_clusters_ = len(centers)
    # The estimator's own assignment and halo rules, applied to the chosen centres.
    labels = out._assign()
    out.border_density_ = out._border_density(X, labels)
    out.halo_ = out.rho_ < out.border_density_[labels]
    out.labels_ = labels
    return out, added


def parse_indices(text: str) -> np.ndarray:
    """Point numbers typed as ``"12, 40, 7"`` (commas, semicolons or spaces).

    Raises
    ------
    ValueError
        When a part is not a whole number from 0 to 2**31 - 1 (`with_centers` then checks
        it against the number of points).
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
