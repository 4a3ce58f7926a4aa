"""The density-peaks explorer: centres chosen by a box or lasso on the decision graph."""

import json

import numpy as np
import pytest
from pydpc import Cluster
from scipy.spatial.distance import pdist
from sklearn.metrics import adjusted_rand_score

from clustering.density_peaks import DensityPeaks
from tests.app.conftest import open_page
from tests.app.explore_helpers import (
    array,
    blobs,
    carried,
    chart,
    frames,
    hidden_widgets,
    metrics,
    partition,
    selection,
    trace,
    xy,
)

PAGE = "app_pages/explore_density_peaks.py"


def follow_to_centre(nearest_higher, order, centres):
    """Brute force: each point climbs to denser neighbours until it reaches a centre."""
    labels = {int(c): k for k, c in enumerate(centres)}
    out = np.empty(len(nearest_higher), dtype=int)
    for i in range(len(nearest_higher)):
        j = i
        while j not in labels:
            j = int(nearest_higher[j])
        out[i] = labels[j]
    return out


def test_a_box_around_the_outliers_of_the_decision_graph_makes_them_centres():
    data = blobs()
    ref = DensityPeaks(n_clusters=None, rho_min=8.0, delta_min=1.5).fit(data.X)
    at = open_page(PAGE)
    graph = trace(chart(at, "dp_graph"), "points")
    np.testing.assert_allclose(xy(graph), np.column_stack([ref.rho_, ref.delta_]))

    # What a box over rho > 8, delta > 1.5 sends: the points inside it.
    inside = np.flatnonzero((ref.rho_ > 8.0) & (ref.delta_ > 1.5))
    at.session_state["dp_graph"] = selection(
        [{"point_index": int(i), "x": float(ref.rho_[i]), "y": float(ref.delta_[i])}
         for i in inside])
    at.run()
    assert not at.exception
    assert at.radio(key="dp_mode").value == "picked"
    assert at.text_input(key="dp_centres").value == ", ".join(map(str, inside))
    expected = follow_to_centre(ref.nearest_higher_, ref.order_, ref.centers_)
    assert adjusted_rand_score(partition(chart(at, "dp_scatter"), data.X), expected) == 1.0
    assert adjusted_rand_score(ref.labels_, expected) == 1.0
    assert int(metrics(at)["Clusters"]) == len(inside)
    assert float(metrics(at)["ARI vs truth"]) == pytest.approx(
        adjusted_rand_score(data.y, expected), abs=5e-4)


def test_a_selection_without_the_densest_point_gets_it_added_with_a_warning():
    data = blobs()
    ref = DensityPeaks(n_clusters=2).fit(data.X)
    others = [int(c) for c in np.argsort(-ref.gamma_)[:3] if c != ref.order_[0]][:2]
    at = open_page(PAGE)
    at.session_state["dp_graph"] = selection([{"point_index": i} for i in others])
    at.run()
    assert not at.exception
    assert at.warning and str(ref.order_[0]) in at.warning[0].value
    assert int(metrics(at)["Clusters"]) == 3
    expected = follow_to_centre(ref.nearest_higher_, ref.order_, sorted([*others,
                                                                         ref.order_[0]]))
    assert adjusted_rand_score(partition(chart(at, "dp_scatter"), data.X), expected) == 1.0


def test_k_largest_gamma_and_the_halo_match_the_estimator():
    data = blobs()
    ref = DensityPeaks(n_clusters=4, halo_as_noise=True).fit(data.X)
    at = open_page(PAGE, {"dp_k": "4", "dp_halo": "true"})
    assert not at.exception
    shown = partition(chart(at, "dp_scatter"), data.X)
    np.testing.assert_array_equal(shown == -1, ref.halo_)
    keep = ~ref.halo_
    assert adjusted_rand_score(shown[keep], ref.labels_[keep]) == 1.0
    assert int(metrics(at)["Halo points"]) == int(ref.halo_.sum())
    gamma = chart(at, "dp_gamma")["data"][0]
    np.testing.assert_allclose(xy(gamma)[:, 1], np.sort(ref.gamma_)[::-1][:60])


def test_typed_centres_in_a_link_and_bad_ones_show_errors():
    at = open_page(PAGE, {"dp_mode": "my selection", "dp_centres": "1, 2, x"})
    assert not at.exception
    assert at.error and "whole point numbers" in at.error[0].value
    at = open_page(PAGE, {"dp_mode": "my selection"})
    assert not at.exception and at.info
    with pytest.raises(KeyError):  # no centres yet: nothing to assign
        chart(at, "dp_assign")


