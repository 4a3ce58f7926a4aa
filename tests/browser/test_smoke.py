"""Open every page in Debian's chromium against a real server, as a student would, and as
an offline classroom needs: no page asks any host but the app's own (fonts, icons, scripts)."""

from urllib.parse import urlsplit

import pytest

from tests.browser.conftest import streamlit_server
from tests.browser.pageutils import screenshot, wait_until_idle
from ui.navigation import PAGES

pytestmark = pytest.mark.browser

# Pages that show text only; every other page must draw at least one chart.
PAGES_WITHOUT_CHARTS = {"home"}


def assert_no_exception(page) -> None:
    errors = page.locator('[data-testid="stException"]')
    assert errors.count() == 0, errors.first.inner_text()


def record_requests(page) -> list[str]:
    """The URLs the page asks for from now on."""
    requests: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    return requests


def foreign_requests(requests: list[str], app_url: str) -> list[str]:
    host = urlsplit(app_url).netloc
    return [url for url in requests
            if urlsplit(url).scheme not in ("data", "blob") and urlsplit(url).netloc != host]


def assert_charts_rendered(page) -> int:
    charts = page.locator('[data-testid="stPlotlyChart"]')
    for index in range(charts.count()):
        charts.nth(index).locator(".main-svg").first.wait_for(state="attached", timeout=30_000)
    return charts.count()


@pytest.mark.parametrize("entry", PAGES, ids=[entry.url_path for entry in PAGES])
def test_every_page_opens_without_error_and_draws_its_charts(page, app_url, entry):
    path = "" if entry is PAGES[0] else entry.url_path
    requests = record_requests(page)
    page.goto(f"{app_url}/{path}")
    expects_chart = entry.url_path not in PAGES_WITHOUT_CHARTS
    if expects_chart:
        page.wait_for_selector('[data-testid="stPlotlyChart"]', timeout=60_000)
    wait_until_idle(page)
    assert_no_exception(page)
    n_charts = assert_charts_rendered(page)
    assert n_charts >= 1 or not expects_chart
    assert page.get_by_text(entry.title).first.is_visible()
    assert screenshot(page, entry.url_path).stat().st_size > 10_000
    # Charts drawn after the script ends may still fetch (fonts, icons).
    page.wait_for_timeout(500)
    assert requests and foreign_requests(requests, app_url) == []


def test_the_presenter_style_asks_only_the_apps_own_host(page, app_url):
    requests = record_requests(page)
    page.goto(f"{app_url}/explore?present=true")
    page.wait_for_selector('[data-testid="stPlotlyChart"]', timeout=60_000)
    wait_until_idle(page)
    page.wait_for_timeout(500)
    assert requests and foreign_requests(requests, app_url) == []


def test_explore_link_with_parameters_and_a_change_of_k(page, app_url):
    page.goto(f"{app_url}/explore?ex_data=Two+moons&ex_k=2&ex_seed=3")
    page.wait_for_selector('[data-testid="stPlotlyChart"]', timeout=60_000)
    wait_until_idle(page)
    assert_no_exception(page)
    assert page.get_by_text("k-means: 2 clusters").is_visible()
    legend = page.locator('[data-testid="stPlotlyChart"]').first.locator(".legendtext")
    assert legend.count() == 2

    # A student moves K with the keyboard; the URL follows, so the link can be shared.
    page.get_by_role("slider", name="K (number of clusters)").focus()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    page.get_by_text("k-means: 4 clusters").wait_for(timeout=30_000)
    wait_until_idle(page)
    assert "ex_k=4" in page.url
    assert "ex_data=Two+moons" in page.url or "ex_data=Two%20moons" in page.url
    screenshot(page, "explore-moons-k4")


def test_a_link_to_a_page_on_a_fresh_server_opens_the_full_app(browser, tmp_path):
    """A teacher's link is often the first request a server gets: it must still run app.py
    (sections, wide layout, shared sidebar), not the page script alone."""
    with streamlit_server(tmp_path / "server.log") as url:
        page = browser.new_page(viewport={"width": 1400, "height": 1000})
        page.goto(f"{url}/explore_dbscan")
        page.wait_for_selector('[data-testid="stPlotlyChart"]', timeout=60_000)
        wait_until_idle(page)
        sidebar = page.locator('[data-testid="stSidebar"]')
        for section in ("Learn", "Explore", "Measure", "Experiments"):
            assert sidebar.get_by_text(section, exact=True).first.is_visible()
        assert sidebar.get_by_text("explore dbscan", exact=True).count() == 0
        page.close()
