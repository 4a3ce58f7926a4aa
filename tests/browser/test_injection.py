"""Hostile links and file names in Debian's chromium: Streamlit's own Markdown renderer shows
them as text, with no link to follow and no image fetched."""

from urllib.parse import quote

import pytest

from tests.browser.pageutils import screenshot, wait_until_idle
from tests.browser.test_measure import open_app

pytestmark = pytest.mark.browser

PHISHING = "[Session expired: log in here](http://evil.example/login)"
IMAGE = "![x](http://host.example/x.png)"


def test_a_markdown_link_in_a_link_value_is_not_a_link(page, app_url):
    open_app(page, app_url, "explore_kmeans?km_init=placed+by+you&km_centres="
             + quote(PHISHING))
    alert = page.locator('[data-testid="stAlertContentError"]')
    alert.wait_for(timeout=30_000)
    assert "Session expired: log in here" in alert.inner_text()
    assert "http://evil.example/login" in alert.inner_text().replace("\u2060", "")
    assert page.locator('a[href*="evil.example"]').count() == 0
    screenshot(page, "injection-kmeans-centres")


def test_an_image_in_a_file_name_and_header_is_not_fetched(page, app_url, tmp_path):
    requested = []

    def record(request):
        requested.append(request.url)

    page.on("request", record)
    try:
        open_app(page, app_url, "measure_upload")
        # A file name cannot hold "/": its image points at a relative address of the app server.
        hostile = tmp_path / "![x](tracker.png).csv"
        hostile.write_text(f"x1,{IMAGE}\n0,0\n0,1\n5,5\n5,6\n")
        page.locator('[data-testid="stFileUploaderDropzoneInput"]').set_input_files(str(hostile))
        page.get_by_text("4 rows").wait_for(timeout=30_000)
        wait_until_idle(page)
        assert page.locator('img[src*="host.example"]').count() == 0
        assert page.locator('a[href*="host.example"]').count() == 0
        assert not [url for url in requested if "host.example" in url or "tracker.png" in url]
        assert page.locator('img[src*="tracker.png"]').count() == 0
        screenshot(page, "injection-upload-name")
    finally:
        page.remove_listener("request", record)
