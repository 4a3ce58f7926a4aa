"""Gaussian mixtures fitted by expectation-maximisation, keeping every step for the teaching view.

The slides ("Expectation-Maximization clustering") model the data as

.. math:: p(x) = \\sum_{k=1}^K \\pi_k F(x \\mid \\mu_k, \\Sigma_k), \\qquad
   L(\\Theta) = \\sum_{i=1}^n \\ln \\sum_{k=1}^K \\pi_k F(x_i \\mid \\mu_k, \\Sigma_k)

and maximise :math:`L` by alternating :func:`e_step` and :func:`m_step`.
"""

from __future__ import annotations

import warnings

import numpy as np
from sklearn.base import BaseEstimator, ClusterMixin
from sklearn.cluster import KMeans
from sklearn.utils import check_random_state
from sklearn.utils.validation import check_is_fitted, validate_data

from clustering._validation import check_choice, check_n_clusters, check_number

__all__ = [
    "COVARIANCE_TYPES",
    "CollapsedComponentWarning",
    "GaussianMixtureEM",
    "INIT_METHODS",
    "e_step",
    "log_gaussians",
    "m_step",
]

COVARIANCE_TYPES = ("full", "diag", "spherical", "tied")
INIT_METHODS = ("kmeans", "random")
#: Above this many samples the history keeps no responsibilities (n x K floats per step).
HISTORY_RESPONSIBILITIES_MAX = 2000
# As scikit-learn: an empty component divides by this instead of 0.
_EMPTY = 10 * np.finfo(float).eps


class CollapsedComponentWarning(UserWarning):
    """A component shrank onto too few points; its covariance is held at the floor.

    Raised (as a warning) by :meth:`GaussianMixtureEM.fit`, which also sets ``collapsed_``.

    Parameters
    ----------
    message : str
        Which components collapsed and what to do about it.

    Examples
    --------
    >>> import warnings
    >>> X = np.array([[0.0, 0], [0, 0], [0, 0], [10, 10], [12, 10], [10, 12], [12, 12]])
    >>> with warnings.catch_warnings(record=True) as caught:  # 3 copies of one point
    ...     warnings.simplefilter("always")
    ...     em = GaussianMixtureEM(2, init=np.array([[0.0, 0], [11, 11]])).fit(X)
    >>> caught[0].category.__name__, em.collapsed_.tolist()
    ('CollapsedComponentWarning', [True, False])
    """


def _log_sum_exp(a: np.ndarray) -> np.ndarray:
    """``ln sum_k exp(a_ik)`` per row, shifted by the row maximum so nothing overflows.

    (scipy's ``logsumexp`` does the same with array-API checks that cost as much as an EM
    step on a few thousand points.)
    """
    top = a.max(axis=1)
    return top + np.log(np.exp(a - top[:, None]).sum(axis=1))


def _cholesky(covariances: np.ndarray) -> np.ndarray:
    """Lower Cholesky factors of the (K, d, d) covariances, with a clear error when one is
    not positive definite."""
    try:
        return np.linalg.cholesky(covariances)
    except np.linalg.LinAlgError:
        raise ValueError(
            "a covariance matrix is not positive definite (a component holds collinear or "
            "repeated points): increase reg_covar, use fewer components, or rescale the data."
        ) from None


