"""The fuzzy c-means explorer, checked against scikit-fuzzy from the same initial memberships."""

import numpy as np
import pytest
import skfuzzy
from sklearn.metrics import adjusted_rand_score

import datasets
from tests.app.conftest import open_page, open_tab
from tests.app.explore_helpers import array, blobs, chart, frames, metrics, trace, xy

PAGE = "app_pages/explore_fuzzy.py"
FPC_TAB = "Partition coefficient against c"


def start(X, c, seed):
    """FuzzyCMeans's documented start: uniform draws from RandomState(seed), rows normalised."""
    u0 = np.random.RandomState(seed).random_sample((len(X), c))
    return u0 / u0.sum(axis=1, keepdims=True)


def skfuzzy_run(X, c, m, seed, error=1e-5, maxiter=300):
    u0 = start(X, c, seed)
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
    at = open_page(PAGE, {"fc_c": "5", "fc_tab": FPC_TAB})
    figure = chart(at, "fc_fpc")
    curve = xy(trace(figure, "FPC"))
    floor = xy(trace(figure, "1/c (all shared equally)"))
    np.testing.assert_array_equal(curve[:, 0], np.arange(2, 11))
    np.testing.assert_allclose(floor[:, 1], 1 / np.arange(2, 11))
    assert (curve[:, 1] >= floor[:, 1]).all() and (curve[:, 1] <= 1).all()
    assert xy(trace(figure, "c = 5"))[0, 0] == 5
    _, _, fpc = skfuzzy_run(blobs().X, 5, 2.0, 0, error=1e-4, maxiter=100)
    assert xy(trace(figure, "c = 5"))[0, 1] == pytest.approx(fpc, abs=1e-3)


def test_the_fpc_curve_waits_until_its_tab_is_opened():
    at = open_page(PAGE, {"fc_c": "5"})
    with pytest.raises(KeyError):
        chart(at, "fc_fpc")
    assert chart(at, "fc_objective")
    opened = xy(trace(chart(open_tab(at, "fc_tab", FPC_TAB), "fc_fpc"), "c = 5"))
    linked = xy(trace(chart(open_page(PAGE, {"fc_c": "5", "fc_tab": FPC_TAB}), "fc_fpc"),
                      "c = 5"))
    np.testing.assert_array_equal(opened, linked)


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


def assert_scikit_fuzzys_run(frame, X, c: int, m: float):
    """A frame of the m chart holds scikit-fuzzy's centres at ``m`` (seed 0) and each point
    in the colour of its largest membership (the same partition); returns the frame's points
    and scikit-fuzzy's memberships."""
    points, centres = frame
    ref_centres, ref_u, _ = skfuzzy_run(X, c, m, 0)
    np.testing.assert_allclose(np.sort(xy(centres), axis=0), np.sort(ref_centres, axis=0),
                               atol=1e-3)
    colours = array(points["marker"]["color"]).astype(int)
    assert adjusted_rand_score(colours, ref_u.argmax(axis=1)) == 1.0
    return points, ref_u


def test_each_m_frame_holds_scikit_fuzzys_centres_and_clusters_at_that_m():
    data = blobs(n=300)
    at = open_page(PAGE, {"fc_n": "300", "fc_m": "1.7", "fc_c": "3"})
    assert not at.exception
    shipped = frames(chart(at, "fc_scatter"), "m")
    assert "1.7" in shipped and "1.05" in shipped and "5" in shipped
    for label in ("1.05", "1.2", "1.7", "2.5", "5"):
        points, ref_u = assert_scikit_fuzzys_run(shipped[label], data.X, 3, float(label))
        # Fading: a point shared equally would be at 0.15, a sure point at 1.
        opacity = array(points["marker"]["opacity"])
        expected = 0.15 + 0.85 * (ref_u.max(axis=1) - 1 / 3) / (1 - 1 / 3)
        np.testing.assert_allclose(opacity, expected, atol=2e-3)


