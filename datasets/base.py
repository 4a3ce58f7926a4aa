"""The `Dataset` container and small helpers shared by the loaders."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from metrics.seeding import check_seed


@dataclass(frozen=True, eq=False)
class Dataset:
    """A data matrix with its ground-truth labels.

    Attributes
    ----------
    X : ndarray of shape (n_samples, n_features), float
    y : ndarray of shape (n_samples,), int
        Ground-truth labels numbered from 0 (all zeros when the data carry no labels).
    name : str
    description : str
    feature_names : tuple of str
    """

    X: np.ndarray
    y: np.ndarray
    name: str
    description: str
    feature_names: tuple[str, ...]

    @property
    def n_samples(self) -> int:
        return self.X.shape[0]

    @property
    def n_features(self) -> int:
        return self.X.shape[1]


def as_seed(random_state: int | np.random.Generator | None) -> int:
    """Turn ``random_state`` (int, numpy Generator or None) into an int seed.

    scikit-learn's generators and estimators accept ints but not numpy Generators; drawing
    the seed from the Generator keeps the whole pipeline deterministic given it.
    """
    if random_state is None:
        return 0
    if isinstance(random_state, np.random.Generator):
        return int(random_state.integers(2**31 - 1))
    return check_seed(random_state)


def standardize(X: np.ndarray) -> np.ndarray:
    """Centre each column and scale it to unit variance (z-scores).

    Constant columns are only centred (their standard deviation 0 would divide by zero).
    """
    X = np.asarray(X, dtype=float)
    std = X.std(axis=0)
    std[std == 0] = 1.0
    return (X - X.mean(axis=0)) / std


def encode_labels(values) -> np.ndarray:
    """Map arbitrary hashable labels to ints from 0, in order of first appearance."""
    codes: dict = {}
    return np.fromiter((codes.setdefault(v, len(codes)) for v in values), dtype=int,
                       count=len(values))
