"""GaussianMixtureEM against scikit-learn's GaussianMixture and scipy's Gaussian density."""

import numpy as np
import pytest
from scipy.stats import multivariate_normal
from sklearn.datasets import make_blobs
from sklearn.metrics import adjusted_rand_score
from sklearn.mixture import GaussianMixture

from clustering import run
from clustering.gaussian_mixture import (
    CollapsedComponentWarning,
    GaussianMixtureEM,
    e_step,
    log_gaussians,
    m_step,
)

TYPES = ["full", "diag", "spherical", "tied"]


def elongated_blobs(n=240, seed=1):
    X, _ = make_blobs(n, centers=3, random_state=seed)
    return X @ np.array([[1.0, 0.6], [0.0, 0.4]])


@pytest.mark.parametrize("covariance_type", TYPES)
@pytest.mark.parametrize("init", ["kmeans", "random"])
def test_reaches_what_sklearn_reaches_from_the_same_start(covariance_type, init):
    X = elongated_blobs()
    options = {"covariance_type": covariance_type, "tol": 1e-7, "max_iter": 2000,
               "random_state": 4}
    ours = GaussianMixtureEM(3, init=init, **options).fit(X)
    theirs = GaussianMixture(3, init_params=init, **options).fit(X)
    assert ours.score(X) == pytest.approx(theirs.score(X), abs=1e-4)
    assert adjusted_rand_score(ours.labels_, theirs.predict(X)) == 1.0
    assert ours.covariances_.shape == theirs.covariances_.shape
    order = np.lexsort(ours.means_.T), np.lexsort(theirs.means_.T)
    np.testing.assert_allclose(ours.means_[order[0]], theirs.means_[order[1]], atol=1e-3)
    np.testing.assert_allclose(ours.weights_[order[0]], theirs.weights_[order[1]], atol=1e-3)
    # The model-selection criteria and the soft assignment of new points agree as well.
    new = np.random.default_rng(0).normal(X.mean(axis=0), 3, (20, 2))
    assert ours.bic(X) == pytest.approx(theirs.bic(X), abs=0.1)
    assert ours.aic(X) == pytest.approx(theirs.aic(X), abs=0.1)
    np.testing.assert_allclose(ours.predict_proba(new)[:, order[0]],
                               theirs.predict_proba(new)[:, order[1]], atol=1e-3)


def test_given_means_start_where_sklearn_is_told_to_start():
    X = elongated_blobs(seed=3)
    start = X[[0, 1, 2]]
    ours = GaussianMixtureEM(3, init=start, tol=1e-7, max_iter=2000).fit(X)
    first = ours.history_[0]
    np.testing.assert_array_equal(first["means"], start)
    theirs = GaussianMixture(
        3, weights_init=first["weights"], means_init=first["means"],
        precisions_init=np.linalg.inv(first["covariances"]), tol=1e-7, max_iter=2000,
    ).fit(X)
    assert ours.score(X) == pytest.approx(theirs.score(X), abs=1e-4)
    assert adjusted_rand_score(ours.labels_, theirs.predict(X)) == 1.0


@pytest.mark.parametrize("covariance_type", TYPES)
@pytest.mark.parametrize("seed", range(3))
def test_em_never_lowers_the_log_likelihood(covariance_type, seed):
    rng = np.random.default_rng(seed)
    X = np.vstack([rng.normal(0, 1, (60, 2)), rng.normal(3, [2, 0.3], (40, 2))])
    em = GaussianMixtureEM(4, covariance_type=covariance_type, init="random", tol=0,
                           max_iter=60, random_state=seed).fit(X)
    lls = np.array([entry["log_likelihood"] for entry in em.history_])
    assert lls.size == 61
    assert (np.diff(lls) >= -1e-9 * np.abs(lls[1:])).all()


def test_history_log_likelihood_is_the_slides_sum_of_logs():
    X = elongated_blobs(60)
    em = GaussianMixtureEM(2, max_iter=3, random_state=0).fit(X)
    for entry in em.history_:
        density = sum(
            w * multivariate_normal(m, c).pdf(X)
            for w, m, c in zip(entry["weights"], entry["means"], entry["covariances"],
                               strict=True)
        )
        assert entry["log_likelihood"] == pytest.approx(np.log(density).sum(), rel=1e-10)
    assert em.score(X) * len(X) == pytest.approx(em.history_[-1]["log_likelihood"])


def _covariances_of_type(covariance_type, rng, k, d):
    if covariance_type == "diag":
        return rng.uniform(0.2, 3.0, size=(k, d))[:, :, None] * np.eye(d)
    if covariance_type == "spherical":
        return rng.uniform(0.2, 3.0, size=(k, 1, 1)) * np.eye(d)
    a = rng.normal(size=(1 if covariance_type == "tied" else k, d, d))
    return np.broadcast_to(a @ a.transpose(0, 2, 1) + np.eye(d), (k, d, d)).copy()


@pytest.mark.parametrize("covariance_type", TYPES)
def test_log_gaussians_of_each_type_are_scipys(covariance_type):
    rng = np.random.default_rng(11)
    k, d = 5, 10
    X = rng.normal(3.0, 2.0, size=(200, d))
    means = rng.normal(3.0, 2.0, size=(k, d))
    covs = _covariances_of_type(covariance_type, rng, k, d)
    expected = np.column_stack([multivariate_normal(m, c).logpdf(X)
                                for m, c in zip(means, covs, strict=True)])
    np.testing.assert_allclose(log_gaussians(X, means, covs, covariance_type), expected,
                               rtol=1e-10)


