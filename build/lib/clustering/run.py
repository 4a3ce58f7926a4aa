"""`run`: fit a registered algorithm with validated parameters and return a uniform result."""

from __future__ import annotations

import warnings

import numpy as np

from clustering._validation import check_X
from clustering.budget import distances_overflow
from clustering.catalog import ALGORITHMS
from clustering.params import resolve
from clustering.spec import ClusteringResult
from datasets.base import as_seed


def canonical_labels(labels) -> np.ndarray:
    """Renumber cluster labels 0, 1, ... in order of their sorted values; keep -1 for noise.

    Parameters
    ----------
    labels : array-like of shape (n_samples,)

    Returns
    -------
    ndarray of int

    Examples
    --------
    >>> canonical_labels([7, -1, 3, 7])
    array([ 1, -1,  0,  1])
    """
    labels = np.asarray(labels)
    out = np.full(labels.shape, -1, dtype=int)
    keep = labels != -1
    _, out[keep] = np.unique(labels[keep], return_inverse=True)
    return out


def _check_scale(X: np.ndarray) -> None:
    if distances_overflow(X):
        problem = (f"values as large as {np.max(np.abs(X)):.3g} make squared distances overflow"
                   if np.max(np.abs(X)) > 1 else
                   f"points at most {np.max(np.ptp(X, axis=0)):.3g} apart make squared distances "
                   "vanish")
        raise ValueError(
            f"X cannot be clustered as it is: {problem} in floating point. Standardize the "
            "features first (datasets.standardize, or the Standardize switch in the app)"
        )


def run(name: str, X, *, random_state=0, **params) -> ClusteringResult:
    """Cluster ``X`` with the registered algorithm ``name``.

    Parameters
    ----------
    name : str
        A key of `ALGORITHMS`.
    X : array-like of shape (n_samples, n_features)
    random_state : int or numpy Generator
        Seed for algorithms that draw random numbers.
    **params
        Algorithm parameters (see ``ALGORITHMS[name].params``); missing ones take their default.

    Returns
    -------
    ClusteringResult
        Warnings raised during the fit are collected in its ``warnings`` field, not shown.

    Raises
    ------
    ValueError
        Unknown algorithm, unknown parameter, value out of range, or more clusters than points.

    Examples
    --------
    >>> import datasets
    >>> data = datasets.load("moons", n_samples=200, noise=0.05, random_state=0)
    >>> result = run("dbscan", data.X, eps=0.3, min_samples=5)
    >>> result.n_clusters, result.params["metric"]
    (2, 'euclidean')
    """
    if name not in ALGORITHMS:
        raise ValueError(f"unknown algorithm {name!r}; valid names: {', '.join(ALGORITHMS)}")
    spec = ALGORITHMS[name]
    X = check_X(X, min_samples=2)
    _check_scale(X)
    resolved = resolve(spec.params, params, name)
    k = resolved.get("n_clusters")
    if k is not None and k > X.shape[0]:
        raise ValueError(f"n_clusters={k} exceeds the number of samples ({X.shape[0]})")
    lowered = []
    for param in spec.params:
        if param.at_most_n and resolved[param.name] > X.shape[0]:
            lowered.append(f"{param.name} lowered from {resolved[param.name]} to "
                           f"{X.shape[0]}, the number of points")
            resolved[param.name] = X.shape[0]
    estimator = spec.factory(random_state=as_seed(random_state), **resolved)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        labels = canonical_labels(estimator.fit_predict(X))
        extras = spec.extras(estimator, X)
    messages = tuple(dict.fromkeys([*lowered, *(str(w.message) for w in caught)]))
    return ClusteringResult(
        labels=labels,
        n_clusters=int(labels.max() + 1),
        extras=extras,
        estimator=estimator,
        params=resolved,
        warnings=messages,
    )
