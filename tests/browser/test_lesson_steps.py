"""Every step of every shipped lesson at a 1280x720 projector, in presenter mode and in the
focus view: the lesson bar on one line above the step's prompt and chart, the chart covering
at least 40 % of the first screen, nothing cut; and a question's answer hidden until Reveal."""

import json

import pytest

from explorer.lesson_files import lesson_names, load_lesson
from tests.browser.conftest import PROJECTOR
from tests.browser.pageutils import charts_seen, click_and_wait, screenshot, wait_until_idle
from ui.lesson_bar import URL_PATHS

pytestmark = pytest.mark.browser

MODES = {"present": "present=true", "focus": "controls=off"}
STEPS = [(name, number, step) for name in lesson_names()
         for number, step in enumerate(load_lesson(name, URL_PATHS).steps, 1)]

MEASURE = """() => {
  const visible = el => el.offsetParent !== null;
  const charts = [...document.querySelectorAll('[data-testid="stPlotlyChart"]')];
  const seen = b => Math.max(0, Math.min(b.bottom, innerHeight) - Math.max(b.top, 0))
                  * Math.max(0, Math.min(b.right, innerWidth) - Math.max(b.left, 0));
  const bar = document.querySelector('.st-key-lesson_bar');
  const head = document.querySelector('.st-key-lesson_head');
  const headItems = head ? [...head.children].filter(visible)
                             .map(el => el.getBoundingClientRect()) : [];
  const texts = [...document.querySelectorAll(
      '.st-key-lesson_bar button, .st-key-lesson_bar p, [data-testid="stMain"] h1, '
      + '[data-testid="stMain"] [data-testid="stMetricLabel"] p, '
      + '[data-testid="stMain"] [data-testid="stMetricValue"] div, '
      + '[data-testid="stMain"] [data-testid="stWidgetLabel"] p, '
      + '[data-testid="stMain"] [data-baseweb="select"] [title]')].filter(visible);
  return {
    share: charts.reduce((sum, c) => sum + seen(c.getBoundingClientRect()), 0)
           / (innerWidth * innerHeight),
    bar: bar ? bar.innerText : null,
    barBottom: bar ? bar.getBoundingClientRect().bottom : null,
    headTops: headItems.map(r => Math.round(r.top + r.height / 2)),
    cut: texts.filter(el => el.scrollWidth > el.clientWidth + 1).map(el => el.textContent),
    // Lines of each chart's title, its smaller subtitle line (plots.layout) left out.
    titleLines: charts.map(c => [...c.querySelectorAll('.gtitle tspan.line')]
      .filter(line => !line.querySelector('tspan[style*="font-size"]')).length),
  };
}"""


def open_step(page, app_url, step, query):
    page.goto(f"{app_url}/{step.page}?{query}")
    # attached, not visible: a question step covers its charts until Reveal
    page.wait_for_selector('[data-testid="stPlotlyChart"] .main-svg', state="attached",
                           timeout=90_000)
    wait_until_idle(page)
    page.wait_for_timeout(500)  # plotly's relayout to the final size


@pytest.mark.parametrize("mode", list(MODES))
@pytest.mark.parametrize(("name", "number", "step"), STEPS,
                         ids=[f"{name}-{number}" for name, number, _ in STEPS])
def test_every_lesson_step_fits_the_first_screen(projector, app_url, name, number, step,
                                                 mode):
    total = len(load_lesson(name, URL_PATHS).steps)
    open_step(projector, app_url, step, f"lesson={name}&step={number}&{MODES[mode]}")
    screenshot(projector, f"lesson-{mode}-{name}-{number}")
    m = projector.evaluate(MEASURE)
    m = type("Measures", (dict,), {"__repr__": lambda self: json.dumps(self)})(m)
    assert m["bar"] is not None, m
    assert f"step {number} of {total}" in m["bar"], m
    assert "Previous" in m["bar"] and "Next" in m["bar"], m
    assert step.prompt.split()[0] in m["bar"], m
    # Title, Previous and Next on one line: their middles within a few pixels.
    assert len(m["headTops"]) == 3 and max(m["headTops"]) - min(m["headTops"]) <= 8, m
    assert m["barBottom"] < 0.4 * PROJECTOR["height"], m
    assert m["share"] >= 0.40, m
    assert not m["cut"], m
    assert all(lines <= 2 for lines in m["titleLines"]), m


def test_the_answer_and_its_give_away_numbers_wait_for_reveal(projector, app_url):
    lesson = load_lesson("why_adjust_for_chance", URL_PATHS)
    open_step(projector, app_url, lesson.steps[0],
              "lesson=why_adjust_for_chance&step=1&present=true")
    main = projector.locator('[data-testid="stMain"]')
    values = main.locator('[data-testid="stMetric"]').all_inner_texts()
    assert values and all(text.strip().endswith("?") for text in values), values
    assert "0.47" not in main.inner_text()  # neither the number nor the explanation
    # The charts (NMI against K would show the answer) are covered in their own boxes.
    covered = charts_seen(projector)
    assert covered, covered
    assert all(not c["onTop"] and c["visibility"] == "hidden"
               and "Predict first" in c["cover"] for c in covered), covered
    # One question on the screen: the lesson's, not also the page's own quiz.
    assert main.locator('[data-testid="stRadio"]').count() == 1
    bar = projector.locator(".st-key-lesson_bar")
    click_and_wait(projector, bar.get_by_text("0.5", exact=True))
    click_and_wait(projector, bar.get_by_role("button", name="Reveal"))
    screenshot(projector, "lesson-revealed")
    assert "About 0.47" in bar.inner_text()
    values = main.locator('[data-testid="stMetric"]').all_inner_texts()
    assert not any(text.strip().endswith("?") for text in values), values
    shown = charts_seen(projector)
    assert [c["size"] for c in shown] == [c["size"] for c in covered]  # same boxes
    assert all(c["onTop"] and c["visibility"] == "visible" and c["cover"] == "none"
               for c in shown), shown
