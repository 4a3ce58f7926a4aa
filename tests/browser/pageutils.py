"""Helpers for the browser tests: wait for a Streamlit run to finish, save a screenshot."""

import json
import time
from pathlib import Path

from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

ROOT = Path(__file__).resolve().parents[2]
SCREENSHOTS = ROOT / "tests" / "artifacts" / "screenshots"


def wait_until_idle(page, timeout_ms: int = 60_000) -> None:
    """Wait until the app has stopped running its script for a second (the app's root
    element says "notRunning" and the 'Running...' widget is gone).

    Right after a click the server may not have started the run yet, and the page looks
    idle: `click_and_wait` waits for the server's answer to the click first.
    """
    wait_until_all_idle([page], timeout_ms)


def wait_until_all_idle(pages: list, timeout_ms: int = 60_000) -> None:
    """`wait_until_idle` for each of ``pages``, watched together: each must be seen quiet
    for a second, as one after the other would, but their quiet seconds overlap (11 tabs of
    a class took 12 s of quiet seconds after a server's restart, one after the other)."""
    for page in pages:
        page.wait_for_selector('[data-testid="stApp"]', timeout=timeout_ms)
        page.wait_for_selector('[data-testid="stMainBlockContainer"]', timeout=timeout_ms)
    deadline = time.monotonic() + timeout_ms / 1000
    quiet_since = dict.fromkeys(range(len(pages)))
    while time.monotonic() < deadline:
        for i in list(quiet_since):
            page = pages[i]
            # A reload (Back, a redirect) replaces the root for a while: wait for it as long.
            state = page.locator('[data-testid="stApp"]').get_attribute(
                "data-test-script-state", timeout=timeout_ms)
            running = (state != "notRunning"
                       or page.locator('[data-testid="stStatusWidget"]').count() > 0)
            if running:
                quiet_since[i] = None
            elif quiet_since[i] is None:
                quiet_since[i] = time.monotonic()
            elif time.monotonic() - quiet_since[i] > 1.0:
                del quiet_since[i]
        if not quiet_since:
            return
        pages[0].wait_for_timeout(200)
    raise AssertionError(f"{len(quiet_since)} of {len(pages)} pages were still running after "
                         "the timeout")


# Installed in every test tab before the app's scripts (tests/browser/conftest.py): counts
# the messages the page sends to the server and receives from it. A run the server does
# quickly can reach the page in one batch (started and finished together), so its root
# element never says "running"; the messages still show that a click asked for a run and
# that the server answered it.
COUNT_MESSAGES = """(() => {
  window.__sent = 0;
  window.__received = 0;
  window.__receivedAtSend = 0;
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener("message", () => { window.__received += 1; });
    }
    send(data) {
      window.__sent += 1;
      window.__receivedAtSend = window.__received;
      return super.send(data);
    }
  };
})();"""

# How long a click may take to send its message before it is taken as lost and made again.
LOST_CLICK_MS = 20_000


def click_and_wait(page, locator, timeout_ms: int = 60_000) -> None:
    """Click ``locator``, wait until the page has sent the run the click asks for and the
    server has answered, then until the app is idle.

    A click while a run is still going (one the test did not wait for) waits for the app to
    be idle first, so that the answer seen is the click's.
    """
    if page.locator('[data-testid="stApp"]').get_attribute("data-test-script-state") != \
            "notRunning":
        wait_until_idle(page, timeout_ms)
    sent = page.evaluate("window.__sent")
    locator.click()
    try:
        page.wait_for_function(f"() => window.__sent > {sent}",
                               timeout=min(LOST_CLICK_MS, timeout_ms))
    except PlaywrightTimeoutError:
        # Under load chromium has lost a click now and then (nothing sent, no change on the
        # page: seen on a button in a just-opened expander). A person clicks again.
        locator.click()
        page.wait_for_function(f"() => window.__sent > {sent}", timeout=timeout_ms)
    page.wait_for_function("() => window.__received > window.__receivedAtSend",
                           timeout=timeout_ms)
    wait_until_idle(page, timeout_ms)


_EXPANDER_SETTLED = """(label) => {
    const box = [...document.querySelectorAll('details')]
        .find(d => d.querySelector('summary').textContent.includes(label));
    return box && box.open && box.getAnimations({subtree: true}).length === 0;
}"""


