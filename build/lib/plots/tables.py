"""Tidy tables behind the scatter plots, for the charts' CSV downloads."""

from __future__ import annotations

import numpy as np
import pandas as pd


def points_table(X: np.ndarray, labels, **columns) -> pd.DataFrame:
    """One row per point: its two plotted coordinates, its cluster and any extra columns."""
    X = np.asarray(X, dtype=float)
    return pd.DataFrame({"point": np.arange(len(X)), "x1": X[:, 0], "x2": X[:, 1],
                         "cluster": np.asarray(labels), **columns})
