"""The k-means step-through, checked against scikit-learn's KMeans from the same start."""

import numpy as np
import pytest
from sklearn.cluster import KMeans
from sklearn.metrics import adjusted_rand_score

from explorer.kmeans import fit_stepper
from tests.app.conftest import open_page
from tests.app.explore_helpers import (
    array,
    blobs,
    chart,
    frames,
    go_to_step,
    metrics,
    partition,
    selection,
    trace,
    xy,
)

PAGE = "app_pages/explore_kmeans.py"


def centres(at) -> np.ndarray:
    return xy(trace(chart(at, "km_chart"), "centres"))


def rings(at) -> np.ndarray:
    """Where the chart's draggable rings are (their anchors), in the order of their names."""
    shapes = chart(at, "km_chart")["layout"]["shapes"]
    assert [s["name"] for s in shapes] == [f"handle {i}" for i in range(len(shapes))]
    return np.array([[s["xanchor"], s["yanchor"]] for s in shapes])


def sklearn_from(X, start):
    return KMeans(len(start), init=start, n_init=1, algorithm="lloyd", tol=1e-4,
                  max_iter=300).fit(X)


def test_the_last_step_is_sklearns_kmeans_from_the_same_start():
    data = blobs()
    at = open_page(PAGE)
    assert not at.exception
    assert metrics(at)["Move"].startswith("0 /")
    start = centres(at)
    assert start.shape == (3, 2)
    # k-means++ starts at data points.
    assert all(np.isclose(data.X, c).all(axis=1).any() for c in start)

    np.testing.assert_array_equal(rings(at), start)  # the first centres can be dragged
    go_to_step(at, "km")
    assert not at.exception
    np.testing.assert_array_equal(rings(at), start)  # and stay where the run started
    ref = sklearn_from(data.X, start)
    np.testing.assert_allclose(np.sort(centres(at), axis=0),
                               np.sort(ref.cluster_centers_, axis=0), rtol=1e-9)
    shown = metrics(at)
    assert float(shown["Inertia J"]) == pytest.approx(ref.inertia_, rel=1e-3)
    assert float(shown["ARI vs truth"]) == pytest.approx(
        adjusted_rand_score(data.y, ref.labels_), abs=5e-4)
    assert adjusted_rand_score(partition(chart(at, "km_chart"), data.X), ref.labels_) == 1.0


def test_step_one_assigns_to_the_nearest_centre_and_step_zero_is_the_start_again():
    data = blobs()
    at = open_page(PAGE)
    start = centres(at)
    go_to_step(at, "km", 1)
    assert metrics(at)["Move"].startswith("1 /")
    d2 = ((data.X[:, None, :] - start[None]) ** 2).sum(axis=2)
    nearest = d2.argmin(axis=1)
    assert adjusted_rand_score(partition(chart(at, "km_chart"), data.X), nearest) == 1.0
    assert float(metrics(at)["Inertia J"]) == pytest.approx(d2.min(axis=1).sum(), rel=1e-3)

    go_to_step(at, "km", 2)  # update: centres move to the means
    means = np.array([data.X[nearest == j].mean(axis=0) for j in range(3)])
    np.testing.assert_allclose(np.sort(centres(at), axis=0), np.sort(means, axis=0))

    go_to_step(at, "km", 0)
    assert metrics(at)["Move"].startswith("0 /")
    np.testing.assert_allclose(centres(at), start)


def test_every_k_frame_is_sklearns_kmeans_from_the_runs_start_at_that_k():
    data = blobs()
    at = open_page(PAGE, {"km_k": "5", "km_rs": "7"})
    assert not at.exception
    figure = chart(at, "km_k_scatter")
    shipped = frames(figure, "K")
    assert list(shipped) == [str(k) for k in range(1, 11)]
    for label, (points, centres_at_k) in shipped.items():
        # The start is the page's (k-means++ with its seed); Lloyd's moves from it are
        # scikit-learn's.
        start = fit_stepper(data.X, int(label), "k-means++", 7).init_centers_
        ref = sklearn_from(data.X, start)
        assert adjusted_rand_score(array(points["customdata"]), ref.labels_) == 1.0
        np.testing.assert_allclose(np.sort(xy(centres_at_k), axis=0),
                                   np.sort(ref.cluster_centers_, axis=0), rtol=1e-9)
    assert figure["layout"]["title"]["text"].startswith("K = 5: inertia ")
    # The page's K is where its step-through ends.
    go_to_step(at, "km")
    np.testing.assert_allclose(np.sort(centres(at), axis=0),
                               np.sort(xy(shipped["5"][1]), axis=0), rtol=1e-12)


