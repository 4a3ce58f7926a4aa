"""Every step of every shipped lesson at a 1280x720 projector, in presenter mode and in the
focus view: the lesson bar on one line above the step's prompt and chart, the chart covering
at least 40 % of the first screen, nothing cut; and a question's answer hidden until Reveal.

Each lesson is walked as a teacher walks it in class: its link opens the first step, then
Next leads to each of the others (a page switch inside the open app, which costs chromium a
fraction of a new visit)."""

import pytest

from explorer.lesson_files import lesson_names, load_lesson
from tests.browser.conftest import PROJECTOR
from tests.browser.pageutils import (
    Checks,
    charts_seen,
    click_and_wait,
    screenshot,
    wait_for_charts_drawn,
)
from ui.lesson_bar import URL_PATHS

pytestmark = pytest.mark.browser

MODES = {"present": "present=true", "focus": "controls=off"}


def next_button(page):
    """The lesson bar's Next button on screen (a copy of the bar's head may sit in the page
    with no size)."""
    return page.locator(".st-key-lesson_next button").locator("visible=true")


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


# Attached, not visible: a question step covers its charts until Reveal.
DRAWN = "attached"


def open_step(page, app_url, step, query):
    page.goto(f"{app_url}/{step.page}?{query}")
    wait_for_charts_drawn(page, state=DRAWN)


@pytest.mark.parametrize("mode", list(MODES))
@pytest.mark.parametrize("name", lesson_names())
def test_every_lesson_step_fits_the_first_screen(projector, app_url, name, mode):
    steps = load_lesson(name, URL_PATHS).steps
    open_step(projector, app_url, steps[0], f"lesson={name}&step=1&{MODES[mode]}")
    with Checks() as checks:
        for number, step in enumerate(steps, 1):
            if number > 1:
                click_and_wait(projector, next_button(projector))
                wait_for_charts_drawn(projector, state=DRAWN)
            screenshot(projector, f"lesson-{mode}-{name}-{number}")
            m = projector.evaluate(MEASURE)
            bar = m["bar"] or ""
            at = f"step {number}"
            checks.that(f"step {number} of {len(steps)}" in bar, f"{at}: the bar's step", m)
            checks.that("Previous" in bar and "Next" in bar, f"{at}: Previous and Next", m)
            checks.that(step.prompt.split()[0] in bar, f"{at}: the prompt", m)
            # Title, Previous and Next on one line: their middles within a few pixels.
            checks.that(len(m["headTops"]) == 3 and max(m["headTops"]) - min(m["headTops"]) <= 8,
                        f"{at}: the bar's head on one line", m)
            checks.that(m["barBottom"] is not None and m["barBottom"] < 0.4 * PROJECTOR["height"],
                        f"{at}: the bar in the top 40 %", m)
            checks.that(m["share"] >= 0.40, f"{at}: charts cover 40 %", m)
            checks.that(not m["cut"], f"{at}: nothing cut", m)
            checks.that(all(lines <= 2 for lines in m["titleLines"]),
                        f"{at}: chart titles on two lines at most", m)
        checks.that(next_button(projector).is_disabled(),
                    "the last step's Next is disabled", len(steps))


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
