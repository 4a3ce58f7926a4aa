"""Intrinsic dimension: TwoNN on data of known dimension, PCA against scikit-learn."""

import numpy as np
import pytest
from sklearn.datasets import make_swiss_roll
from sklearn.decomposition import PCA

from explorer.dimension import intrinsic_dimension, pca_scores, pca_spectrum, twonn_ratios


def plane(d, D=10, n=2000, seed=0):
    rng = np.random.default_rng(seed)
    basis = np.linalg.qr(rng.normal(size=(D, D)))[0][:d]
    return rng.uniform(size=(n, d)) @ basis + rng.normal(size=D)


@pytest.mark.parametrize("d", [1, 2, 3])
def test_twonn_finds_the_dimension_of_a_plane_within_ten_percent(d):
    assert intrinsic_dimension(plane(d)).dimension == pytest.approx(d, rel=0.10)


def test_twonn_fit_is_the_pareto_line_through_the_origin():
    result = intrinsic_dimension(plane(2), fraction=0.9)
    details = result.details
    n = len(details)
    assert details["used"].sum() == int(0.9 * n)
    np.testing.assert_allclose(details["log_mu"], np.log(np.sort(twonn_ratios(plane(2)))))
    np.testing.assert_allclose(details["neg_log_survival"][:-1],
                               -np.log(1 - np.arange(1, n) / n))
    used = details[details["used"]]
    slope, *_ = np.linalg.lstsq(used[["log_mu"]].to_numpy(), used["neg_log_survival"],
                                rcond=None)
    assert result.dimension == pytest.approx(slope[0])


def test_twonn_ratios_are_second_over_first_neighbour():
    X = np.array([[0.0], [1.0], [3.0], [7.0]])
    # r1, r2: (1, 3), (1, 2), (2, 3), (4, 6)
    np.testing.assert_allclose(twonn_ratios(X), [3.0, 2.0, 1.5, 1.5])


def test_swiss_roll_pca_overestimates_twonn_does_not():
    roll, _ = make_swiss_roll(2000, random_state=0)
    assert intrinsic_dimension(roll, "pca", variance=0.9).dimension == 3
    assert intrinsic_dimension(roll).dimension == pytest.approx(2, rel=0.10)


def test_pca_spectrum_matches_sklearn():
    X = np.random.default_rng(0).normal(size=(200, 5)) @ np.diag([5, 3, 1, 0.5, 0.1])
    spectrum = pca_spectrum(X)
    reference = PCA().fit(X)
    np.testing.assert_allclose(spectrum["explained"], reference.explained_variance_ratio_)
    # The slides' covariance divides by n; scikit-learn's by n - 1.
    np.testing.assert_allclose(spectrum["eigenvalue"] * 200 / 199,
                               reference.explained_variance_)
    cumulative = np.cumsum(reference.explained_variance_ratio_)
    for share in (0.5, 0.9, 0.99, 1.0):
        expected = int(np.searchsorted(cumulative, share - 1e-12)) + 1
        assert intrinsic_dimension(X, "pca", variance=share).dimension == expected


def test_pca_scores_are_sklearns_up_to_sign():
    X = np.random.default_rng(1).normal(size=(100, 4)) @ np.diag([4, 2, 1, 1])
    ours = pca_scores(X, 2)
    theirs = PCA(2).fit_transform(X)
    np.testing.assert_allclose(np.abs(ours), np.abs(theirs), atol=1e-10)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [({"method": "mle"}, "method must be one of 'twonn', 'pca'; got 'mle'"),
     ({"method": "pca", "variance": 0}, r"variance must be a finite number in \(0, 1\]"),
     ({"fraction": 1.5}, r"fraction must be a finite number in \(0, 1\], got 1.5")],
)
def test_bad_options_are_explained(kwargs, message):
    with pytest.raises(ValueError, match=message):
        intrinsic_dimension(plane(2, n=50), **kwargs)


def test_duplicates_only_is_refused():
    with pytest.raises(ValueError, match="distinct points"):
        intrinsic_dimension(np.zeros((10, 2)))
