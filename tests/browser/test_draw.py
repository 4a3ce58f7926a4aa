"""Drawing points on the chart: a student clicks points in two classes, first on the chart
of the drawing alone (too few points to cluster yet), then on the page's own chart; each
click lands at the data coordinates under the pointer, read from the axis ranges the page
reports; a drag paints several points in one message and Undo takes the whole drag back. The
link carries the points, and a fresh browser opens the same points and the same clusters
(the same tab, its cookies and storage cleared: a new Streamlit session that only has the
link); then, with the keyboard alone, the chart's cursor, moved by arrow keys, adds a point
where it is and Delete undoes it."""

import re
from urllib.parse import parse_qs, urlsplit

import pytest
from playwright.sync_api import expect
from sklearn.preprocessing import StandardScaler

from datasets.drawn import EXTENT, GRID, decode_points
from plots.palette import cluster_symbol
from tests.browser.axe import assert_accessible
from tests.browser.keyboard import tab_to
from tests.browser.pageutils import as_a_fresh_browser, screenshot, wait_until_idle

pytestmark = pytest.mark.browser

# Two groups of six clicks, as fractions of the plot area (left, top): class 1 at the top
# left, class 2 at the bottom right. The first ten land on the chart of the drawing alone,
# the last two on the page's own chart, which comes with the tenth.
GROUPS = {
    1: [(0.15, 0.15), (0.2, 0.12), (0.12, 0.22), (0.22, 0.2), (0.17, 0.25), (0.25, 0.15)],
    2: [(0.8, 0.8), (0.85, 0.78), (0.78, 0.86), (0.88, 0.85), (0.82, 0.9), (0.9, 0.8)],
}
START = "explore?ex_data=drawn&ex_algo=kmeans&ex_k=2"
CANVAS, MAIN = "ex_drawing", "ex_clustering"

# The plot area (plotly's drag rectangle of the first subplot) on the screen, and the axis
# ranges the chart reports.
PLOT_AREA = """gd => {
  const box = gd.querySelector('.nsewdrag[data-subplot="xy"]').getBoundingClientRect();
  return {left: box.left, top: box.top, width: box.width, height: box.height,
          x: gd.layout.xaxis.range.slice(), y: gd.layout.yaxis.range.slice()};
}"""


def chart(page, key: str):
    return page.locator(f".st-key-{key} .js-plotly-plot").first


def link_cells(page):
    return decode_points(parse_qs(urlsplit(page.url).query).get("ex_drawn", [""])[0])


def wait_for_points(page, count: int) -> None:
    """Wait until the link carries ``count`` points (four characters each) and the run is
    over."""
    page.wait_for_function(
        "n => (new URL(location.href).searchParams.get('ex_drawn') || '').length === 4 * n",
        arg=count, timeout=30_000)
    wait_until_idle(page)


def click_at(page, key: str, left: float, top: float) -> tuple[float, float, float]:
    """Click the chart ``key`` at fractions of its plot area; return the data coordinates
    under the pointer (from the chart's axis ranges) and how many grid cells one pixel
    spans there."""
    area = chart(page, key).evaluate(PLOT_AREA)
    page.mouse.click(area["left"] + left * area["width"], area["top"] + top * area["height"])
    (x0, x1), (y0, y1) = area["x"], area["y"]
    cells_per_pixel = max((x1 - x0) / area["width"], (y1 - y0) / area["height"]) * (
        (GRID - 1) / EXTENT)
    return x0 + left * (x1 - x0), y1 - top * (y1 - y0), cells_per_pixel


def clusters(page) -> list:
    """The page's chart's traces: name and the points drawn in it."""
    return chart(page, MAIN).evaluate(
        "el => el._fullData.map(t => [t.name, Array.from(t.x || []), Array.from(t.y || [])])")


