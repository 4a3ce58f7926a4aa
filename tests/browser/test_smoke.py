"""A student's link with parameters and a change of a control, and a teacher's link as the
first request of a fresh server, in Debian's chromium (every page as opened from its own
link: tests/browser/test_pages.py)."""

import pytest

from tests.browser.conftest import streamlit_server
from tests.browser.pageutils import screenshot, wait_until_idle

pytestmark = pytest.mark.browser


def assert_no_exception(page) -> None:
    errors = page.locator('[data-testid="stException"]')
    assert errors.count() == 0, errors.first.inner_text()


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