def open_expander(page, label: str, timeout_ms: int = 60_000) -> None:
    """Open the expander whose summary reads ``label`` and wait until it has finished
    opening: a click on a button inside it while it still grows was lost (no run started,
    in one of three tries with the kept tab)."""
    page.locator("summary", has_text=label).first.click()
    page.wait_for_function(_EXPANDER_SETTLED, arg=label, timeout=timeout_ms)


# The page's charts (not a bar's) that are shown (not in a closed tab).
_SHOWN_CHARTS = """() => [...document.querySelectorAll(
    '[data-testid="stMain"] [data-testid="stPlotlyChart"]')]
  .filter(c => !c.closest('.st-key-lesson_bar, .st-key-class_bar'))
  .filter(c => c.getBoundingClientRect().width > 0)"""

_CHARTS_SEEN = "() => (" + _SHOWN_CHARTS + """)()
  .map(c => {
    c.scrollIntoView({block: "center"});
    const box = c.getBoundingClientRect();
    const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    const holder = c.closest('[data-testid="stElementContainer"]');
    return {onTop: c.contains(top), visibility: getComputedStyle(c).visibility,
            cover: getComputedStyle(holder, '::after').content,
            size: [Math.round(box.width), Math.round(box.height)]};
  })"""


def wait_for_charts(page, timeout_ms: int = 60_000) -> None:
    """Wait until the page shows at least one chart of its own (`charts_seen`'s charts): a
    run may draw its numbers before its charts."""
    page.wait_for_function(f"() => ({_SHOWN_CHARTS})().length > 0", timeout=timeout_ms)


def charts_seen(page) -> list[dict]:
    """For each chart of the page shown (not a bar's, not in a closed tab): is the chart what
    the eye sees at its centre (``onTop``), its CSS visibility, the text of a cover over it
    (``"none"`` without one) and its box's size."""
    charts = page.evaluate(_CHARTS_SEEN)
    page.evaluate("() => document.querySelector('[data-testid=\"stMain\"]').scrollTo(0, 0)")
    return charts


def wait_for_charts_drawn(page, state: str = "visible") -> None:
    """Wait until a chart of the page is drawn (``state="attached"`` for a chart a lesson's
    question covers until Reveal), the app is idle, and plotly has relaid the charts out to
    their final size."""
    page.wait_for_selector('[data-testid="stPlotlyChart"] .main-svg', state=state,
                           timeout=90_000)
    wait_until_idle(page)
    page.wait_for_timeout(500)


def as_a_fresh_browser(page) -> None:
    """Forget what earlier visits left in ``page``'s browser: cookies (the class token),
    local and session storage."""
    page.context.clear_cookies()
    if page.url.startswith("http"):
        page.evaluate("() => { localStorage.clear(); sessionStorage.clear(); }")


def screenshot(page, name: str) -> Path:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


# The servers whose root this process has opened.
_OPENED_ROOTS: set[str] = set()


def open_app(page, app_url: str, path: str) -> None:
    """Open ``path`` (with its query) and check the page raised nothing."""
    # A cold server once answered the very first visit of a sub-page with the page list of
    # the app_pages/ folder: the root first made st.navigation's sections the app's pages.
    # Once a server has run the root, later visits need not (test_smoke checks that a
    # fresh server's first visit of a sub-page opens the full app).
    if app_url not in _OPENED_ROOTS:
        page.goto(app_url)
        wait_until_idle(page)
        _OPENED_ROOTS.add(app_url)
    page.goto(f"{app_url}/{path}")
    wait_until_idle(page)
    errors = page.locator('[data-testid="stException"]')
    assert errors.count() == 0, errors.first.inner_text()


class Checks:
    """The checks of several measurements of one page: each failed check is collected with
    its name and what was measured, and leaving the ``with`` block fails with all of them, so
    that one page visit can serve several checks and a failure still names each that failed.
    An error that stops the block early (a timeout) is raised with the failures so far as
    notes."""

    def __init__(self):
        self.failed: list[str] = []

    def that(self, ok: bool, name: str, measured) -> None:
        if not ok:
            self.failed.append(f"{name}: {json.dumps(measured)}")

    def __enter__(self) -> "Checks":
        return self

    def __exit__(self, kind, error, traceback) -> None:
        if error is not None:
            for failure in self.failed:
                error.add_note(f"also failed: {failure}")
            return
        assert not self.failed, "\n".join([f"{len(self.failed)} failed:", *self.failed])