def test_drawn_points_travel_in_the_link_to_a_fresh_browser(page, app_url):
    page.goto(f"{app_url}/{START}", timeout=60_000)
    tools = page.get_by_role("toolbar", name="Drawing tools")
    tools.wait_for(timeout=60_000)
    chart(page, CANVAS).wait_for(timeout=60_000)
    wait_until_idle(page)
    # Not the main chart yet: ten points are needed to cluster, the first drawn alone.
    assert chart(page, MAIN).count() == 0
    drawn_count, expected = 0, []
    for cls, clicks in GROUPS.items():
        page.get_by_role("button", name=f"Class {cls}", exact=True).click()
        for left, top in clicks:
            key = CANVAS if drawn_count < 10 else MAIN
            chart(page, key).scroll_into_view_if_needed()
            x, y, slack = click_at(page, key, left, top)
            expected.append((x, y, slack))
            drawn_count += 1
            # Each click reaches Python (four link characters a point) before the next, as
            # a student sees the point land first.
            wait_for_points(page, drawn_count)
            if drawn_count == 10:
                # The first run to reach the page's end since the link opened it (every
                # run before stopped for too few points) reads no link value against the
                # drawing: once a false "ex_drawn ... cannot be used" warning.
                assert page.get_by_text("cannot be used").count() == 0
    cells, classes = link_cells(page)
    assert classes.tolist() == [0] * 6 + [1] * 6
    for (cx, cy), (x, y, slack) in zip(cells.tolist(), expected, strict=True):
        # At the data coordinates under the pointer, to a pixel (and the cell's rounding);
        # a click beside the surface (an axis padded for equal scales) lands on its edge.
        want = [min(max(v * (GRID - 1) / EXTENT, 0), GRID - 1) for v in (x, y)]
        assert abs(cx - want[0]) <= slack + 1 and abs(cy - want[1]) <= slack + 1, (
            (cx, cy), want, slack)
    assert page.locator('[data-testid="stException"]').count() == 0
    assert chart(page, CANVAS).count() == 0  # the page's chart took over
    # Each class's button shows its clusters' marker symbol as well as its colour.
    assert page.get_by_role("button", name="Class 2", exact=True).locator(
        "path").get_attribute("data-symbol") == cluster_symbol(1)
    assert "12 / 2000 points drawn" in page.locator(".draw .count").inner_text()

    # A drag paints several points of the picked class, sent in one message when let go;
    # Undo takes the whole drag back.
    area = chart(page, MAIN).evaluate(PLOT_AREA)
    page.mouse.move(area["left"] + 0.4 * area["width"], area["top"] + 0.5 * area["height"])
    page.mouse.down()
    for step in range(1, 11):
        page.mouse.move(area["left"] + (0.4 + 0.02 * step) * area["width"],
                        area["top"] + 0.5 * area["height"], steps=2)
    page.mouse.up()
    page.wait_for_function(
        "() => (new URL(location.href).searchParams.get('ex_drawn') || '').length > 48",
        timeout=30_000)
    wait_until_idle(page)
    painted, painted_classes = link_cells(page)
    assert len(painted) >= 12 + 5, len(painted)
    assert painted_classes[12:].tolist() == [1] * (len(painted) - 12)
    assert (painted[12:, 0] == sorted(painted[12:, 0])).all()  # left to right, as dragged
    page.get_by_role("button", name="Undo", exact=True).click()
    wait_for_points(page, 12)
    drawn = parse_qs(urlsplit(page.url).query)["ex_drawn"][0]
    assert link_cells(page)[0].tolist() == cells.tolist()

    # Standardized, the chart shows z-scores: a click lands where scikit-learn's scaler of
    # the drawing puts the z-scores under the pointer back on the surface.
    page.get_by_text("Standardize", exact=True).click()
    page.wait_for_function("() => new URL(location.href).searchParams.get('ex_std') === "
                           "'true'", timeout=30_000)
    wait_until_idle(page)
    scaler = StandardScaler().fit(cells * (EXTENT / (GRID - 1)))
    zx, zy, slack = click_at(page, MAIN, 0.3, 0.6)
    wait_for_points(page, 13)
    want = scaler.inverse_transform([[zx, zy]])[0] * ((GRID - 1) / EXTENT)
    got = link_cells(page)[0][-1]
    assert (abs(got - want) <= slack * scaler.scale_.max() + 1).all(), (got, want, slack)
    page.get_by_role("button", name="Undo", exact=True).click()
    wait_for_points(page, 12)
    page.get_by_text("Standardize", exact=True).click()
    page.wait_for_function("() => new URL(location.href).searchParams.get('ex_std') !== "
                           "'true'", timeout=30_000)
    wait_until_idle(page)
    found = clusters(page)
    screenshot(page, "draw-points-drawn")

    page.get_by_role("button", name="Copy link").click()
    link = page.locator('[data-testid="stCode"]').first
    link.wait_for(timeout=10_000)
    url = link.inner_text().strip()
    assert parse_qs(urlsplit(url).query)["ex_drawn"] == [drawn]

    # The app keeps nothing in the browser but a class cookie (no storage): a tab with
    # those cleared opens the link as a new browser would, without a renderer's start.
    as_a_fresh_browser(page)
    again = page
    again.goto(url, timeout=60_000)
    chart(again, MAIN).wait_for(timeout=60_000)
    wait_until_idle(again)
    # k-means with K = 2 finds the two drawn groups, the same in both browsers.
    assert clusters(again) == found
    assert sorted((name, len(x)) for name, x, _ in found) == [("cluster 0", 6), ("cluster 1", 6)]
    # One cluster is the top-left group (y > 5), the other the bottom-right one (y < 5).
    assert sorted((min(y) > 5, max(y) < 5) for _, _, y in found) == [(False, True),
                                                                    (True, False)]
    screenshot(again, "draw-points-reopened")

    # Undo takes back the last click, Clear empties the drawing; the link follows, and the
    # chart of the drawing alone comes back to start again.
    again.get_by_role("button", name="Undo", exact=True).click()
    wait_for_points(again, 11)
    again.get_by_role("button", name="Clear", exact=True).click()
    again.wait_for_function(
        "() => !new URL(location.href).searchParams.get('ex_drawn')", timeout=30_000)
    wait_until_idle(again)
    chart(again, CANVAS).wait_for(timeout=30_000)
    assert "draw at least 10 points" in again.locator('[data-testid="stAlert"]').first.inner_text()

    # The keyboard alone: the class picked by its button, then Tab reaches the chart's
    # drawing area (its name says how to draw by keys) with a focus ring. Its cursor starts in
    # the middle of the axis ranges and moves 1/40 of a range per arrow key, 5/40 with Shift;
    # the cross-hair is drawn there and the position said politely. Enter adds a point of the
    # picked class at the cursor (the link's cell is the cursor's data coordinates), the focus
    # stays on the chart, and Delete takes the point back as Undo does.
    live, said = again.locator(".draw .count"), again.locator(".draw .cursor")
    again.get_by_role("button", name="Clear", exact=True).focus()
    tab_to(again, lambda f: f["name"] == "Class 2", backwards=True)
    again.keyboard.press("Enter")
    assert again.get_by_role("button", name="Class 2", exact=True).get_attribute(
        "aria-pressed") == "true"
    area = chart(again, CANVAS).evaluate(PLOT_AREA)
    (x0, x1), (y0, y1) = area["x"], area["y"]
    reached = tab_to(again, lambda f: f["role"] == "application")
    assert reached["ring"], reached
    assert all(word in reached["name"] for word in ("arrow keys", "Enter", "Delete")), reached
    assert said.get_attribute("aria-live") == "polite"

    def cursor_at(x: float, y: float) -> None:
        text = said.inner_text()
        got = [float(v) for v in re.fullmatch(r"Cursor x (\S+), y (\S+)", text).groups()]
        assert abs(got[0] - x) <= 0.0051 and abs(got[1] - y) <= 0.0051, (text, x, y)

    x, y = (x0 + x1) / 2, (y0 + y1) / 2
    cursor_at(x, y)
    for key in ("Shift+ArrowRight", "ArrowLeft", "ArrowDown", "ArrowDown", "ArrowDown"):
        again.keyboard.press(key)
    x, y = x + (5 - 1) * (x1 - x0) / 40, y - 3 * (y1 - y0) / 40
    cursor_at(x, y)
    cursor = again.locator(f".st-key-{CANVAS} .clusterlab-draw-cursor")
    expect(cursor).to_be_visible()
    # The dark vertical and horizontal lines cross at the cursor's pixel, to a pixel.
    cross = cursor.locator("line").evaluate_all(
        "ls => ls.slice(2).map(l => l.getBoundingClientRect()).map(b => [b.left, b.top])")
    assert abs(cross[0][0] - (area["left"] + (x - x0) / (x1 - x0) * area["width"])) <= 1, cross
    assert abs(cross[1][1] - (area["top"] + (y1 - y) / (y1 - y0) * area["height"])) <= 1, cross
    again.keyboard.press("Enter")
    wait_for_points(again, 1)
    cells, classes = link_cells(again)
    want = [v * (GRID - 1) / EXTENT for v in (x, y)]
    assert len(cells) == 1 and all(abs(c - w) <= 0.5 + 1e-9 for c, w in zip(
        cells[0].tolist(), want, strict=True)), (cells, want)
    assert classes.tolist() == [1]
    assert live.inner_text() == "Point 1 added, class 2. 1 / 2000 points drawn", live.inner_text()
    expect(again.get_by_role("application")).to_be_focused(timeout=30_000)
    again.keyboard.press("Delete")
    again.wait_for_function(
        "() => !new URL(location.href).searchParams.get('ex_drawn')", timeout=30_000)
    wait_until_idle(again)
    assert live.inner_text() == "Undone. 0 / 2000 points drawn", live.inner_text()
    assert again.locator('[data-testid="stException"]').count() == 0
    assert_accessible(again, "explore, drawing by keyboard")
