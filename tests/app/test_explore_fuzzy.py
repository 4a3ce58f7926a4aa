"""The fuzzy c-means explorer, checked against scikit-fuzzy from the same initial memberships."""

import numpy as np
import pytest
import skfuzzy
from sklearn.metrics import adjusted_rand_score

from tests.app.conftest import open_page
from tests.app.explore_helpers import array, blobs, chart, frames, metrics, trace, xy

PAGE = "app_pages/explore_fuzzy.py"


def skfuzzy_run(X, c, m, seed, error=1e-5, maxiter=300):
    # FuzzyCMeans's documented start: uniform draws from RandomState(seed), rows normalised.
    u0 = np.random.RandomState(seed).random_sample((len(X), c))
    u0 /= u0.sum(axis=1, keepdims=True)
    centres, u, _, _, _, _, fpc = skfuzzy.cmeans(X.T, c, m, error=error, maxiter=maxiter,
                                                 init=u0.T)
    return centres, u.T, fpc


@pytest.mark.parametrize(("query", "c", "m", "seed"),
                         [({}, 3, 2.0, 0), ({"fc_c": "4", "fc_m": "1.5", "fc_rs": "3"}, 4, 1.5, 3)])
def test_fpc_and_centres_match_scikit_fuzzy(query, c, m, seed):
    data = blobs()
    at = open_page(PAGE, query)
    assert not at.exception
    centres, u, fpc = skfuzzy_run(data.X, c, m, seed)
    assert float(metrics(at)["FPC"]) == pytest.approx(fpc, abs=5e-4)
    shown = xy(trace(chart(at, "fc_scatter"), "centres"))
    np.testing.assert_allclose(np.sort(shown, axis=0), np.sort(centres, axis=0), atol=1e-3)
    # FPC is (1/n) sum u^2, between 1/c and 1.
    assert 1 / c <= float(metrics(at)["FPC"]) <= 1


def test_the_fpc_curve_spans_c_2_to_10_above_its_floor_and_marks_the_current_c():
    at = open_page(PAGE, {"fc_c": "5"})
    figure = chart(at, "fc_fpc")
    curve = xy(trace(figure, "FPC"))
    floor = xy(trace(figure, "1/c (all shared equally)"))
    np.testing.assert_array_equal(curve[:, 0], np.arange(2, 11))
    np.testing.assert_allclose(floor[:, 1], 1 / np.arange(2, 11))
    assert (curve[:, 1] >= floor[:, 1]).all() and (curve[:, 1] <= 1).all()
    assert xy(trace(figure, "c = 5"))[0, 0] == 5
    _, _, fpc = skfuzzy_run(blobs().X, 5, 2.0, 0, error=1e-4, maxiter=100)
    assert xy(trace(figure, "c = 5"))[0, 1] == pytest.approx(fpc, abs=1e-3)


def test_a_larger_m_gives_softer_memberships():
    at = open_page(PAGE, {"fc_m": "1.2"})
    hard = float(metrics(at)["FPC"])
    at.slider(key="fc_m").set_value(3.0).run()
    assert float(metrics(at)["FPC"]) < hard


def test_shading_by_one_cluster_shows_its_membership():
    data = blobs()
    at = open_page(PAGE)
    at.selectbox(key="fc_shade").select(1).run()
    assert not at.exception
    points = chart(at, "fc_scatter")["data"][0]
    _, u, _ = skfuzzy_run(data.X, 3, 2.0, 0)
    colours = array(points["marker"]["color"])
    # The page's cluster 1 is one of skfuzzy's columns (cluster numbers are arbitrary).
    assert min(np.abs(colours - u[:, j]).max() for j in range(3)) < 1e-3


def test_each_m_frame_holds_scikit_fuzzys_centres_and_clusters_at_that_m():
    data = blobs(n=300)
    at = open_page(PAGE, {"fc_n": "300", "fc_m": "1.7", "fc_c": "3"})
    assert not at.exception
    shipped = frames(chart(at, "fc_scatter"), "m")
    assert "1.7" in shipped and "1.05" in shipped and "5" in shipped
    for label in ("1.05", "1.2", "1.7", "2.5", "5"):
        points, centres = shipped[label]
        ref_centres, ref_u, _ = skfuzzy_run(data.X, 3, float(label), 0)
        np.testing.assert_allclose(np.sort(xy(centres), axis=0), np.sort(ref_centres, axis=0),
                                   atol=1e-3)
        # Each point in the colour of its largest membership: the same partition.
        colours = array(points["marker"]["color"]).astype(int)
        assert adjusted_rand_score(colours, ref_u.argmax(axis=1)) == 1.0
        # Fading: a point shared equally would be at 0.15, a sure point at 1.
        opacity = array(points["marker"]["opacity"])
        expected = 0.15 + 0.85 * (ref_u.max(axis=1) - 1 / 3) / (1 - 1 / 3)
        np.testing.assert_allclose(opacity, expected, atol=2e-3)