@pytest.mark.parametrize("covariance_type", TYPES)
def test_log_likelihoods_are_sklearns_at_d10_k5(covariance_type):
    # sklearn's own parameters put into our density: the same log-likelihood per point.
    X, _ = make_blobs(600, 10, centers=5, cluster_std=2.0, random_state=3)
    theirs = GaussianMixture(5, covariance_type=covariance_type, random_state=0).fit(X)
    ours = GaussianMixtureEM(5, covariance_type=covariance_type, random_state=0).fit(X)
    ours.weights_, ours.means_ = theirs.weights_, theirs.means_
    ours._full_covariances = _as_full(theirs.covariances_, covariance_type, 5, 10)
    np.testing.assert_allclose(ours.score_samples(X), theirs.score_samples(X), rtol=1e-10)
    np.testing.assert_allclose(ours.predict_proba(X), theirs.predict_proba(X), atol=1e-10)


def _as_full(covariances, covariance_type, k, d):
    if covariance_type == "full":
        return covariances
    if covariance_type == "tied":
        return np.broadcast_to(covariances, (k, d, d)).copy()
    if covariance_type == "diag":
        return covariances[:, :, None] * np.eye(d)
    return covariances[:, None, None] * np.eye(d)


def test_e_step_is_bayes_rule_on_scipys_densities():
    rng = np.random.default_rng(5)
    X = rng.normal(size=(30, 3))
    weights = np.array([0.2, 0.5, 0.3])
    means = rng.normal(size=(3, 3))
    a = rng.normal(size=(3, 3, 3))
    covs = a @ a.transpose(0, 2, 1) + np.eye(3)
    joint = np.column_stack([w * multivariate_normal(m, c).pdf(X)
                             for w, m, c in zip(weights, means, covs, strict=True)])
    resp, ll = e_step(X, weights, means, covs)
    np.testing.assert_allclose(resp, joint / joint.sum(axis=1, keepdims=True), rtol=1e-10)
    assert ll == pytest.approx(np.log(joint.sum(axis=1)).sum(), rel=1e-12)


def test_m_step_is_numpys_weighted_mean_and_covariance():
    rng = np.random.default_rng(6)
    X = rng.normal(size=(40, 2))
    resp = rng.dirichlet([1, 1], size=40)
    weights, means, covs, _ = m_step(X, resp, "full", reg_covar=0.0)
    np.testing.assert_allclose(weights, resp.mean(axis=0))
    for k in range(2):
        np.testing.assert_allclose(means[k], np.average(X, axis=0, weights=resp[:, k]))
        np.testing.assert_allclose(covs[k], np.cov(X.T, aweights=resp[:, k], bias=True))


def test_a_collapsing_component_is_floored_and_reported():
    rng = np.random.default_rng(0)
    # Three copies of one point far from a blob: a component sits on them with variance 0.
    X = np.vstack([rng.normal(0, 1, (60, 2)), np.full((3, 2), 40.0)])
    start = np.array([[0.0, 0.0], [1.0, 1.0], [40.0, 40.0]])
    with pytest.warns(CollapsedComponentWarning, match=r"collapsed.*reg_covar"):
        em = GaussianMixtureEM(3, init=start, tol=1e-8, max_iter=500).fit(X)
    assert em.collapsed_.tolist() == [False, False, True]
    assert np.isfinite(em.score(X))
    np.testing.assert_allclose(em.covariances_[2], 1e-6 * np.eye(2), rtol=1e-6, atol=1e-15)
    first = em.history_[0]
    theirs = GaussianMixture(
        3, weights_init=first["weights"], means_init=start,
        precisions_init=np.linalg.inv(first["covariances"]), tol=1e-8, max_iter=500,
    ).fit(X)
    assert em.score(X) == pytest.approx(theirs.score(X), abs=1e-4)


def test_history_keeps_responsibilities_up_to_2000_points():
    X = np.linspace(0, 1, 2001)[:, None]
    big = GaussianMixtureEM(2, max_iter=1, random_state=0).fit(X)
    small = GaussianMixtureEM(2, max_iter=1, random_state=0).fit(X[:2000])
    assert "responsibilities" not in big.history_[-1]
    assert small.history_[-1]["responsibilities"].shape == (2000, 2)
    np.testing.assert_array_equal(small.history_[-1]["responsibilities"],
                                  small.responsibilities_)


@pytest.mark.parametrize(
    "params, match",
    [
        ({"covariance_type": "round"}, "covariance_type"),
        ({"init": "k-means++"}, "init"),
        ({"init": np.zeros((2, 2))}, r"shape \(n_components, n_features\)"),
        ({"reg_covar": -1.0}, "reg_covar"),
        ({"n_components": 50}, "n_components"),
    ],
)
def test_bad_parameters_say_what_is_wrong(params, match):
    with pytest.raises(ValueError, match=match):
        GaussianMixtureEM(**{"n_components": 3, **params}).fit(elongated_blobs(30))


def test_a_singular_covariance_without_floor_is_a_clear_error():
    X = np.ones((4, 2))  # one point four times: covariance exactly 0
    with pytest.raises(ValueError, match="increase reg_covar"):
        GaussianMixtureEM(1, reg_covar=0.0).fit(X)


def test_the_registry_entry_is_this_em():
    X = elongated_blobs()
    result = run("gmm", X, random_state=4, n_clusters=3, tol=1e-7, max_iter=1000)
    assert isinstance(result.estimator, GaussianMixtureEM)
    theirs = GaussianMixture(3, tol=1e-7, max_iter=1000, random_state=4).fit(X)
    assert adjusted_rand_score(result.labels, theirs.predict(X)) == 1.0
    assert len(result.extras["history"]) == result.extras["n_iter"] + 1
