"""An offline classroom: no page asks any host but the app's own (fonts, icons, scripts)."""

from urllib.parse import urlsplit

import pytest

from tests.browser.pageutils import wait_until_idle
from ui.navigation import PAGES

pytestmark = pytest.mark.browser


def test_every_page_asks_only_the_apps_own_host(browser, app_url):
    host = urlsplit(app_url).netloc
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    page = context.new_page()
    requests: list[tuple[str, str]] = []
    opened = ["/"]
    page.on("request", lambda request: requests.append((opened[0], request.url)))
    page.goto(app_url)
    wait_until_idle(page)
    for entry in PAGES:
        opened[0] = entry.url_path
        page.goto(f"{app_url}/{entry.url_path}")
        wait_until_idle(page)
        # A page whose charts draw after the script ends may still fetch (fonts, icons).
        page.wait_for_timeout(500)
    # The presenter style and its larger type load no font from elsewhere either.
    opened[0] = "explore?present=true"
    page.goto(f"{app_url}/explore?present=true")
    wait_until_idle(page)
    context.close()
    pages_seen = {name for name, _ in requests}
    assert pages_seen >= {entry.url_path for entry in PAGES}
    foreign = [(name, url) for name, url in requests
               if urlsplit(url).scheme not in ("data", "blob") and urlsplit(url).netloc != host]
    assert foreign == []