def test_each_k_frame_climbs_to_the_k_largest_gamma():
    data = blobs(n=300)
    at = open_page(PAGE, {"dp_n": "300", "dp_k": "3"})
    assert not at.exception
    shipped = frames(chart(at, "dp_graph"), "K")
    assert list(shipped) == [str(k) for k in range(1, 11)]
    ref = DensityPeaks(n_clusters=None, delta_min=0.0, percent=2.0).fit(data.X)
    assert chart(at, "dp_graph")["layout"].get("shapes", []) == []  # no threshold lines
    for k, (graph, points, stars) in shipped.items():
        centres = np.argsort(-ref.gamma_, kind="stable")[:int(k)]
        if ref.order_[0] not in centres:  # the densest point always heads a cluster
            centres = np.append(centres, ref.order_[0])
        expected = follow_to_centre(ref.nearest_higher_, ref.order_, centres)
        assert adjusted_rand_score(array(points["customdata"]), expected) == 1.0
        np.testing.assert_allclose(np.sort(xy(stars), axis=0),
                                   np.sort(data.X[centres], axis=0))
        # On the decision graph, the centres and only they are in colour (grey: code 112).
        np.testing.assert_array_equal(np.flatnonzero(array(graph["marker"]["color"]) != 112),
                                      np.sort(centres))


def test_the_assignment_animation_follows_pydpcs_order_and_ends_at_its_clustering():
    data = blobs(n=300)
    at = open_page(PAGE, {"dp_n": "300", "dp_k": "3", "dp_step": "5"})
    assert not at.exception
    figure = chart(at, "dp_assign")
    play, pause = figure["layout"]["updatemenus"][0]["buttons"]
    assert (play["label"], pause["label"]) == ("Play", "Pause")
    assert figure["layout"]["sliders"][0]["active"] == 5
    # d_c as the authors' script takes it: the 2 % position of the sorted pair distances.
    pairs = np.sort(pdist(data.X))
    ref = Cluster(data.X, fraction=0.02, autoplot=False, kernel_size=pairs[round(
        len(pairs) * 0.02) - 1])
    assert len(np.unique(ref.density)) == len(data.X)  # no ties: one order of density
    by_density = np.argsort(-ref.density)
    gamma = ref.density * ref.delta
    gamma[by_density[0]] = np.inf  # the densest point always heads a cluster
    centres = np.sort(np.argsort(-gamma)[:3])
    stars = trace(figure, "centres")
    np.testing.assert_array_equal(array(stars["customdata"]).astype(int), centres)
    ref.assign(ref.density[centres].min() * (1 - 1e-9),
               np.delete(ref.delta[centres], np.flatnonzero(centres == by_density[0])).min()
               * (1 - 1e-9))
    np.testing.assert_array_equal(ref.clusters, centres)

    shipped = frames(figure, "step")
    assert list(shipped) == [str(s) for s in range(31)]
    before = np.zeros(len(data.X), dtype=bool)
    for s in range(31):
        points, lines = shipped[str(s)]
        shown = array(points["customdata"]).astype(int)
        joined = shown >= 0
        # The densest points first: those joined are the centres and a prefix of the order.
        prefix = by_density[:joined.sum()]
        assert set(np.flatnonzero(joined)) == set(prefix) | set(centres) if s else \
            set(np.flatnonzero(joined)) == set(centres)
        assert (joined >= before).all() and (s == 0 or joined.sum() > before.sum())
        # Each point shares its nearest denser neighbour's cluster, drawn as a line.
        new = np.flatnonzero(joined & ~before)
        if s:
            np.testing.assert_array_equal(shown[new], shown[ref.neighbour[new]])
            segments = np.column_stack([array(lines["x"]), array(lines["y"])]).reshape(-1, 3, 2)
            np.testing.assert_allclose(segments[:, 0], data.X[new], rtol=1e-6)
            np.testing.assert_allclose(segments[:, 1], data.X[ref.neighbour[new]], rtol=1e-6)
        before = joined
    assert before.all()
    assert adjusted_rand_score(shown, ref.membership) == 1.0
    # The last frame is the clustering the page shows beside it at K = 3.
    _, clusters, _ = frames(chart(at, "dp_graph"), "K")["3"]
    np.testing.assert_array_equal(shown, array(clusters["customdata"]))


