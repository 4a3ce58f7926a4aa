import numpy as np
import pytest
from scipy.cluster.hierarchy import fcluster, linkage

import datasets
from clustering.density_peaks import DensityPeaks
from explorer.density_peaks import decision_graph, parse_indices, top_gamma, with_centers
from explorer.hierarchical import clusters_below, cut_height, is_monotone


@pytest.fixture(scope="module")
def blobs():
    return datasets.load("blobs", n_samples=200, random_state=2)


def test_top_gamma_centres_reproduce_the_estimator(blobs):
    graph = decision_graph(blobs.X)
    for k in (1, 3, 5):
        ref = DensityPeaks(n_clusters=k).fit(blobs.X)
        model, added = with_centers(graph, blobs.X, top_gamma(graph, k))
        assert not added
        np.testing.assert_array_equal(model.centers_, ref.centers_)
        np.testing.assert_array_equal(model.labels_, ref.labels_)
        np.testing.assert_array_equal(model.halo_, ref.halo_)


def test_the_fitted_graph_is_not_changed_by_a_new_choice_of_centres(blobs):
    graph = decision_graph(blobs.X)
    before = graph.centers_.copy()
    with_centers(graph, blobs.X, [int(graph.order_[0])])
    np.testing.assert_array_equal(graph.centers_, before)


def test_bad_centres_are_refused(blobs):
    graph = decision_graph(blobs.X)
    with pytest.raises(ValueError, match="point numbers"):
        with_centers(graph, blobs.X, [len(blobs.X)])
    with pytest.raises(ValueError, match="whole point numbers"):
        parse_indices("1, two")
    np.testing.assert_array_equal(parse_indices("3 4,5;6"), [3, 4, 5, 6])


@pytest.mark.parametrize("text", ["99999999999999999999", "-1", "2147483648", "9" * 5000])
def test_out_of_range_point_numbers_are_a_value_error_not_an_overflow(text):
    with pytest.raises(ValueError, match="point number"):
        parse_indices(text)


@pytest.mark.parametrize("method", ["single", "complete", "average", "ward"])
def test_the_cut_height_gives_fclusters_k_clusters(blobs, method):
    Z = linkage(blobs.X, method=method)
    assert is_monotone(Z)
    for k in (1, 2, 3, 7, len(blobs.X)):
        h = cut_height(Z, k)
        assert clusters_below(Z, h) == k
        # scipy joins merges at or below t: the same K clusters.
        assert len(np.unique(fcluster(Z, h, criterion="distance"))) == k


def test_centroid_linkage_can_be_non_monotone():
    X = np.array([[0.0, 0.0], [1.0, 0.0], [0.5, 0.9]])
    assert not is_monotone(linkage(X, method="centroid"))
    with pytest.raises(ValueError, match=r"n_clusters must be an integer in \[1, 3\], got 4"):
        cut_height(linkage(X, method="single"), 4)
