"""The keyboard alone: Tab to a control, then the keys a keyboard user presses on it. No
helper here clicks or moves the mouse."""

import re

from playwright.sync_api import expect

from tests.browser.pageutils import wait_until_idle

# What has the focus, and whether the browser marks it (the style of :focus-visible). A
# components v2 element keeps its content in a shadow root: the focus is followed into it.
FOCUSED = """() => {
  let el = document.activeElement;
  while (el && el.shadowRoot && el.shadowRoot.activeElement) el = el.shadowRoot.activeElement;
  if (!el || el === document.body) return null;
  const style = getComputedStyle(el);
  return {tag: el.tagName, role: el.getAttribute("role"), type: el.getAttribute("type"),
          name: el.getAttribute("aria-label") || (el.innerText || el.textContent || "").trim()
                || (el.labels && el.labels[0] ? el.labels[0].innerText.trim() : ""),
          valuetext: el.getAttribute("aria-valuetext"),
          ring: el.matches(":focus-visible") && style.outlineStyle !== "none"
                && parseFloat(style.outlineWidth) >= 2,
          inBar: !!el.closest(".st-key-lesson_bar, .st-key-class_bar")};
}"""

MAX_TABS = 150


def focused(page) -> dict | None:
    """The element that has the focus: tag, role, input type, accessible name, value text,
    whether a focus ring of 2 px or more is drawn round it, and whether it is in a bar."""
    return page.evaluate(FOCUSED)


def tab_to(page, wanted, backwards: bool = False) -> dict:
    """Press Tab (Shift+Tab with ``backwards``) until the focus is on an element for which
    ``wanted(focused(page))`` is true; fail after `MAX_TABS` presses. Every stop on the way
    must show a focus ring (WCAG 2.4.7). Returns the element reached."""
    key = "Shift+Tab" if backwards else "Tab"
    unmarked = []
    for _ in range(MAX_TABS):
        page.keyboard.press(key)
        now = focused(page)
        if now is not None and not now["ring"]:
            unmarked.append(now)
        if now is not None and wanted(now):
            assert not unmarked, f"Tab stops without a focus ring: {unmarked}"
            return now
    raise AssertionError(f"no wanted element within {MAX_TABS} presses of {key}; "
                         f"the last: {focused(page)}")


def press_and_wait(page, key: str) -> None:
    """Press ``key`` on the focused control, then wait until the run it asks for is over."""
    sent = page.evaluate("window.__sent")
    page.keyboard.press(key)
    page.wait_for_function(f"() => window.__sent > {sent}", timeout=60_000)
    wait_until_idle(page)


def answer_by_keyboard(page, letter: str) -> None:
    """Answer a class question with the keyboard: Tab into the bar's options, check the one
    that starts with ``letter`` by arrow keys (Space checks the first), Tab to Answer, Enter."""
    tab_to(page, lambda el: el["type"] == "radio" and el["inBar"])
    if not page.evaluate("() => document.activeElement.checked"):
        press_and_wait(page, "Space")
    for _ in range(4):
        if focused(page)["name"].startswith(f"{letter}. "):
            break
        press_and_wait(page, "ArrowDown")
    assert focused(page)["name"].startswith(f"{letter}. "), focused(page)
    tab_to(page, lambda el: el["tag"] == "BUTTON" and el["name"].endswith("Answer"))
    page.keyboard.press("Enter")
    expect(page.get_by_text(re.compile(f"Your answer: {letter}\\."))).to_be_visible(
        timeout=60_000)
