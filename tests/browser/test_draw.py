"""Drawing points: a student clicks points in two classes on the "Draw points" surface, the
link carries them, and a fresh browser opens the same points and the same clusters (the same
tab, its cookies and storage cleared: a new Streamlit session that only has the link); then,
with the keyboard alone, the same surface takes points by its cursor and undoes one."""

from urllib.parse import parse_qs, urlsplit

import pytest

from datasets.drawn import GRID, decode_points
from plots.palette import cluster_symbol
from tests.browser.axe import assert_accessible
from tests.browser.keyboard import focused
from tests.browser.pageutils import as_a_fresh_browser, screenshot, wait_until_idle
from ui.draw import FINE_STEP, KEY_STEP

pytestmark = pytest.mark.browser

# Two groups of six clicks, as fractions of the surface (left, top): class 1 at the top
# left, class 2 at the bottom right.
GROUPS = {
    1: [(0.15, 0.15), (0.2, 0.12), (0.12, 0.22), (0.22, 0.2), (0.17, 0.25), (0.25, 0.15)],
    2: [(0.8, 0.8), (0.85, 0.78), (0.78, 0.86), (0.88, 0.85), (0.82, 0.9), (0.9, 0.8)],
}
START = "explore?ex_data=drawn&ex_algo=kmeans&ex_k=2"


def surface_dots(page) -> list[tuple[str, str, str, str]]:
    """Each dot on the surface: its place, fill colour, marker symbol and SVG path (its
    size follows the surface's width, which a chart's arrival may change)."""
    return page.locator('[aria-label="Draw points"] .dots path').evaluate_all(
        "dots => dots.map(d => [d.getAttribute('transform').split(' scale')[0], "
        "d.getAttribute('fill'), "
        "d.dataset.symbol, d.getAttribute('d')])")


# The dot's outline and the surface's background, as computed colours.
OUTLINE_AND_BACKGROUND = """svg => [getComputedStyle(svg.querySelector('.dots path')).stroke,
                                    getComputedStyle(svg).backgroundColor]"""


