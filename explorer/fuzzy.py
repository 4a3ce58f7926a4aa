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
    partition, 1/c when every point is shared equally. The columns are c, fpc, the lower bound
    1/c, and the objective :math:`J_m` at convergence (tolerance 1e-4, at most 100 rounds).
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
