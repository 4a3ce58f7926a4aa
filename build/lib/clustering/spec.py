"""Registry entries and the uniform result of a clustering run."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from sklearn.base import BaseEstimator

from clustering.params import ParamSpec


def _no_extras(estimator: BaseEstimator, X: np.ndarray) -> dict[str, Any]:
    return {}


@dataclass(frozen=True, kw_only=True)
class AlgorithmSpec:
    """One algorithm offered by the app (entries are written with keyword arguments).

    Parameters
    ----------
    name : str
        Registry key.
    label : str
        Display name.
    family : str
        "partitional", "hierarchical", "density", "model-based", "graph", ...
    description : str
        One line for a student.
    params : tuple of ParamSpec
        Tunable parameters, from which the app builds its widgets.
    factory : callable
        ``factory(random_state=int, **params) -> estimator`` (unfitted).
    extras : callable
        ``extras(fitted_estimator, X) -> dict`` of the algorithm's inner quantities.

    Examples
    --------
    >>> from clustering import ALGORITHMS
    >>> spec = ALGORITHMS["dbscan"]
    >>> spec.label, [p.name for p in spec.params]
    ('DBSCAN', ['eps', 'min_samples', 'metric', 'p', 'n_neighbors'])
    """

    name: str
    label: str
    family: str
    description: str
    params: tuple[ParamSpec, ...]
    factory: Callable[..., BaseEstimator]
    extras: Callable[[BaseEstimator, np.ndarray], dict[str, Any]] = _no_extras

    def param(self, name: str) -> ParamSpec:
        """The spec of parameter ``name``."""
        for p in self.params:
            if p.name == name:
                return p
        raise KeyError(f"algorithm {self.name!r} has no parameter {name!r}")


@dataclass(frozen=True, eq=False)
class ClusteringResult:
    """Outcome of `clustering.run`.

    Parameters
    ----------
    labels : ndarray of int
        Cluster of each point, numbered from 0; noise is -1.
    n_clusters : int
        Number of clusters, noise excluded.
    extras : dict
        Inner quantities of the algorithm (centres, memberships, linkage matrix, ...).
    estimator : BaseEstimator
        The fitted estimator.
    params : dict
        The resolved parameters (defaults filled in).
    warnings : tuple of str
        Warnings the algorithm raised while fitting (e.g. fewer distinct clusters than
        asked), for the app to show next to the result.

    Examples
    --------
    >>> import numpy as np
    >>> from clustering import run
    >>> result = run("kmeans", np.array([[0.0], [0.1], [5.0], [5.1]]), n_clusters=2)
    >>> sorted(result.labels.tolist()), result.n_clusters
    ([0, 0, 1, 1], 2)
    """

    labels: np.ndarray
    n_clusters: int
    extras: dict[str, Any] = field(default_factory=dict)
    estimator: BaseEstimator | None = None
    params: dict[str, Any] = field(default_factory=dict)
    warnings: tuple[str, ...] = ()
