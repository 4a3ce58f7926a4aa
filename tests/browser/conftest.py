"""A real ``streamlit run`` on a free loopback port, and Debian's chromium driven by Playwright.

Chromium comes from the system (``apt-get install -y chromium``), never from
``playwright install``. Without it these tests are skipped, unless the environment variable
CLUSTERLAB_REQUIRE_BROWSER=1 (set by ``.ci/run``) turns the missing browser into a failure.
"""

import contextlib
import os
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from tests.browser.pageutils import COUNT_MESSAGES, as_a_fresh_browser, screenshot

ROOT = Path(__file__).resolve().parents[2]

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def find_chromium() -> str | None:
    return os.environ.get("CLUSTERLAB_CHROMIUM") or shutil.which("chromium")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture(scope="session")
def chromium_path() -> str:
    path = find_chromium()
    if path is None:
        message = "Debian chromium not found: apt-get install -y chromium"
        if os.environ.get("CLUSTERLAB_REQUIRE_BROWSER") == "1":
            pytest.fail(message)
        pytest.skip(message)
    return path


@contextlib.contextmanager
def streamlit_server(log_path: Path, env: dict[str, str] | None = None,
                     port: int | None = None, command: list[str] | None = None,
                     cwd: Path = ROOT):
    """A ``streamlit run app_server.py`` on ``port`` (default: a free loopback port), with ``env``
    added to the environment; yields its URL, then stops it and checks that its log holds
    no traceback. ``command`` replaces ``python -m streamlit run app_server.py`` (e.g. an installed
    ``clusterlab app``, with ``cwd`` away from the repository); the server options follow
    it."""
    port = port or free_port()
    command = command or [sys.executable, "-m", "streamlit", "run", "app_server.py"]
    with open(log_path, "w") as log:
        server = subprocess.Popen(
            [
                *command,
                "--server.headless=true",
                "--server.address=127.0.0.1",
                f"--server.port={port}",
                "--browser.gatherUsageStats=false",
                "--server.fileWatcherType=none",
            ],
            cwd=cwd,
            env={**os.environ, **(env or {})},
            stdout=log,
            stderr=subprocess.STDOUT,
        )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(f"{url}/_stcore/health", timeout=2) as response:
                    if response.read() == b"ok":
                        break
            except OSError:
                pass
            if server.poll() is not None or time.monotonic() > deadline:
                pytest.fail("streamlit did not start:\n" + log_path.read_text())
            time.sleep(0.5)
        yield url
    finally:
        server.terminate()
        server.wait(timeout=20)
    log_text = log_path.read_text()
    assert "Traceback" not in _without_disconnect_race(log_text), log_text


# Streamlit 1.67's websocket endpoint, when a browser leaves while a message is being sent to
# it: the failed send marks the socket closed, the waiting receive then raises the error it
# takes for a text frame, and closing again raises once more. Nothing is lost (the browser
# has gone); classes polling every 0.5 s hit it now and then as the test tabs close (stop 50).
_DISCONNECT_RACE = re.compile(
    r"Exception in ASGI application\nTraceback \(most recent call last\):\n"
    r'(?:  .*\n)+starlette\.websockets\.WebSocketDisconnected: WebSocket is not connected\. '
    r'Need to call "accept" first\.\n\nDuring handling of the above exception, another '
    r"exception occurred:\n\nTraceback \(most recent call last\):\n(?:  .*\n)+"
    r"starlette\.websockets\.WebSocketDisconnected: Cannot call \"send\" once a close "
    r"message has been sent\.\n")


def _without_disconnect_race(log_text: str) -> str:
    return _DISCONNECT_RACE.sub("", log_text)


@pytest.fixture(scope="session")
def app_url(tmp_path_factory) -> str:
    with streamlit_server(tmp_path_factory.mktemp("streamlit") / "server.log") as url:
        yield url


@pytest.fixture(scope="session")
def browser(chromium_path):
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=chromium_path, headless=True, args=CHROMIUM_ARGS
        )
        yield browser
        browser.close()


# A phone held upright, driven by touch; a projector; a desktop.
PHONE = {"width": 390, "height": 844}
PROJECTOR = {"width": 1280, "height": 720}
DESKTOP = {"width": 1400, "height": 1000}

_FAILED = pytest.StashKey[bool]()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    report = yield
    if report.failed:
        item.stash[_FAILED] = True
    return report


