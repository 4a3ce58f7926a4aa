"""A class at once: N students against one ``streamlit run``, and what the server pays.

Run by hand from the repository root on a quiet machine (not part of the test suite):

    python benchmarks/bench_load.py [--students 5 10 20 30 60] [--clients light]
                                    [--server-cores auto] [--timeout 120] [--out FILE]
                                    [--append]

One server (``streamlit run app.py`` on 127.0.0.1, a free port) serves every round. In a
round, N students act together, in four steps that all students take at once: open Explore
(the first visit), open the Vinh et al. experiment page, go back to Explore, then move its
first slider ("Points") one step. A student is, by default (``--clients light``), a
browserless websocket client (`streamlit_client.StreamlitSession`, all of them in this
process): each page visit opens a new websocket session, as a browser's page load does, and
the slider step sends the rerun a browser sends when the slider moves one step (the
slider's new value in its widget state; the other widgets keep their values on the server).
A light client fetches no static files (the JavaScript bundle, fonts, the app's
``/_stcore/health`` and ``host-config`` requests): its first visit costs the server only the
session and the script run, what a browser pays once its files are cached or served by a
proxy. With ``--clients browser`` each student is a Playwright context of one Debian
chromium, which does fetch them, and moves the slider with the arrow key.

The server runs on its own cores where the machine has more than one (``auto``: the first
core for the server, the others for the clients; ``--server-cores 0,1`` names them,
``none`` pins nothing), so the clients' work does not count against the server's latency;
its CPU seconds are its own either way.

Each interaction is timed from the action until, for a light client, the server's
``script_finished`` message of the run it asked for; for a browser, until the page has drawn
its chart and been idle for 0.3 s (no "Running" widget). It succeeds when it ends in time
with no exception. Reported per round: success rate and the kinds of failure (``timeout``
after TIMEOUT_S; ``exception``: an exception element among the run's deltas, or for a
browser an exception box or browser error; ``error``: the light client's connection failed
or the page had no slider), p50 and p95 latency, the server's CPU seconds (user + system,
from /proc) per interaction, per first visit, per later interaction (steps 2-4) and per
step, the server's peak resident memory (VmHWM) so far, this process's CPU (the light
clients; for browsers only Playwright's side) and the machine's 1-minute load average before
and after. A first round of one student on cold caches is reported apart. Loops are bounded
(one pass per client, a timeout per interaction); only loopback is used.
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
sys.path.insert(0, str(ROOT))
from benchmarks.streamlit_client import StreamlitSession  # noqa: E402

TIMEOUT_S = 120.0  # default of --timeout
QUIET_S = 0.3
PAGES_VISITED = ("explore", "experiments_vinh2009", "explore")  # steps 1-3; step 4 a slider
FAILURES = ("timeout", "exception", "error")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync"]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def cpu_seconds(*pids: int) -> float:
    """User + system CPU time of the processes ``pids`` (all their threads), summed, from
    /proc."""
    ticks = 0
    for pid in pids:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        ticks += int(fields[11]) + int(fields[12])
    return ticks / os.sysconf("SC_CLK_TCK")


def peak_rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def split_cores(choice: str, available: set[int]) -> tuple[set[int], set[int]]:
    """``--server-cores`` -> (the server's CPUs, the clients' CPUs); empty sets: no pinning.

    ``auto`` gives the server the first available CPU and the clients the rest (nothing is
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
    """A ``streamlit run app_server.py`` on a free loopback port, with ``env`` added to its
    environment and pinned to ``cpus`` (if any): the process and its URL."""
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "streamlit", "run", "app_server.py", "--server.headless=true",
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
    """The four steps of a student, each a function of the student's browser page."""

    def open_page(path: str):
        return lambda page: page.goto(f"{url}/{path}", timeout=timeout * 1000)

    async def move_slider(page) -> None:
        slider = page.get_by_role("slider").first
        await slider.focus(timeout=timeout * 1000)
        await slider.press("ArrowRight", timeout=timeout * 1000)
        await asyncio.sleep(0.1)

    return [*(open_page(path) for path in PAGES_VISITED), move_slider]


class LightStudent:
    """A student without a browser: one `StreamlitSession` per page visit (a browser's page
    load opens a new websocket session too). ``await act(step)`` takes step 0-3 of
    PAGES_VISITED and the slider move, and returns its latency or the kind of failure."""

    def __init__(self, url: str, timeout: float) -> None:
        self.url = url
        self.timeout = timeout
        self.session: StreamlitSession | None = None

    async def visit(self, page: str) -> None:
        if self.session is not None:
            await self.session.close()
        self.session = StreamlitSession(self.url)
        await self.session.open(page, timeout=self.timeout)

    async def move_first_slider(self) -> None:
        """One step right on the page's first slider, as the arrow key moves it."""
        sliders = [(path, d) for path, d in self.session.drawn.items() if d.kind == "slider"]
        if not sliders:
            raise LookupError(f"no slider on {self.session.page_name}")
        _, slider = min(sliders, key=lambda item: item[0])  # delta paths sort in page order
        proto = slider.proto
        values = list(proto.value if proto.set_value else proto.default)
        values[0] = min(proto.max, values[0] + proto.step)
        await self.session.slide(slider, values)
        await self.session.wait_idle(self.timeout)

    async def act(self, step: int) -> float | str:
        session, seen = self.session, self.session.messages if self.session else 0
        started = time.monotonic()
        try:
            await asyncio.wait_for(self.visit(PAGES_VISITED[step]) if step < len(PAGES_VISITED)
                                   else self.move_first_slider(), self.timeout)
        except TimeoutError:
            return "timeout"
        except Exception as error:  # a failed interaction is counted, not raised
            print(f"step {step + 1}: {type(error).__name__}: {error}", file=sys.stderr)
            return "error"
        finished = time.monotonic()
        if any(d.kind == "exception" and (self.session is not session or d.number > seen)
               for d in self.session.drawn.values()):
            return "exception"
        return finished - started

    async def close(self) -> None:
        if self.session is not None:
            await self.session.close()


async def play(students: list, act, pid: int) -> tuple[list, list[float]]:
    """The four steps, all ``students`` at once in each; ``act(student, step)`` returns a
    latency or the kind of failure. Returns every result and the server's CPU per step."""
    times, cpu = [], []
    for step in range(len(PAGES_VISITED) + 1):
        cpu_before = cpu_seconds(pid)
        times += await asyncio.gather(*(act(student, step) for student in students))
        await asyncio.sleep(0.5)  # work the server finishes after the clients are done
        cpu.append(cpu_seconds(pid) - cpu_before)
    return times, cpu


async def round_of(n: int, url: str, pid: int, chromium: str, timeout: float,
                   clients: str) -> dict:
    load_before, clock, own_cpu = os.getloadavg()[0], time.monotonic(), time.process_time()
    if clients == "light":
        students = [LightStudent(url, timeout) for _ in range(n)]
        times, cpu = await play(students, lambda student, step: student.act(step), pid)
        for student in students:
            await student.close()
    else:
        async with async_playwright() as p:
            browser = await p.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
            contexts = [await browser.new_context(viewport={"width": 1280, "height": 720})
                        for _ in range(n)]
            pages = [await context.new_page() for context in contexts]
            actions = steps(url, timeout)
            times, cpu = await play(pages, lambda page, step: timed(
                page, lambda: actions[step](page), timeout), pid)
            await browser.close()
    own_cpu = (time.process_time() - own_cpu) / (time.monotonic() - clock)
    ok = sorted(t for t in times if not isinstance(t, str))
    failures = ", ".join(f"{times.count(kind)} {kind}" for kind in FAILURES
                         if kind in times) or "-"
    p95 = ok[min(len(ok) - 1, int(0.95 * len(ok)))] if ok else float("nan")
    return {"n": n, "interactions": len(times), "success": len(ok) / len(times),
            "p50": statistics.median(ok) if ok else float("nan"), "p95": p95,
            "cpu_per_interaction": sum(cpu) / len(times), "cpu_first_visit": cpu[0] / n,
            "cpu_later": sum(cpu[1:]) / (len(times) - n),
            "cpu_steps": " / ".join(f"{c / n:.3f}" for c in cpu),
            "peak_rss_mb": peak_rss_mb(pid), "own_cpu": own_cpu, "failures": failures,
            "load": f"{load_before:.1f} / {os.getloadavg()[0]:.1f}"}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--students", type=int, nargs="+", default=[5, 10, 20, 30, 60],
                        help="class sizes, one round each, after a cold round of one")
    parser.add_argument("--clients", choices=["light", "browser"], default="light",
                        help="students as websocket clients in this process (light, default) "
                             "or as chromium contexts (browser)")
    parser.add_argument("--server-cores", default="auto",
                        help="CPUs for the server: auto, none or ids like 0,1 (default auto)")
    parser.add_argument("--timeout", type=float, default=TIMEOUT_S,
                        help=f"seconds an interaction may take (default {TIMEOUT_S:g})")
    parser.add_argument("--out", type=Path, default=ROOT / "benchmarks/results/load.md")
    parser.add_argument("--append", action="store_true",
                        help="add this run's section to the file instead of replacing it")
    args = parser.parse_args()
    chromium = os.environ.get("CLUSTERLAB_CHROMIUM") or shutil.which("chromium")
    if chromium is None and args.clients == "browser":
        sys.exit("Debian chromium not found: apt-get install -y chromium")
    earlier = args.out.read_text() if args.append and args.out.exists() else ""
    server_cpus, client_cpus = split_cores(args.server_cores, os.sched_getaffinity(0))
    log = Path(tempfile.gettempdir()) / "clusterlab-load-server.log"
    server, url = start_server(log, cpus=server_cpus)
    if client_cpus:
        os.sched_setaffinity(0, client_cpus)  # Playwright's driver and chromium inherit it
    rows = []
    try:
        # One student first, on cold caches (imports, first datasets, first experiment).
        for n in [1, *args.students]:
            row = asyncio.run(round_of(n, url, server.pid, chromium, args.timeout,
                                       args.clients))
            rows.append(row if rows else row | {"n": "1 (cold)"})
            print(rows[-1], flush=True)
            write(args, rows, earlier, server_cpus, client_cpus)
    finally:
        server.terminate()
        server.wait(timeout=30)


