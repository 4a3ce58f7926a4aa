"""Scrubbing a framed chart in chromium: the chart redraws with no message to the server, and
the value reached reaches the URL once the gesture ends."""

import re

import numpy as np
import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from pydpc import Cluster
from scipy.spatial.distance import pdist

import datasets
from tests.browser.pageutils import open_app, screenshot, wait_until_idle

pytestmark = pytest.mark.browser

# The plotted data of a chart's traces, as text: what a frame changes.
CHART_STATE = """key => {
  const gd = document.querySelector(".st-key-" + key + " .js-plotly-plot");
  return JSON.stringify(gd.data.map(t => [t.x, t.y, t.marker && t.marker.color,
                                          t.marker && t.marker.size, t.visible].map(
    v => v && v.length !== undefined ? Array.from(v) : v)));
}"""
# The title of the frame the slider ``name`` shows, and the chart's title as drawn (text only).
TITLES = """([key, name]) => {
  const gd = document.querySelector(".st-key-" + key + " .js-plotly-plot");
  const slider = gd.layout.sliders.find(s => s.name === name);
  const frame = gd._transitionData._frameHash[slider.steps[slider.active].args[0][0]];
  const title = frame.layout && frame.layout.title && frame.layout.title.text;
  const drawn = gd.querySelector(".g-gtitle .gtitle");
  // Plotly draws a line break as a zero-width space.
  return {frame: title ? title.replace(/<[^>]+>/g, "") : null,
          drawn: drawn ? drawn.textContent.replace(/\\u200b/g, "") : null};
}"""
ACTIVE = """([key, name]) => {
  const gd = document.querySelector(".st-key-" + key + " .js-plotly-plot");
  const slider = gd.layout.sliders.find(s => s.name === name);
  return slider.steps[slider.active].label;
}"""


def scrub(page, chart_key: str, slider_index: int, start: float, end: float,
          slider: str) -> list[bytes]:
    """Drag the chart's slider from ``start`` to ``end`` (fractions of its rail) in small
    moves; return the websocket messages the page sent while the button was down.

    Before the button is let go (after which the server redraws the chart), the chart's title
    must be the title of the frame the slider ``slider`` shows: the numbers it states follow
    the scrub in the browser."""
    rail = page.locator(f".st-key-{chart_key} .slider-rail-touch-rect").nth(slider_index)
    rail.scroll_into_view_if_needed()
    box = rail.bounding_box()
    y = box["y"] + box["height"] / 2
    sent = page._scrub_sent
    first = len(sent)
    page.mouse.move(box["x"] + start * box["width"], y)
    page.mouse.down()
    for i in range(1, 13):
        page.mouse.move(box["x"] + (start + (end - start) * i / 12) * box["width"], y)
        page.wait_for_timeout(40)
    during = sent[first:]
    titles = page.evaluate(TITLES, [chart_key, slider])
    assert titles["frame"], f"the frame shown has no title: {titles}"
    try:
        page.wait_for_function(f"([key, name, want]) => ({TITLES})([key, name]).drawn === want",
                               arg=[chart_key, slider, titles["frame"]], timeout=10_000)
    except PlaywrightTimeoutError:
        raise AssertionError(f"the title did not follow the scrub: "
                             f"{page.evaluate(TITLES, [chart_key, slider])}") from None
    page.mouse.up()
    return during


# benchmarks/bench_scrub_browser.py's goal: everything a page sends the browser.
GOAL_PAYLOAD_BYTES = 2_000_000


@pytest.fixture
def page(page):
    """conftest's open tab, recording the websockets its visits open (``_scrub_sockets``),
    the messages they send (``_scrub_sent``) and the sizes of those they receive
    (``_scrub_received``) during this test only."""
    page._scrub_sockets, page._scrub_sent, page._scrub_received = [], [], []
    sent, received = page._scrub_sent, page._scrub_received

    def watch(socket):
        page._scrub_sockets.append(socket)
        socket.on("framesent", lambda payload: sent.append(payload))
        socket.on("framereceived", lambda payload: received.append(len(payload)))

    page.on("websocket", watch)
    yield page
    page.remove_listener("websocket", watch)


def open_scrubbable(page, app_url: str, path: str) -> None:
    open_app(page, app_url, path)
    page.wait_for_selector(".js-plotly-plot .slider-rail-touch-rect", timeout=60_000)
    wait_until_idle(page)
    assert page._scrub_sockets, "the page opened no websocket to watch"
    # The page's payload, frames included (the benchmark's count: DBSCAN's and density
    # peaks' pages at 2,000 points were 2.5 and 2.9 MB before repeated frames were reused).
    assert sum(page._scrub_received) < GOAL_PAYLOAD_BYTES


