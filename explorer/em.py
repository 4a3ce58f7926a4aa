"""EM for Gaussian mixtures as teaching steps: the fit, its ellipses, k-means beside it, BIC/AIC."""

from __future__ import annotations

import numpy as np
import pandas as pd

from clustering import run
from clustering.gaussian_mixture import e_step
from clustering.kmeans import KMeansStepper

__all__ = [
    "best_k",
    "covariance_ellipse",
    "em_run",
    "information_criteria",
    "kmeans_from_same_start",
    "step_view",
]

# Enough EM steps for the teaching sets to converge; the page shows the step count.
MAX_ITER = 300
#: The explorer offers K = 1 .. MAX_COMPONENTS, and draws BIC and AIC over that range.
MAX_COMPONENTS = 8


def em_run(X, n_components: int, covariance_type: str, init: str, random_state: int,
           max_iter: int = MAX_ITER):
    """EM on ``X`` through the registry, every step kept (``extras["history"]``).

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
    n_components : int
    covariance_type : {"full", "diag", "spherical", "tied"}
    init : {"kmeans", "random"}
    random_state : int
    max_iter : int, default=300

    Returns
    -------
    clustering.ClusteringResult
        With ``estimator`` a fitted :class:`clustering.GaussianMixtureEM` and the warnings
        of the fit (a collapsing component) in ``warnings``.

    Raises
    ------
    ValueError
        Bad parameters, or more components than points.

    Examples
    --------
    >>> X = np.array([[0.0, 0], [0, 1], [1, 0], [9, 9], [9, 10], [10, 9]])
    >>> result = em_run(X, 2, "spherical", "kmeans", 0)
    >>> sorted(np.bincount(result.labels).tolist()), len(result.extras["history"]) > 1
    ([3, 3], True)
    """
    return run("gmm", X, random_state=random_state, n_clusters=n_components,
               covariance_type=covariance_type, init=init, max_iter=max_iter, tol=1e-6)


def covariance_ellipse(mean, covariance, n_sigma: float = 1.0, n_points: int = 73) -> np.ndarray:
    """Points on the ellipse at ``n_sigma`` standard deviations of a 2-D Gaussian.

    The ellipse is :math:`\\{x : (x - \\mu)^T \\Sigma^{-1} (x - \\mu) = s^2\\}`: with
    :math:`\\Sigma = V \\Lambda V^T`, the points :math:`\\mu + s V \\Lambda^{1/2}
    (\\cos t, \\sin t)^T`. At ``s = 1`` and ``s = 2`` it holds about 39 % and 86 % of the
    Gaussian's mass in the plane (:math:`1 - e^{-s^2/2}`).

    Parameters
    ----------
    mean : array-like (2,)
    covariance : array-like (2, 2)
        Symmetric positive semi-definite.
    n_sigma : float, default=1.0
    n_points : int, default=73
        Points on the closed curve (the first is repeated at the end).

    Returns
    -------
    ndarray (n_points, 2)

    Examples
    --------
    >>> curve = covariance_ellipse([0, 0], [[4, 0], [0, 1]], n_sigma=2, n_points=5)
    >>> np.abs(curve).max(axis=0).round(6).tolist()  # half-axes 2 * 2 and 2 * 1
    [4.0, 2.0]
    """
    values, vectors = np.linalg.eigh(np.asarray(covariance, dtype=float)[:2, :2])
    t = np.linspace(0, 2 * np.pi, n_points)
    circle = np.vstack([np.cos(t), np.sin(t)])
    scaled = vectors @ (np.sqrt(np.clip(values, 0, None))[:, None] * circle)
    return np.asarray(mean, dtype=float)[:2] + n_sigma * scaled.T


def kmeans_from_same_start(X, means) -> KMeansStepper:
    """k-means (Lloyd) from EM's starting means, for hard against soft assignment.

    Parameters
    ----------
    X : array-like (n_samples, n_features)
    means : array-like (K, n_features)
        EM's first means, ``history_[0]["means"]``.

    Returns
    -------
    clustering.KMeansStepper
        Fitted.

    Examples
    --------
    >>> X = np.array([[0.0], [1.0], [9.0], [10.0]])
    >>> kmeans_from_same_start(X, [[0.0], [10.0]]).cluster_centers_.ravel().tolist()
    [0.5, 9.5]
    """
    means = np.asarray(means, dtype=float)
    return KMeansStepper(len(means), init=means).fit(X)


