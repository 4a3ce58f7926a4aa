"""A chart's text alternative in chromium, checked in a visit test_pages already makes (the
k-means explorer's default view, K = 3): its summary names the chart and sits in a polite
live region, follows a scrub of its slider, and its data table opens from the keyboard; the
clusters of a scrubbed chart keep their own marker symbols at every step."""

from tests.browser.pageutils import Checks, wait_until_idle

# The page whose default visit carries these checks, and its chart.
PAGE = "explore_kmeans"
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


def symbols_follow_clusters(points) -> bool:
    """Are the 500 points of a scatter each drawn with its cluster's symbol?"""
    return (points["type"] == "scatter"
            and len(points["clusters"]) == len(points["symbols"]) == 500
            and all(symbol == (100 if cluster < 0 else SYMBOL_OF_CLUSTER[cluster % 7])
                    for cluster, symbol in zip(points["clusters"], points["symbols"],
                                               strict=True)))


def check_summary_follows_a_scrub(checks: Checks, page) -> None:
    """The chart is a figure named by its summary (its title first, then the points, clusters
    and centres drawn), the same text as its polite live region and the summary shipped for
    K = 3; a scrub to K = 6 (plotly's drag events, the drag never ended) changes name and
    live region to K = 6's summary, and the symbols follow the clusters at both steps."""
    page.wait_for_selector(f".st-key-{CHART} .js-plotly-plot .slider-rail-touch-rect",
                           timeout=90_000)
    wait_until_idle(page)
    page.wait_for_function(f"(({ALT})('{CHART}').name || '').length > 0", timeout=30_000)
    alt = page.evaluate(ALT, CHART)
    checks.that(alt["role"] == "figure" and alt["polite"] == "polite",
                "chart alt: a figure with a polite live region", alt)
    # The chart's own title opens its summary; the rest counts what is drawn.
    checks.that(alt["name"].startswith(alt["title"].rstrip(".")),
                "chart alt: the summary starts with the chart's title", alt)
    checks.that("500 points: 3 clusters of " in alt["name"]
                and "centres: 3 points" in alt["name"], "chart alt: K = 3 counted", alt)
    checks.that(alt["live"] == alt["name"] == alt["summaries"]["K=3"],
                "chart alt: name, live region and K = 3's summary agree", alt)
    points = page.evaluate(POINTS, CHART)
    checks.that(symbols_follow_clusters(points), "chart alt: K = 3's symbols", points)

    frame = page.evaluate(STEP, [CHART, "K", 5])  # K = 6
    checks.that(frame == "K=6", "chart alt: the scrub's frame", frame)
    page.wait_for_function(f"({ALT})('{CHART}').live.startsWith('K = 6')", timeout=10_000)
    alt = page.evaluate(ALT, CHART)
    checks.that(alt["name"] == alt["live"] == alt["summaries"]["K=6"],
                "chart alt: after the scrub, name, live region and K = 6's summary agree", alt)
    checks.that("500 points: 6 clusters of " in alt["live"] and "centres: 6 points" in alt["live"]
                and alt["title"].startswith("K = 6"), "chart alt: K = 6 counted", alt)
    points = page.evaluate(POINTS, CHART)
    checks.that(len(set(points["clusters"])) == 6 and symbols_follow_clusters(points),
                "chart alt: K = 6's clusters and symbols", points)


def check_data_table_opens_from_the_keyboard(checks: Checks, page) -> None:
    """Each chart of the page has a "Data table" expander; the last one, focused, opens with
    Enter and shows its table, and Tab then takes the focus into the table's grid (its cells
    are walked with the arrow keys)."""
    tables = page.locator('[data-testid="stExpander"]').filter(
        has=page.locator("summary", has_text="Data table"))
    checks.that(tables.count() >= 3, "data table: one per chart of the page", tables.count())
    last = tables.last
    last.locator("summary").focus()
    focused = page.evaluate("document.activeElement.tagName")
    checks.that(focused == "SUMMARY", "data table: its summary takes the focus", focused)
    page.keyboard.press("Enter")
    last.locator('[data-testid="stDataFrame"]').wait_for(state="visible", timeout=30_000)
    page.keyboard.press("Tab")
    in_grid = page.evaluate("document.activeElement.closest('[data-testid=\"stDataFrame\"]')"
                            " !== null")
    checks.that(in_grid, "data table: Tab takes the focus into the grid",
                page.evaluate("document.activeElement.outerHTML.slice(0, 160)"))


def check_chart_alt(checks: Checks, page) -> None:
    """Both checks above, on ``page`` showing the k-means explorer's default view at a
    1280x720 projector's size. The scrub and the open table change only the page in the
    browser (no run on the server): the page's later checks load views of their own."""
    check_summary_follows_a_scrub(checks, page)
    check_data_table_opens_from_the_keyboard(checks, page)
