"""A real ``streamlit run`` on a free loopback port, and Debian's chromium driven by Playwright.

Chromium comes from the system (``apt-get install -y chromium``), never from
``playwright install``. Without it these tests are skipped, unless the environment variable
CLUSTERLAB_REQUIRE_BROWSER=1 (set by ``.ci/run``) turns the missing browser into a failure.
"""

import contextlib
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

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
    """A ``streamlit run app.py`` on ``port`` (default: a free loopback port), with ``env``
    added to the environment; yields its URL, then stops it and checks that its log holds
    no traceback. ``command`` replaces ``python -m streamlit run app.py`` (e.g. an installed
    ``clusterlab app``, with ``cwd`` away from the repository); the server options follow
    it."""
    port = port or free_port()
    command = command or [sys.executable, "-m", "streamlit", "run", "app.py"]
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
    assert "Traceback" not in log_path.read_text(), log_path.read_text()


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


# A phone held upright, driven by touch.
PHONE = {"width": 390, "height": 844}


@pytest.fixture(scope="module")
def phone(browser):
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True,
                                  device_scale_factor=2)
    yield context.new_page()
    context.close()


DESKTOP = {"width": 1400, "height": 1000}


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    yield page
    context.close()


def as_a_fresh_browser(page) -> None:
    """Forget what earlier visits left in ``page``'s browser: cookies (the class token),
    local and session storage. The next visit is a new Streamlit session anyway."""
    page.context.clear_cookies()
    if page.url.startswith("http"):
        page.evaluate("() => { localStorage.clear(); sessionStorage.clear(); }")


@pytest.fixture(scope="module")
def module_tab(browser):
    """One desktop tab for every test of a module that takes `tab`. A new tab costs chromium
    a new renderer (about 4 s of CPU), and a page opened in a tab that is already open
    reaches its first chart in about half the time."""
    context = browser.new_context(viewport=DESKTOP)
    yield context.new_page()
    context.close()


@pytest.fixture
def tab(module_tab):
    """The module's open tab, as a fresh browser (`as_a_fresh_browser`) at the desktop size.
    A test that adds a listener to it removes it."""
    as_a_fresh_browser(module_tab)
    module_tab.set_viewport_size(DESKTOP)
    return module_tab
