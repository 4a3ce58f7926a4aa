"""The explorer pages' main flows in Debian's chromium: step, select, click a cell, cut."""

import re

import numpy as np
import pytest
from playwright.sync_api import expect
from scipy.cluster.hierarchy import fcluster, linkage
from sklearn.cluster import KMeans

import datasets
from explorer.compare import MIN_SAMPLES, eps_values
from tests.browser.pageutils import screenshot, wait_until_idle

pytestmark = pytest.mark.browser


def open_view(page, app_url, path):
    page.goto(f"{app_url}/{path}")
    page.wait_for_selector('[data-testid="stPlotlyChart"]', timeout=60_000)
    wait_until_idle(page)
    assert page.locator('[data-testid="stException"]').count() == 0


def metric(page, label: str) -> str:
    box = page.locator('[data-testid="stMetric"]').filter(has_text=label).first
    return box.locator('[data-testid="stMetricValue"]').inner_text()


def drag_box(page, chart_index: int, start: tuple[float, float], end: tuple[float, float]):
    """Drag a selection box across a plotly chart, in fractions of its plotting area."""
    area = page.locator('[data-testid="stPlotlyChart"]').nth(chart_index).locator(
        ".nsewdrag").first
    box = area.bounding_box()
    page.mouse.move(box["x"] + start[0] * box["width"], box["y"] + start[1] * box["height"])
    page.mouse.down()
    page.mouse.move(box["x"] + end[0] * box["width"], box["y"] + end[1] * box["height"],
                    steps=12)
    page.mouse.up()


def test_kmeans_step_and_step_back(page, app_url):
    def move_title(text):
        # A title wrapped on two lines is two SVG lines, read with no space between them.
        words = r"\s*".join(map(re.escape, text.split()))
        return page.locator(".st-key-km_chart .gtitle", has_text=re.compile(words))

    sent = []
    page.on("websocket", lambda socket: socket.on("framesent", lambda m: sent.append(m)))
    open_view(page, app_url, "explore_kmeans?km_n=200")
    total = metric(page, "Move").split("/")[1].strip()
    # The chart's title says what the move shown does.
    page.get_by_role("button", name="Step", exact=True).click()
    move_title("assign: each point joins its nearest centre").wait_for(timeout=30_000)
    page.get_by_role("button", name="Step", exact=True).click()
    move_title("update: each centre moves").wait_for(timeout=30_000)
    # The step reached goes to the server when the presses stop, a rerun that may start
    # after the page first looks idle (ci12 read "0 / 13" there).
    box = page.locator('[data-testid="stMetric"]').filter(has_text="Move").first
    expect(box.locator('[data-testid="stMetricValue"]')).to_have_text(f"2 / {total}",
                                                                       timeout=30_000)
    wait_until_idle(page)
    screenshot(page, "explore_kmeans-update")
    page.get_by_role("button", name="Step back").click()
    move_title("assign: each point joins its nearest centre").wait_for(timeout=30_000)
    # Play runs in the browser (tests/browser/test_scrub.py).

    # A k-means++ start's ring dragged: the run starts again from those centres, placed by
    # the user, the moved one where the pointer let it go (all in the link).
    wait_until_idle(page)
    start = [page.evaluate(KM_AXES, i)["ring"] for i in range(3)]
    pointer, pixel = drag_ring(page, sent, 1, (-60, 40))
    page.wait_for_url(re.compile(r"km_centres=.*km_init=placed|km_init=placed.*km_centres="),
                      timeout=30_000)
    wait_until_idle(page)
    box = page.get_by_role("textbox", name="Centres (x, y; x, y; ...)")
    shown = [np.array(c.split(","), dtype=float) for c in box.input_value().split(";")]
    assert len(shown) == 3
    assert_dropped_at(shown[1], pointer, pixel)
    for i in (0, 2):  # the others stay (to the 3 digits the box keeps)
        np.testing.assert_allclose(shown[i], start[i], rtol=5e-3, atol=5e-3)
    assert metric(page, "Move").startswith("0 /")
    screenshot(page, "explore_kmeans-dragged-start")


# The k-means chart's axes on the page (CSS pixels and data ranges), and ring i's centre.
KM_AXES = """i => {
  const gd = document.querySelector(".st-key-km_chart .js-plotly-plot");
  const box = gd.getBoundingClientRect(), xa = gd._fullLayout.xaxis, ya = gd._fullLayout.yaxis;
  const ring = gd.layout.shapes.find(s => s.name === "handle " + i);
  return {x: [box.left + xa._offset, xa._length, ...xa.range],
          y: [box.top + ya._offset, ya._length, ...ya.range],
          ring: [ring.xanchor, ring.yanchor]};
}"""


