"""Every page at a 1280x720 projector, in presenter mode and in the focus view: the chart is
on the first screen, its type is large and dark, and nothing is cut off."""

import json

import pytest

from tests.browser.pageutils import screenshot, wait_until_idle
from ui.navigation import PAGES

pytestmark = pytest.mark.browser

VIEWPORT = {"width": 1280, "height": 720}
PAGES_WITH_CHARTS = [entry for entry in PAGES if entry.url_path != "home"]
MODES = {"present": "present=true", "focus": "controls=off", "both": "present=true&controls=off"}
# Share of the first screen the charts must cover, and how far down the first may start:
# presenter mode keeps a page's captions and numbers above its charts, the focus view gives
# the charts the page.
MIN_SHARE = {"present": 0.2, "focus": 0.40, "both": 0.40}
MAX_TOP = {"present": 0.6, "focus": 0.5, "both": 0.5}

MEASURE = """() => {
  const charts = [...document.querySelectorAll('[data-testid="stPlotlyChart"]')];
  const seen = b => Math.max(0, Math.min(b.bottom, innerHeight) - Math.max(b.top, 0))
                  * Math.max(0, Math.min(b.right, innerWidth) - Math.max(b.left, 0));
  const visible = charts.reduce((sum, c) => sum + seen(c.getBoundingClientRect()), 0);
  const chart = charts[0];
  const box = chart.getBoundingClientRect();
  const size = el => parseFloat(getComputedStyle(el).fontSize);
  const ticks = [...chart.querySelectorAll('.xtick text, .ytick text')].map(size);
  const titles = [...chart.querySelectorAll('.g-xtitle text, .g-ytitle text')];
  const outside = [...chart.querySelectorAll('.main-svg text')].filter(t => {
    const r = t.getBoundingClientRect();
    return r.width > 0 && (r.left < box.left - 1 || r.right > box.right + 1
                           || r.top < box.top - 4 || r.bottom > box.bottom + 4);  // glyph ascenders
  }).map(t => t.textContent);
  const labels = [...document.querySelectorAll(
      '[data-testid="stMain"] [data-testid="stWidgetLabel"] p, '
      + '[data-testid="stMain"] [data-testid="stMetricLabel"] p, '
      + '[data-testid="stMain"] [data-testid="stMetricValue"] div, '
      + '[data-testid="stMain"] h1')]
    .concat([...document.querySelectorAll('[data-testid="stMain"] [role="tablist"]')])
    .filter(el => el.offsetParent !== null && el.scrollWidth > el.clientWidth + 1)
    .map(el => el.textContent);
  return {
    share: visible / (innerWidth * innerHeight), top: box.top,
    minTick: ticks.length ? Math.min(...ticks) : null,
    titleSizes: titles.map(size), titleFills: titles.map(t => getComputedStyle(t).fill),
    outside, truncated: labels,
    widgets: document.querySelectorAll(
      '[data-testid="stMain"] [data-testid="stSlider"], [data-testid="stMain"] '
      + '[data-testid="stSelectbox"], [data-testid="stMain"] [data-testid="stDownloadButton"]'
      + ', [data-testid="stMain"] [data-testid="stRadio"]')
      .length,
    visibleWidgets: [...document.querySelectorAll(
      '[data-testid="stMain"] [data-testid="stSlider"], [data-testid="stMain"] '
      + '[data-testid="stSelectbox"], [data-testid="stMain"] [data-testid="stDownloadButton"]'
      + ', [data-testid="stMain"] [data-testid="stRadio"], [data-testid="stSidebar"]')]
      .filter(el => el.offsetParent !== null).length,
  };
}"""


def dark(fill: str) -> bool:
    """True for a computed colour ``rgb(r, g, b)`` whose channels are all at most 51."""
    channels = [int(v) for v in fill[fill.index("(") + 1:fill.index(")")].split(",")[:3]]
    return max(channels) <= 51


@pytest.fixture(scope="module")
def projector(browser):
    context = browser.new_context(viewport=VIEWPORT)
    yield context.new_page()
    context.close()


# Presenter and focus together are checked on the experiment pages only.
CASES = [(entry, mode) for mode in MODES for entry in PAGES_WITH_CHARTS
         if mode != "both" or entry.section == "Experiments"]


@pytest.mark.parametrize(("entry", "mode"), CASES,
                         ids=[f"{mode}-{entry.url_path}" for entry, mode in CASES])
def test_the_chart_is_first_large_and_whole(projector, app_url, entry, mode):
    projector.goto(f"{app_url}/{entry.url_path}?{MODES[mode]}")
    projector.wait_for_selector('[data-testid="stPlotlyChart"] .main-svg', timeout=90_000)
    wait_until_idle(projector)
    projector.wait_for_timeout(500)  # plotly's relayout to the final size
    screenshot(projector, f"{mode}-{entry.url_path}")
    m = projector.evaluate(MEASURE)
    m = type("Measures", (dict,), {"__repr__": lambda self: json.dumps(self)})(m)
    assert m["top"] < MAX_TOP[mode] * VIEWPORT["height"], m
    assert m["share"] >= MIN_SHARE[mode], m
    if m["minTick"] is not None:  # tables drawn as figures have no ticks
        assert m["minTick"] >= 20, m
    assert all(size >= 24 for size in m["titleSizes"]), m
    assert all(dark(fill) for fill in m["titleFills"]), m
    assert not m["outside"], m
    assert not m["truncated"], m
    if mode != "present":
        assert m["visibleWidgets"] == 0, m
