"""Fuzzy c-means over a range of cluster counts, read through the partition coefficient."""

from __future__ import annotations

import pandas as pd
from threadpoolctl import threadpool_limits

from clustering.fuzzy_cmeans import FuzzyCMeans

# The curve needs FPC to about three decimals, which these settle long before the defaults.
CURVE_TOL, CURVE_MAX_ITER = 1e-4, 100


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
        with threadpool_limits(1):
            est = FuzzyCMeans(n_clusters=c, m=m, random_state=random_state, tol=CURVE_TOL,
                              max_iter=CURVE_MAX_ITER).fit(X)
        rows.append({"c": c, "fpc": est.fpc_, "uniform": 1.0 / c,
                     "objective": float(est.objective_[-1])})
    return pd.DataFrame(rows)