def drag_ring(page, sent: list, i: int, by: tuple[float, float]):
    """Drag the ring of k-means' first centre ``i`` by ``by`` CSS pixels with the mouse;
    check that nothing was sent while it moved. Returns the pointer's data coordinates at the
    drop and the data units of a pixel on each axis, both read from the axis ranges here."""
    page.locator(".st-key-km_chart").scroll_into_view_if_needed()
    axes = page.evaluate(KM_AXES, i)
    (left, width, xa0, xa1), (top, height, ya0, ya1) = axes["x"], axes["y"]
    x, y = axes["ring"]
    start = (left + (x - xa0) / (xa1 - xa0) * width,
             top + (1 - (y - ya0) / (ya1 - ya0)) * height)
    end = (start[0] + by[0], start[1] + by[1])
    first = len(sent)
    page.mouse.move(*start)
    page.mouse.down()
    for step in range(1, 11):
        page.mouse.move(start[0] + by[0] * step / 10, start[1] + by[1] * step / 10)
        page.wait_for_timeout(40)
    during = sent[first:]
    page.mouse.up()
    assert during == [], f"{len(during)} websocket messages sent during the drag"
    pointer = (xa0 + (end[0] - left) / width * (xa1 - xa0),
               ya0 + (1 - (end[1] - top) / height) * (ya1 - ya0))
    return pointer, ((xa1 - xa0) / width, (ya1 - ya0) / height)


def assert_dropped_at(centre, pointer, pixel):
    """A centre the "Centres" box holds is where the pointer let it go: within a pixel and
    the 3 digits the box keeps."""
    for axis in (0, 1):
        assert centre[axis] == pytest.approx(pointer[axis],
                                             abs=pixel[axis] + 5e-3 * abs(pointer[axis]))


def test_kmeans_clicks_on_the_plot_place_the_first_centres(page, app_url):
    sent = []
    page.on("websocket", lambda socket: socket.on("framesent", lambda m: sent.append(m)))
    open_view(page, app_url, "explore_kmeans?km_init=placed+by+you&km_n=200")
    centres = page.get_by_role("textbox", name="Centres (x, y; x, y; ...)")
    for count, (fx, fy) in enumerate([(0.3, 0.3), (0.7, 0.6)], start=1):
        area = page.locator('[data-testid="stPlotlyChart"]').first.locator(
            ".nsewdrag").first.bounding_box()
        x, y = area["x"] + fx * area["width"], area["y"] + fy * area["height"]
        page.mouse.move(x, y)
        page.mouse.click(x, y)
        page.wait_for_function("([e, n]) => e.value.split(';').length === n",
                               arg=[centres.element_handle(), count], timeout=30_000)
        wait_until_idle(page)
    # Two clicks, two centres: upper left first, lower right second.
    (x1, y1), (x2, y2) = (map(float, c.split(",")) for c in centres.input_value().split(";"))
    assert x1 < x2 and y1 > y2
    screenshot(page, "explore_kmeans-placed")

    # Dragging the first centre's ring: once dropped, that centre is where the pointer is,
    # and the run to the last move is sklearn's k-means from the new centres.
    before = centres.input_value().split(";")[0]
    pointer, pixel = drag_ring(page, sent, 0, (70, 50))
    page.wait_for_function("([e, x]) => !e.value.startsWith(x)",
                           arg=[centres.element_handle(), before], timeout=30_000)
    wait_until_idle(page)
    assert "km_centres=" in page.url
    moved, kept = (np.array(c.split(","), dtype=float) for c in centres.input_value().split(";"))
    assert_dropped_at(moved, pointer, pixel)
    np.testing.assert_allclose(kept, [x2, y2])
    data = datasets.load("blobs", n_samples=200, random_state=0,
                         noise=datasets.DATASETS["blobs"].default_noise)
    ref = KMeans(2, init=np.array([moved, kept]), n_init=1, algorithm="lloyd", tol=1e-4,
                 max_iter=300).fit(data.X[:, :2])
    page.get_by_role("slider", name="Move").focus()
    page.keyboard.press("End")
    page.wait_for_function(
        "() => [...document.querySelectorAll('[data-testid=stMetricValue]')]"
        ".some(e => /^(\\d+) \\/ \\1$/.test(e.innerText.trim()))", timeout=30_000)
    wait_until_idle(page)
    assert float(metric(page, "Inertia J")) == pytest.approx(ref.inertia_, rel=1e-3)
    screenshot(page, "explore_kmeans-dragged-centre")


