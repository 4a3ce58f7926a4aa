"""A whole lesson with the keyboard alone (Tab, Shift+Tab, Enter, Space, arrows; no click),
with the reader's reduced-motion setting on: the question answered and revealed, a framed
chart's scrubber moved by arrow keys with its value reaching the URL as after a drag, Play
pressed with Enter, Next pressed on every step. Every Tab stop on the way shows a focus ring.
A class answer by keyboard: tests/browser/test_classroom.py (`keyboard.answer_by_keyboard`).

Reduced motion: the tab asks for it (Playwright's ``emulate_media(reduced_motion="reduce")``,
what the context option sets); no chart plays by itself, Play steps through frames without a
tween, and Streamlit's own CSS transitions are cut to nothing."""

import re

import pytest
from playwright.sync_api import expect

from explorer.lesson_files import load_lesson
from tests.browser.keyboard import focused, press_and_wait, tab_to
from tests.browser.pageutils import wait_for_charts_drawn, wait_until_idle
from ui.lesson_bar import URL_PATHS

pytestmark = pytest.mark.browser

LESSON = "density_based_clustering"

# The framed chart's slider named `name`: its shown step and its Play button's tween.
SLIDER = """name => {
  const group = [...document.querySelectorAll('.slider-group[role="slider"]')]
    .find(g => g.getAttribute("aria-label") === name);
  const gd = group.closest(".js-plotly-plot");
  const play = [...gd.querySelectorAll(".updatemenu-button")]
    .find(b => b.__data__ && b.__data__.label === "Play");
  return {now: Number(group.getAttribute("aria-valuenow")),
          max: Number(group.getAttribute("aria-valuemax")),
          text: group.getAttribute("aria-valuetext"),
          tween: play ? play.__data__.args[1].transition.duration : null};
}"""

# Streamlit's own CSS transitions (an expander's, a button's hover): cut to 0 s.
TRANSITIONS = """() => [...document.querySelectorAll(
    '[data-testid="stExpander"] summary, button, [data-baseweb="select"] > div')]
  .map(el => getComputedStyle(el).transitionDuration)
  .filter(d => d.split(",").some(part => parseFloat(part) > 0))"""


def bar_says(page, number: int, last: int) -> None:
    expect(page.locator(".st-key-lesson_bar").first).to_contain_text(
        f"step {number} of {last}", timeout=60_000)


def next_step(page, number: int, last: int) -> None:
    """Shift+Tab back to the bar's Next (the bar is above the page's controls), press Enter,
    and wait for step ``number`` of ``last`` to be drawn."""
    tab_to(page, lambda el: el["tag"] == "BUTTON" and el["inBar"]
           and el["name"].endswith("Next"), backwards=True)
    page.keyboard.press("Enter")
    bar_says(page, number, last)
    wait_for_charts_drawn(page, state="attached")


def test_a_whole_lesson_by_keyboard_with_reduced_motion(projector, app_url):
    page = projector
    steps = load_lesson(LESSON, URL_PATHS).steps
    page.emulate_media(reduced_motion="reduce")
    try:
        page.goto(f"{app_url}/{steps[0].page}?lesson={LESSON}&step=1&present=true")
        wait_for_charts_drawn(page, state="attached")
        bar_says(page, 1, len(steps))

        # Step 1: the question, answered by arrows and revealed by Enter.
        tab_to(page, lambda el: el["type"] == "radio" and el["inBar"])
        press_and_wait(page, "Space")
        for _ in range(2):
            press_and_wait(page, "ArrowDown")
        assert focused(page)["name"].startswith("Hierarchical"), focused(page)
        tab_to(page, lambda el: el["tag"] == "BUTTON" and el["name"].endswith("Reveal"))
        press_and_wait(page, "Enter")
        expect(page.locator(".st-key-lesson_bar").first).to_contain_text(
            "Right", timeout=60_000)

        # Step 2: DBSCAN at eps = 0.1; two arrow keys on the eps scrubber give 0.12, in the
        # chart at once and in the URL once the keys are released.
        next_step(page, 2, len(steps))
        start = page.evaluate(SLIDER, "eps")
        reached = tab_to(page, lambda el: el["role"] == "slider" and el["name"] == "eps")
        assert reached["valuetext"] == "eps = 0.1", reached
        page.keyboard.press("ArrowRight")
        page.keyboard.press("ArrowRight")
        assert page.evaluate(SLIDER, "eps")["now"] == start["now"] + 2
        assert focused(page)["valuetext"] == "eps = 0.12", focused(page)
        page.wait_for_url(re.compile(r"db_eps=0\.12"), timeout=60_000)
        wait_until_idle(page)
        # The scrubber's Next button, reached by Tab and pressed by Enter, steps it once; a
        # polite live region says the value, and the URL follows after the pause.
        tab_to(page, lambda el: el["tag"] == "BUTTON" and el["name"] == "Next eps")
        page.keyboard.press("Enter")
        assert page.evaluate(SLIDER, "eps")["now"] == start["now"] + 3
        expect(page.locator(".st-key-db_scatter_eps_scrub [aria-live=polite]")).to_have_text(
            "eps = 0.13")
        page.wait_for_url(re.compile(r"db_eps=0\.13"), timeout=60_000)
        wait_until_idle(page)

        # Steps 3 and 4; on 4, density peaks' assignment: it waits at its first frame (nothing
        # plays by itself), its Play tweens nothing, and Enter on Play plays it.
        next_step(page, 3, len(steps))
        next_step(page, 4, len(steps))
        before = page.evaluate(SLIDER, "step")
        page.wait_for_timeout(1500)
        assert page.evaluate(SLIDER, "step") == before
        assert before["tween"] == 0, before
        tab_to(page, lambda el: el["role"] == "button" and el["name"] == "Play")
        page.keyboard.press("Enter")
        page.wait_for_function(f"() => ({SLIDER})('step').now > {before['now']}",
                               timeout=60_000)
        wait_until_idle(page)
        assert page.evaluate(TRANSITIONS) == []

        next_step(page, 5, len(steps))
        # The last step's Next is disabled: no Tab stop, and the lesson ends here.
        expect(page.locator(".st-key-lesson_next button").locator("visible=true")
               ).to_be_disabled()
    finally:
        page.emulate_media(reduced_motion="no-preference")