def log_gaussians(X: np.ndarray, means: np.ndarray, covariances: np.ndarray) -> np.ndarray:
    """``log F(x_i | mu_k, Sigma_k)`` for every point and component, shape (n, K).

    .. math:: \\ln F(x \\mid \\mu, \\Sigma) = -\\tfrac12 \\left(d \\ln 2\\pi + \\ln|\\Sigma|
       + (x - \\mu)^T \\Sigma^{-1} (x - \\mu)\\right)

    computed through the Cholesky factor ``Sigma = L L^T``: ``|Sigma| = prod diag(L)^2`` and
    the quadratic form is ``||L^{-1}(x - mu)||^2``.

    Parameters
    ----------
    X : ndarray (n_samples, n_features)
    means : ndarray (K, n_features)
    covariances : ndarray (K, n_features, n_features)
        Positive definite.

    Returns
    -------
    ndarray (n_samples, K)

    Raises
    ------
    ValueError
        When a covariance is not positive definite.

    Examples
    --------
    >>> log_gaussians(np.zeros((1, 2)), np.zeros((1, 2)), np.eye(2)[None]).round(4).tolist()
    [[-1.8379]]
    """
    n, d = X.shape
    factors = _cholesky(covariances)
    # L^{-T}: x @ L^{-T} = (L^{-1} x)^T, one matrix product for all points.
    whitening = np.linalg.inv(factors).transpose(0, 2, 1)
    log_dets = 2 * np.log(np.diagonal(factors, axis1=1, axis2=2)).sum(axis=1)
    out = np.empty((n, means.shape[0]))
    for k, (mean, whiten) in enumerate(zip(means, whitening, strict=True)):
        y = X @ whiten - mean @ whiten
        out[:, k] = -0.5 * (d * np.log(2 * np.pi) + log_dets[k] + np.einsum("ij,ij->i", y, y))
    return out


def e_step(
    X: np.ndarray, weights: np.ndarray, means: np.ndarray, covariances: np.ndarray
) -> tuple[np.ndarray, float]:
    """Expectation step: the responsibilities ``w_ik`` and the log-likelihood ``L``.

    .. math:: w_{ik} = \\frac{\\pi_k F(x_i \\mid \\Theta_k)}
       {\\sum_{j=1}^K \\pi_j F(x_i \\mid \\Theta_j)}, \\qquad
       L(\\Theta) = \\sum_{i=1}^n \\ln \\sum_{k=1}^K \\pi_k F(x_i \\mid \\Theta_k)

    (slides, "EM for Gaussian Mixtures"), in log space so far-away points do not underflow.

    Parameters
    ----------
    X : ndarray (n_samples, n_features)
    weights : ndarray (K,)
        Mixing coefficients ``pi_k``.
    means : ndarray (K, n_features)
    covariances : ndarray (K, n_features, n_features)
        Full matrices, whatever the covariance type.

    Returns
    -------
    responsibilities : ndarray (n_samples, K)
        Rows sum to 1.
    log_likelihood : float
        ``L(Theta)``, the sum over the points (divide by n for scikit-learn's ``score``).

    Examples
    --------
    Two unit Gaussians at -1 and 1, equal weights: the point 0 is shared equally.

    >>> resp, ll = e_step(np.array([[0.0]]), np.array([0.5, 0.5]),
    ...                   np.array([[-1.0], [1.0]]), np.ones((2, 1, 1)))
    >>> resp.round(3).tolist(), round(ll, 4)  # ln N(0 | 1, 1) = -0.5 ln(2 pi) - 0.5
    ([[0.5, 0.5]], -1.4189)
    """
    weighted = log_gaussians(X, means, covariances) + np.log(weights)
    log_total = _log_sum_exp(weighted)
    return np.exp(weighted - log_total[:, None]), float(log_total.sum())