def test_each_round_frame_is_scikit_fuzzy_stopped_after_that_many_rounds():
    data = blobs(n=300)
    at = open_page(PAGE, {"fc_n": "300", "fc_c": "3", "fc_m": "2", "fc_rs": "1"})
    assert not at.exception
    figure = chart(at, "fc_rounds")
    play, pause = figure["layout"]["updatemenus"][0]["buttons"]
    assert (play["label"], pause["label"]) == ("Play", "Pause")
    shipped = frames(figure, "round")
    # scikit-fuzzy's own stopping rule (the same tolerance) ends at the last round shown.
    *_, rounds, _ = skfuzzy.cmeans(data.X.T, 3, 2.0, error=1e-5, maxiter=300,
                                   init=start(data.X, 3, 1).T)
    assert list(shipped) == [str(t) for t in range(rounds + 1)]
    points, _ = shipped["0"]
    np.testing.assert_array_equal(array(points["marker"]["color"]).astype(int),
                                  start(data.X, 3, 1).argmax(axis=1))
    for t in sorted({1, 2, 5, rounds // 2, rounds}):
        points, centres = shipped[str(t)]
        # error=0 never stops early: exactly t rounds from the same start.
        ref_centres, ref_u, *_ = skfuzzy.cmeans(data.X.T, 3, 2.0, error=0, maxiter=t,
                                                init=start(data.X, 3, 1).T)
        # The same start numbers the clusters alike: no sorting needed.
        np.testing.assert_allclose(xy(centres), ref_centres, atol=1e-6)
        np.testing.assert_array_equal(array(points["marker"]["color"]).astype(int),
                                      ref_u.argmax(axis=0))
        expected = 0.15 + 0.85 * (ref_u.max(axis=0) - 1 / 3) / (1 - 1 / 3)
        np.testing.assert_allclose(array(points["marker"]["opacity"]), expected, atol=1e-5)


def test_a_long_run_ships_spaced_rounds_up_to_the_last_and_a_link_opens_one():
    data = datasets.load("moons", n_samples=200, random_state=0,
                         noise=datasets.DATASETS["moons"].default_noise)
    query = {"fc_data": "Two moons", "fc_n": "200", "fc_m": "3", "fc_step": "40"}
    at = open_page(PAGE, query)
    assert not at.exception
    *_, rounds, _ = skfuzzy.cmeans(data.X.T, 3, 3.0, error=1e-5, maxiter=300,
                                   init=start(data.X, 3, 0).T)
    figure = chart(at, "fc_rounds")
    shown = [int(label) for label in frames(figure, "round")]
    assert rounds > 60, "this case needs a run longer than the frames shipped"
    assert shown[0] == 0 and shown[-1] == rounds and len(shown) <= 60
    assert shown == sorted(set(shown))
    slider = figure["layout"]["sliders"][0]
    assert slider["active"] == 40 and at.slider(key="fc_step").value == 40
    assert figure["layout"]["title"]["text"].startswith(f"round {shown[40]} / {rounds}")
    ref_centres, *_ = skfuzzy.cmeans(data.X.T, 3, 3.0, error=0, maxiter=shown[40],
                                     init=start(data.X, 3, 0).T)
    np.testing.assert_allclose(xy(figure["data"][1]), ref_centres, atol=1e-6)


def test_a_link_past_the_last_round_shows_the_last_with_the_link_warning():
    at = open_page(PAGE, {"fc_n": "100", "fc_step": "999"})
    assert not at.exception
    last = len(frames(chart(at, "fc_rounds"), "round")) - 1
    assert at.slider(key="fc_step").value == last
    assert any("fc_step" in w.value and "out of range" in w.value for w in at.warning)


def test_from_four_clusters_the_m_chart_runs_the_coarse_grid_and_the_pages_m():
    data = blobs(n=300)
    at = open_page(PAGE, {"fc_n": "300", "fc_m": "1.35", "fc_c": "6"})
    assert not at.exception
    shipped = frames(chart(at, "fc_scatter"), "m")
    # Steps of 0.2 up to m = 2 and of 0.5 above (the sweep's CPU grows with c), and 1.35.
    assert list(shipped) == ["1.05", "1.2", "1.35", "1.4", "1.6", "1.8", "2", "2.5", "3",
                             "3.5", "4", "4.5", "5"]
    for label in ("1.35", "3"):
        assert_scikit_fuzzys_run(shipped[label], data.X, 6, float(label))
