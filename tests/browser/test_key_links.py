"""Links written with registry keys (``ex_data=moons``) keep them through a reload.

One visit: what a person sees (the address bar, the controls, after a reload). Which key or
spelling names which option is unit-tested in tests/ui/test_link_plan.py, and the address
bar's labels after a key also by an AppTest (tests/app/test_links.py).
"""

from urllib.parse import parse_qs, urlsplit

from playwright.sync_api import expect

from tests.browser.pageutils import open_app, wait_until_idle


def url_params(page) -> dict[str, list[str]]:
    return parse_qs(urlsplit(page.url).query)


def shows(page, key: str, label: str):
    """The selectbox ``key`` showing ``label``."""
    return page.locator(f'.st-key-{key} input[role="combobox"][value="{label}"]')


def test_a_link_with_registry_keys_survives_a_reload(page, app_url):
    open_app(page, app_url, "explore?ex_data=moons&ex_algo=dbscan")
    expected = {"ex_data": "Two moons", "ex_algo": "DBSCAN"}
    for _ in range(2):  # as opened, then after a reload of the address bar's URL
        params = url_params(page)
        for name, label in expected.items():
            assert params.get(name) == [label], (name, page.url)
            expect(shows(page, name, label)).to_have_count(1, timeout=30_000)  # a loaded CI machine
        page.reload()
        wait_until_idle(page)