def m_step(
    X: np.ndarray,
    responsibilities: np.ndarray,
    covariance_type: str = "full",
    reg_covar: float = 1e-6,
    means: np.ndarray | None = None,
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Maximisation step: new weights, means and covariances from the responsibilities.

    .. math:: N_k = \\sum_{i=1}^n w_{ik}, \\quad
       \\mu_k = \\frac{1}{N_k} \\sum_{i=1}^n w_{ik} x_i, \\quad
       \\Sigma_k = \\frac{1}{N_k} \\sum_{i=1}^n w_{ik} (x_i - \\mu_k)(x_i - \\mu_k)^T
       + \\epsilon I, \\quad \\pi_k = \\frac{N_k}{n}

    (slides, "EM for Gaussian Mixtures"; the slides print a stray :math:`x_i` inside the
    covariance sum). ``epsilon = reg_covar`` is the floor that keeps a component from
    collapsing onto one point (scikit-learn's ``reg_covar``). The covariance types restrict
    :math:`\\Sigma_k`: ``"diag"`` keeps its diagonal, ``"spherical"`` the mean of that
    diagonal times I, ``"tied"`` one matrix :math:`\\frac1n \\sum_k N_k \\Sigma_k` shared by
    all components.

    Parameters
    ----------
    X : ndarray (n_samples, n_features)
    responsibilities : ndarray (n_samples, K)
    covariance_type : {"full", "diag", "spherical", "tied"}
    reg_covar : float
        Added to every variance.
    means : ndarray (K, n_features), optional
        Use these means instead of the weighted averages (a start from given means).

    Returns
    -------
    weights : ndarray (K,)
    means : ndarray (K, n_features)
    covariances : ndarray (K, n_features, n_features)
        Full matrices whatever the type (diagonal ones for "diag" and "spherical").
    collapsed : ndarray of bool (K,)
        Components whose variance before the floor fell below ``reg_covar`` in some
        direction: they sit on (nearly) a point or a line.

    Examples
    --------
    Hard responsibilities give the means and (biased) variances of the two groups.

    >>> X = np.array([[0.0], [2.0], [10.0], [12.0]])
    >>> resp = np.array([[1.0, 0], [1, 0], [0, 1], [0, 1]])
    >>> w, mu, cov, collapsed = m_step(X, resp, reg_covar=0.0)
    >>> w.round(6).tolist(), mu.ravel().round(6).tolist(), cov.ravel().round(6).tolist()
    ([0.5, 0.5], [1.0, 11.0], [1.0, 1.0])
    """
    n, d = X.shape
    nk = responsibilities.sum(axis=0) + _EMPTY
    if means is None:
        means = responsibilities.T @ X / nk[:, None]
    if covariance_type in ("diag", "spherical"):
        # Only the variances: sum_i w_ik (x_i - mu_k)^2 = S2 - 2 mu_k S1 + mu_k^2 W_k.
        weight = responsibilities.sum(axis=0)[:, None]
        variances = (responsibilities.T @ (X * X) - 2 * means * (responsibilities.T @ X)
                     + means**2 * weight) / nk[:, None]
        if covariance_type == "spherical":
            variances = np.repeat(variances.mean(axis=1, keepdims=True), d, axis=1)
        smallest = variances.min(axis=1)
        covariances = (variances + reg_covar)[:, :, None] * np.eye(d)
        return nk / n, means, covariances, smallest < reg_covar
    covariances = np.empty((nk.size, d, d))
    for k in range(nk.size):
        diff = X - means[k]
        covariances[k] = (responsibilities[:, k, None] * diff).T @ diff / nk[k]
    if covariance_type == "tied":
        covariances[:] = np.tensordot(nk, covariances, axes=1) / n
    smallest = np.linalg.eigvalsh(covariances)[:, 0]
    covariances += reg_covar * np.eye(d)
    return nk / n, means, covariances, smallest < reg_covar


class GaussianMixtureEM(ClusterMixin, BaseEstimator):
    """Gaussian mixture fitted by EM, keeping every step (slides: model-based clustering).

    Starting from :math:`\\Theta_0` (see ``init``), each iteration runs :func:`m_step` on
    the responsibilities of the current parameters and :func:`e_step` on the new ones, so
    :math:`L(\\Theta_{t+1}) \\ge L(\\Theta_t)`: EM never lowers the likelihood. It stops
    when the mean log-likelihood per point rises by less than ``tol`` (scikit-learn's
    ``GaussianMixture`` tests the same change one M step later, so from the same start it
    takes at most one step more) or after ``max_iter`` iterations.

    Parameters
    ----------
    n_components : int, default=3
        Number of Gaussians K.
    covariance_type : {"full", "diag", "spherical", "tied"}, default="full"
        Ellipses of any orientation; axis-aligned ellipses; circles; one shared ellipse.
    init : {"kmeans", "random"} or ndarray (n_components, n_features), default="kmeans"
        "kmeans": responsibilities 1 for the cluster of one k-means run (as scikit-learn's
        ``init_params="kmeans"`` with the same ``random_state``); "random": uniform random
        responsibilities, normalised (scikit-learn's "random"); an array: these means, each
        point assigned to the nearest for the first weights and covariances.
    max_iter : int, default=100
    tol : float, default=1e-3
        On the mean log-likelihood per point, as scikit-learn.
    reg_covar : float, default=1e-6
        Added to every variance: the floor that keeps a collapsing component finite.
    random_state : int, RandomState or None

    Attributes
    ----------
    weights_ : ndarray (K,)
    means_ : ndarray (K, n_features)
    covariances_ : ndarray
        In scikit-learn's shape: (K, d, d) full, (d, d) tied, (K, d) diag, (K,) spherical.
    responsibilities_ : ndarray (n_samples, K)
        ``w_ik`` of the final parameters; ``labels_`` is their row-wise argmax.
    history_ : list of dict
        Entry t holds ``weights``, ``means``, ``covariances`` (always (K, d, d)) after t
        M steps and their ``log_likelihood`` :math:`L(\\Theta_t)` (a sum over the points);
        also ``responsibilities`` while n_samples <= 2,000. The last entry is the fit.
    log_likelihood_ : float
        Final :math:`L(\\Theta)`; ``score(X)`` on the training data is this divided by n.
    collapsed_ : ndarray of bool (K,)
        Components that hit the covariance floor at some step (a warning says so).
    n_iter_ : int
        M steps taken. ``converged_`` : bool.

    Examples
    --------
    >>> rng = np.random.default_rng(0)
    >>> X = np.vstack([rng.normal(0, 1, (50, 2)), rng.normal(8, 1, (50, 2))])
    >>> em = GaussianMixtureEM(n_components=2, random_state=0).fit(X)
    >>> sorted(em.weights_.round(2).tolist()), np.bincount(em.labels_).tolist()
    ([0.5, 0.5], [50, 50])
    >>> lls = [h["log_likelihood"] for h in em.history_]
    >>> all(b >= a - 1e-9 for a, b in zip(lls, lls[1:]))
    True
    """

    def __init__(self, n_components=3, *, covariance_type="full", init="kmeans", max_iter=100,
                 tol=1e-3, reg_covar=1e-6, random_state=None):
        self.n_components = n_components
        self.covariance_type = covariance_type
        self.init = init
        self.max_iter = max_iter
        self.tol = tol
        self.reg_covar = reg_covar
        self.random_state = random_state

    def _initial_responsibilities(self, X: np.ndarray) -> tuple[np.ndarray, np.ndarray | None]:
        n, k = X.shape[0], self.n_components
        if not isinstance(self.init, str):
            means = np.array(self.init, dtype=float)
            if means.shape != (k, X.shape[1]) or not np.isfinite(means).all():
                raise ValueError(
                    f"init means must be finite with shape (n_components, n_features) = "
                    f"({k}, {X.shape[1]}); got shape {means.shape}"
                )
            nearest = ((X[:, None, :] - means[None]) ** 2).sum(axis=2).argmin(axis=1)
            return np.eye(k)[nearest], means
        check_choice("init", self.init, INIT_METHODS)
        rng = check_random_state(self.random_state)
        if self.init == "kmeans":
            labels = KMeans(n_clusters=k, n_init=1, random_state=rng).fit(X).labels_
            return np.eye(k)[labels], None
        resp = rng.uniform(size=(n, k))
        return resp / resp.sum(axis=1, keepdims=True), None

    def fit(self, X, y=None):
        """Run EM on ``X``; the steps are kept in ``history_``."""
        X = validate_data(self, X, dtype=np.float64, ensure_min_samples=1)
        check_n_clusters(self.n_components, X.shape[0])
        check_choice("covariance_type", self.covariance_type, COVARIANCE_TYPES)
        check_number("max_iter", self.max_iter, 1, np.inf, integer=True)
        check_number("tol", self.tol, 0.0, np.inf)
        check_number("reg_covar", self.reg_covar, 0.0, np.inf)
        n = X.shape[0]
        keep_resp = n <= HISTORY_RESPONSIBILITIES_MAX
        resp, given_means = self._initial_responsibilities(X)
        weights, means, covs, collapsed = m_step(
            X, resp, self.covariance_type, self.reg_covar, given_means
        )
        resp, ll = e_step(X, weights, means, covs)
        history = [self._entry(weights, means, covs, ll, resp if keep_resp else None)]
        self.converged_ = False
        for _ in range(self.max_iter):
            weights, means, covs, collapsed_now = m_step(
                X, resp, self.covariance_type, self.reg_covar
            )
            collapsed |= collapsed_now
            resp, ll_new = e_step(X, weights, means, covs)
            history.append(self._entry(weights, means, covs, ll_new, resp if keep_resp else None))
            change, ll = (ll_new - ll) / n, ll_new
            if abs(change) < self.tol:
                self.converged_ = True
                break
        if collapsed.any():
            warnings.warn(
                f"component(s) {np.flatnonzero(collapsed).tolist()} collapsed onto too few "
                f"points (a variance fell below reg_covar={self.reg_covar:g}); their "
                f"covariance was held at that floor. Use fewer components or a larger "
                f"reg_covar.",
                CollapsedComponentWarning, stacklevel=2,
            )
        self.history_ = history
        self.n_iter_ = len(history) - 1
        self.weights_, self.means_ = weights, means
        self._full_covariances = covs
        self.covariances_ = self._sklearn_shape(covs)
        self.responsibilities_ = resp
        self.labels_ = resp.argmax(axis=1)
        self.log_likelihood_ = ll
        self.collapsed_ = collapsed
        return self

    @staticmethod
    def _entry(weights, means, covs, ll, resp) -> dict:
        entry = {"weights": weights, "means": means, "covariances": covs, "log_likelihood": ll}
        if resp is not None:
            entry["responsibilities"] = resp
        return entry

    def _sklearn_shape(self, covs: np.ndarray) -> np.ndarray:
        if self.covariance_type == "full":
            return covs
        if self.covariance_type == "tied":
            return covs[0]
        variances = np.diagonal(covs, axis1=1, axis2=2).copy()
        return variances if self.covariance_type == "diag" else variances[:, 0]

    def _log_weighted(self, X) -> np.ndarray:
        check_is_fitted(self)
        X = validate_data(self, X, dtype=np.float64, reset=False)
        return log_gaussians(X, self.means_, self._full_covariances) + np.log(self.weights_)

    def score_samples(self, X) -> np.ndarray:
        """Log-density of each point, :math:`\\ln \\sum_k \\pi_k F(x \\mid \\Theta_k)`."""
        return _log_sum_exp(self._log_weighted(X))

    def score(self, X, y=None) -> float:
        """Mean log-likelihood per point, :math:`L(\\Theta) / n` (scikit-learn's ``score``)."""
        return float(self.score_samples(X).mean())

    def predict_proba(self, X) -> np.ndarray:
        """Responsibilities ``w_ik`` of new points (the E step with the fitted parameters)."""
        weighted = self._log_weighted(X)
        return np.exp(weighted - _log_sum_exp(weighted)[:, None])

    def predict(self, X) -> np.ndarray:
        """Hard label: the component of largest responsibility."""
        return self._log_weighted(X).argmax(axis=1)

    def n_parameters(self) -> int:
        """Free parameters: K - 1 weights, K d means, and the covariances' entries
        (K d(d+1)/2 full, d(d+1)/2 tied, K d diag, K spherical)."""
        check_is_fitted(self)
        k, d = self.means_.shape
        per_type = {"full": k * d * (d + 1) // 2, "tied": d * (d + 1) // 2, "diag": k * d,
                    "spherical": k}
        return per_type[self.covariance_type] + k * d + k - 1

    def bic(self, X) -> float:
        """Bayesian information criterion, :math:`-2 L(\\Theta) + p \\ln n` (lower is better)."""
        X = np.asarray(X)
        return -2 * self.score(X) * X.shape[0] + self.n_parameters() * np.log(X.shape[0])

    def aic(self, X) -> float:
        """Akaike information criterion, :math:`-2 L(\\Theta) + 2 p` (lower is better)."""
        X = np.asarray(X)
        return -2 * self.score(X) * X.shape[0] + 2 * self.n_parameters()