@pytest.fixture(scope="session")
def _kept_contexts(browser):
    """The browser contexts whose tab every test of this worker reuses, by kind."""
    contexts: dict[str, object] = {}
    yield contexts
    for context in contexts.values():
        context.close()


# Each tab's script errors and console errors since its test began: a failed test prints them.
_PAGE_ERRORS: dict = {}


def _listened(tab):
    def console(message) -> None:
        if message.type == "error":
            _PAGE_ERRORS.setdefault(tab, []).append(f"console: {message.text}")

    tab.on("pageerror", lambda error: _PAGE_ERRORS.setdefault(tab, []).append(
        f"page error: {error}"))
    tab.on("console", console)
    return tab


def _ready_tab(contexts, browser, kind: str, viewport: dict, **options):
    """The open tab of ``kind`` (its browser context made with ``options`` on first use),
    made ready for a test as a fresh browser would start it.

    A new tab costs chromium a new renderer: a visit in it took 2-3 times the CPU of the
    same visit in an open tab (5 against 2.7 s for the home page, 11-15 against 4-5 s for
    the k-means explorer, on this 2-core machine), so every test of a worker reuses one tab
    of each kind. Each test still starts with the cookies and storage cleared and the
    kind's window size, and every visit is a new Streamlit session.
    """
    if kind not in contexts:
        contexts[kind] = browser.new_context(viewport=viewport, **options)
        contexts[kind].add_init_script(COUNT_MESSAGES)
    context = contexts[kind]
    tab = context.pages[0] if context.pages else _listened(context.new_page())
    _PAGE_ERRORS[tab] = []
    as_a_fresh_browser(tab)
    tab.set_viewport_size(viewport)
    return tab


def _failed(request) -> bool:
    """Did the test of ``request`` fail? Its tabs may be stuck (a dialog, a hung run): the
    next test opens new ones."""
    return request.node.stash.get(_FAILED, False)


def _close_failed(request, tab, name: str) -> None:
    """Close a failed test's tab, after printing what it showed and saving its screenshot
    (`failed-<test>-<name>.png`): a failure in CI is read from its log."""
    try:
        print(f"--- {name} at {tab.url}:", *_PAGE_ERRORS.pop(tab, []),
              tab.locator("body").inner_text(timeout=5_000), sep="\n")
        screenshot(tab, re.sub(r"[^\w.-]+", "_", f"failed-{request.node.name}-{name}"))
    except Exception as error:  # a crashed tab: what it showed is lost, not the failure
        print(f"--- {name}: nothing to show ({error})")
    tab.close()


def _kept_tab(request, contexts, browser, kind: str, **options):
    tab = _ready_tab(contexts, browser, kind, **options)
    yield tab
    if _failed(request):
        _close_failed(request, tab, kind)


@pytest.fixture
def phone(request, _kept_contexts, browser):
    yield from _kept_tab(request, _kept_contexts, browser, "phone", viewport=PHONE,
                         has_touch=True, is_mobile=True, device_scale_factor=2)


@pytest.fixture
def projector(request, _kept_contexts, browser):
    yield from _kept_tab(request, _kept_contexts, browser, "projector", viewport=PROJECTOR)


@pytest.fixture
def page(request, _kept_contexts, browser):
    yield from _kept_tab(request, _kept_contexts, browser, "desktop", viewport=DESKTOP)


@pytest.fixture
def tabs(request, _kept_contexts, browser):
    """``tabs(*viewports)``: a kept tab at each of ``viewports``, each in a browser context
    of its own, so each has a cookie jar of its own (a class's students each hold their own
    token). The contexts are kept for the worker's later tests, like `page`'s.

    After the test each tab forgets its origin's storage and goes to about:blank: an open
    app page keeps a Streamlit session (a class page polls the server every 0.5-2 s) that
    would load the server for the tests that follow. A failed test's tabs are closed.
    """
    taken = []

    def take(*viewports: dict) -> list:
        made = [_ready_tab(_kept_contexts, browser, f"own context {len(taken) + i}", viewport)
                for i, viewport in enumerate(viewports)]
        taken.extend(made)
        return made

    yield take
    for number, tab in enumerate(taken):
        if _failed(request):
            _close_failed(request, tab, f"tab {number}")
        else:
            as_a_fresh_browser(tab)  # the storage of the origin it leaves
            tab.goto("about:blank")
