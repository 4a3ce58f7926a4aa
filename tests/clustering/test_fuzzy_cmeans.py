"""FuzzyCMeans against scikit-fuzzy (features x samples there) from the same initial memberships."""

import numpy as np
import pytest
import skfuzzy
from scipy.spatial.distance import cdist

from clustering.fuzzy_cmeans import FuzzyCMeans, _squared_distances, fuzzy_memberships
from datasets import load


@pytest.mark.parametrize("name, k, m", [("blobs", 3, 2.0), ("iris", 3, 2.0), ("iris", 4, 1.5),
                                        ("wine", 3, 3.0)])
def test_matches_scikit_fuzzy(name, k, m):
    X = load(name, standardize=True).X
    ours = FuzzyCMeans(k, m=m, tol=1e-9, max_iter=500, random_state=0).fit(X)
    centres, u, _, _, jm, n_iter, fpc = skfuzzy.cluster.cmeans(
        X.T, k, m, error=1e-9, maxiter=500, init=ours.initial_membership_.T
    )
    assert ours.n_iter_ == n_iter
    np.testing.assert_allclose(ours.objective_, jm, rtol=1e-6)
    np.testing.assert_allclose(ours.membership_, u.T, atol=1e-6)
    np.testing.assert_allclose(ours.cluster_centers_, centres, atol=1e-6)
    assert ours.fpc_ == pytest.approx(fpc, abs=1e-9)


def test_init_array_and_seed():
    X = load("blobs", n_samples=90).X
    a = FuzzyCMeans(3, random_state=4).fit(X)
    b = FuzzyCMeans(3, random_state=4).fit(X)
    assert np.array_equal(a.membership_, b.membership_)
    c = FuzzyCMeans(3, init=a.initial_membership_ * 7).fit(X)  # rows are renormalised
    np.testing.assert_allclose(c.membership_, a.membership_)


def test_memberships_properties_and_predict():
    X = load("blobs", n_samples=150, noise=0.7).X
    f = FuzzyCMeans(3, random_state=0).fit(X)
    np.testing.assert_allclose(f.membership_.sum(axis=1), 1)
    np.testing.assert_allclose(f.predict_membership(X), f.membership_, atol=1e-12)
    assert np.array_equal(f.predict(X), f.labels_)
    # Alternating optimisation never increases the objective (Bezdek 1984, Theorem 1).
    assert np.all(np.diff(f.objective_) <= 1e-9 * f.objective_[0])
    assert 1 / 3 <= f.fpc_ <= 1
    np.testing.assert_allclose(f.fpc_, (f.membership_**2).sum() / len(X))


def test_memberships_formula_and_limits():
    X = np.array([[0.0, 0.0], [1.0, 0.0], [3.0, 0.0]])
    C = np.array([[0.0, 0.0], [2.0, 0.0]])
    u = fuzzy_memberships(X, C, m=2.0)
    # u_ij = 1 / sum_l (d_ij / d_il)^2 for m = 2 (exponent 2/(m-1) = 2).
    assert u[0].tolist() == [1.0, 0.0]                      # on a centre
    np.testing.assert_allclose(u[1], [0.5, 0.5])            # equidistant
    np.testing.assert_allclose(u[2], [1 / (1 + 9), 9 / (1 + 9)])
    near_hard = fuzzy_memberships(X[1:] + 0.1, C, m=1.001)  # exponent 2000: no overflow
    assert np.isfinite(near_hard).all()
    np.testing.assert_allclose(near_hard.sum(axis=1), 1)


@pytest.mark.parametrize("params, match", [
    ({"m": 1.0}, "m must be"),
    ({"n_clusters": 0}, "n_clusters"),
    ({"tol": -1.0}, "tol"),
    ({"init": np.ones((5, 3))}, "init must be"),
    ({"init": np.zeros((20, 3))}, "positive membership"),
])
def test_errors(params, match):
    X = np.random.default_rng(0).normal(size=(20, 2))
    with pytest.raises(ValueError, match=match):
        FuzzyCMeans(**{"n_clusters": 3, **params}).fit(X)


@pytest.mark.parametrize("d", [1, 2, 3, 13])
def test_squared_distances_equal_scipys_to_the_last_bit(d):
    rng = np.random.default_rng(d)
    X = rng.normal(size=(500, d)) * rng.uniform(0.01, 100, size=d)
    centres = X[rng.choice(500, 4, replace=False)] + rng.normal(size=(4, d))
    np.testing.assert_array_equal(_squared_distances(np.ascontiguousarray(X.T), centres),
                                  cdist(centres, X, "sqeuclidean"))