def test_the_animation_holds_every_move_of_lloyds_algorithm():
    data = blobs(n=300)
    at = open_page(PAGE, {"km_n": "300", "km_k": "4"})
    assert not at.exception
    figure = chart(at, "km_chart")
    last = int(metrics(at)["Move"].split("/")[1])
    shipped = frames(figure, "step")
    assert list(shipped) == [str(i) for i in range(last + 1)]
    play, pause = figure["layout"]["updatemenus"][0]["buttons"]
    assert (play["label"], pause["label"]) == ("Play", "Pause")

    def move(i):  # (labels, centres) of frame i: the centres trace follows the trails
        points, *rest = shipped[str(i)]
        return array(points["customdata"]).astype(int), xy(rest[4])

    start = move(0)[1]
    assert (move(0)[0] == -1).all()  # nothing assigned yet
    for i in range(1, last + 1):
        labels, centres = move(i)
        previous_labels, previous_centres = move(i - 1)
        if i % 2:  # assign: each point to its nearest centre, which stay put
            np.testing.assert_array_equal(centres, previous_centres)
            d2 = ((data.X[:, None, :] - centres[None]) ** 2).sum(axis=2)
            np.testing.assert_array_equal(labels, d2.argmin(axis=1))
        else:  # update: each centre to the mean of its points
            np.testing.assert_array_equal(labels, previous_labels)
            means = [data.X[labels == j].mean(axis=0) for j in range(4)]
            np.testing.assert_allclose(centres, means)
    ref = sklearn_from(data.X, start)
    np.testing.assert_allclose(move(last)[1], ref.cluster_centers_, rtol=1e-9)


def test_each_move_is_explained_once_in_the_chart_s_title_or_beside_a_placed_run():
    assign = "assign: each point joins its nearest centre."
    at = open_page(PAGE, {"km_step": "1"})
    assert not at.exception
    last = int(metrics(at)["Move"].split("/")[1])
    # The title is wrapped in two lines at most (plots.layout.screen_layout).
    title = chart(at, "km_chart")["layout"]["title"]["text"].replace("<br>", " ")
    assert title == f"1 / {last}: Iteration 1, {assign}"
    assert not any(assign in m.value for m in at.markdown)  # not said twice
    # Centres placed by clicks: the chart is a plain one, the move is said beside it.
    at = open_page(PAGE, {"km_init": "placed", "km_centres": "-2, 2; 2, 0", "km_step": "1"})
    assert not at.exception
    assert not chart(at, "km_chart")["layout"].get("title", {}).get("text")
    assert [m.value for m in at.markdown if assign in m.value] == [
        f"**Iteration 1, {assign}**"]


def test_centres_placed_by_clicking_start_the_run():
    data = blobs()
    at = open_page(PAGE)
    at.selectbox(key="km_init").select("placed").run()
    assert at.info, "an empty placement asks for clicks"
    for click in ({"x": -2.0, "y": 2.0}, {"x": 2.0, "y": 0.0}, {"x": 0.5, "y": 5.0}):
        at.session_state["km_chart"] = selection([click])
        at.run()
        assert not at.exception
    assert at.text_input(key="km_centres").value == "-2, 2; 2, 0; 0.5, 5"
    np.testing.assert_allclose(centres(at), [[-2, 2], [2, 0], [0.5, 5]])
    go_to_step(at, "km")
    ref = sklearn_from(data.X, np.array([[-2, 2], [2, 0], [0.5, 5]], dtype=float))
    np.testing.assert_allclose(centres(at), ref.cluster_centers_, rtol=1e-9)

    at.button(key="km_centres_clear").click().run()
    assert at.text_input(key="km_centres").value == ""


def test_a_link_with_typed_centres_and_a_step_opens_that_view():
    at = open_page(PAGE, {"km_init": "placed by you", "km_centres": "0, 0; 4, 4",
                          "km_step": "1", "km_data": "Blobs"})
    assert not at.exception
    assert at.selectbox(key="km_init").value == "placed"
    assert metrics(at)["Move"].startswith("1 /")
    np.testing.assert_allclose(centres(at), [[0, 0], [4, 4]])
    np.testing.assert_array_equal(rings(at), [[0, 0], [4, 4]])


def test_typing_nonsense_centres_shows_an_error_not_a_traceback():
    at = open_page(PAGE, {"km_init": "placed by you", "km_centres": "1, 2, 3; x"})
    assert not at.exception
    assert at.error and "2 numbers" in at.error[0].value
