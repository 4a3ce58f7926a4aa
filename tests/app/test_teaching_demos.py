"""The demos of docs/teaching.md: each opens the link written in the document and
checks what the document says it shows, against independent references (scikit-learn,
the slides' numbers, a Monte Carlo run)."""

import json
import re
from urllib.parse import parse_qs

import numpy as np
import pytest
from sklearn.cluster import DBSCAN
from sklearn.metrics import adjusted_mutual_info_score, normalized_mutual_info_score

import datasets
from tests.app.conftest import open_tab
from ui.page_parameters import DOC, open_page


def demo_links(number: int) -> list[tuple[str, dict[str, list[str]]]]:
    """The links of demo ``number`` in docs/teaching.md: (page, parameters) each; a link
    without a page reuses the previous one's page."""
    text = DOC.read_text().split("Demos for one lecture", 1)[1].split("\n## ", 1)[0]
    item = re.search(rf"^{number}\. (.*?)(?=^\d\. |\Z)", text, re.S | re.M).group(1)
    links, page = [], None
    for span in re.findall(r"`([^`]+)`", item):
        if "=" not in span:
            continue
        path, _, query = span.rpartition("?")
        page = path or page
        links.append((page, parse_qs(query)))
    assert links, f"demo {number} has no link"
    return links


def open_demo(number: int, index: int = 0):
    page, params = demo_links(number)[index]
    return open_page(f"app_pages/{page}.py", params)


def measure_value(at, measure: str) -> float:
    """The value of ``measure`` in the page's table of every measure."""
    tables = [d.value for d in at.dataframe
              if {"key", "value", "family"} <= set(d.value.columns)]
    assert len(tables) == 1
    return float(tables[0].set_index("key").loc[measure, "value"])


def metric(at, label: str) -> str:
    return next(m.value for m in at.metric if m.label == label)


def test_demo_1_k_means_cuts_the_moons_dbscan_does_not():
    at = open_demo(1)
    scores = next(d.value for d in at.dataframe if "ARI" in d.value.columns)
    ari = scores.set_index("method")["ARI"]
    assert ari["k-means"] < 0.6
    assert ari["DBSCAN"] > 0.95


def test_demo_2_clusters_found_in_uniform_noise_by_both_methods():
    for index, label in enumerate(("k-means", "DBSCAN")):
        at = open_demo(2, index)
        assert at.selectbox(key="lv_method").format_func(
            at.selectbox(key="lv_method").value) == label
        assert int(metric(at, "Clusters found")) >= 2


def test_demo_3_the_slides_rand_exercise():
    at = open_demo(3)
    n11, n10, n01, n00 = 20, 24, 20, 72  # the slides' pair counts
    ri = (n11 + n00) / (n11 + n10 + n01 + n00)
    ari = 2 * (n11 * n00 - n10 * n01) / ((n11 + n10) * (n10 + n00) + (n11 + n01) * (n01 + n00))
    assert measure_value(at, "ri") == pytest.approx(ri)
    assert round(ri, 2) == 0.68 and round(ari, 2) == 0.24
    assert measure_value(at, "ari") == pytest.approx(ari)


def test_demo_4_nmi_rewards_many_clusters_ami_does_not():
    at = open_demo(4)
    _, params = demo_links(4)[0]
    n, k = int(params["lc_n"][0]), int(params["lc_k"][0])
    nmi = float(metric(at, f"NMI (arithmetic) at K = {k}"))
    ami = float(metric(at, f"AMI (arithmetic) at K = {k}"))
    rng = np.random.default_rng(1)
    truth = rng.integers(0, 10, size=(400, n))
    draws = rng.integers(0, k, size=(400, n))
    reference = np.mean([normalized_mutual_info_score(t, d) for t, d in zip(truth, draws,
                                                                               strict=True)])
    assert reference == pytest.approx(0.47, abs=0.02)  # the document's "near 0.47"
    assert nmi == pytest.approx(reference, abs=0.04)  # 12 draws on the page
    assert abs(ami) < 0.03


def test_demo_8_noise_points_change_the_score():
    at = open_demo(8)
    _, params = demo_links(8)[0]
    data = datasets.load("moons", n_samples=500, noise=float(params["mt_noise_moons"][0]),
                         random_state=0, standardize=False)
    labels = DBSCAN(eps=float(params["mt_dbscan_eps"][0]), min_samples=5).fit_predict(data.X)
    noise = labels == -1
    assert len(set(labels[~noise])) == 2 and noise.sum() == 14  # as the document says
    text = " ".join(m.value for m in at.markdown)
    assert "found **2** clusters and **14** noise points" in text
    singletons = labels.copy()
    singletons[noise] = labels.max() + 1 + np.arange(noise.sum())
    expected = {
        "cluster": adjusted_mutual_info_score(data.y, labels),
        "singletons": adjusted_mutual_info_score(data.y, singletons),
        "exclude": adjusted_mutual_info_score(data.y[~noise], labels[~noise]),
    }
    shown = {}
    open_tab(at, "mt_tab", "Every measure")  # as the document says
    for policy in expected:
        at.radio(key="mt_noise_policy").set_value(policy).run()
        shown[policy] = measure_value(at, "ami_arithmetic")
    assert shown == pytest.approx(expected, abs=1e-9)
    assert len({round(v, 3) for v in shown.values()}) == 3
    assert [round(shown[p], 3) for p in expected] == [0.905, 0.881, 1.0]  # the document's


def chart_titles(at) -> list[str]:
    return [json.loads(chart.proto.spec)["layout"].get("title", {}).get("text", "")
            for chart in at.get("plotly_chart")]


def test_demo_5_geodesic_distance_unrolls_the_swiss_roll():
    at = open_demo(5)
    aris = {}
    for title in chart_titles(at):
        found = re.search(r"(euclidean|geodesic): ARI (-?[\d.]+)", title)
        if found:
            aris[found.group(1)] = float(found.group(2))
    assert aris["euclidean"] == pytest.approx(0.3, abs=0.1)  # "about 0.3"
    assert aris["geodesic"] == pytest.approx(0.85, abs=0.05)  # "0.85"


def test_demo_6_em_against_k_means_on_stretched_clusters():
    at = open_demo(6)
    step = at.slider(key="em_step")
    step.set_value(step.max).run()
    assert not at.exception
    assert float(metric(at, "ARI vs truth")) == pytest.approx(0.79, abs=0.05)  # "about 0.79"
    assert float(metric(at, "ARI k-means")) == pytest.approx(0.44, abs=0.05)  # "about 0.44"


def merge_line(at) -> str:
    return next(m.value for m in at.markdown if m.value.startswith("**Merge"))


def test_demo_7_the_slides_linkage_example():
    (page, first), (_, second) = demo_links(7)[:2]
    at = open_page(f"app_pages/{page}.py", first)
    line = merge_line(at)
    assert "I3" in line and "I4" in line and "I5" in line and "**0.3**" in line, line
    at = open_page(f"app_pages/{page}.py", {**first, **second})  # the same step, single link
    line = merge_line(at)
    assert "I1" in line and "I2" in line and "**0.7**" in line, line