@pytest.mark.parametrize(("path", "chart", "param", "slider"), [
    ("explore_dbscan?db_eps=0.1&db_n=2000", "db_scatter", "db_eps", "eps"),
    ("explore_hierarchical?hc_k=2", "hc_scatter", "hc_k", "K"),
    ("explore_kmeans?km_k=2", "km_k_scatter", "km_k", "K"),
    ("explore_fuzzy?fc_m=1.5", "fc_scatter", "fc_m", "m"),
    ("explore_density_peaks?dp_k=1", "dp_graph", "dp_k", "K"),
    ("measure_truth?mt_dataset=Blobs&mt_algorithm=kmeans&mt_k=2", "mt_pair", "mt_k",
     "K"),
    ("measure_truth?mt_dataset=Moons&mt_algorithm=dbscan&mt_n=2000&mt_noise_moons=0.05",
     "mt_scatter_noise", "mt_noise_moons", "noise"),
    ("experiments_vinh2009?vinh_mark=2&vinh_draws=100", "vinh_chart", "vinh_mark", "K"),
    # The scrub benchmark's density-peaks page (2,000 points): its payload is checked.
    ("explore_density_peaks?dp_mode=thresholds+%CF%81_min%2C+%CE%B4_min&dp_delta=0.1"
     "&dp_n=2000", "dp_thresholds", "dp_delta", "δ_min share"),
])
def test_scrub_redraws_in_the_browser_and_sends_the_value_when_released(page, app_url, path,
                                                                        chart, param, slider):
    open_scrubbable(page, app_url, path)
    before = page.evaluate(CHART_STATE, chart)
    during = scrub(page, chart, 0, 0.15, 0.45, slider)
    reached = page.evaluate(ACTIVE, [chart, slider])
    assert page.evaluate(CHART_STATE, chart) != before
    assert during == [], f"{len(during)} websocket messages sent during the scrub"
    page.wait_for_url(re.compile(rf"[?&]{param}={re.escape(reached)}(&|$)"), timeout=30_000)
    wait_until_idle(page)
    screenshot(page, f"scrub-{chart}")


# Play's tween (ms) where a step-through glides: density peaks' points ease into their
# cluster's colour (reduced motion cuts it: tests/browser/test_keyboard.py).
@pytest.mark.parametrize(("path", "chart", "param", "metric", "tween"), [
    ("explore_kmeans?km_n=200&km_step=0", "km_chart", "km_step", "Move", None),
    ("explore_em?em_k=2&em_data=Blobs&em_n=200&em_step=0", "em_chart", "em_step", "Step",
     None),
    ("explore_linkage?lk_step=0", "lk_merges", "lk_step", "Merges", None),
    ("explore_fuzzy?fc_n=200&fc_step=0", "fc_rounds", "fc_step", None, None),
    ("explore_density_peaks?dp_n=200&dp_step=0", "dp_assign", "dp_step", None, 300),
])
def test_a_step_through_steps_and_plays_in_the_browser_and_the_step_reached_reaches_the_url(
        page, app_url, path, chart, param, metric, tween):
    open_scrubbable(page, app_url, path)
    gd = f".st-key-{chart} .js-plotly-plot"
    if tween is not None:
        assert page.evaluate(PLAY_TWEEN, gd) == tween
    last = page.evaluate(f"document.querySelector('{gd}').layout.sliders[0].steps.length") - 1
    before = page.evaluate(CHART_STATE, chart)
    slider = page.evaluate(f"document.querySelector('{gd}').layout.sliders[0].name")
    steps = page.locator(f".st-key-{chart}_{slider}_scrub")
    # Step, Step, Step back, each before the pause that sends (pressed in one go: on a loaded
    # machine, Playwright's clicks can be further apart than the pause): the chart shows step
    # 1 drawn in the browser, and nothing was sent. Real clicks: test_explore_flows.py.
    first = len(page._scrub_sent)
    steps.evaluate("""box => ["Step", "Step", "Step back"].forEach(name => box.querySelector(
        `button[aria-label="${name}"]`).click())""")
    titles = page.evaluate(TITLES, [chart, slider])
    during = page._scrub_sent[first:]
    assert during == [], f"{len(during)} websocket messages sent by the step buttons"
    assert page.evaluate(f"document.querySelector('{gd}').layout.sliders[0].active") == 1
    assert page.evaluate(CHART_STATE, chart) != before
    page.wait_for_function(f"([key, name, want]) => ({TITLES})([key, name]).drawn === want",
                           arg=[chart, slider, titles["frame"]], timeout=10_000)
    page.wait_for_url(re.compile(rf"[?&]{param}=1(&|$)"), timeout=30_000)
    wait_until_idle(page)
    if metric is not None:
        box = page.locator('[data-testid="stMetric"]').filter(has_text=metric).first
        assert box.locator('[data-testid="stMetricValue"]').inner_text().startswith("1 / ")
    before = page.evaluate(CHART_STATE, chart)
    first = len(page._scrub_sent)
    page.locator(f"{gd} .updatemenu-button").filter(has_text="Play").click()
    # Every move plays (with its transition) before anything is sent.
    page.wait_for_function(
        f"() => document.querySelector('{gd}').layout.sliders[0].active === {last}",
        timeout=120_000)
    during = page._scrub_sent[first:]
    assert page.evaluate(CHART_STATE, chart) != before
    assert during == [], f"{len(during)} websocket messages sent while playing"
    page.wait_for_url(re.compile(rf"[?&]{param}={last}(&|$)"), timeout=30_000)
    wait_until_idle(page)
    if metric is not None:  # the numbers beside the chart follow
        box = page.locator('[data-testid="stMetric"]').filter(has_text=metric).first
        assert box.locator('[data-testid="stMetricValue"]').inner_text() == f"{last} / {last}"
    screenshot(page, f"played-{chart}")


