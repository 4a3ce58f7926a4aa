"""Back undoes the last control change: each change is one browser history entry, on a
page and in a lesson, and the page shows the values of the entry Back lands on."""

from urllib.parse import parse_qs, urlsplit

import pytest
from playwright.sync_api import expect

from tests.browser.pageutils import click_and_wait, open_app, screenshot, wait_until_idle

pytestmark = pytest.mark.browser

K_SLIDER = "Clusters K of the random clustering"


def url_params(page) -> dict[str, list[str]]:
    return parse_qs(urlsplit(page.url).query)


def ready(page) -> None:
    """Wait until ui.history's script has loaded (a user needs longer to reach a control)."""
    page.wait_for_function("window.__clusterlabHistory === true", timeout=60_000)


def choose_algorithm(page, label: str) -> None:
    page.locator('.st-key-ex_algo input[role="combobox"]').click()
    click_and_wait(page, page.get_by_role("option", name=label, exact=True))


def algorithm_shown(page, label: str):
    return page.locator(f'.st-key-ex_algo input[role="combobox"][value="{label}"]')


def move_back(page) -> None:
    page.go_back()
    wait_until_idle(page)


def test_back_undoes_the_last_control_change(page, app_url):
    open_app(page, app_url, "explore")
    ready(page)
    choose_algorithm(page, "DBSCAN")
    choose_algorithm(page, "Mean shift")
    assert url_params(page)["ex_algo"] == ["Mean shift"]

    move_back(page)
    expect(algorithm_shown(page, "DBSCAN")).to_have_count(1, timeout=30_000)
    assert url_params(page)["ex_algo"] == ["DBSCAN"]
    assert urlsplit(page.url).path.endswith("/explore")
    screenshot(page, "history-back-explore")

    move_back(page)  # to the page as opened: the default algorithm
    expect(algorithm_shown(page, "k-means")).to_have_count(1, timeout=30_000)
    assert "ex_algo" not in url_params(page)

    page.go_forward()
    wait_until_idle(page)
    expect(algorithm_shown(page, "DBSCAN")).to_have_count(1, timeout=30_000)
    assert url_params(page)["ex_algo"] == ["DBSCAN"]
    assert page.locator('[data-testid="stException"]').count() == 0


def k_shown(page) -> str:
    return page.get_by_role("slider", name=K_SLIDER).get_attribute("value")


def test_back_in_a_lesson_undoes_a_change_and_returns_to_the_step_as_left(page, app_url):
    open_app(page, app_url, "learn_chance?lesson=why_adjust_for_chance&step=1")
    ready(page)
    assert k_shown(page) == "50"  # the step's own value
    for expected in ("46", "42"):
        page.get_by_role("slider", name=K_SLIDER).focus()
        page.keyboard.press("ArrowLeft")
        wait_until_idle(page)
        assert k_shown(page) == expected

    move_back(page)
    assert k_shown(page) == "46"
    assert url_params(page)["lc_k"] == ["46"]
    expect(page.locator(".st-key-lesson_bar")).to_contain_text("step 1 of 4", timeout=30_000)

    click_and_wait(page, page.get_by_role("button", name="Next"))
    assert urlsplit(page.url).path.endswith("/experiments_vinh2009")

    # Back from step 2 opens step 1 with the value it had, not the step's own 50.
    move_back(page)
    assert urlsplit(page.url).path.endswith("/learn_chance")
    expect(page.locator(".st-key-lesson_bar")).to_contain_text("step 1 of 4", timeout=30_000)
    assert k_shown(page) == "46"
    assert url_params(page)["lc_k"] == ["46"]
    assert url_params(page)["step"] == ["1"]
    assert page.locator('[data-testid="stException"]').count() == 0


def test_back_from_a_links_first_view_leaves_the_page(page, app_url):
    # The link's registry keys come back as labels (entries Streamlit may push before
    # ui.history's script runs): Back skips them and leaves the page, as it does anywhere.
    page.goto(app_url)  # the page Back returns to
    wait_until_idle(page)
    open_app(page, app_url, "explore?ex_data=iris&ex_k=4")
    ready(page)
    iris = page.locator('.st-key-ex_data input[role="combobox"][value="Iris"]')
    expect(iris).to_have_count(1, timeout=30_000)
    page.go_back()
    page.wait_for_url(lambda url: "/explore" not in url, timeout=30_000)
    assert urlsplit(page.url).path in ("", "/")
