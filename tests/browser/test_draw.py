"""Drawing points: a student clicks points in two classes on the "Draw points" surface, the
link carries them, and a fresh browser opens the same points and the same clusters (the same
tab, its cookies and storage cleared: a new Streamlit session that only has the link)."""

from urllib.parse import parse_qs, urlsplit

import pytest

from datasets.drawn import decode_points
from tests.browser.pageutils import as_a_fresh_browser, screenshot, wait_until_idle

pytestmark = pytest.mark.browser

# Two groups of six clicks, as fractions of the surface (left, top): class 1 at the top
# left, class 2 at the bottom right.
GROUPS = {
    1: [(0.15, 0.15), (0.2, 0.12), (0.12, 0.22), (0.22, 0.2), (0.17, 0.25), (0.25, 0.15)],
    2: [(0.8, 0.8), (0.85, 0.78), (0.78, 0.86), (0.88, 0.85), (0.82, 0.9), (0.9, 0.8)],
}
START = "explore?ex_data=drawn&ex_algo=kmeans&ex_k=2"


def surface_dots(page) -> list[tuple[str, str, str]]:
    return page.locator('[aria-label="Draw points"] circle').evaluate_all(
        "dots => dots.map(d => [d.getAttribute('cx'), d.getAttribute('cy'), "
        "d.getAttribute('fill')])")


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
    again.locator('[aria-label="Draw points"] circle').first.wait_for(timeout=60_000)
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