PLAY_TWEEN = """gd => [...document.querySelector(gd).querySelectorAll(".updatemenu-button")]
  .find(b => b.__data__.label === "Play").__data__.args[1].transition.duration"""


# ``played``: a step-through of the same page played after the scrub's rerun, whose step
# must still reach the URL (the rerun drew its chart in a new element: the listener follows).
# ``dragged``: a threshold line of the chart then dragged (`drag_delta_line`).
@pytest.mark.parametrize(("path", "chart", "slider", "param", "kept", "played", "dragged"), [
    ("explore_dbscan?db_eps=0.12&db_n=2000&db_min=2", "db_scatter", "min_samples", "db_min",
     "db_eps=0\\.12", ("db_growth", "db_step"), False),
    ("explore_density_peaks?dp_mode=thresholds+%CF%81_min%2C+%CE%B4_min&dp_delta=0.1&dp_rho=0"
     "&dp_n=300", "dp_thresholds", "ρ_min share", "dp_rho", "dp_delta=0\\.1", None, True),
])
def test_a_second_slider_scrubs_its_parameter_and_sends_it_when_released(
        page, app_url, path, chart, slider, param, kept, played, dragged):
    open_scrubbable(page, app_url, path)
    before = page.evaluate(CHART_STATE, chart)
    during = scrub(page, chart, 1, 0.02, 0.4, slider)
    reached = page.evaluate(ACTIVE, [chart, slider])
    assert page.evaluate(CHART_STATE, chart) != before
    assert during == [], f"{len(during)} websocket messages sent during the scrub"
    page.wait_for_url(re.compile(rf"[?&]{param}={re.escape(reached)}(&|$)"), timeout=30_000)
    assert re.search(rf"[?&]{kept}(&|$)", page.url)  # the first slider's value stays
    wait_until_idle(page)
    screenshot(page, f"scrub-{chart}-{param}")
    if played is not None:
        growth, step = played
        gd = f".st-key-{growth} .js-plotly-plot"
        last = page.evaluate(f"document.querySelector('{gd}').layout.sliders[0].steps.length") - 1
        page.locator(f"{gd} .updatemenu-button").filter(has_text="Play").click()
        page.wait_for_url(re.compile(rf"[?&]{step}={last}(&|$)"), timeout=120_000)
    if dragged:
        drag_delta_line(page, float(reached))



# The decision graph's axes (first subplot) on the page: CSS pixels and data ranges.
DECISION_AXES = """() => {
  const gd = document.querySelector(".st-key-dp_thresholds .js-plotly-plot");
  const box = gd.getBoundingClientRect(), xa = gd._fullLayout.xaxis, ya = gd._fullLayout.yaxis;
  return {x: [box.left + xa._offset, xa._length], y: [box.top + ya._offset, ya._length,
                                                     ...ya.range]};
}"""
# A threshold line's two ends on its axis ("x" for ρ_min's upright line).
THRESHOLD_LINE = """([name, axis]) => {
  const gd = document.querySelector(".st-key-dp_thresholds .js-plotly-plot");
  const shape = gd.layout.shapes.find(s => s.name === name);
  return [shape[axis + "0"], shape[axis + "1"]];
}"""
# The values of the δ_min slider (app_pages/explore_density_peaks.py's DELTA_SHARES).
DELTA_GRID = [round(0.02 * i, 2) for i in range(1, 50)]


