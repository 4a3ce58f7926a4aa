import numpy as np
import pytest
from sklearn.decomposition import PCA

from datasets.projection import project_2d


def test_two_features_are_shown_as_they_are():
    X = np.arange(10.0).reshape(5, 2)
    xy, titles = project_2d(X, ("a", "b"))
    np.testing.assert_array_equal(xy, X)
    assert titles == ("a", "b")


def test_more_features_go_through_pca_and_titles_give_the_variance_share():
    rng = np.random.default_rng(1)
    X = rng.normal(size=(200, 5)) * [5.0, 2.0, 1.0, 0.5, 0.1]
    xy, titles = project_2d(X)
    reference = PCA(n_components=2).fit(X)
    # Principal components are defined up to sign.
    expected = reference.transform(X)
    np.testing.assert_allclose(np.abs(xy), np.abs(expected), atol=1e-10)
    assert titles[0].startswith(f"PC1 ({reference.explained_variance_ratio_[0]:.0%}")


def test_one_feature_is_drawn_against_zero():
    xy, _ = project_2d(np.array([[1.0], [2.0]]))
    np.testing.assert_array_equal(xy, [[1.0, 0.0], [2.0, 0.0]])


def test_empty_input_is_rejected():
    with pytest.raises(ValueError, match="non-empty"):
        project_2d(np.empty((0, 3)))
