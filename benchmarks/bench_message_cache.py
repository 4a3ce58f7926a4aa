"""What turning off Streamlit's browser cache of large messages costs (.streamlit/config.toml).

With the cache on, a rerun sends a reference in place of each large element the browser
already holds; with it off (the app's setting, since a reference to an entry the browser had
dropped ends a page's connection for good), every element is sent again. The worst case is
a rerun that changes nothing, which is what a class page's follow looks like on the same page.
Two servers run side by side, one with Streamlit's default threshold (10 kB) and one with the
app's; each page is opened in a new tab of each and rerun ``--reruns`` times (the R key), in
turns, ``--rounds`` times. For each rerun: the bytes the tab received on its websocket, the
time from the key to the page idle again (less the idle wait's quiet second), and the
server's CPU.

Run by hand from the repository root:

    python benchmarks/bench_message_cache.py [--rounds 3] [--reruns 3]

Appends to ``benchmarks/results/message_cache.md`` (or ``--out``). Needs Debian's chromium.
"""

import argparse
import statistics
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.bench_load import cpu_seconds, start_server  # noqa: E402
from tests.browser.conftest import CHROMIUM_ARGS, find_chromium  # noqa: E402
from tests.browser.pageutils import wait_until_idle  # noqa: E402

PAGES = ["measure_truth", "explore_dbscan", "explore_kmeans"]
# Streamlit's own default threshold: the cache on.
CACHE_ON = {"STREAMLIT_GLOBAL_MIN_CACHED_MESSAGE_SIZE": "10000"}
QUIET_S = 1.0  # wait_until_idle's quiet second
START_S = 5.0  # at most, for the rerun to begin before the idle wait looks


def rerun(page, socket, pid: int) -> tuple[float, int, float]:
    """Seconds to idle, bytes received on ``socket`` and server CPU seconds of one rerun of
    ``page``."""
    received: list[int] = []

    def listener(frame) -> None:
        received.append(len(frame))

    socket.on("framereceived", listener)
    cpu, started = cpu_seconds(pid), time.monotonic()
    page.locator("body").press("r")
    deadline = started + START_S
    while not received and time.monotonic() < deadline:  # the rerun has begun
        page.wait_for_timeout(10)
    wait_until_idle(page)
    seconds = time.monotonic() - started - QUIET_S
    socket.remove_listener("framereceived", listener)
    return seconds, sum(received), cpu_seconds(pid) - cpu


def opened(browser, url: str, path: str):
    """A new tab showing ``path``, idle, and its websocket."""
    page = browser.new_context(viewport={"width": 1280, "height": 720}).new_page()
    sockets = []
    page.on("websocket", lambda socket: sockets.append(socket))
    page.goto(f"{url}/{path}")
    page.wait_for_selector(".js-plotly-plot", timeout=120_000)
    wait_until_idle(page)
    return page, sockets[-1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--reruns", type=int, default=3)
    parser.add_argument("--out", type=Path, default=ROOT / "benchmarks" / "results"
                        / "message_cache.md")
    args = parser.parse_args()
    logs = Path(tempfile.gettempdir())
    servers = {"on (Streamlit's default)": start_server(logs / "cache-on.log", CACHE_ON),
               "off (the app's setting)": start_server(logs / "cache-off.log")}
    rows = {(path, mode): [] for path in PAGES for mode in servers}
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=find_chromium(),
                                                 headless=True, args=CHROMIUM_ARGS)
            for _ in range(args.rounds):
                for path in PAGES:
                    for mode, (server, url) in servers.items():
                        page, socket = opened(browser, url, path)
                        rows[path, mode] += [rerun(page, socket, server.pid)
                                             for _ in range(args.reruns)]
                        page.context.close()
            browser.close()
    finally:
        for server, _ in servers.values():
            server.terminate()
    stamp = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    lines = [f"\n## {stamp}: `python benchmarks/bench_message_cache.py --rounds {args.rounds} "
             f"--reruns {args.reruns}`\n",
             "| page | message cache | reruns | received (kB, median) | "
             "key to idle (s, median) | server CPU (s, median) |",
             "|---|---|---|---|---|---|"]
    for (path, mode), measured in rows.items():
        seconds, received, cpu = zip(*measured, strict=True)
        lines.append(f"| {path} | {mode} | {len(measured)} | "
                     f"{statistics.median(received) / 1e3:.0f} | "
                     f"{statistics.median(seconds):.2f} | {statistics.median(cpu):.3f} |")
    text = "\n".join(lines) + "\n"
    print(text)
    if not args.out.exists():
        args.out.write_text("# Streamlit's browser cache of large messages, on and off\n\n"
                            + __doc__.split("\n\n")[1].replace("\n", " ") + "\n")
    with args.out.open("a") as out:
        out.write(text)


if __name__ == "__main__":
    main()
