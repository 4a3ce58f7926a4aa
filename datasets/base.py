"""The `Dataset` container and small helpers shared by the loaders."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from metrics.seeding import check_seed


@dataclass(frozen=True, eq=False)
class Dataset:
    """A data matrix with its ground-truth labels.

    Parameters
    ----------
    X : ndarray of shape (n_samples, n_features), float
    y : ndarray of shape (n_samples,), int
        Ground-truth labels numbered from 0 (all zeros when the data carry no labels).
    name : str
        Registry key, or the uploaded file's name.
    description : str
        One line a student understands.
    feature_names : tuple of str
        One name per column of ``X``.
    source : dict
        The keywords of :func:`datasets.load` that make these data again (its ``name``,
        ``n_samples``, the integer seed used, ...); empty for data that were not loaded by
        name, such as uploads. Notebooks of a page's view reproduce the data from it.

    Examples
    --------
    >>> import numpy as np
    >>> data = Dataset(X=np.zeros((4, 2)), y=np.array([0, 0, 1, 1]), name="toy",
    ...                description="four points", feature_names=("a", "b"))
    >>> data.n_samples, data.n_features
    (4, 2)
    """

    X: np.ndarray
    y: np.ndarray
    name: str
    description: str
    feature_names: tuple[str, ...]
    source: Mapping[str, Any] = field(default_factory=dict)

    @property
    def n_samples(self) -> int:
        """Number of rows of ``X``."""
        return self.X.shape[0]

    @property
    def n_features(self) -> int:
        """Number of columns of ``X``."""
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

    .. math:: z_{ij} = (x_{ij} - \bar x_j) / s_j

    with :math:`s_j` the population standard deviation of column j. Constant columns are only
    centred (their standard deviation 0 would divide by zero).

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)

    Returns
    -------
    ndarray of shape (n_samples, n_features), float

    Examples
    --------
    >>> standardize([[1.0, 5.0], [3.0, 5.0]])
    array([[-1.,  0.],
           [ 1.,  0.]])
    >>> standardize([[1e200], [3e200]])   # no overflow in the squares
    array([[-1.],
           [ 1.]])
    """
    X = np.asarray(X, dtype=float)
    # Dividing by each column's largest |x| first keeps the squares of values near 1e200
    # finite; z-scores do not change under that rescaling.
    scale = np.max(np.abs(X), axis=0) if X.size else np.ones(X.shape[1])
    scale[scale == 0] = 1.0
    X = X / scale
    std = X.std(axis=0)
    std[std == 0] = 1.0
    return (X - X.mean(axis=0)) / std


def encode_labels(values) -> np.ndarray:
    """Map arbitrary hashable labels to ints from 0, in order of first appearance.

    Parameters
    ----------
    values : sequence of hashable
        Labels of any type (strings, numbers, a mix).

    Returns
    -------
    ndarray of shape (len(values),), int

    Examples
    --------
    >>> encode_labels(["b", "a", "b", 7])
    array([0, 1, 0, 2])
    """
    codes: dict = {}
    return np.fromiter((codes.setdefault(v, len(codes)) for v in values), dtype=int,
                       count=len(values))
