"""A chart's text alternative in chromium: its summary names the chart and sits in a polite
live region, follows a scrub of its slider, and its data table opens from the keyboard; the
clusters of a scrubbed chart keep their own marker symbols at every step."""

import pytest

from tests.browser.pageutils import open_app, wait_until_idle

pytestmark = pytest.mark.browser

CHART = "km_k_scatter"
# The chart's element, its accessible name and the text of its live region (inside the
# component's shadow root).
ALT = """(key) => {
  const box = document.querySelector(".st-key-" + key + ':not([data-stale="true"])');
  const host = document.querySelector(".st-key-alt_of_" + key);
  let live = null;
  for (const el of host.querySelectorAll("*")) {
    const found = el.shadowRoot && el.shadowRoot.querySelector("[aria-live]");
    if (found) live = found;
  }
  live = live || host.querySelector("[aria-live]");
  const gd = box.querySelector(".js-plotly-plot");
  return {role: box.getAttribute("role"), name: box.getAttribute("aria-label"),
          live: live.textContent, polite: live.getAttribute("aria-live"),
          title: gd.querySelector(".g-gtitle .gtitle").textContent.replace(/\\u200b/g, ""),
          summaries: gd.layout.meta.frame_summaries};
}"""
# Plays step `index` of slider `name` the way plotly announces a drag's step, and never
# ends the drag (no value goes to the server, whose rerun would redraw the chart).
STEP = """([key, name, index]) => {
  const gd = document.querySelector(".st-key-" + key + " .js-plotly-plot");
  const slider = gd._fullLayout.sliders.find((s) => s.name === name);
  const step = slider.steps[index];
  gd.emit("plotly_sliderstart", {slider});
  gd.emit("plotly_sliderchange", {slider, step, interaction: true,
                                  previousActive: slider.active});
  return step.args[0][0];
}"""
# Each drawn point's cluster (the hover's customdata) and symbol, as plotly holds them.
POINTS = """(key) => {
  const gd = document.querySelector(".st-key-" + key + " .js-plotly-plot");
  const trace = gd._fullData[0];
  return {type: trace.type, clusters: Array.from(trace.customdata),
          symbols: Array.from(trace.marker.symbol)};
}"""
# plotly's numbers of the palette's symbols for clusters 0..6 (circle, square, diamond,
# triangle-up, triangle-down, cross, pentagon); noise an open circle.
SYMBOL_OF_CLUSTER = [0, 1, 2, 5, 6, 3, 13]


def assert_symbols_follow_clusters(points):
    assert points["type"] == "scatter"
    assert len(points["clusters"]) == len(points["symbols"]) == 500
    for cluster, symbol in zip(points["clusters"], points["symbols"], strict=True):
        assert symbol == (100 if cluster < 0 else SYMBOL_OF_CLUSTER[cluster % 7])


def test_the_summary_names_the_chart_and_follows_a_scrub(page, app_url):
    page.set_viewport_size({"width": 1280, "height": 720})
    open_app(page, app_url, "explore_kmeans?km_k=3")
    page.wait_for_selector(f".st-key-{CHART} .js-plotly-plot .slider-rail-touch-rect",
                           timeout=90_000)
    wait_until_idle(page)
    page.wait_for_function(f"(({ALT})('{CHART}').name || '').length > 0", timeout=30_000)
    alt = page.evaluate(ALT, CHART)
    assert alt["role"] == "figure" and alt["polite"] == "polite"
    # The chart's own title opens its summary; the rest counts what is drawn.
    assert alt["name"].startswith(alt["title"].rstrip("."))
    assert "500 points: 3 clusters of " in alt["name"] and "centres: 3 points" in alt["name"]
    assert alt["live"] == alt["name"] == alt["summaries"]["K=3"]
    assert_symbols_follow_clusters(page.evaluate(POINTS, CHART))

    frame = page.evaluate(STEP, [CHART, "K", 5])  # K = 6
    assert frame == "K=6"
    page.wait_for_function(f"({ALT})('{CHART}').live.startsWith('K = 6')", timeout=10_000)
    alt = page.evaluate(ALT, CHART)
    assert alt["name"] == alt["live"] == alt["summaries"]["K=6"]
    assert "500 points: 6 clusters of " in alt["live"] and "centres: 6 points" in alt["live"]
    assert alt["title"].startswith("K = 6")
    points = page.evaluate(POINTS, CHART)
    assert len(set(points["clusters"])) == 6
    assert_symbols_follow_clusters(points)


def test_the_data_table_opens_from_the_keyboard(page, app_url):
    page.set_viewport_size({"width": 1280, "height": 720})
    open_app(page, app_url, "explore_kmeans?km_k=3")
    page.wait_for_selector(f".st-key-{CHART} .js-plotly-plot", timeout=90_000)
    wait_until_idle(page)
    tables = page.locator('[data-testid="stExpander"]').filter(
        has=page.locator("summary", has_text="Data table"))
    assert tables.count() >= 3  # one per chart of the page
    last = tables.last
    last.locator("summary").focus()
    assert page.evaluate("document.activeElement.tagName") == "SUMMARY"
    page.keyboard.press("Enter")
    last.locator('[data-testid="stDataFrame"]').wait_for(state="visible", timeout=30_000)
    page.keyboard.press("Tab")
    # The grid takes the focus next: its cells are walked with the arrow keys.
    assert page.evaluate("document.activeElement.closest('[data-testid=\"stDataFrame\"]')"
                         " !== null")
