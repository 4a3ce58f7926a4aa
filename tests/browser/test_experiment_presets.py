"""A preset change gives the experiment's controls the preset's values in the browser and
in Python alike, and a lesson step made from that view opens with them."""

from urllib.parse import parse_qs, urlsplit

import pytest

from tests.browser.pageutils import (
    as_a_fresh_browser,
    click_and_wait,
    open_app,
    open_expander,
    wait_until_idle,
)

pytestmark = pytest.mark.browser

DRAWS = "Random clusterings per K"


def copied_link(page) -> dict[str, list[str]]:
    """The query of Copy link: the values Python uses for every control."""
    page.get_by_role("button", name="Copy link").click()
    code = page.locator('[data-testid="stPopoverBody"] [data-testid="stCode"]').first
    code.wait_for(timeout=10_000)
    query = parse_qs(urlsplit(code.inner_text()).query)
    page.keyboard.press("Escape")
    return query


def draws_shown(page) -> str:
    return page.get_by_role("slider", name=DRAWS).get_attribute("value")


def test_paper_preset_and_the_lesson_step_made_from_it(page, app_url):
    open_app(page, app_url, "experiments_vinh2009")
    assert draws_shown(page) == "400"
    click_and_wait(page, page.locator(".st-key-vinh_preset").get_by_text("Paper", exact=True),
                   timeout_ms=300_000)
    # Vinh et al.'s 10,000 random clusterings per K, on screen and in Python.
    assert draws_shown(page) == "10000"
    link = copied_link(page)
    assert (link["vinh_preset"], link["vinh_draws"]) == (["Paper"], ["10000"])

    open_expander(page, "Make a lesson")
    click_and_wait(page, page.get_by_role("button", name="Add this view"))
    lesson_link = page.locator('[data-testid="stSidebar"] [data-testid="stCode"]').first
    url = lesson_link.inner_text()
    assert "lessonz=" in url

    # A student: the same tab as a fresh browser (no cookie, no storage, a new session),
    # which spares chromium a new renderer; only the link carries the view.
    student = page
    as_a_fresh_browser(student)
    student.set_viewport_size({"width": 1280, "height": 720})
    student.goto(app_url, timeout=60_000)
    wait_until_idle(student)
    student.goto(url, timeout=60_000)
    wait_until_idle(student, timeout_ms=300_000)
    assert draws_shown(student) == "10000"
    link = copied_link(student)
    assert (link["vinh_preset"], link["vinh_draws"]) == (["Paper"], ["10000"])
    assert student.locator('[data-testid="stException"]').count() == 0


@pytest.mark.parametrize(("query", "draws"), [
    ("vinh_preset=paper", "10000"),  # a registry key: the preset's own number of draws
    ("vinh_preset=paper&vinh_draws=400", "400"),  # a link that names the draws keeps them
])
def test_a_link_to_the_paper_preset_shows_what_it_runs(page, app_url, query, draws):
    open_app(page, app_url, f"experiments_vinh2009?{query}")
    assert draws_shown(page) == draws
    link = copied_link(page)
    assert (link["vinh_preset"], link["vinh_draws"]) == (["Paper"], [draws])
