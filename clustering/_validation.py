"""The check of a data matrix X shared by the estimators and the explorer (scalar parameters
are checked by :mod:`metrics.validation`)."""

from __future__ import annotations

import numpy as np


def check_X(X, min_samples: int = 1) -> np.ndarray:
    """``X`` as a finite 2-D float array with at least ``min_samples`` rows and one column,
    or a ValueError saying what is wrong and how to fix it."""
    try:
        X = np.asarray(X, dtype=float)
    except (TypeError, ValueError):
        raise ValueError(
            "X must be a numeric array of shape (n_samples, n_features): every row a list of "
            "the same number of numbers"
        ) from None
    if X.ndim != 2:
        raise ValueError(f"X must be 2-D (n_samples, n_features), got shape {X.shape}")
    if X.shape[0] < min_samples or X.shape[1] < 1:
        raise ValueError(f"X needs at least {min_samples} sample(s) and 1 feature, got shape "
                         f"{X.shape}")
    if not np.isfinite(X).all():
        raise ValueError("X contains NaN or infinite values; remove or impute them first")
    return X
