"""Every kind of download, clicked in a real browser: the file opens and holds the view's
data (CSV, JSON and HTML of an experiment, PNG and SVG from a chart's camera button, the
chart and measure CSVs of Compare with ground truth)."""

import io
import json
import xml.etree.ElementTree as ET

import pandas as pd
import pytest
from PIL import Image

import datasets
from experiments import EXPERIMENTS
from tests.browser.pageutils import click_and_wait, screenshot, wait_until_idle

pytestmark = pytest.mark.browser

CAMERA = '.modebar-btn[data-title^="Download plot"]'


def download(page, locator) -> tuple[str, bytes]:
    with page.expect_download(timeout=60_000) as info:
        locator.click()
    item = info.value
    return item.suggested_filename, open(item.path(), "rb").read()


def camera(page, chart) -> tuple[str, bytes]:
    chart.hover()
    return download(page, chart.locator(CAMERA))


def test_experiment_downloads_and_chart_images(page, app_url):
    page.goto(f"{app_url}/experiments_gates2017?gates_fig=gates2017-fig1")
    chart = page.locator('[data-testid="stPlotlyChart"]').first
    chart.locator(".main-svg").first.wait_for(timeout=90_000)
    wait_until_idle(page)
    expected = EXPERIMENTS["gates2017-fig1"]("quick", random_state=0)

    name, body = download(page, page.get_by_role("button", name="CSV", exact=True))
    assert name == "gates2017-fig1.csv"
    table = pd.read_csv(io.BytesIO(body))
    pd.testing.assert_frame_equal(table, expected.reset_index(drop=True), check_dtype=False)

    name, body = download(page, page.get_by_role("button", name="Parameters (JSON)"))
    record = json.loads(body)
    assert name == "gates2017-fig1.json"
    assert record["experiment"] == "gates2017-fig1" and record["preset"] == "quick"

    name, body = download(page, page.get_by_role("button", name="Figure (HTML)"))
    html = body.decode()
    assert name == "gates2017-fig1.html" and "plotly" in html.lower()
    assert EXPERIMENTS["gates2017-fig1"].title.split(" ")[0] in html

    name, body = camera(page, chart)
    assert name == "gates2017-fig1.png"
    image = Image.open(io.BytesIO(body))
    box = chart.bounding_box()
    assert image.format == "PNG" and image.width >= 1.9 * box["width"]  # scale 2

    click_and_wait(page, page.locator('[data-testid="stSidebar"]').get_by_text("SVG", exact=True))
    name, body = camera(page, chart)
    assert name == "gates2017-fig1.svg"
    root = ET.fromstring(body)
    assert root.tag.endswith("svg")
    assert "Ranking" in "".join(root.itertext())
    screenshot(page, "downloads-gates")


def test_compare_with_ground_truth_csvs_hold_the_view(page, app_url):
    page.goto(f"{app_url}/measure_truth?mt_dataset=Two+moons&mt_n=200")
    page.locator('[data-testid="stPlotlyChart"] .main-svg').first.wait_for(timeout=90_000)
    wait_until_idle(page)
    data = datasets.load("moons", n_samples=200, random_state=0, standardize=False)
    # The clusters and the classes are two panels of one chart: one file holds both.
    name, body = download(page, page.get_by_role("button", name="Chart data (CSV)").first)
    points = pd.read_csv(io.BytesIO(body))
    assert name == "clusters_and_classes.csv"
    assert list(points.columns) == ["x", "y", "cluster", "true_class"]
    assert len(points) == 200
    assert sorted(points["true_class"].unique()) == [f"class {c}" for c in sorted(set(data.y))]
    clusters, classes = points[["x", "y", "cluster"]], points[["x", "y", "true_class"]]

    # only the open tab is drawn: the click reruns the page
    click_and_wait(page, page.get_by_role("tab", name="Contingency table"))
    name, body = download(page, page.get_by_role("button", name="Chart data (CSV)").first)
    cells = pd.read_csv(io.BytesIO(body))
    assert name == "contingency.csv"
    # The contingency table names clusters as the points file does, and counts them.
    assert set(cells["column"]) == set(clusters["cluster"])
    counts = clusters.assign(row=classes["true_class"]).groupby(["row", "cluster"]).size()
    table = cells.set_index(["row", "column"])["count"]
    assert all(table[(r, c)] == n for (r, c), n in counts.items())

    click_and_wait(page, page.get_by_role("tab", name="Every measure"))
    name, body = download(page, page.get_by_role("button", name="Measures (CSV)"))
    measures = pd.read_csv(io.BytesIO(body)).set_index("key")
    assert {"ari", "ami_arithmetic", "nmi_arithmetic"} <= set(measures.index)
    assert -1 <= measures.loc["ari", "value"] <= 1
