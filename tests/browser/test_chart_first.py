"""Chart first: every Explore and Measure page opens, in the default mode, with its main
chart on the first screen of a 1280x720 projector and of a 390x844 phone."""

import json

import pytest

from tests.browser.conftest import PHONE
from tests.browser.pageutils import SCREENSHOTS, screenshot, wait_until_idle
from ui.layout import CHART_FIRST_PAGES

pytestmark = pytest.mark.browser

DESKTOP = {"width": 1280, "height": 720}
# The goal: the main (first) chart covers at least 30 % of the first screen at
# 1280x720.
MIN_SHARE = 0.30
# On a phone the first chart starts in the top 40 % of the first screen.
MAX_PHONE_TOP = 0.4
PAGES = sorted(CHART_FIRST_PAGES)
# The main chart is the first one on screen (the highest, then the leftmost, whatever its
# place in the page's source): the share of the first screen it covers, and where it starts.
MEASURE = """() => {
  const boxes = [...document.querySelectorAll('[data-testid="stPlotlyChart"]')]
    .map(c => c.getBoundingClientRect()).filter(b => b.width > 0 && b.height > 0)
    .sort((a, b) => a.top - b.top || a.left - b.left);
  const seen = b => Math.max(0, Math.min(b.bottom, innerHeight) - Math.max(b.top, 0))
                  * Math.max(0, Math.min(b.right, innerWidth) - Math.max(b.left, 0));
  const first = boxes[0];
  return {share: seen(first) / (innerWidth * innerHeight), top: first.top,
          charts: boxes.length, scrollY: window.scrollY};
}"""


def measure(page, app_url: str, url_path: str, name: str) -> dict:
    page.goto(f"{app_url}/{url_path}")
    page.wait_for_selector('[data-testid="stPlotlyChart"] .main-svg', timeout=90_000)
    wait_until_idle(page)
    page.wait_for_timeout(500)  # plotly's relayout to the column width
    screenshot(page, name)
    page.screenshot(path=str(SCREENSHOTS / f"{name}-first-screen.png"))
    m = page.evaluate(MEASURE)
    return type("Measures", (dict,), {"__repr__": lambda self: json.dumps(self)})(m)


@pytest.fixture(scope="module")
def desktop(browser):
    context = browser.new_context(viewport=DESKTOP)
    yield context.new_page()
    context.close()


def test_the_pages_are_the_explore_and_measure_sections():
    assert {"explore", "explore_kmeans", "explore_em", "explore_compare", "measure_truth",
            "measure_sandbox", "measure_upload"} <= CHART_FIRST_PAGES
    assert not {"home", "learn_pairs", "experiments_vinh2009"} & CHART_FIRST_PAGES


@pytest.mark.parametrize("url_path", PAGES)
def test_the_first_chart_fills_30_percent_of_a_projector_screen(desktop, app_url, url_path):
    m = measure(desktop, app_url, url_path, f"chart-first-{url_path}-1280")
    assert m["scrollY"] == 0, m
    assert 0 <= m["top"] < DESKTOP["height"] / 2, m
    assert m["share"] >= MIN_SHARE, m


@pytest.mark.parametrize("url_path", PAGES)
def test_the_first_chart_starts_on_a_phones_first_screen(phone, app_url, url_path):
    m = measure(phone, app_url, url_path, f"chart-first-{url_path}-390")
    assert 0 <= m["top"] < MAX_PHONE_TOP * PHONE["height"], m