def write(args, rows: list[dict], earlier: str, server_cpus: set[int],
          client_cpus: set[int]) -> None:
    """The rounds so far as a markdown section: the whole file, or added to it (--append)."""
    clients = ("light websocket clients (benchmarks/streamlit_client.py, no static files), "
               "all in this process" if args.clients == "light"
               else "chromium contexts of one browser")
    pinning = (f"the server on CPU(s) {sorted(server_cpus)}, the clients on "
               f"{sorted(client_cpus)}" if server_cpus else "no CPU pinning")
    table = ["| N | interactions | success | failures | p50 s | p95 s "
             "| server CPU s / interaction | per first visit | per later interaction "
             "| per step 1 / 2 / 3 / 4 | server peak RSS MB | this process's CPU s/s "
             "| load avg before / after |",
             "|---|---|---|---|---|---|---|---|---|---|---|---|---|"]
    table += [f"| {r['n']} | {r['interactions']} | {r['success']:.0%} | {r['failures']} | "
              f"{r['p50']:.2f} | {r['p95']:.2f} | {r['cpu_per_interaction']:.3f} | "
              f"{r['cpu_first_visit']:.3f} | {r['cpu_later']:.3f} | {r['cpu_steps']} | "
              f"{r['peak_rss_mb']:.0f} | {r['own_cpu']:.2f} | {r['load']} |" for r in rows]
    section = (f"## `python {' '.join(sys.argv)}`\n\n{platform.machine()} "
               f"({os.cpu_count()} cores, shared with other work), Python "
               f"{platform.python_version()}, {time.strftime('%Y-%m-%d %H:%M')}. Students: "
               f"{clients}; {pinning}. One server for every round (rounds run in order, so "
               "later rounds find warm caches); an interaction fails after "
               f"{args.timeout:g} s.\n\n" + "\n".join(table) + "\n")
    header = ("# Classroom load\n\n`benchmarks/bench_load.py`: N students open Explore, the "
              "Vinh et al. experiment page, Explore again, and move its first slider one "
              "step, all at once (the script's docstring says how each kind of client does "
              "it and what is measured).\n\n")
    args.out.write_text((earlier + "\n" if earlier else header) + section)


if __name__ == "__main__":
    main()
