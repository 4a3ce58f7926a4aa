"""Links written with registry keys (``ex_data=iris``) keep them through a reload."""

from urllib.parse import parse_qs, urlsplit

import pytest
from playwright.sync_api import expect

from tests.browser.pageutils import open_app, wait_until_idle


def url_params(page) -> dict[str, list[str]]:
    return parse_qs(urlsplit(page.url).query)


def shows(page, key: str, label: str):
    """The selectbox ``key`` showing ``label``."""
    return page.locator(f'.st-key-{key} input[role="combobox"][value="{label}"]')


@pytest.mark.parametrize(("path", "expected"), [
    ("explore?ex_data=iris&ex_k=4", {"ex_data": "Iris", "ex_k": "4"}),
    ("explore?ex_data=moons&ex_algo=dbscan", {"ex_data": "Two moons", "ex_algo": "DBSCAN"}),
])
def test_a_link_with_registry_keys_survives_a_reload(page, app_url, path, expected):
    open_app(page, app_url, path)
    for _ in range(2):  # as opened, then after a reload of the address bar's URL
        params = url_params(page)
        for name, label in expected.items():
            assert params.get(name) == [label], (name, page.url)
            if not label.isdigit():
                expect(shows(page, name, label)).to_have_count(1)
        page.reload()
        wait_until_idle(page)
