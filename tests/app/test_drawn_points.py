"""Drawn points in a link: every page that offers them opens the drawing the link holds,
scores it against the drawn classes, and refuses a damaged link with a warning."""

import json
from urllib.parse import parse_qs, urlsplit

import numpy as np
import pytest
from sklearn.metrics import adjusted_rand_score

import clustering
from datasets.drawn import decode_points, encode_points
from explorer.notebook import view_notebook
from tests.app.conftest import open_page
from tests.app.explore_helpers import chart, xy
from tests.notebook_runner import executed_json
from ui.draw import apply_edit


def three_blobs() -> str:
    """60 points in three tight groups, drawn in classes 0, 1 and 2."""
    rng = np.random.default_rng(3)
    centres = np.array([[150, 150], [850, 200], [500, 850]])
    cells = np.vstack([rng.integers(c - 40, c + 40, size=(20, 2)) for c in centres])
    return encode_points(cells, np.repeat([0, 1, 2], 20))


DRAWN = three_blobs()


def link(at) -> dict[str, list[str]]:
    return parse_qs(urlsplit(at.sidebar.code[-1].value).query, keep_blank_values=True)


def test_explore_opens_a_drawn_link_and_scores_it_against_the_drawn_classes():
    at = open_page("app_pages/explore.py", {"ex_data": "drawn", "ex_drawn": DRAWN,
                                            "ex_algo": "kmeans", "ex_k": "3",
                                            "ex_algo_seed": "2"})
    assert not at.exception and not at.error
    assert at.selectbox(key="ex_data").value == "drawn"
    assert at.text_input(key="ex_drawn").value == DRAWN
    # The same clustering run directly on the decoded points, scored by scikit-learn.
    cells, classes = decode_points(DRAWN)
    X = cells * 10.0 / 1023
    labels = clustering.run("kmeans", X, random_state=2, n_clusters=3).labels
    table = next(d.value for d in at.dataframe if "measure" in d.value.columns)
    shown = dict(zip(table["measure"], table["value"], strict=True))
    assert shown["Adjusted Rand index"] == pytest.approx(adjusted_rand_score(classes, labels))
    assert shown["Adjusted Rand index"] == pytest.approx(1.0)  # three far-apart groups
    assert link(at)["ex_drawn"] == [DRAWN]  # Copy link carries the drawing


@pytest.mark.parametrize(("path", "params"), [
    ("app_pages/explore_dbscan.py", {"db_data": "Drawn points", "db_drawn": DRAWN}),
    ("app_pages/explore_kmeans.py", {"km_data": "drawn", "km_drawn": DRAWN}),
    ("app_pages/measure_truth.py", {"mt_dataset": "drawn", "mt_drawn": DRAWN}),
])
def test_explorers_and_compare_with_ground_truth_take_a_drawn_link(path, params):
    at = open_page(path, params)
    assert not at.exception and not at.error and not at.warning
    prefix = next(iter(params)).split("_")[0]
    assert link(at)[f"{prefix}_drawn"] == [DRAWN]


@pytest.mark.parametrize("bad", ["AAA", "<b>x</b>", "AAAK" * 11])
def test_a_damaged_drawing_gets_a_warning_and_the_default_data(bad):
    at = open_page("app_pages/explore.py", {"ex_data": "drawn", "ex_drawn": bad})
    assert not at.exception and not at.error
    warnings = [w.value for w in at.warning]
    assert any("ex_drawn" in w and "cannot be used" in w for w in warnings), warnings
    assert "<b>" not in " ".join(warnings)
    # The page's default data (generated blobs) are shown: their size slider is drawn.
    assert at.slider(key="ex_n").value == 500
    assert len(at.dataframe[0].value) > 0


def test_a_drawing_over_the_limit_is_refused_with_the_limit_named():
    # 2,000 points is the limit the issue (and the surface's counter) gives a drawing; the
    # box used to cut such a link to its first 2,000 points without saying so.
    over = DRAWN * 34  # 60 points a copy: 2,040 points
    at = open_page("app_pages/explore.py", {"ex_data": "drawn", "ex_drawn": over})
    assert not at.exception and not at.error
    assert at.text_input(key="ex_drawn").value == over  # nothing cut on the way in
    warnings = [w.value for w in at.warning]
    assert any("ex_drawn" in w and "at most 2,000 points" in w for w in warnings), warnings


