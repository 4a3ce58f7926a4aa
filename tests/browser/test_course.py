"""The course's first half in a real browser: a teacher moves p on the Distances lesson."""

import pytest

from tests.browser.pageutils import screenshot, wait_until_idle

pytestmark = pytest.mark.browser


def test_distances_lesson_flags_p_below_one_and_keeps_it_in_the_link(page, app_url):
    page.set_viewport_size({"width": 1280, "height": 720})
    page.goto(f"{app_url}/learn_distances")
    page.wait_for_selector('[data-testid="stPlotlyChart"]', timeout=60_000)
    wait_until_idle(page)
    assert page.locator('[data-testid="stException"]').count() == 0
    screenshot(page, "learn-distances-p2")

    # From p = 2 three steps left: 1.5, 1, 0.5.
    page.get_by_role("slider").first.focus()  # p, the first slider of the lesson
    for _ in range(3):
        page.keyboard.press("ArrowLeft")
    page.get_by_text("is not a metric").wait_for(timeout=30_000)
    wait_until_idle(page)
    assert "dist_p=0.5" in page.url
    assert page.locator('[data-testid="stException"]').count() == 0
    screenshot(page, "learn-distances-p05")


@pytest.mark.parametrize("path", ["learn_features", "learn_dimensionality"])
def test_lessons_at_projector_size(page, app_url, path):
    page.set_viewport_size({"width": 1280, "height": 720})
    page.goto(f"{app_url}/{path}?present=true")
    page.wait_for_selector('[data-testid="stPlotlyChart"]', timeout=60_000)
    wait_until_idle(page)
    assert page.locator('[data-testid="stException"]').count() == 0
    assert screenshot(page, f"{path}-presenter").stat().st_size > 10_000
