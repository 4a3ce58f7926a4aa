"""Every page, opened as a student, a projector and a phone open it, one test a page.

- As a student (the page's own link, in a fresh browser): the page raises nothing, draws
  its charts, shows its title, and no page asks any host but the app's own (fonts, icons,
  scripts), as an offline classroom needs; in presenter mode and the focus view too.
- Chart first: every lesson, Explore and Measure page opens, in the default mode, with its
  main chart on the first screen of a 1280x720 projector and of a 390x844 phone.
- Charts a room can read: on those pages the plot areas cover 30 % of the first screen at
  1280x720, 40 % in presenter mode and 25 % on a phone; titles take two lines at most, clear
  of the chart's toolbar.
- At a 1280x720 projector in presenter mode and in the focus view (and both together on the
  experiment pages): the chart is on the first screen, its type is large and dark, and
  nothing is cut off.

The student's visit is at the projector's size, so it also serves the chart-first check and
a page's own checks (`OWN_CHECKS`: the k-means explorer's chart summary and data table,
tests/browser/chart_alt.py). Each check of a visit is collected (`Checks`): a failure names
every check that failed.

The projector's and the phone's tabs are kept open from test to test (tests/browser/conftest.py
says why and how each test still starts as a fresh browser). The tab's HTTP cache stays, but
playwright reports a request served from the cache like any other, so the request check sees
them all.
"""

import shutil
from urllib.parse import urlsplit

import pytest

from tests.browser import chart_alt
from tests.browser.axe import check_axe
from tests.browser.conftest import PHONE, PROJECTOR
from tests.browser.pageutils import (
    SCREENSHOTS,
    Checks,
    screenshot,
    wait_for_charts_drawn,
    wait_until_idle,
)
from tests.browser.plot_area import (
    MAX_TITLE_LINES,
    MIN_PLOT_SHARE,
    plot_areas,
)
from tests.browser.reflow import check_reflow, check_text_zoom
from ui.layout import CHART_FIRST_PAGES
from ui.navigation import PAGES

pytestmark = pytest.mark.browser

# Pages that show text only; every other page must draw at least one chart.
PAGES_WITHOUT_CHARTS = {"home"}

# Chart first. The goal: the main (first) chart covers at least 30 % of the first
# screen at 1280x720 (on an Explore or Measure page; a lesson may show two charts side by
# side, whose plot areas together are measured, as on every page); on a phone it starts in
# the top 40 % of the first screen.
ONE_MAIN_CHART_SECTIONS = ("Explore", "Measure")
# Pages opened once more in a phone's tab; the others are measured at a phone's width in the
# projector's tab, narrowed (a visit less each).
PHONE_VISIT_SECTIONS = ONE_MAIN_CHART_SECTIONS
MIN_FIRST_SHARE = 0.30
MAX_PHONE_TOP = 0.4
# The main chart is the first one on screen (the highest, then the leftmost, whatever its
# place in the page's source): the share of the first screen it covers, and where it starts.
FIRST_CHART = """() => {
  const boxes = [...document.querySelectorAll('[data-testid="stPlotlyChart"]')]
    .map(c => c.getBoundingClientRect()).filter(b => b.width > 0 && b.height > 0)
    .sort((a, b) => a.top - b.top || a.left - b.left);
  const seen = b => Math.max(0, Math.min(b.bottom, innerHeight) - Math.max(b.top, 0))
                  * Math.max(0, Math.min(b.right, innerWidth) - Math.max(b.left, 0));
  const first = boxes[0];
  return {share: seen(first) / (innerWidth * innerHeight), top: first.top,
          charts: boxes.length, scrollY: window.scrollY};
}"""

# Titles that meet on a phone: within each chart, the pairs of title boxes (the figure's
# title and its panels' titles, which plotly draws as annotations) that overlap, by text.
TITLES_OVERLAP = """() => {
  const met = [];
  for (const chart of document.querySelectorAll('[data-testid="stPlotlyChart"]')) {
    const boxes = [...chart.querySelectorAll('.gtitle, .annotation-text')]
      .map(t => [t.textContent, t.getBoundingClientRect()])
      .filter(([, r]) => r.width > 0 && r.height > 0);
    boxes.forEach(([a, r], i) => boxes.slice(i + 1).forEach(([b, q]) => {
      if (r.left < q.right - 1 && q.left < r.right - 1 && r.top < q.bottom - 1
          && q.top < r.bottom - 1) met.push([a, b]);
    }));
  }
  return met;
}"""