def contrast(first: str, second: str) -> float:
    """WCAG 2.1's contrast ratio of two CSS ``rgb(r, g, b)`` colours."""
    def luminance(css: str) -> float:
        channels = [int(v) / 255 for v in css[css.index("(") + 1:-1].split(",")[:3]]
        r, g, b = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
                   for c in channels]
        return 0.2126 * r + 0.7152 * g + 0.0722 * b
    light, dark = sorted((luminance(first), luminance(second)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def press(page, key: str, times: int = 1) -> None:
    for _ in range(times):
        page.keyboard.press(key)


def link_points(page, count: int) -> None:
    """Wait until the link carries ``count`` points (four characters each) and the run is
    over."""
    page.wait_for_function(
        "n => (new URL(location.href).searchParams.get('ex_drawn') || '').length === 4 * n",
        arg=count, timeout=30_000)
    wait_until_idle(page)


def clusters(page) -> list:
    """The first chart's traces: name and the points drawn in it."""
    return page.locator('[data-testid="stPlotlyChart"] .js-plotly-plot').first.evaluate(
        "el => el._fullData.map(t => [t.name, Array.from(t.x || []), Array.from(t.y || [])])")


def test_drawn_points_travel_in_the_link_to_a_fresh_browser(page, app_url):
    page.goto(f"{app_url}/{START}", timeout=60_000)
    surface = page.locator('[aria-label="Draw points"]')
    surface.wait_for(timeout=60_000)
    wait_until_idle(page)
    surface.scroll_into_view_if_needed()
    drawn_count = 0
    for cls, clicks in GROUPS.items():
        page.get_by_role("button", name=f"Class {cls}", exact=True).click()
        for left, top in clicks:
            box = surface.bounding_box()
            page.mouse.click(box["x"] + left * box["width"], box["y"] + top * box["height"])
            drawn_count += 1
            # Each click reaches Python (four link characters a point) before the next, as
            # a student sees the dot land first; the page may move once the chart appears.
            page.wait_for_function(
                "n => new URL(location.href).searchParams.get('ex_drawn')?.length === 4 * n",
                arg=drawn_count, timeout=30_000)
            wait_until_idle(page)
    drawn = parse_qs(urlsplit(page.url).query)["ex_drawn"][0]
    cells, classes = decode_points(drawn)
    assert classes.tolist() == [0] * 6 + [1] * 6
    assert (cells[:6, 0] < 300).all() and (cells[:6, 1] > 700).all()  # top left
    assert (cells[6:, 0] > 700).all() and (cells[6:, 1] < 300).all()  # bottom right
    assert page.locator('[data-testid="stException"]').count() == 0
    dots = surface_dots(page)
    assert len(dots) == 12
    # Each class's dots have its own shape as well as its colour: the charts' symbol of its
    # cluster number, also shown on the class's button.
    assert {(symbol, path) for _, _, symbol, path in dots[:6]} == {
        (cluster_symbol(0), dots[0][3])}
    assert {(symbol, path) for _, _, symbol, path in dots[6:]} == {
        (cluster_symbol(1), dots[6][3])}
    assert dots[0][3] != dots[6][3] and dots[0][1] != dots[6][1]
    assert page.get_by_role("button", name="Class 2", exact=True).locator(
        "path").get_attribute("data-symbol") == cluster_symbol(1)
    stroke, background = surface.evaluate(OUTLINE_AND_BACKGROUND)
    assert contrast(stroke, background) >= 3, (stroke, background)
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
    again.locator('[aria-label="Draw points"] .dots path').first.wait_for(timeout=60_000)
    wait_until_idle(again)
    assert surface_dots(again) == dots
    # k-means with K = 2 finds the two drawn groups, the same in both browsers.
    assert clusters(again) == found
    assert sorted((name, len(x)) for name, x, _ in found) == [("cluster 0", 6), ("cluster 1", 6)]
    # One cluster is the top-left group (y > 5), the other the bottom-right one (y < 5).
    assert sorted((min(y) > 5, max(y) < 5) for _, _, y in found) == [(False, True),
                                                                    (True, False)]
    screenshot(again, "draw-points-reopened")

    # Undo takes back the last click, Clear empties the surface; the link follows.
    again.get_by_role("button", name="Undo", exact=True).click()
    again.wait_for_function(
        "() => new URL(location.href).searchParams.get('ex_drawn')?.length === 44",
        timeout=30_000)
    again.get_by_role("button", name="Clear", exact=True).click()
    again.wait_for_function(
        "() => !new URL(location.href).searchParams.get('ex_drawn')", timeout=30_000)
    wait_until_idle(again)
    assert surface_dots(again) == []
    assert "draw at least 10 points" in again.locator('[data-testid="stAlert"]').first.inner_text()

    # The keyboard alone: Tab from Clear reaches the surface, which shows the focus ring;
    # its cursor starts in the middle and moves KEY_STEP grid cells a key (FINE_STEP with
    # Shift, y upwards); Enter and Space place a point of the class picked by its digit,
    # Delete undoes the last. Each placing key reaches the link as a click does.
    live = again.locator(".draw .count")
    cursor = surface.locator(".cursor")
    assert not cursor.is_visible()  # a crosshair only for the keyboard's focus
    again.keyboard.press("Tab")
    reached = focused(again)
    assert (reached["name"], reached["role"], reached["ring"]) == (
        "Draw points", "application", True)
    assert cursor.is_visible()
    page_place = surface.bounding_box()["y"]
    x, y = GRID // 2, GRID // 2
    press(again, "1")
    press(again, "ArrowLeft", 3)
    press(again, "ArrowUp", 2)
    first = (x - 3 * KEY_STEP, y + 2 * KEY_STEP)
    press(again, "Enter")
    link_points(again, 1)
    where = f"({first[0] / (GRID - 1):.2f}, {first[1] / (GRID - 1):.2f})"
    assert live.inner_text().startswith(f"Point 1 added at {where}, class 1"), \
        live.inner_text()
    press(again, "2")
    press(again, "Shift+ArrowRight", 5)
    second = (first[0] + 5 * FINE_STEP, first[1])
    # A quick typist's keys: the next ones go before the run of this point is over.
    press(again, "Space")
    press(again, "ArrowDown", 6)
    # Space and the arrows moved the cursor, not the page.
    assert surface.bounding_box()["y"] == page_place
    assert focused(again)["name"] == "Draw points"
    press(again, "Enter")
    link_points(again, 3)
    press(again, "Delete")
    link_points(again, 2)
    assert live.inner_text().startswith("Undone: 1 point taken back. 2 / "), live.inner_text()
    cells, classes = decode_points(parse_qs(urlsplit(again.url).query)["ex_drawn"][0])
    assert cells.tolist() == [list(first), list(second)]
    assert classes.tolist() == [0, 1]
    keyed = surface_dots(again)
    assert [symbol for _, _, symbol, _ in keyed] == [cluster_symbol(0), cluster_symbol(1)]
    assert keyed[0][3] != keyed[1][3]
    assert again.locator('[data-testid="stException"]').count() == 0
    assert_accessible(again, "explore, drawing by keyboard")
    # Tab still leaves the surface.
    again.keyboard.press("Tab")
    assert (focused(again) or {}).get("name") != "Draw points"
