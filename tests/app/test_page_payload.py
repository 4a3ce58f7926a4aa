"""Issue 38: what the DBSCAN and density-peaks pages send a browser stays under 2 MB at the
scrub benchmark's links (2,000 points), and every frame their scrubbed charts ship is, as
plotly plays it (a frame that repeats another's through its ``baseframe``), a direct run of
the algorithm at that frame's value."""

import numpy as np
import pytest
from pydpc import Cluster
from scipy.spatial.distance import pdist
from sklearn.cluster import DBSCAN
from sklearn.metrics import adjusted_rand_score

from tests.app.conftest import open_page
from tests.app.explore_helpers import array, blobs, chart, frames, xy
from tests.app.test_explore_dbscan import drawn, moons, same_clusters
from tests.app.test_explore_density_peaks import follow_to_centre

pytestmark = pytest.mark.slow

# benchmarks/bench_scrub_browser.py's GOAL_PAYLOAD_MB: everything a page sends the browser.
GOAL_BYTES = 2_000_000
THRESHOLDS = "thresholds ρ_min, δ_min"


def page_bytes(at) -> int:
    """The bytes of every element the run drew (what its messages carry to the browser: a
    chart's figure with its frames, a table, a component's files); the benchmark's count of
    the websocket's bytes was 1-2 % above this sum on both pages."""
    def leaves(node):
        children = getattr(node, "children", None)
        if children:
            for child in children.values():
                yield from leaves(child)
        elif getattr(node, "proto", None) is not None:
            yield node.proto

    return sum(len(proto.SerializeToString()) for root in (at.sidebar, at.main)
               for proto in leaves(root))


def titles(figure: dict, prefix: str) -> dict[str, str]:
    """Each frame's own title (a repeated frame keeps its own) as one line (the page breaks
    long titles for narrow charts), by the value's label."""
    return {f["name"].split("=", 1)[1]: f["layout"]["title"]["text"].replace("<br>", " ")
            for f in figure["frames"] if f["name"].startswith(f"{prefix}=")}


def reused(figure: dict) -> int:
    return sum("baseframe" in frame for frame in figure["frames"])


@pytest.mark.parametrize(("page", "query", "key"), [
    ("explore_dbscan", {"db_n": "2000", "db_eps": "0.1"}, "db_scatter"),
    ("explore_density_peaks", {"dp_n": "2000", "dp_mode": THRESHOLDS}, "dp_thresholds"),
])
def test_the_page_sends_less_than_two_megabytes(page, query, key):
    at = open_page(f"app_pages/{page}.py", query)
    assert not at.exception
    assert page_bytes(at) < GOAL_BYTES
    # The scrubbed chart is one of the elements counted, with its repeated frames reused
    # (without them, 1.77 MB and 1.45 MB alone on 2026-11-29).
    assert chart(at, key)["frames"] and reused(chart(at, key)) > 0


def test_every_frame_of_both_dbscan_sliders_is_sklearns_dbscan_at_its_value():
    data = moons(n=300)
    at = open_page("app_pages/explore_dbscan.py", {"db_n": "300", "db_eps": "0.1"})
    assert not at.exception
    figure = chart(at, "db_scatter")
    assert reused(figure) > 0  # repeated frames are read through their base
    runs = [("eps", float(label), 5, label) for label in frames(figure, "eps")]
    runs += [("min_samples", 0.1, int(label), label)
             for label in frames(figure, "min_samples")]
    assert len(runs) == len(at.select_slider(key="db_eps").options) + 50
    for name, eps, min_samples, label in runs:
        codes, = frames(figure, name)[label]
        labels, kinds = drawn(codes)
        ref = DBSCAN(eps=eps, min_samples=min_samples).fit(data.X)
        core = np.zeros(len(data.X), dtype=bool)
        core[ref.core_sample_indices_] = True
        assert ((kinds == "core") == core).all(), (name, label)
        same_clusters(labels, ref.labels_)
        found, noise = ref.labels_.max() + 1, int((ref.labels_ == -1).sum())
        setting = f"eps = {label}" if name == "eps" else f"eps = 0.1, min_samples = {label}"
        assert titles(figure, name)[label] == (
            f"{setting}: {found} cluster{'' if found == 1 else 's'}, {noise} noise")


def test_every_threshold_frame_is_the_direct_rule_at_its_thresholds():
    data = blobs(n=2000)
    at = open_page("app_pages/explore_density_peaks.py",
                   {"dp_n": "2000", "dp_mode": THRESHOLDS, "dp_rho": "0.2", "dp_delta": "0.3"})
    assert not at.exception
    figure = chart(at, "dp_thresholds")
    assert reused(figure) > 0
    pairs = np.sort(pdist(data.X))
    ref = Cluster(data.X, fraction=0.02, autoplot=False, kernel_size=pairs[round(
        len(pairs) * 0.02) - 1])
    densest = int(np.argmax(ref.density))
    # The paper's delta of the densest point: its largest distance (as in
    # test_explore_density_peaks).
    delta = ref.delta.copy()
    delta[densest] = np.sqrt(((data.X - data.X[densest]) ** 2).sum(axis=1)).max()
    shapes = {f["name"]: f["layout"]["shapes"] for f in figure["frames"]}
    checked = 0
    for name, fixed in (("δ_min share", 0.2), ("ρ_min share", 0.3)):
        for label, (graph, points, stars) in frames(figure, name).items():
            rho_share, delta_share = ((fixed, float(label)) if name.startswith("δ")
                                      else (float(label), fixed))
            rho_min, delta_min = rho_share * ref.density.max(), delta_share * delta.max()
            centres = np.flatnonzero((ref.density > rho_min) & (delta > delta_min))
            np.testing.assert_array_equal(
                np.flatnonzero(array(graph["marker"]["color"]) != 112), centres)
            np.testing.assert_allclose(xy(stars), data.X[centres])
            expected = follow_to_centre(ref.neighbour, None, centres)
            assert adjusted_rand_score(array(points["customdata"]), expected) == 1.0
            # The lines stand at the frame's own thresholds, repeated frame or not.
            rho_line, delta_line = shapes[f"{name}={label}"]
            assert rho_line["x0"] == pytest.approx(rho_min, rel=1e-9)
            assert delta_line["y0"] == pytest.approx(delta_min, rel=1e-9)
            checked += 1
    assert checked >= 49 + 25