def test_too_few_drawn_points_ask_for_more():
    at = open_page("app_pages/explore.py", {"ex_data": "drawn", "ex_drawn": DRAWN[:4 * 5]})
    assert not at.exception and not at.error  # where every drawing starts: no error
    assert any("draw at least 10 points" in i.value for i in at.info)


def test_the_notebook_of_a_drawn_view_redraws_the_same_points_and_scores():
    at = open_page("app_pages/explore.py", {"ex_data": "drawn", "ex_drawn": DRAWN,
                                            "ex_algo": "kmeans", "ex_k": "3"})
    view = at.session_state["ex_view"]
    assert view["data"] == {"name": "drawn", "points": DRAWN, "standardize": False}
    scores = executed_json(view_notebook(view), "scores")
    table = next(d.value for d in at.dataframe if "measure" in d.value.columns)
    np.testing.assert_allclose(list(scores.values()), table["value"].tolist(), rtol=1e-12)


def drawing_tools(at) -> dict:
    """What the page gave the drawing tools (components v2 data)."""
    tools = [e for e in at.get("bidi_component")
             if e.proto.component_name == "clusterlab_draw_points"]
    assert len(tools) == 1
    return json.loads(tools[0].proto.json)


def test_a_drawing_starts_on_a_chart_of_its_own_and_moves_to_the_pages_chart():
    at = open_page("app_pages/explore.py", {"ex_data": "drawn", "ex_drawn": DRAWN[:4 * 9]})
    assert not at.exception
    # Nine points: too few to cluster, so the tools draw on the drawing alone, which shows
    # each point at its place on the surface (cells of 10 / 1023).
    tools = drawing_tools(at)
    assert (tools["chart"], tools["count"], tools["max_points"]) == ("ex_drawing", 9, 2000)
    canvas = chart(at, "ex_drawing")
    shown = np.vstack([xy(trace) for trace in canvas["data"]])
    cells, _ = decode_points(DRAWN[:4 * 9])
    np.testing.assert_allclose(np.sort(shown, axis=0), np.sort(cells * 10 / 1023, axis=0))
    with pytest.raises(KeyError):
        chart(at, "ex_clustering")
    # Ten points: the page's own chart is drawn, and the tools draw on it.
    at = open_page("app_pages/explore.py", {"ex_data": "drawn", "ex_drawn": DRAWN[:4 * 10]})
    assert drawing_tools(at)["chart"] == "ex_clustering"
    chart(at, "ex_clustering")
    with pytest.raises(KeyError):
        chart(at, "ex_drawing")


@pytest.mark.parametrize("data", ["drawn", "Drawn points"])
def test_the_tenth_point_of_a_linked_drawing_is_kept_without_a_link_warning(data):
    # A link with nine points opens a page that stops before its end (too few points to
    # cluster); the tenth point, added on the drawing's own chart as the tools' message does
    # it, is the first run to reach the end. It used to read the link that opened the page
    # once more, against the drawing it no longer was: "ex_drawn: ... cannot be used".
    # ("drawn" is the registry key, applied on a rerun; "Drawn points" the label, read by
    # Streamlit itself.)
    nine = DRAWN[:4 * 9]
    at = open_page("app_pages/explore.py", {"ex_data": data, "ex_drawn": nine})
    assert not at.exception and not at.warning
    assert drawing_tools(at)["chart"] == "ex_drawing"
    # The 10th point at the centre of the surface (x, y = 5 of 10): cell round(5 * 102.3).
    ten = apply_edit(nine, {"add": [[5.0, 5.0]], "cls": 1}, [])
    at.session_state["ex_drawn"] = ten
    at.session_state["ex_drawn_edited"] = True  # as the tools' callback marks its edit
    at.run()
    assert not at.exception
    assert [w.value for w in at.warning] == []
    assert drawing_tools(at)["chart"] == "ex_clustering"  # ten points: the page's chart
    cells, classes = decode_points(link(at)["ex_drawn"][0])
    nine_cells, nine_classes = decode_points(nine)
    np.testing.assert_array_equal(cells, np.vstack([nine_cells, [[512, 512]]]))
    np.testing.assert_array_equal(classes, [*nine_classes, 1])