def test_each_threshold_frame_takes_the_points_beyond_both_thresholds_as_pydpc_does():
    data = blobs(n=300)
    at = open_page(PAGE, {"dp_n": "300", "dp_mode": "thresholds ρ_min, δ_min",
                          "dp_rho": "0.3", "dp_delta": "0.4"})
    assert not at.exception
    figure = chart(at, "dp_thresholds")
    pairs = np.sort(pdist(data.X))
    ref = Cluster(data.X, fraction=0.02, autoplot=False, kernel_size=pairs[round(
        len(pairs) * 0.02) - 1])
    assert len(np.unique(ref.density)) == len(data.X)
    densest = int(np.argmax(ref.density))
    # The paper's delta of the densest point: its largest distance (pydpc takes the
    # script's max of the other deltas instead).
    delta = ref.delta.copy()
    delta[densest] = np.sqrt(((data.X - data.X[densest]) ** 2).sum(axis=1)).max()
    sliders = {s["name"]: s for s in figure["layout"]["sliders"]}
    assert sliders["δ_min share"]["steps"][sliders["δ_min share"]["active"]]["label"] == "0.4"
    assert sliders["ρ_min share"]["steps"][sliders["ρ_min share"]["active"]]["label"] == "0.3"
    compared_with_pydpc = 0
    for name, fixed in (("δ_min share", 0.3), ("ρ_min share", 0.4)):
        shipped = frames(figure, name)
        lines = {f["name"].split("=", 1)[1]: f["layout"]["shapes"]
                 for f in figure["frames"] if f["name"].startswith(f"{name}=")}
        assert len(shipped) >= (49 if name.startswith("δ") else 25)
        for label in ("0", "0.02", "0.1", "0.3", "0.4", "0.6", "0.96", "0.98"):
            if label not in shipped:  # the rho sweep starts at 0, the delta one at 0.02
                continue
            rho_share, delta_share = ((fixed, float(label)) if name.startswith("δ")
                                      else (float(label), fixed))
            rho_min, delta_min = rho_share * ref.density.max(), delta_share * delta.max()
            centres = np.flatnonzero((ref.density > rho_min) & (delta > delta_min))
            graph, points, stars = shipped[label]
            np.testing.assert_array_equal(np.flatnonzero(array(graph["marker"]["color"]) != 112),
                                          centres)
            np.testing.assert_allclose(xy(stars), data.X[centres])
            rho_line, delta_line = lines[label]
            np.testing.assert_allclose([rho_line["x0"], rho_line["x1"]], [rho_min] * 2,
                                       rtol=1e-9)
            np.testing.assert_allclose([delta_line["y0"], delta_line["y1"]], [delta_min] * 2,
                                       rtol=1e-9)
            shown = array(points["customdata"]).astype(int)
            expected = follow_to_centre(ref.neighbour, None, centres)
            assert adjusted_rand_score(shown, expected) == 1.0
            if ref.delta[densest] > delta_min:  # pydpc's densest point passes too
                ref.assign(rho_min, delta_min)
                np.testing.assert_array_equal(ref.clusters, centres)
                assert adjusted_rand_score(shown, ref.membership) == 1.0
                compared_with_pydpc += 1
    assert compared_with_pydpc >= 4
    # The numbers beside the chart are those of the page's thresholds.
    rho_min, delta_min = 0.3 * ref.density.max(), 0.4 * delta.max()
    # Drawn as the chart's only shapes, which only this chart lets a drag move.
    rho_line, delta_line = figure["layout"]["shapes"]
    assert (rho_line["name"], delta_line["name"]) == ("rho_min", "delta_min")
    assert rho_line["x0"] == pytest.approx(rho_min, rel=1e-9)
    assert delta_line["y0"] == pytest.approx(delta_min, rel=1e-9)
    editable = {e.proto.id.rsplit("-", 1)[1] for e in at.get("plotly_chart")
                if "edits" in json.loads(e.proto.config)}
    assert editable == {"dp_thresholds"}
    assert int(metrics(at)["Clusters"]) == int(((ref.density > rho_min) &
                                                 (delta > delta_min)).sum())


@pytest.mark.parametrize(("query", "hidden"), [
    ({}, {"dp_k", "dp_step"}),
    ({"dp_mode": "thresholds ρ_min, δ_min"}, {"dp_rho", "dp_delta", "dp_step"}),
    # With the halo shown the decision graph has no slider: K's widget is the control.
    ({"dp_halo": "true"}, {"dp_step"}),
])
def test_a_widget_is_hidden_exactly_when_the_chart_s_slider_scrubs_its_value(query, hidden):
    at = open_page(PAGE, query)
    assert not at.exception and not at.error
    assert hidden_widgets(at, ("dp_k", "dp_rho", "dp_delta", "dp_step")) == hidden
    # Hidden or not, each stays the URL's carrier.
    for key in hidden:
        assert at.slider(key=key).value is not None and carried(at, key)