def drag_delta_line(page, rho_share: float) -> None:
    """Drag density peaks' δ_min line (at a share of 0.1 of the largest δ, blobs of 300
    points) up with the mouse: nothing is sent while it moves; once dropped, the URL's
    δ_min is the slider's value nearest to the pointer's δ (read from the axis range here),
    and the clusters are those of pydpc's centres beyond both thresholds."""
    data = datasets.load("blobs", n_samples=300, random_state=0,
                         noise=datasets.DATASETS["blobs"].default_noise)
    pairs = np.sort(pdist(data.X))
    ref = Cluster(data.X, fraction=0.02, autoplot=False,
                  kernel_size=pairs[round(len(pairs) * 0.02) - 1])
    delta = ref.delta.copy()  # the paper's δ of the densest point: its largest distance
    densest = int(np.argmax(ref.density))
    delta[densest] = np.sqrt(((data.X - data.X[densest]) ** 2).sum(axis=1)).max()
    page.locator(".st-key-dp_thresholds").scroll_into_view_if_needed()
    axes = page.evaluate(DECISION_AXES)
    (left, width), (top, height, y0, y1) = axes["x"], axes["y"]

    def page_y(value):
        return top + (1 - (value - y0) / (y1 - y0)) * height

    # The scrub moved the ρ_min line (its rerun drew it there too).
    line = page.evaluate(THRESHOLD_LINE, ["rho_min", "x"])
    assert line[0] == line[1] == pytest.approx(rho_share * ref.density.max(), rel=1e-6)
    line = page.evaluate(THRESHOLD_LINE, ["delta_min", "y"])
    assert line[0] == line[1] == pytest.approx(0.1 * delta.max(), rel=1e-6)
    # Right of the ρ_min line, up to a δ share of 0.54, a value of the slider's grid.
    x = left + width * 0.85
    start, end = page_y(line[0]), page_y(0.54 * delta.max())
    page.evaluate("""() => document.querySelector(".st-key-dp_thresholds .js-plotly-plot")
        .on("clusterlab_dragsent", e => { window.droppedDelta = e.at; })""")
    sent = page._scrub_sent
    first = len(sent)
    page.mouse.move(x, start)
    page.mouse.down()
    for i in range(1, 11):
        page.mouse.move(x, start + (end - start) * i / 10)
        page.wait_for_timeout(40)
    during = sent[first:]
    page.mouse.up()
    assert during == [], f"{len(during)} websocket messages sent during the drag"
    pointer = y0 + (1 - (end - top) / height) * (y1 - y0)  # the pointer's δ at the drop
    dropped = page.wait_for_function("() => window.droppedDelta", timeout=10_000).json_value()
    assert dropped == pytest.approx(pointer, abs=2 * (y1 - y0) / height)  # within 2 px

    def snapped_share(at):
        return min(DELTA_GRID, key=lambda v: abs(v * delta.max() - at))

    share = snapped_share(pointer)
    page.wait_for_url(re.compile(rf"[?&]dp_delta={share:g}(&|$)"), timeout=30_000)
    assert re.search(rf"[?&]dp_rho={rho_share:g}(&|$)", page.url)  # ρ_min stays
    wait_until_idle(page)
    # The line is drawn at that value, and the clusters are pydpc's beyond both thresholds.
    line = page.evaluate(THRESHOLD_LINE, ["delta_min", "y"])
    assert line[0] == line[1] == pytest.approx(share * delta.max(), rel=1e-6)
    centres = np.flatnonzero((ref.density > rho_share * ref.density.max())
                             & (delta > share * delta.max()))
    box = page.locator('[data-testid="stMetric"]').filter(has_text="Clusters").first
    assert box.locator('[data-testid="stMetricValue"]').inner_text() == str(len(centres))
    screenshot(page, "explore_density_peaks-dragged-delta")
    # Dropped less than half a step of the grid away (after a drag far enough for plotly to
    # take it as one), the line goes back to its value.
    at = page_y(line[0])
    page.evaluate("""() => { window.droppedDelta = null;
        document.querySelector(".st-key-dp_thresholds .js-plotly-plot")
          .on("clusterlab_dragsent", e => { window.droppedDelta = e.at; }); }""")
    page.mouse.move(x, at)
    page.mouse.down()
    for dy in (-8, -16, -24, -12, -1):
        page.mouse.move(x, at + dy)
        page.wait_for_timeout(40)
    page.mouse.up()
    nudged = page.wait_for_function("() => window.droppedDelta", timeout=10_000).json_value()
    assert nudged != line[0] and snapped_share(nudged) == share
    page.wait_for_function(f"([name, axis]) => ({THRESHOLD_LINE})([name, axis])[0] === {line[0]!r}",
                           arg=["delta_min", "y"], timeout=30_000)
    assert re.search(rf"[?&]dp_delta={share:g}(&|$)", page.url)
