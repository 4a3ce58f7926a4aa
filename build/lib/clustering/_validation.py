"""Parameter checks shared by the estimators written here."""

from __future__ import annotations

import numbers

import numpy as np


def check_n_clusters(n_clusters, n_samples: int) -> None:
    """Raise ValueError unless ``n_clusters`` is an integer in [1, n_samples]."""
    if (isinstance(n_clusters, bool) or not isinstance(n_clusters, numbers.Integral)
            or not 1 <= n_clusters <= n_samples):
        raise ValueError(
            f"n_clusters must be an integer in [1, {n_samples}] (the number of samples), "
            f"got {n_clusters!r}"
        )


def check_choice(name: str, value, choices) -> None:
    """Raise ValueError unless ``value`` is one of ``choices``."""
    if value not in choices:
        raise ValueError(f"{name} must be one of {', '.join(map(repr, choices))}; got {value!r}")


def check_number(name: str, value, low: float, high: float, *, low_open: bool = False,
                 integer: bool = False) -> None:
    """Raise ValueError unless ``value`` is a number in [low, high] (or (low, high])."""
    kind = numbers.Integral if integer else numbers.Real
    ok = isinstance(value, kind) and not isinstance(value, bool)
    ok = ok and (value > low if low_open else value >= low) and value <= high
    if not ok:
        bracket = "(" if low_open else "["
        what = "an integer" if integer else "a number"
        raise ValueError(f"{name} must be {what} in {bracket}{low}, {high}]; got {value!r}")


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
