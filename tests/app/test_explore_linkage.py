"""The linkage worked example page, merge by merge against scipy's linkage."""

import numpy as np
import pytest
from scipy.cluster.hierarchy import linkage
from scipy.spatial.distance import squareform
from sklearn.cluster import AgglomerativeClustering
from sklearn.metrics import adjusted_rand_score

from explorer.linkage_demos import bridge, large_and_small
from explorer.linkage_steps import SLIDES_SIMILARITY
from tests.app.conftest import open_page
from tests.app.explore_helpers import array, chart, go_to_step, metrics
from tests.ui.test_text import rendered_text

PAGE = "app_pages/explore_linkage.py"


def shown_matrix(at) -> np.ndarray:
    heat = chart(at, "lk_merges")["data"][0]
    assert heat["type"] == "heatmap"
    return np.array([[float(v) for v in row] for row in heat["z"]]) if isinstance(
        heat["z"], list) else array(heat["z"])


def brute_force_matrix(S, clusters, aggregate):
    return np.array([[1.0 if a == b else aggregate([S[p, q] for p in a for q in b])
                      for b in clusters] for a in clusters])


@pytest.mark.parametrize("link, aggregate", [("single", np.max), ("complete", np.min),
                                              ("average", np.mean)])
def test_each_step_shrinks_the_matrix_as_scipy_merges(link, aggregate):
    at = open_page(PAGE, {"lk_link": link})
    assert not at.exception and not at.error
    Z = linkage(squareform(1 - SLIDES_SIMILARITY, checks=False), link)
    members = {i: (i,) for i in range(5)}
    clusters = [(i,) for i in range(5)]
    np.testing.assert_allclose(shown_matrix(at), SLIDES_SIMILARITY)
    for t, (a, b, height, _) in enumerate(Z, start=1):
        go_to_step(at, "lk", t)
        assert metrics(at)["Merges"] == f"{t} / 4"
        assert float(metrics(at)["Last merge height"]) == pytest.approx(height, abs=1e-3)
        merged = members[int(a)] + members[int(b)]
        members[5 + t - 1] = merged
        clusters = [c for c in clusters if c not in (members[int(a)], members[int(b)])]
        clusters.append(merged)
        assert len(shown_matrix(at)) == len(clusters)
        np.testing.assert_allclose(shown_matrix(at),
                                   brute_force_matrix(SLIDES_SIMILARITY, clusters, aggregate),
                                   atol=1e-12)


def test_the_slides_complete_link_joins_i3_to_i4_i5():
    at = open_page(PAGE, {"lk_link": "complete", "lk_step": "3"})
    text = " ".join(m.value for m in at.markdown)
    assert "**Merge 3:** I3 and {I4, I5}" in text
    assert float(metrics(at)["Last merge height"]) == pytest.approx(0.7)


@pytest.mark.parametrize("typed, message", [
    ("1 0.5\n0.4 1", "symmetric"),
    ("1 0.5\n0.5 0.9", "diagonal"),
    ("1 0.5\n0.5 2", "must lie in"),
    ("1 x\nx 1", "row 1, entry 2 is not a number"),
    ("1 0.5 0.2\n0.5 1", "same number of entries"),
])
def test_a_bad_typed_matrix_is_explained(typed, message):
    at = open_page(PAGE, {"lk_source": "A matrix of my own", "lk_matrix": typed})
    assert not at.exception
    assert any(message in rendered_text(e.value) for e in at.error)


def test_a_typed_matrix_merges_as_scipy():
    typed = "1 0.3 0.8\n0.3 1 0.5\n0.8 0.5 1"
    at = open_page(PAGE, {"lk_source": "A matrix of my own", "lk_matrix": typed,
                          "lk_link": "average"})
    assert not at.exception and not at.error
    go_to_step(at, "lk")
    S = np.array([[1, 0.3, 0.8], [0.3, 1, 0.5], [0.8, 0.5, 1]])
    Z = linkage(squareform(1 - S, checks=False), "average")
    assert float(metrics(at)["Last merge height"]) == pytest.approx(Z[-1, 2], abs=1e-3)
    assert metrics(at)["Clusters"] == "1"


def test_the_bridge_demo_scores_are_sklearns():
    at = open_page(PAGE)
    X, y = bridge(0)
    # The first tab's metrics come first: single, complete, average on the bridge.
    shown = [float(m.value) for m in at.metric if m.label.endswith("link: ARI")][:3]
    expected = [adjusted_rand_score(y, AgglomerativeClustering(2, linkage=link).fit_predict(X))
                for link in ("single", "complete", "average")]
    np.testing.assert_allclose(shown, expected, atol=5e-3)
    assert shown[0] < 0.1 < 0.9 < shown[1]


def drawn_demos(at) -> set[str]:
    """The demos whose charts the run drew (their charts' keys are lk_<demo>_<link>)."""
    from explorer.linkage_demos import DEMOS

    keys = [c.proto.id for c in at.get("plotly_chart")]
    return {name for name in DEMOS if any(f"-lk_{name}_" in k for k in keys)}


def test_only_the_open_demo_tab_is_drawn_and_a_link_opens_the_second():
    from app_pages.explore_linkage import DEMO_TITLES
    from tests.app.conftest import open_tab

    at = open_page(PAGE)
    assert drawn_demos(at) == {"bridge"}
    assert drawn_demos(open_tab(at, "lk_demo", DEMO_TITLES["large_and_small"])) == {
        "large_and_small"}

    at = open_page(PAGE, {"lk_demo": DEMO_TITLES["large_and_small"]})
    assert drawn_demos(at) == {"large_and_small"}
    X, y = large_and_small(0)
    shown = [float(m.value) for m in at.metric if m.label.endswith("link: ARI")]
    expected = [adjusted_rand_score(y, AgglomerativeClustering(2, linkage=link).fit_predict(X))
                for link in ("single", "complete", "average")]
    np.testing.assert_allclose(shown, expected, atol=5e-3)


@pytest.mark.parametrize("link", ["single", "complete", "average"])
def test_every_frame_of_the_animation_draws_scipys_first_merges(link):
    from tests.app.explore_helpers import frames

    at = open_page(PAGE, {"lk_link": link, "lk_step": "2"})
    assert not at.exception and not at.error
    figure = chart(at, "lk_merges")
    Z = linkage(squareform(1 - SLIDES_SIMILARITY, checks=False), link)
    names = [t.get("name", "") for t in figure["data"]]
    merge_trace = {int(n.split()[1]): i for i, n in enumerate(names) if n.startswith("merge ")}
    assert sorted(merge_trace) == [1, 2, 3, 4]
    # Each merge's link tops out at scipy's height for that merge.
    for j, trace_index in merge_trace.items():
        assert max(array(figure["data"][trace_index]["y"])) == pytest.approx(Z[j - 1, 2])
    shipped = frames(figure, "merges")
    assert list(shipped) == ["0", "1", "2", "3", "4"]
    for t, updates in shipped.items():
        by_trace = dict(zip(next(f for f in figure["frames"]
                                 if f["name"] == f"merges={t}")["traces"], updates,
                            strict=True))
        drawn = {j for j, i in merge_trace.items()
                 if by_trace[i]["line"]["color"] != "rgba(0,0,0,0)"}
        assert drawn == set(range(1, int(t) + 1))
        dashed = by_trace[names.index("next merge")]["y"]
        assert dashed[0] == (pytest.approx(Z[int(t), 2]) if int(t) < 4 else None)
    slider = figure["layout"]["sliders"][0]
    assert slider["steps"][slider["active"]]["label"] == "2"
