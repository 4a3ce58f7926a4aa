"""On a phone, a finger works the controls (toggles, dropdowns, the page's sliders) and the
chart's own scrubbers: the value reaches Python and the link, as a mouse's does (issue 21,
point 4)."""

from urllib.parse import parse_qs, urlsplit

import pytest

from tests.browser.pageutils import wait_until_idle

pytestmark = pytest.mark.browser

def test_controls_work_by_touch_on_a_phone(phone, app_url):
    phone.goto(f"{app_url}/explore?ex_k=3")
    phone.wait_for_selector('[data-testid="stPlotlyChart"] .main-svg', timeout=90_000)
    wait_until_idle(phone)
    assert "ex_std=true" not in phone.url
    toggle = phone.get_by_text("Standardize", exact=True)
    toggle.scroll_into_view_if_needed()
    toggle.tap()
    phone.wait_for_url("**ex_std=true**", timeout=30_000)
    # A dropdown opens and takes a choice by touch too.
    phone.get_by_role("combobox", name="Algorithm", exact=True).tap()
    phone.get_by_role("option", name="DBSCAN", exact=True).tap()
    phone.wait_for_url("**ex_algo=DBSCAN**", timeout=30_000)
    wait_until_idle(phone)
    errors = phone.locator('[data-testid="stException"]')
    assert errors.count() == 0


def query(page) -> dict[str, list[str]]:
    return parse_qs(urlsplit(page.url).query)


def test_a_tap_on_a_page_slider_moves_it(phone, app_url):
    phone.goto(f"{app_url}/explore")
    phone.wait_for_selector('[data-testid="stPlotlyChart"] .main-svg', timeout=90_000)
    wait_until_idle(phone)
    points = phone.get_by_role("slider", name="Points")
    before = points.get_attribute("value")
    track = phone.locator('[data-testid="stSlider"]').filter(has=points).locator(
        '[role="group"] > div[data-orientation="horizontal"]')
    track.scroll_into_view_if_needed()
    box = track.bounding_box()
    phone.touchscreen.tap(box["x"] + 0.8 * box["width"], box["y"] + box["height"] / 2)
    wait_until_idle(phone)
    after = points.get_attribute("value")
    assert int(after) > int(before)
    assert query(phone)["ex_n"] == [after]


def test_a_finger_drags_a_charts_scrubber_and_the_link_follows(phone, app_url):
    phone.goto(f"{app_url}/explore_dbscan?db_n=300")
    phone.wait_for_selector(".st-key-db_scatter .js-plotly-plot", timeout=90_000)
    wait_until_idle(phone)
    slider = """() => { const s = document.querySelector(".st-key-db_scatter .js-plotly-plot")
        .layout.sliders.find(s => s.name === "eps");
        return [s.active, s.steps[s.active].label]; }"""
    start, _ = phone.evaluate(slider)
    index = phone.evaluate("""() => document.querySelector(".st-key-db_scatter .js-plotly-plot")
        .layout.sliders.findIndex(s => s.name === "eps")""")
    rail = phone.locator(".st-key-db_scatter .slider-rail-touch-rect").nth(index)
    rail.scroll_into_view_if_needed()
    box = rail.bounding_box()
    y = box["y"] + box["height"] / 2
    # Playwright has no touch drag: the DevTools protocol sends the finger's path.
    cdp = phone.context.new_cdp_session(phone)
    touch = [{"x": box["x"] + 0.2 * box["width"], "y": y}]
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": touch})
    for share in (0.3, 0.4, 0.5):
        touch = [{"x": box["x"] + share * box["width"], "y": y}]
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": touch})
        phone.wait_for_timeout(100)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    cdp.detach()
    phone.wait_for_url("**db_eps=**", timeout=30_000)
    wait_until_idle(phone)
    end, label = phone.evaluate(slider)
    assert end != start
    assert float(query(phone)["db_eps"][0]) == pytest.approx(float(label))
    # Beside the scrubber, a finger's ‹ › (at least 44 x 44 CSS px) reach every value: one
    # tap is one step, sent after the pause.
    following = phone.get_by_role("button", name="Next eps")
    box = following.bounding_box()
    assert box["width"] >= 44 and box["height"] >= 44, box
    following.tap()
    phone.wait_for_function(f"want => ({slider})()[0] === want", arg=end + 1, timeout=10_000)
    _, label = phone.evaluate(slider)
    phone.wait_for_url(lambda url: float(parse_qs(urlsplit(url).query)["db_eps"][0])
                       == pytest.approx(float(label)), timeout=30_000)
    assert phone.locator('[data-testid="stException"]').count() == 0
