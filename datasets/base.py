"""The `Dataset` container and small helpers shared by the loaders."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

import numpy as np

from metrics.seeding import check_seed
from metrics.validation import check_integer


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


def subsample(data: Dataset, n_rows: int, random_state: int = 0) -> Dataset:
    """A random sample of ``n_rows`` rows of ``data``, in their original order.

    For data too large for an algorithm's budget: the rows are drawn without replacement
    by ``numpy.random.default_rng(random_state).choice``, so a seed gives the same sample.

    Parameters
    ----------
    data : Dataset
    n_rows : int
        Rows to keep, in ``[1, data.n_samples]``; all of them give ``data`` back.
    random_state : int, default=0

    Returns
    -------
    Dataset
        ``X`` and ``y`` of the kept rows, ``source`` emptied (the loader's keywords no
        longer make these data).

    Raises
    ------
    ValueError
        If ``n_rows`` is not a whole number in ``[1, data.n_samples]``.

    Examples
    --------
    >>> data = Dataset(X=np.arange(10.0).reshape(5, 2), y=np.array([0, 0, 1, 1, 2]),
    ...                name="toy", description="five points", feature_names=("a", "b"))
    >>> part = subsample(data, 3, random_state=1)
    >>> part.n_samples, bool(np.all(np.diff(part.X[:, 0]) > 0))  # 3 rows, order kept
    (3, True)
    >>> subsample(data, 9)
    Traceback (most recent call last):
    ...
    metrics.validation.ParameterError: n_rows (at most the rows of the data) must be an integer in [1, 5], got 9
    """  # noqa: E501
    n = data.n_samples
    n_rows = check_integer(n_rows, "n_rows (at most the rows of the data)", 1, n)
    if n_rows == n:
        return data
    keep = np.sort(np.random.default_rng(check_seed(random_state)).choice(n, n_rows,
                                                                         replace=False))
    return replace(data, X=data.X[keep], y=data.y[keep], source={})


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