def test_density_peaks_box_on_the_decision_graph_picks_the_centres(page, app_url):
    open_view(page, app_url, "explore_density_peaks")
    # Blobs: the three centres stand far above the rest; a box over the top two.
    drag_box(page, 0, (0.99, 0.6), (0.45, 0.005))
    centres = page.get_by_role("textbox", name="Centres (point numbers)")
    centres.wait_for(timeout=30_000)
    wait_until_idle(page)
    assert centres.input_value() != ""
    assert metric(page, "Clusters") == "2"
    assert "dp_mode=my+selection" in page.url or "dp_mode=my%20selection" in page.url
    screenshot(page, "explore_density_peaks-selected")


def test_compare_clicking_a_heat_map_cell_loads_it(page, app_url):
    open_view(page, app_url, "explore_compare")
    heat = page.locator(".st-key-cmp_heat [data-testid='stPlotlyChart']")
    heat.scroll_into_view_if_needed()
    area = heat.locator(".nsewdrag").first.bounding_box()
    # The first column, top row (category axes start at the bottom): the smallest eps with
    # the largest min_samples.
    page.mouse.click(area["x"] + area["width"] / 22, area["y"] + area["height"] / 14)
    selected = page.get_by_text(re.compile(r"^Selected: eps = "))
    selected.wait_for(timeout=30_000)
    wait_until_idle(page)
    eps, min_samples = re.search(r"eps = ([0-9.e+-]+), min_samples = (\d+)",
                                 selected.inner_text()).groups()
    data = datasets.load("moons", random_state=0, standardize=True)
    assert float(eps) == pytest.approx(eps_values(data.X)[0], rel=1e-3)
    assert int(min_samples) == max(MIN_SAMPLES)
    screenshot(page, "explore_compare-cell")


# The dendrogram's cut line: its height, and where a height is on the page (CSS pixels).
CUT_LINE = """() => {
  const gd = document.querySelector(".st-key-hc_dendrogram .js-plotly-plot");
  const shape = gd.layout.shapes.find(s => s.name === "cut");
  return {y0: shape.y0, y1: shape.y1};
}"""
# Where the cut line is drawn on the page (plotly writes a drag into the layout at the drop).
DRAWN_Y = """() => {
  const path = document.querySelector(
    ".st-key-hc_dendrogram .shapelayer .shape-group path:not([drag-helper])");
  const box = path.getBoundingClientRect();
  return box.top + box.height / 2;
}"""
PAGE_Y = """height => {
  const gd = document.querySelector(".st-key-hc_dendrogram .js-plotly-plot");
  const ya = gd._fullLayout.yaxis, xa = gd._fullLayout.xaxis;
  const box = gd.getBoundingClientRect();
  return {x: box.left + xa._offset + xa._length / 2, y: box.top + ya._offset + ya.l2p(height)};
}"""