def check_plot_areas(checks: Checks, page, url_path: str, view: str) -> None:
    """The plot areas cover `MIN_PLOT_SHARE` of ``page``'s first screen in ``view``; every
    chart's title takes at most two lines, clear of its toolbar."""
    m = plot_areas(page)
    least = MIN_PLOT_SHARE[view]
    checks.that(m["share"] >= least, f"{view}: plot areas cover {least:.0%} of the first screen",
                m)
    long = [c for c in m["charts"] if c["lines"] > MAX_TITLE_LINES]
    checks.that(not long, f"{view}: chart titles in two lines at most", long)
    covered = [c["title"] for c in m["charts"] if c["covered"]]
    checks.that(not covered, f"{view}: the toolbar clear of the chart titles", covered)


# Checks of one page's own, made on its default view after the checks every page has (the
# guide's rule: one page visit carries every check of its page).
OWN_CHECKS = {chart_alt.PAGE: chart_alt.check_chart_alt}

# Presenter mode and the focus view.
MODES = {"present": "present=true", "focus": "controls=off", "both": "present=true&controls=off"}
# Share of the first screen the charts must cover, and how far down the first may start:
# presenter mode keeps a page's captions and numbers above its charts, the focus view gives
# the charts the page.
MIN_SHARE = {"present": 0.2, "focus": 0.40, "both": 0.40}
MAX_TOP = {"present": 0.6, "focus": 0.5, "both": 0.5}

