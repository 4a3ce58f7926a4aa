"""Fuzzy c-means over a range of cluster counts, read through the partition coefficient."""

from __future__ import annotations

import numpy as np
import pandas as pd

from clustering.fuzzy_cmeans import FuzzyCMeans, fuzzy_memberships
from explorer.threads import one_thread

# The curve needs FPC to about three decimals, which these settle long before the defaults.
CURVE_TOL, CURVE_MAX_ITER = 1e-4, 100

# The m of the fuzzy page's m chart: every other step of its m widget up to 2.5, coarser
# above (softer borders change slowly there). Each m is a whole run of up to 300 rounds, and
# a round's cost grows with c: from c = 4 on, the 26 runs took 1.05-1.9 s of CPU at
# n = 2,000 (benchmarks/results/explore.md), so there the chart offers 12 of them, steps of
# 0.2 up to m = 2 and of 0.5 above.
FINE_M_GRID = tuple(round(v, 2) for v in (1.05, *np.arange(1.1, 2.5, 0.1),
                                         *np.arange(2.5, 5.01, 0.25)))
COARSE_M_GRID = (1.05, 1.2, 1.4, 1.6, 1.8, 2.0, 2.5, 3.0, 3.5, 4.0, 4.5, 5.0)
COARSE_FROM_C = 4


def m_grid(n_clusters: int, m: float) -> tuple[float, ...]:
    """The values of m the fuzzy page's m chart runs at ``n_clusters`` clusters, the page's
    own ``m`` (rounded to 0.01) among them: `FINE_M_GRID` below `COARSE_FROM_C` clusters,
    `COARSE_M_GRID` from there on (the sweep's CPU grows with c).

    Parameters
    ----------
    n_clusters : int
        The page's c.
    m : float
        The page's fuzzifier.

    Returns
    -------
    tuple of float
        The grid, increasing.

    Examples
    --------
    >>> len(m_grid(3, 2.0)), len(m_grid(8, 2.0)), m_grid(8, 1.33)[:4]
    (26, 12, (1.05, 1.2, 1.33, 1.4))
    """
    grid = FINE_M_GRID if n_clusters < COARSE_FROM_C else COARSE_M_GRID
    return tuple(sorted({*grid, round(float(m), 2)}))


def fpc_curve(X, m: float, n_clusters: range, random_state: int = 0) -> pd.DataFrame:
    r"""Partition coefficient and final objective of fuzzy c-means for each c in ``n_clusters``.

    FPC :math:`= \frac{1}{n}\sum_{i,l} u_{il}^2` (Bezdek 1981) lies in [1/c, 1]: 1 for a hard
    partition, 1/c when every point is shared equally.

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
    m : float
        Fuzzifier, > 1.
    n_clusters : range
        The values of c.
    random_state : int, default=0

    Returns
    -------
    DataFrame
        Columns c, fpc, the lower bound ``uniform`` = 1/c, and the objective :math:`J_m` at
        convergence (tolerance 1e-4, at most 100 rounds).

    Examples
    --------
    >>> import datasets
    >>> data = datasets.load("blobs", n_samples=60, random_state=0)
    >>> curve = fpc_curve(data.X, 2.0, range(2, 5))
    >>> curve["c"].tolist(), bool((curve["fpc"] >= curve["uniform"]).all())
    ([2, 3, 4], True)
    """
    rows = []
    for c in n_clusters:
        # Many small matrix products: BLAS threads cost more than they save here.
        with one_thread():
            est = FuzzyCMeans(n_clusters=c, m=m, random_state=random_state, tol=CURVE_TOL,
                              max_iter=CURVE_MAX_ITER).fit(X)
        rows.append({"c": c, "fpc": est.fpc_, "uniform": 1.0 / c,
                     "objective": float(est.objective_[-1])})
    return pd.DataFrame(rows)


def shown_rounds(n_iter: int, max_frames: int = 60) -> np.ndarray:
    """The rounds of a run of ``n_iter`` rounds that an animation shows: all of 0 (the start)
    to ``n_iter`` when they fit in ``max_frames``, otherwise 0 and geometrically spaced
    rounds up to the last (the early rounds move most; a slow tail needs only a few).

    Parameters
    ----------
    n_iter : int
        Rounds of the run (>= 1).
    max_frames : int, default=60
        At most this many rounds, the start included (>= 2).

    Returns
    -------
    ndarray of int
        Increasing, from 0 to ``n_iter``.

    Examples
    --------
    >>> shown_rounds(4).tolist()
    [0, 1, 2, 3, 4]
    >>> rounds = shown_rounds(250, max_frames=20)
    >>> rounds[:4].tolist(), int(rounds[-1]), len(rounds) <= 20
    ([0, 1, 2, 3], 250, True)
    """
    if n_iter + 1 <= max_frames:
        return np.arange(n_iter + 1)
    later = np.geomspace(1, n_iter, max_frames - 1).round().astype(int)
    return np.unique(np.concatenate([[0], later]))


def fuzzy_rounds(X, initial_membership: np.ndarray, centers_history: np.ndarray, m: float,
                 rounds) -> tuple[list[np.ndarray], list[np.ndarray]]:
    r"""The memberships and centres of a fuzzy c-means run after each of ``rounds``.

    Round t >= 1 computes the centres :math:`c^{(t)}` from the memberships of round t - 1
    (Bezdek 1984, eq. 11a), then the memberships :math:`u^{(t)}` from those centres
    (eq. 11b). Round 0 is the start: the initial memberships, shown with the centres they
    give (:math:`c^{(1)}`).

    Parameters
    ----------
    X : ndarray of shape (n_samples, n_features)
    initial_membership : ndarray of shape (n_samples, n_clusters)
        ``FuzzyCMeans.initial_membership_``.
    centers_history : ndarray of shape (n_iter, n_clusters, n_features)
        ``FuzzyCMeans.centers_history_``.
    m : float
        The run's fuzzifier.
    rounds : sequence of int
        Round numbers from 0 to n_iter (`shown_rounds`).

    Returns
    -------
    memberships, centers : lists of ndarray, one per round

    Examples
    --------
    >>> import datasets
    >>> X = datasets.load("blobs", n_samples=60, random_state=0).X
    >>> est = FuzzyCMeans(n_clusters=3, random_state=0).fit(X)
    >>> us, cs = fuzzy_rounds(X, est.initial_membership_, est.centers_history_, 2.0,
    ...                       [0, est.n_iter_])
    >>> bool(np.allclose(us[-1], est.membership_)), bool(np.array_equal(cs[-1],
    ...                                                              est.cluster_centers_))
    (True, True)
    """
    X = np.asarray(X, dtype=float)
    memberships, centers = [], []
    for t in rounds:
        if not 0 <= t <= len(centers_history):
            raise ValueError(f"rounds must be from 0 to {len(centers_history)}, got {t}")
        at = centers_history[max(t, 1) - 1]
        memberships.append(np.asarray(initial_membership) if t == 0
                           else fuzzy_memberships(X, at, m))
        centers.append(at)
    return memberships, centers
