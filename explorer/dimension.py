"""How many dimensions the data really have: PCA's spectrum and the TwoNN estimator."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd
from sklearn.decomposition import PCA
from sklearn.neighbors import NearestNeighbors

from clustering._validation import check_X
from metrics.validation import check_choice, check_real

ID_METHODS = ("twonn", "pca")
#: Share of the variance PCA's estimate must reach, by default.
PCA_VARIANCE = 0.9
#: Share of the smallest ratios mu kept in TwoNN's fit (Facco et al. discard the largest 10 %).
TWONN_FRACTION = 0.9


@dataclass(frozen=True, eq=False)
class IntrinsicDimension:
    """An intrinsic-dimension estimate and the numbers behind it.

    Attributes
    ----------
    dimension : float
        The estimate (an integer for PCA).
    method : str
        "twonn" or "pca".
    details : DataFrame
        TwoNN: one row per point, sorted by mu: ``log_mu`` (x of the fit), ``neg_log_survival``
        (:math:`-\\log(1 - F(\\mu))`, y of the fit) and ``used`` (inside the fitted share).
        The fitted line is y = dimension * x. PCA: one row per component: ``component``
        (from 1), ``eigenvalue``, ``explained`` (share of variance) and ``cumulative``.

    Parameters
    ----------
    dimension, method, details
        The attributes above.

    Examples
    --------
    >>> result = intrinsic_dimension([[0, 0], [2, 0], [0, 1], [2, 1]], "pca", variance=0.8)
    >>> result.method, result.dimension, result.details["explained"].tolist()
    ('pca', 1, [0.8, 0.2])
    """

    dimension: float
    method: str
    details: pd.DataFrame


def pca_spectrum(X) -> pd.DataFrame:
    r"""The eigenvalues of the covariance matrix, largest first (slides, "PCA. How to...").

    :math:`\mathbb{C} = \frac{1}{n}\sum_i (x_i - \mu)(x_i - \mu)^\top`, eigenvalues
    :math:`\lambda_1 \ge \lambda_2 \ge \dots`; the share of variance of component j is
    :math:`\lambda_j / \sum_l \lambda_l`.

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
        At least 3 samples.

    Returns
    -------
    DataFrame
        The :func:`spectrum_table` of the eigenvalues.

    Examples
    --------
    >>> pca_spectrum([[0, 0], [2, 0], [0, 1], [2, 1]])["explained"].tolist()
    [0.8, 0.2]
    """
    X = check_X(X, min_samples=3)
    centred = X - X.mean(axis=0)
    singular = np.linalg.svd(centred, compute_uv=False)
    return spectrum_table(singular**2 / X.shape[0])


def spectrum_table(eigenvalues) -> pd.DataFrame:
    """Eigenvalues (sorted largest first here) with their shares of the total variance.

    Parameters
    ----------
    eigenvalues : array-like of float
        Non-negative, in any order.

    Returns
    -------
    DataFrame
        ``component`` (from 1), ``eigenvalue``, ``explained``, ``cumulative``.

    Examples
    --------
    >>> spectrum_table([1, 5, 3, 1])["cumulative"].tolist()
    [0.5, 0.8, 0.9, 1.0]
    """
    eigenvalues = np.sort(np.asarray(eigenvalues, dtype=float))[::-1]
    total = eigenvalues.sum()
    explained = eigenvalues / total if total > 0 else np.zeros_like(eigenvalues)
    return pd.DataFrame({"component": np.arange(1, len(eigenvalues) + 1),
                         "eigenvalue": eigenvalues, "explained": explained,
                         "cumulative": np.cumsum(explained)})


def pca_scores(X, n_components: int = 2) -> np.ndarray:
    """The data projected on their first ``n_components`` principal axes (scikit-learn's PCA):
    :math:`y_i^{(j)} = (x_i - \\mu)^\\top u_j`.

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
    n_components : int
        How many axes (at most the number of samples and of features).

    Returns
    -------
    ndarray of shape (n_samples, n_components)

    Examples
    --------
    >>> pca_scores([[0, 0], [1, 0], [4, 0]], 1).ravel().round(2).tolist()
    [-1.67, -0.67, 2.33]
    """
    X = check_X(X, min_samples=3)
    n_components = min(n_components, *X.shape)
    scores = PCA(n_components=n_components).fit_transform(X)
    # PCA's axes have no sign: orient each so that its most extreme point is positive, so
    # the picture does not flip between library versions.
    scores *= np.where(scores[np.abs(scores).argmax(axis=0), range(n_components)] < 0, -1, 1)
    return scores


def twonn_ratios(X) -> np.ndarray:
    """mu = r2 / r1 for every point: distance to its second over its first nearest neighbour.

    Points with a duplicate (r1 = 0) are left out, as Facco et al. advise.

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)

    Returns
    -------
    ndarray
        One ratio per point without a duplicate, in the points' order.

    Raises
    ------
    ValueError
        Fewer than 3 points without a duplicate.

    Examples
    --------
    >>> twonn_ratios([[0.0], [1.0], [3.0], [7.0]]).tolist()
    [3.0, 2.0, 1.5, 1.5]
    """
    X = check_X(X, min_samples=3)
    distances, _ = NearestNeighbors(n_neighbors=3).fit(X).kneighbors(X)
    r1, r2 = distances[:, 1], distances[:, 2]
    keep = r1 > 0
    if keep.sum() < 3:
        raise ValueError("fewer than 3 points without a duplicate: TwoNN needs distinct points")
    return r2[keep] / r1[keep]


def _twonn(X, fraction: float) -> IntrinsicDimension:
    mu = np.sort(twonn_ratios(X))
    n = len(mu)
    # Empirical CDF F(mu_i) = i / n; Pareto: -log(1 - F) = d log mu, a line through 0.
    F = np.arange(1, n + 1) / n
    used = np.arange(n) < int(np.floor(fraction * n))
    used[-1] = False  # F = 1 there: -log(0) is infinite
    x = np.log(mu)
    y = np.full(n, np.nan)
    y[:-1] = -np.log1p(-F[:-1])
    slope = float(x[used] @ y[used] / (x[used] @ x[used]))
    details = pd.DataFrame({"log_mu": x, "neg_log_survival": y, "used": used})
    return IntrinsicDimension(slope, "twonn", details)


def intrinsic_dimension(X, method: str = "twonn", *, variance: float = PCA_VARIANCE,
                        fraction: float = TWONN_FRACTION) -> IntrinsicDimension:
    r"""Estimate the intrinsic dimension of the data.

    "twonn" (Facco, d'Errico, Rodriguez and Laio, Sci. Rep. 7, 12140, 2017): if the density
    is roughly constant over the distance to the second neighbour, the ratio
    :math:`\mu = r_2 / r_1` follows a Pareto law :math:`F(\mu) = 1 - \mu^{-d}` (their eq. 1),
    so :math:`-\log(1 - F(\mu)) = d \log \mu`. d is the slope of that line through the
    origin, fitted by least squares on the empirical :math:`F(\mu_i) = i/N` of the sorted
    ratios after discarding the largest ``1 - fraction`` of them (their Fig. 1 and Sec.
    "Methods"). It follows curved data: a rolled sheet has dimension 2.

    "pca" (slides, "Choosing the number of PCs"): the number of principal components needed
    for a share ``variance`` of the total variance. A linear method, it overestimates the
    dimension of curved data (the slides' "PCA problems").

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
    method : {"twonn", "pca"}
    variance : float in (0, 1]
        PCA only.
    fraction : float in (0, 1]
        TwoNN only.

    Returns
    -------
    IntrinsicDimension

    Raises
    ------
    ValueError
        Unknown method, a share outside (0, 1], fewer than 3 distinct points.

    Examples
    --------
    >>> rng = np.random.default_rng(0)
    >>> plane = rng.uniform(size=(2000, 2)) @ rng.normal(size=(2, 6))  # a plane in 6-D
    >>> round(intrinsic_dimension(plane).dimension, 1)
    2.0
    >>> intrinsic_dimension(plane, "pca", variance=0.99).dimension
    2
    """
    check_choice(method, "method", ID_METHODS)
    check_real(variance, "variance", 0, 1, low_open=True)
    check_real(fraction, "fraction", 0, 1, low_open=True)
    if method == "twonn":
        return _twonn(X, fraction)
    spectrum = pca_spectrum(X)
    # Round-off can leave the last cumulative share a hair below 1.
    reached = spectrum["cumulative"].to_numpy() >= variance - 1e-12
    return IntrinsicDimension(int(np.argmax(reached)) + 1, "pca", spectrum)
