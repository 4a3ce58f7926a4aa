"""A class at once: N browsers against one ``streamlit run``, and what the server pays.

Run by hand from the repository root on a quiet machine (needs Debian's chromium; not part
of the test suite):

    python benchmarks/bench_load.py [--clients 5 10 20 30 60] [--server-cores auto]
                                    [--timeout 120] [--out FILE]

The server runs on its own cores where the machine has more than one (``auto``: the first
core for the server, the others for chromium; ``--server-cores 0,1`` names them, ``none``
pins nothing), so the browsers' work does not count against the server's latency; its CPU
seconds are its own either way.

One server (``streamlit run app.py`` on 127.0.0.1, a free port) serves every round. In a
round, N Playwright browser contexts of one chromium act together, each as a student, in
four steps that all students take at once: open Explore in a new browser (the first visit:
the browser also fetches the app's static files), open the Vinh et al. experiment page, go
back to Explore, then move its first slider one step. Each interaction is timed from the
action until the page has drawn its chart and been idle for 0.3 s (no "Running" widget); it
succeeds when it ends in time with no exception box. Reported per round: success rate and
the kinds of failure (timeout after TIMEOUT_S, or an exception box / browser error), p50 and
p95 latency, the server's CPU seconds (user + system, from /proc) per interaction, per first
visit and per later interaction (steps 2-4: page loads and a slider move in a browser that
has the app), the server's peak resident memory (VmHWM) so far, and the machine's 1-minute
load average before and after (chromium runs on the same machine, pinned as above). A first
round of one student on cold caches is reported apart. Loops are bounded (one pass per
client, a timeout per interaction); only loopback is used.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import platform
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from playwright.async_api import async_playwright

ROOT = Path(__file__).resolve().parent.parent
TIMEOUT_S = 120.0  # default of --timeout
QUIET_S = 0.3
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync"]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of the process (all its threads), from /proc."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def peak_rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def split_cores(choice: str, available: set[int]) -> tuple[set[int], set[int]]:
    """``--server-cores`` -> (the server's CPUs, the browsers' CPUs); empty sets: no pinning.

    ``auto`` gives the server the first available CPU and the browsers the rest (nothing is
    pinned on one CPU); ``none`` pins nothing; otherwise a comma-separated list of CPU ids.
    """
    if choice == "none" or (choice == "auto" and len(available) < 2):
        return set(), set()
    server = {min(available)} if choice == "auto" else {int(c) for c in choice.split(",")}
    if not server <= available:
        sys.exit(f"--server-cores {choice}: this process may use CPUs {sorted(available)}")
    return server, (available - server) or available


def start_server(log: Path, env: dict[str, str] | None = None,
                 cpus: set[int] = frozenset()) -> tuple[subprocess.Popen, str]:
    """A ``streamlit run app.py`` on a free loopback port, with ``env`` added to its
    environment and pinned to ``cpus`` (if any): the process and its URL."""
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "streamlit", "run", "app.py", "--server.headless=true",
         "--server.address=127.0.0.1", f"--server.port={port}",
         "--browser.gatherUsageStats=false", "--server.fileWatcherType=none"],
        cwd=ROOT, stdout=log.open("w"), stderr=subprocess.STDOUT,
        env={**os.environ, **(env or {})},
        preexec_fn=(lambda: os.sched_setaffinity(0, cpus)) if cpus else None,
    )
    url = f"http://127.0.0.1:{port}"
    for _ in range(120):
        try:
            with urllib.request.urlopen(f"{url}/_stcore/health", timeout=2) as response:
                if response.read() == b"ok":
                    return server, url
        except OSError:
            time.sleep(0.5)
    server.terminate()
    raise RuntimeError(f"the server did not start; see {log}")


async def until_idle(page, started: float, timeout: float) -> float:
    """Seconds from ``started`` until the app stopped running (then quiet for QUIET_S).

    Waits first for a chart (both pages draw one): the app's empty frame shows before its
    script runs, with no "Running" widget yet, which looked idle (a third of the N = 30
    interactions then failed waiting for a slider that had not been drawn).
    """
    await page.wait_for_selector('[data-testid="stMain"] [data-testid="stPlotlyChart"]',
                                 timeout=timeout * 1000)
    quiet_since = None
    while time.monotonic() - started < timeout:
        running = await page.locator('[data-testid="stStatusWidget"]').count() > 0
        now = time.monotonic()
        if running:
            quiet_since = None
        elif quiet_since is None:
            quiet_since = now
        elif now - quiet_since >= QUIET_S:
            if await page.locator('[data-testid="stException"]').count():
                raise RuntimeError("exception on the page")
            return quiet_since - started
        await asyncio.sleep(0.05)
    raise TimeoutError("still running")


async def timed(page, action, timeout: float) -> float | str:
    """Seconds from ``action`` until the page is idle, or the kind of failure."""
    started = time.monotonic()
    try:
        await action()
        return await until_idle(page, started, timeout)
    except Exception as error:  # a failed interaction is counted, not raised
        return "timeout" if "imeout" in type(error).__name__ + str(error) else "exception"


def steps(url: str, timeout: float) -> list:
    """The four steps of a student, each a function of the student's page."""

    def open_page(path: str):
        return lambda page: page.goto(f"{url}/{path}", timeout=timeout * 1000)

    async def move_slider(page) -> None:
        slider = page.get_by_role("slider").first
        await slider.focus(timeout=timeout * 1000)
        await slider.press("ArrowRight", timeout=timeout * 1000)
        await asyncio.sleep(0.1)

    return [open_page("explore"), open_page("experiments_vinh2009"), open_page("explore"),
            move_slider]