def information_criteria(X, ks, covariance_type: str, init: str,
                         random_state: int) -> pd.DataFrame:
    """BIC and AIC of EM fits with K components, for choosing K (lower is better).

    .. math:: \\mathrm{BIC} = -2 L(\\hat\\Theta) + p \\ln n, \\qquad
       \\mathrm{AIC} = -2 L(\\hat\\Theta) + 2 p

    with p the free parameters of the mixture (:meth:`clustering.GaussianMixtureEM.n_parameters`).

    Parameters
    ----------
    X : array-like (n_samples, n_features)
    ks : iterable of int
        Component counts; those above n_samples are skipped.
    covariance_type, init, random_state
        As :func:`em_run`.

    Returns
    -------
    pandas.DataFrame
        Columns ``K``, ``criterion`` ("BIC" or "AIC"), ``value``: two rows per K.

    Examples
    --------
    >>> rng = np.random.default_rng(0)
    >>> X = np.vstack([rng.normal(0, 1, (40, 2)), rng.normal(9, 1, (40, 2))])
    >>> table = information_criteria(X, [1, 2, 3], "full", "kmeans", 0)
    >>> int(table[table.criterion == "BIC"].set_index("K")["value"].idxmin())
    2
    """
    X = np.asarray(X, dtype=float)
    rows = []
    for k in ks:
        if k > X.shape[0]:
            continue
        # A collapse at some K (its warning collected by the run) is part of the curve.
        em = em_run(X, k, covariance_type, init, random_state).estimator
        rows += [{"K": k, "criterion": "BIC", "value": em.bic(X)},
                 {"K": k, "criterion": "AIC", "value": em.aic(X)}]
    return pd.DataFrame(rows, columns=["K", "criterion", "value"])


def step_view(X, entry: dict, sigmas=(1, 2), n_points: int = 73
              ) -> tuple[np.ndarray, list[dict[int, np.ndarray]]]:
    """What one EM step shows: the responsibilities and each component's ellipses.

    Parameters
    ----------
    X : array-like (n_samples, n_features)
    entry : dict
        One entry of ``GaussianMixtureEM.history_``; its responsibilities are recomputed by
        :func:`clustering.gaussian_mixture.e_step` when the history did not keep them.
    sigmas : tuple of float, default=(1, 2)
    n_points : int, default=73
        Points on each ellipse (see `covariance_ellipse`).

    Returns
    -------
    responsibilities : ndarray (n_samples, K)
    ellipses : list of dict
        ``ellipses[k][s]``: the curve of component k at s standard deviations, in the first
        two features.

    Examples
    --------
    >>> entry = {"weights": np.array([1.0]), "means": np.zeros((1, 2)),
    ...          "covariances": np.eye(2)[None]}
    >>> resp, ellipses = step_view(np.ones((3, 2)), entry)
    >>> resp.ravel().tolist(), sorted(ellipses[0])
    ([1.0, 1.0, 1.0], [1, 2])
    """
    resp = entry.get("responsibilities")
    if resp is None:
        resp, _ = e_step(np.asarray(X, dtype=float), entry["weights"], entry["means"],
                         entry["covariances"])
    ellipses = [{s: covariance_ellipse(mean, cov, s, n_points) for s in sigmas}
                for mean, cov in zip(entry["means"], entry["covariances"], strict=True)]
    return resp, ellipses


def best_k(criteria: pd.DataFrame) -> dict[str, int]:
    """The K of lowest value for each criterion of an :func:`information_criteria` table.

    Parameters
    ----------
    criteria : pandas.DataFrame
        Columns ``K``, ``criterion``, ``value``.

    Returns
    -------
    dict
        Criterion name -> the K where it is lowest (the first such K on a tie).

    Examples
    --------
    >>> table = pd.DataFrame({"K": [1, 1, 2, 2], "criterion": ["BIC", "AIC"] * 2,
    ...                       "value": [5.0, 4.0, 6.0, 3.0]})
    >>> best_k(table)
    {'AIC': 2, 'BIC': 1}
    """
    lowest = criteria.loc[criteria.groupby("criterion")["value"].idxmin()]
    return {str(c): int(k) for c, k in zip(lowest["criterion"], lowest["K"], strict=True)}