PRESENTED = """() => {
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


def modes_of(entry) -> list[str]:
    """The presenter modes a page is measured in: none on the text-only home page; presenter
    and focus together on the experiment pages only."""
    if entry.url_path in PAGES_WITHOUT_CHARTS:
        return []
    return [mode for mode in MODES if mode != "both" or entry.section == "Experiments"]


def foreign_requests(requests: list[str], app_url: str) -> list[str]:
    host = urlsplit(app_url).netloc
    return [url for url in requests
            if urlsplit(url).scheme not in ("data", "blob") and urlsplit(url).netloc != host]


def visit(page, url: str, charts: bool = True) -> None:
    page.goto(url)
    if charts:
        wait_for_charts_drawn(page)
    else:
        wait_until_idle(page)


def check_student_view(checks: Checks, page, entry) -> None:
    errors = page.locator('[data-testid="stException"]')
    checks.that(errors.count() == 0, "no exception",
                errors.first.inner_text() if errors.count() else "")
    charts = page.locator('[data-testid="stPlotlyChart"]')
    for index in range(charts.count()):
        charts.nth(index).locator(".main-svg").first.wait_for(state="attached", timeout=30_000)
    expects_chart = entry.url_path not in PAGES_WITHOUT_CHARTS
    checks.that(charts.count() >= 1 or not expects_chart, "draws a chart", charts.count())
    # A shown copy: Streamlit keeps a hidden copy of each sidebar link that has a tooltip.
    title = page.get_by_text(entry.title).locator("visible=true").first
    checks.that(title.is_visible(), "title shown", entry.title)
    size = screenshot(page, entry.url_path).stat().st_size
    checks.that(size > 10_000, "screenshot holds a drawn page (bytes)", size)


def check_chart_first_on_a_projector(checks: Checks, page, entry) -> None:
    url_path = entry.url_path
    name = f"chart-first-{url_path}-1280"
    # The student's full-page screenshot, taken just before on this same visit and size.
    shutil.copyfile(SCREENSHOTS / f"{url_path}.png", SCREENSHOTS / f"{name}.png")
    page.screenshot(path=str(SCREENSHOTS / f"{name}-first-screen.png"))
    m = page.evaluate(FIRST_CHART)
    checks.that(m["scrollY"] == 0, "chart first 1280: not scrolled", m)
    checks.that(0 <= m["top"] < PROJECTOR["height"] / 2, "chart first 1280: starts in the top half",
                m)
    if entry.section in ONE_MAIN_CHART_SECTIONS:
        checks.that(m["share"] >= MIN_FIRST_SHARE, "chart first 1280: covers 30 %", m)
    check_plot_areas(checks, page, url_path, "default")


def check_presented(checks: Checks, page, url_path: str, mode: str) -> None:
    screenshot(page, f"{mode}-{url_path}")
    m = page.evaluate(PRESENTED)
    checks.that(m["top"] < MAX_TOP[mode] * PROJECTOR["height"], f"{mode}: chart top", m)
    checks.that(m["share"] >= MIN_SHARE[mode], f"{mode}: charts' share", m)
    if m["minTick"] is not None:  # tables drawn as figures have no ticks
        checks.that(m["minTick"] >= 20, f"{mode}: tick labels >= 20 px", m)
    checks.that(all(size >= 24 for size in m["titleSizes"]), f"{mode}: axis titles >= 24 px", m)
    checks.that(all(dark(fill) for fill in m["titleFills"]), f"{mode}: axis titles dark", m)
    checks.that(not m["outside"], f"{mode}: no text outside the chart", m)
    checks.that(not m["truncated"], f"{mode}: no label cut off", m)
    if mode != "present":
        checks.that(m["visibleWidgets"] == 0, f"{mode}: no control shown", m)
    elif url_path in CHART_FIRST_PAGES:
        check_plot_areas(checks, page, url_path, "present")


def check_chart_first_on_a_phone(checks: Checks, phone, app_url: str, url_path: str) -> None:
    name = f"chart-first-{url_path}-390"
    visit(phone, f"{app_url}/{url_path}")
    screenshot(phone, name)
    phone.screenshot(path=str(SCREENSHOTS / f"{name}-first-screen.png"))
    m = phone.evaluate(FIRST_CHART)
    checks.that(0 <= m["top"] < MAX_PHONE_TOP * PHONE["height"],
                "chart first 390: starts in the top 40 %", m)
    met = phone.evaluate(TITLES_OVERLAP)
    checks.that(not met, "390: no two chart titles overlap", met)
    check_plot_areas(checks, phone, url_path, "390")
    check_axe(checks, phone, "390")
    check_reflow(checks, phone, "390", PHONE)


def check_at_a_phone_s_width(checks: Checks, page, url_path: str) -> None:
    """The phone's checks for a page without a phone visit of its own: the projector's tab,
    still on the page's default view, narrowed to the phone's width (the layout follows the
    width; no new load), then given its size back."""
    page.set_viewport_size(PHONE)
    page.wait_for_timeout(600)  # plotly relays its charts out after a resize
    wait_until_idle(page)
    screenshot(page, f"{url_path}-390")
    if url_path in CHART_FIRST_PAGES:
        check_plot_areas(checks, page, url_path, "390")
    check_axe(checks, page, "390")
    check_reflow(checks, page, "390", PROJECTOR)


def test_the_chart_first_pages_are_the_lesson_explore_and_measure_pages():
    assert {"explore", "explore_kmeans", "explore_em", "explore_compare", "measure_truth",
            "measure_sandbox", "measure_upload", "learn_pairs", "learn_features"
            } <= CHART_FIRST_PAGES
    assert not {"home", "experiments_vinh2009"} & CHART_FIRST_PAGES


@pytest.mark.parametrize("entry", PAGES, ids=[entry.url_path for entry in PAGES])
def test_every_page_as_a_student_a_projector_and_a_phone_see_it(projector, phone, app_url,
                                                                entry):
    page = projector
    requests: list[str] = []

    def record(request):
        requests.append(request.url)

    page.on("request", record)
    path = "" if entry is PAGES[0] else entry.url_path
    try:
        with Checks() as checks:
            visit(page, f"{app_url}/{path}", charts=entry.url_path not in PAGES_WITHOUT_CHARTS)
            check_student_view(checks, page, entry)
            if entry.url_path in CHART_FIRST_PAGES:
                check_chart_first_on_a_projector(checks, page, entry)
            check_axe(checks, page, "default")
            check_text_zoom(checks, page, "default")
            if entry.section not in PHONE_VISIT_SECTIONS:
                check_at_a_phone_s_width(checks, page, entry.url_path)
            if entry.url_path in OWN_CHECKS:
                OWN_CHECKS[entry.url_path](checks, page)
            for mode in modes_of(entry):
                visit(page, f"{app_url}/{entry.url_path}?{MODES[mode]}")
                check_presented(checks, page, entry.url_path, mode)
                check_axe(checks, page, mode)
            if entry.section in PHONE_VISIT_SECTIONS:
                check_chart_first_on_a_phone(checks, phone, app_url, entry.url_path)
            else:
                # Charts drawn after the script ends may still fetch (fonts, icons).
                page.wait_for_timeout(500)
            foreign = foreign_requests(requests, app_url)
            checks.that(bool(requests) and not foreign, "asks only the app's own host",
                        foreign or requests)
    finally:
        page.remove_listener("request", record)