async def round_of(n: int, url: str, pid: int, chromium: str, timeout: float) -> dict:
    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
        contexts = [await browser.new_context(viewport={"width": 1280, "height": 720})
                    for _ in range(n)]
        pages = [await context.new_page() for context in contexts]
        load_before, times, cpu = os.getloadavg()[0], [], []
        for step in steps(url, timeout):
            cpu_before = cpu_seconds(pid)
            times += await asyncio.gather(*(timed(page, lambda page=page, step=step: step(page),
                                                  timeout) for page in pages))
            await asyncio.sleep(0.5)  # work the server finishes after the pages went idle
            cpu.append(cpu_seconds(pid) - cpu_before)
        await browser.close()
    ok = sorted(t for t in times if not isinstance(t, str))
    failures = ", ".join(f"{times.count(kind)} {kind}" for kind in ("timeout", "exception")
                         if kind in times) or "-"
    p95 = ok[min(len(ok) - 1, int(0.95 * len(ok)))] if ok else float("nan")
    return {"n": n, "interactions": len(times), "success": len(ok) / len(times),
            "p50": statistics.median(ok) if ok else float("nan"), "p95": p95,
            "cpu_per_interaction": sum(cpu) / len(times), "cpu_first_visit": cpu[0] / n,
            "cpu_later": sum(cpu[1:]) / (len(times) - n), "peak_rss_mb": peak_rss_mb(pid),
            "failures": failures, "load": f"{load_before:.0f} / {os.getloadavg()[0]:.0f}"}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, nargs="+", default=[5, 10, 20, 30, 60])
    parser.add_argument("--server-cores", default="auto",
                        help="CPUs for the server: auto, none or ids like 0,1 (default auto)")
    parser.add_argument("--timeout", type=float, default=TIMEOUT_S,
                        help=f"seconds an interaction may take (default {TIMEOUT_S:g})")
    parser.add_argument("--out", type=Path, default=ROOT / "benchmarks/results/load.md")
    args = parser.parse_args()
    chromium = os.environ.get("CLUSTERLAB_CHROMIUM") or shutil.which("chromium")
    if chromium is None:
        sys.exit("Debian chromium not found: apt-get install -y chromium")
    server_cpus, browser_cpus = split_cores(args.server_cores, os.sched_getaffinity(0))
    log = Path(tempfile.gettempdir()) / "clusterlab-load-server.log"
    server, url = start_server(log, cpus=server_cpus)
    if browser_cpus:
        os.sched_setaffinity(0, browser_cpus)  # Playwright's driver and chromium inherit it
    rows = []
    try:
        # One student first, on cold caches (imports, first datasets, first experiment).
        rows.append(asyncio.run(round_of(1, url, server.pid, chromium, args.timeout))
                    | {"n": "1 (cold)"})
        print(rows[-1], flush=True)
        for n in args.clients:
            row = asyncio.run(round_of(n, url, server.pid, chromium, args.timeout))
            rows.append(row)
            print(row, flush=True)
    finally:
        server.terminate()
        server.wait(timeout=30)
    pinning = (f"the server on CPU(s) {sorted(server_cpus)}, the browsers on "
               f"{sorted(browser_cpus)}" if server_cpus else "no CPU pinning")
    table = ["| N | interactions | success | failures | p50 s | p95 s "
             "| server CPU s / interaction | per first visit | per later interaction "
             "| server peak RSS MB | load avg before / after |",
             "|---|---|---|---|---|---|---|---|---|---|---|"]
    table += [f"| {r['n']} | {r['interactions']} | {r['success']:.0%} | {r['failures']} | "
              f"{r['p50']:.2f} | {r['p95']:.2f} | {r['cpu_per_interaction']:.3f} | "
              f"{r['cpu_first_visit']:.3f} | {r['cpu_later']:.3f} | "
              f"{r['peak_rss_mb']:.0f} | {r['load']} |" for r in rows]
    header = (f"# Classroom load\n\n`{' '.join(sys.argv)}` on {platform.machine()} "
              f"({os.cpu_count()} cores, shared with other work), Python "
              f"{platform.python_version()}, {time.strftime('%Y-%m-%d %H:%M')}. One server for "
              "every round (rounds run in order, so later rounds find warm caches); "
              f"chromium runs on the same machine; {pinning}; an interaction fails after "
              f"{args.timeout:g} s.\n\n")
    args.out.write_text(header + "\n".join(table) + "\n")


if __name__ == "__main__":
    main()