def test_hierarchical_moving_k_moves_the_cut_and_the_url(page, app_url):
    sent = []
    page.on("websocket", lambda socket: socket.on("framesent", lambda m: sent.append(m)))
    open_view(page, app_url, "explore_hierarchical?hc_link=ward")
    # One control for K: the chart's slider with its buttons (the K widget only carries the
    # value to the link).
    assert page.get_by_role("slider", name="K (number of clusters)").count() == 0
    page.get_by_role("button", name="Next K").click()
    page.wait_for_function(
        "() => [...document.querySelectorAll('[data-testid=stMetricValue]')]"
        ".some(e => e.innerText.trim() === '3')", timeout=30_000)
    wait_until_idle(page)
    assert "hc_k=3" in page.url and "hc_link=ward" in page.url
    screenshot(page, "explore_hierarchical-ward-k3")

    # Dragging the cut line down, half-way between the merges that leave 7 and 8 clusters.
    data = datasets.load("moons", n_samples=300, random_state=0,
                         noise=datasets.DATASETS["moons"].default_noise)
    Z = linkage(data.X[:, :2], method="ward")
    page.locator(".st-key-hc_dendrogram").scroll_into_view_if_needed()
    start = page.evaluate(PAGE_Y, page.evaluate(CUT_LINE)["y0"])
    end = page.evaluate(PAGE_Y, (Z[-7, 2] + Z[-8, 2]) / 2)
    page.evaluate("""() => document.querySelector(".st-key-hc_dendrogram .js-plotly-plot")
        .on("clusterlab_dragsent", e => { window.droppedCut = e.at; })""")
    first = len(sent)
    page.mouse.move(start["x"], start["y"])
    page.mouse.down()
    for i in range(1, 11):
        page.mouse.move(start["x"], start["y"] + (end["y"] - start["y"]) * i / 10)
        page.wait_for_timeout(40)
    during = sent[first:]
    drawn = page.evaluate(DRAWN_Y)  # the line follows the pointer in the browser
    page.mouse.up()
    assert during == [], f"{len(during)} websocket messages sent during the drag"
    assert drawn == pytest.approx(end["y"], abs=2)
    dropped = page.wait_for_function("() => window.droppedCut", timeout=10_000).json_value()
    expected = int(fcluster(Z, dropped, criterion="distance").max())
    page.wait_for_url(re.compile(rf"[?&]hc_k={expected}(&|$)"), timeout=30_000)
    wait_until_idle(page)
    assert metric(page, "Clusters") == str(expected)
    # After the rerun the line sits at the cut that gives K.
    line = page.evaluate(CUT_LINE)
    assert line["y0"] == line["y1"]
    assert Z[-(expected - 1), 2] > line["y0"] > Z[-expected, 2]
    screenshot(page, f"explore_hierarchical-ward-dragged-k{expected}")


def test_em_step_step_back_and_last(page, app_url):
    open_view(page, app_url, "explore_em?em_n=300")
    total = metric(page, "Step").split("/")[1].strip()
    start = float(metric(page, "Log-likelihood L"))
    page.get_by_role("button", name="Step", exact=True).click()
    page.wait_for_function(
        "t => [...document.querySelectorAll('[data-testid=stMetricValue]')]"
        ".some(e => e.innerText.trim() === t)", arg=f"1 / {total}", timeout=30_000)
    wait_until_idle(page)
    assert float(metric(page, "Log-likelihood L")) >= start
    screenshot(page, "explore_em-step1")
    page.get_by_role("button", name="Step back").click()
    page.wait_for_function(
        "t => [...document.querySelectorAll('[data-testid=stMetricValue]')]"
        ".some(e => e.innerText.trim() === t)", arg=f"0 / {total}", timeout=30_000)
    page.get_by_role("button", name="Last", exact=True).click()
    page.wait_for_function(
        "t => [...document.querySelectorAll('[data-testid=stMetricValue]')]"
        ".some(e => e.innerText.trim() === t)", arg=f"{total} / {total}", timeout=30_000)
    wait_until_idle(page)
    assert float(metric(page, "ARI EM")) > float(metric(page, "ARI k-means"))
    screenshot(page, "explore_em-last")
    # The BIC/AIC curve is fitted only once its tab is opened.
    page.get_by_role("tab", name="BIC and AIC against K").click()
    page.get_by_text("Here BIC picks K =").wait_for(timeout=60_000)
    page.get_by_text("Here BIC picks K =").scroll_into_view_if_needed()
    wait_until_idle(page)
    screenshot(page, "explore_em-bic")


def test_linkage_steps_through_the_slides_example(page, app_url):
    open_view(page, app_url, "explore_linkage?lk_link=complete")
    for merges in range(1, 4):
        page.get_by_role("button", name="Step", exact=True).click()
        page.wait_for_function(
            "t => [...document.querySelectorAll('[data-testid=stMetricValue]')]"
            ".some(e => e.innerText.trim() === t)", arg=f"{merges} / 4", timeout=30_000)
    wait_until_idle(page)
    page.get_by_text("I3 and {I4, I5}").first.wait_for(timeout=30_000)
    assert metric(page, "Last merge height") == "0.7"
    screenshot(page, "explore_linkage-complete-3")
    page.get_by_text("Strengths and limitations").scroll_into_view_if_needed()
    wait_until_idle(page)
    screenshot(page, "explore_linkage-demos")
    # Only the open demo tab is drawn: the other's charts come with a click on its tab.
    assert page.locator(".st-key-lk_large_and_small_single").count() == 0
    page.get_by_role("tab", name="Complete link breaks a large cluster").click()
    page.locator(".st-key-lk_large_and_small_single .js-plotly-plot").wait_for(timeout=60_000)
    assert "lk_demo=Complete" in page.url
