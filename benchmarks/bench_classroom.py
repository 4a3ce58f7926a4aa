"""Class answers under load: 60 students answer one question within 10 s.

Run by hand from the repository root (needs Debian's chromium; not part of the test suite):

    python benchmarks/bench_classroom.py [--students 60] [--spread 10] [--clients light]
        [--parts answers follow] [--follow 30] [--browsers 5]
        [--postgres-url postgresql+psycopg://user@127.0.0.1:5432/db]
        [--databases sqlite postgresql] [--server-cores none] [--out FILE] [--append]

or, with a throwaway PostgreSQL of its own (as root; see .ci/postgres):

    bash .ci/postgres python benchmarks/bench_classroom.py --students 60

For each database (SQLite in a fresh data folder; then PostgreSQL when ``--postgres-url`` is
given, its class tables emptied first) one ``streamlit run app_server.py`` starts on loopback. A
teacher's chromium page opens the teacher's link of a class on the lesson "Why adjust for
chance" (step 1 asks a question of 4 options); N students open the join link one after another:
by default as light clients (`streamlit_client.StreamlitSession`: the browser's websocket
protocol without a browser, all in this process, so that 60 students fit on the machine that
runs the server), with ``--clients browser`` as contexts of the teacher's chromium. Once every
student shows the question, the server's CPU is read over BASELINE_S of polling alone (students
every 0.5 s, less often in a big class, the teacher every 0.5 s: ui.classroom's student_poll_s,
TEACHER_POLL_S). Then each student picks an option and presses Answer at a random moment within
the spread (seeded), and waits for "Your answer: ..." (its acknowledgement). Meanwhile the
teacher's "N answered" is read every 0.1 s. Reported: answers stored (read from the database
afterwards, against what the students chose), acknowledgement latency and the time from the
first click to the last acknowledgement, the participants the class counted as joined
(`ClassStore.counts`) once every student showed the question and after the answers (each
student is one participant), the teacher view's lag (for the k-th answer acknowledged: when the
teacher first showed >= k answered, minus its acknowledgement), and the server's CPU per
answer: CPU (user + system, /proc) over the answering window minus the polling rate times the
window, divided by N; the raw figure with polling is given too; the benchmark process's own CPU
(the light students, not chromium) and the load average show what else ran.

Then (``--parts follow``; issue 36 point 7), on the same server, a second class of the same
lesson: a light teacher (`class_clients.Teacher`), ``--follow`` light students and
``--browsers`` chromium pages. The server's CPU is read over BASELINE_S with the teacher alone,
then with the class (the difference per student poll, the polls counted by the light
clients). The teacher presses Next to the last step, then Previous (each step is on another
page); per move and student, the time from the press to the page's class bar showing the new
step (`class_clients.follow_times`; chromium's DOM checked every 50 ms), and the server's CPU
per student page above polling. Reported: follow p50 / p95 / max, pages that did not follow
within FOLLOW_TIMEOUT_S, CPU per poll and per follow, the load average. With
``--server-cores auto`` the server has the first CPU to itself and this process, its light
clients and chromium the others (in a room the browsers are the students' own machines). With
``--servers S`` (S > 1) the follow's class meets in a hall instead (`clusterlab.serve.Hall`: S
servers behind nginx on loopback, on the same database; the server CPU summed over them): a
server is one Python process, which runs one thread at a time, so a class's 35 page runs
share one core however many the machine has.
Loops are bounded in count and time; only loopback is used.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import platform
import random
import re
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

from playwright.async_api import async_playwright
from sqlalchemy import delete

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from bench_load import CHROMIUM_ARGS, cpu_seconds, peak_rss_mb, split_cores, start_server  # noqa: E402
from class_clients import Student, Teacher, follow_times  # noqa: E402
from streamlit_client import StreamlitSession  # noqa: E402

from classroom import ClassStore  # noqa: E402
from classroom.database import SQLITE_FILE, answers, classes, participants  # noqa: E402
from clusterlab.serve import Hall, free_ports  # noqa: E402
from explorer.lesson_files import load_lesson  # noqa: E402
from ui.classroom import step_options  # noqa: E402
from ui.lesson_bar import URL_PATHS  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
LESSON = "why_adjust_for_chance"
PAGE = "learn_chance"  # the lesson's first step
BASELINE_S = 6.0
TIMEOUT_MS = 180_000
LETTERS = "ABCD"
ANSWER_KEYS = {"radio": "class_choice_1", "button": "class_answer_1"}  # step 1's widgets
# The follow's walk: Next to the last step, then Previous once; every step of the lesson is
# on another page, so each move is a page switch for every student.
SETTLE_S = 1.0
FOLLOW_TIMEOUT_S = 30.0  # a page slower than this to follow counts as not following
BAR_SAYS = ("text => [...document.querySelectorAll('.st-key-class_bar')]"
            ".some(bar => bar.textContent.includes(text))")


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


async def watch_teacher(host, timeline: list, stop: asyncio.Event) -> None:
    """Append (time, count) each time the teacher's "N answered" changes."""
    metric = host.locator('[data-testid="stMetricValue"]', has_text="answered")
    last = None
    while not stop.is_set():
        try:
            text = await metric.first.inner_text(timeout=1000)
        except Exception:  # the metric is being redrawn; read again
            text = ""
        found = re.search(r"(\d+) answered", text)
        if found and int(found[1]) != last:
            last = int(found[1])
            timeline.append((time.monotonic(), last))
        await asyncio.sleep(0.1)


class BrowserStudent:
    """A student as a chromium context of the benchmark's browser."""

    def __init__(self, page) -> None:
        self.page = page

    async def join(self, url: str, code: str) -> None:
        await self.page.goto(f"{url}/{PAGE}?class={code}", timeout=TIMEOUT_MS)

    async def ready(self) -> None:
        await self.answer_button().wait_for(timeout=TIMEOUT_MS)

    def answer_button(self):
        return self.page.locator(".st-key-class_answer_1").get_by_role("button")

    async def answer(self, letter: str) -> None:
        await self.page.locator('[data-testid="stRadio"] label', has_text=f"{letter}. ").click(
            timeout=TIMEOUT_MS)
        await self.answer_button().click(timeout=TIMEOUT_MS)
        await self.page.get_by_text(f"Your answer: {letter}.").wait_for(timeout=TIMEOUT_MS)

    async def close(self) -> None:
        await self.page.context.close()


class LightStudent:
    """A student as a websocket session of `streamlit_client` (no browser): it reruns the
    page's polling fragment as often as the page asks (ui.classroom.student_poll_s), picks
    an option (a rerun of the question's fragment, as the browser sends on a click of the
    radio), then presses Answer."""

    def __init__(self, url: str) -> None:
        self.session = StreamlitSession(url)

    async def join(self, url: str, code: str) -> None:
        await self.session.open(PAGE, f"class={code}", timeout=TIMEOUT_MS / 1000)

    async def ready(self) -> None:
        await self.session.wait_for(lambda: self.widget("button") is not None,
                                    TIMEOUT_MS / 1000)

    def widget(self, kind: str):
        return self.session.find(kind, lambda d: d.proto.id.endswith(f"-{ANSWER_KEYS[kind]}"))

    async def answer(self, letter: str) -> None:
        radio = self.widget("radio")
        option, = (o for o in radio.proto.options if o.startswith(f"{letter}. "))
        await self.session.choose(radio, option)
        await self.session.wait_idle(TIMEOUT_MS / 1000)
        drawn = self.session.messages
        await self.session.click(self.widget("button"))
        await self.session.wait_for(lambda: self.session.find(
            "markdown", lambda d: d.number > drawn
            and d.proto.body.startswith(f"Your answer: {letter}.")) is not None,
            TIMEOUT_MS / 1000)

    async def close(self) -> None:
        await self.session.close()


async def student_answers(student, letter: str, delay: float, acks: list) -> None:
    await asyncio.sleep(delay)
    started = time.monotonic()
    await student.answer(letter)
    acks.append((started, time.monotonic()))


async def one_class(url: str, pid: int, chromium: str, store: ClassStore, n: int,
                    spread: float, seed: int, clients: str) -> dict:
    code, secret = store.start("lesson", LESSON, step_options(load_lesson(LESSON, URL_PATHS)))
    rng = random.Random(seed)
    chosen = [rng.choice(LETTERS) for _ in range(n)]
    delays = sorted(rng.uniform(0, spread) for _ in range(n))
    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
        host_context = await browser.new_context(viewport={"width": 1280, "height": 720})
        host = await host_context.new_page()
        await host.goto(f"{url}/{PAGE}?class={code}&teach={secret}", timeout=TIMEOUT_MS)
        await host.locator('[data-testid="stMetricValue"]', has_text="0 answered").wait_for(
            timeout=TIMEOUT_MS)
        if clients == "browser":
            students = [BrowserStudent(await (await browser.new_context(
                viewport={"width": 800, "height": 600})).new_page()) for _ in range(n)]
        else:
            students = [LightStudent(url) for _ in range(n)]
        cpu_joining = cpu_seconds(pid)
        for student in students:  # joined one after another, as a class does
            await student.join(url, code)
        await asyncio.gather(*(student.ready() for student in students))
        cpu_joining = (cpu_seconds(pid) - cpu_joining) / n
        joined_first = store.counts(code, 1)[0]
        await asyncio.sleep(2.0)
        load_before = os.getloadavg()[0]
        cpu_start, clock_start = cpu_seconds(pid), time.monotonic()
        await asyncio.sleep(BASELINE_S)
        polling_rate = (cpu_seconds(pid) - cpu_start) / (time.monotonic() - clock_start)

        timeline, acks, stop = [], [], asyncio.Event()
        watcher = asyncio.create_task(watch_teacher(host, timeline, stop))
        cpu_start, clock_start = cpu_seconds(pid), time.monotonic()
        client_cpu = time.process_time()
        await asyncio.gather(*(student_answers(student, letter, delay, acks) for student,
                               letter, delay in zip(students, chosen, delays, strict=True)))
        deadline = time.monotonic() + 30
        while (not timeline or timeline[-1][1] < n) and time.monotonic() < deadline:
            await asyncio.sleep(0.1)
        window = time.monotonic() - clock_start
        cpu_window = cpu_seconds(pid) - cpu_start
        client_cpu = time.process_time() - client_cpu
        stop.set()
        await watcher
        load_after = os.getloadavg()[0]
        for student in students:
            await student.close()
        await browser.close()
    stored = store.tally(code, 1)
    joined, answered = store.counts(code, 1)
    wanted = tuple(chosen.count(letter) for letter in LETTERS)
    ack_times = sorted(done for _, done in acks)
    lags = []
    for k, acked in enumerate(ack_times, 1):
        shown = next((t for t, count in timeline if count >= k and t >= acked - 5), None)
        lags.append(max(0.0, shown - acked) if shown is not None else float("inf"))
    latencies = [done - started for started, done in acks]
    return {
        "students": n, "stored": f"{sum(stored)} of {n}" + (
            " (as chosen)" if stored == wanted else f" (MISMATCH {stored} vs {wanted})"),
        "clients": clients,
        "joined": f"{joined_first} / {joined}" + ("" if joined == answered == n else
                                                   f" (MISMATCH: {answered} answered)"),
        "answering_s": ack_times[-1] - clock_start,
        "after_first_click": ack_times[-1] - min(started for started, _ in acks),
        "ack_max": max(latencies), "client_cpu": client_cpu / window,
        "ack_p50": statistics.median(latencies), "ack_p95": percentile(latencies, 0.95),
        "lag_max": max(lags), "lag_p95": percentile(lags, 0.95),
        "cpu_per_answer": (cpu_window - polling_rate * window) / n,
        "cpu_raw_per_answer": cpu_window / n, "polling_cpu_share": polling_rate,
        "cpu_join": cpu_joining, "rss": peak_rss_mb(pid),
        "load": f"{load_before:.1f} / {load_after:.1f}",
    }


class BrowserFollower:
    """A student as a chromium page that only watches its class bar (polled every 50 ms in
    the page, so a step shows up within that of its drawing)."""

    def __init__(self, page, last: int) -> None:
        self.page, self.last = page, last

    async def shows(self, step: int, timeout: float) -> None:
        await self.page.wait_for_function(BAR_SAYS, arg=f"step {step} of {self.last}",
                                          polling=50, timeout=1000 * timeout)


async def follow_class(url: str, pids: list[int], chromium: str, store: ClassStore, n: int,
                       browsers: int) -> dict:
    """Issue 36 point 7: ``n`` light students and ``browsers`` chromium pages in one class;
    a light teacher walks the lesson (Next to the end, Previous back) and each student's
    follow time is taken per move (`class_clients.follow_times`). Server CPU, summed over the
    servers ``pids``: the teacher's polling alone, then the class's (its difference per
    student poll), and per move the CPU above polling per student page that followed."""
    lesson = load_lesson(LESSON, URL_PATHS)
    last = len(lesson.steps)
    code, secret = store.start("lesson", LESSON, step_options(lesson))
    teacher = Teacher(url)
    await teacher.start(code, secret, PAGE)
    await asyncio.sleep(2.0)
    cpu, clock = cpu_seconds(*pids), time.monotonic()
    await asyncio.sleep(BASELINE_S)
    teacher_rate = (cpu_seconds(*pids) - cpu) / (time.monotonic() - clock)
    light = [Student(url) for _ in range(n)]
    cpu = cpu_seconds(*pids)
    for student in light:  # one after another, as a class joins
        await student.join(code, PAGE)
    cpu_join = (cpu_seconds(*pids) - cpu) / max(n, 1)
    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
        pages = [await (await browser.new_context(viewport={"width": 800, "height": 600}))
                 .new_page() for _ in range(browsers)]
        chromes = [BrowserFollower(page, last) for page in pages]
        for page, chrome in zip(pages, chromes, strict=True):
            await page.goto(f"{url}/{PAGE}?class={code}", timeout=TIMEOUT_MS)
            await chrome.shows(1, TIMEOUT_MS / 1000)
        await asyncio.sleep(2.0)
        load_before = os.getloadavg()
        cpu, clock = cpu_seconds(*pids), time.monotonic()
        polls = sum(s.session.polls for s in light)
        await asyncio.sleep(BASELINE_S)
        baseline = time.monotonic() - clock
        polling = (cpu_seconds(*pids) - cpu) / baseline
        # Per student and second; the browsers' pages poll on the same clocks.
        poll_rate = (sum(s.session.polls for s in light) - polls) / baseline / max(n, 1)
        walk = [("class_next", k) for k in range(2, last + 1)] + [("class_previous", last - 1)]
        light_times, chrome_times, missed, missed_chrome, moves = [], [], 0, 0, []
        for key, step in walk:
            cpu, clock = cpu_seconds(*pids), time.monotonic()
            times = await follow_times(teacher, key, [*light, *chromes], step, FOLLOW_TIMEOUT_S)
            await asyncio.gather(*(s.session.wait_idle(TIMEOUT_MS / 1000) for s in light))
            await asyncio.sleep(SETTLE_S)  # the tail of the page's run after its class bar
            window = time.monotonic() - clock
            used = cpu_seconds(*pids) - cpu - polling * window
            done = [t for t in times if not isinstance(t, BaseException)]
            missed += len(times) - len(done)
            missed_chrome += sum(isinstance(t, BaseException) for t in times[n:])
            light_times += [t for t in times[:n] if not isinstance(t, BaseException)]
            chrome_times += [t for t in times[n:] if not isinstance(t, BaseException)]
            moves.append({"step": step, "max": max(done, default=float("inf")),
                          "cpu_per_follow": used / (n + browsers),
                          "raw": (used + polling * window) / (n + browsers)})
            print(f"  {key} to step {step}: {len(done)} followed ({missed_chrome} chromium "
                  f"missed so far), max "
                  f"{moves[-1]['max']:.2f} s, {moves[-1]['cpu_per_follow']:.3f} CPU s "
                  f"per student page, load {os.getloadavg()[0]:.1f}", flush=True)
        load_after = os.getloadavg()
        await browser.close()
    for student in [teacher, *light]:
        await student.close()
    store.close(code, secret)
    both = light_times + chrome_times
    return {
        "servers": len(pids), "light": n, "browsers": browsers, "moves": len(walk),
        "missed": f"{missed - missed_chrome} light, {missed_chrome} chromium",
        "p50": statistics.median(both) if both else float("nan"),
        "p95": percentile(both, 0.95) if both else float("nan"),
        "max": max(both, default=float("nan")),
        "light_p95": percentile(light_times, 0.95) if light_times else float("nan"),
        "chrome_p95": percentile(chrome_times, 0.95) if chrome_times else float("nan"),
        "teacher_polling": teacher_rate, "polling": polling,
        "polls_per_s": poll_rate,
        "cpu_per_poll": (polling - teacher_rate) / (poll_rate * (n + browsers)),
        "cpu_per_follow": statistics.median(m["cpu_per_follow"] for m in moves),
        "cpu_per_follow_raw": statistics.median(m["raw"] for m in moves),
        "cpu_join": cpu_join,
        "load": f"{load_before[0]:.1f} / {load_after[0]:.1f} (5 min {load_after[1]:.1f})",
    }


def store_cost(store: ClassStore, n: int) -> dict:
    """CPU (this process) per `ClassStore.join`, per `ClassStore.answer` (each of a joined
    participant) and per teacher poll (`tally` and `counts`), without a browser or Streamlit:
    the database's share of a student's and an answer's server cost."""
    code, _ = store.start("lesson", LESSON, [4])
    started = time.process_time()
    tokens = [store.join(code, None) for _ in range(n)]
    join_cpu = (time.process_time() - started) / n
    started = time.process_time()
    for number, token in enumerate(tokens):
        store.answer(code, token, 1, number % 4)
    answer_cpu = (time.process_time() - started) / n
    started = time.process_time()
    for _ in range(n):
        store.tally(code, 1)
        store.counts(code, 1)
    poll_cpu = (time.process_time() - started) / n
    assert store.tally(code, 1) == tuple(len(range(i, n, 4)) for i in range(4))
    assert store.counts(code, 1) == (n, n)
    return {"join_ms": 1000 * join_cpu, "answer_ms": 1000 * answer_cpu,
            "poll_ms": 1000 * poll_cpu, "n": n}


def follow_in_hall(store: ClassStore, args, chromium) -> dict:
    """`follow_class` in a hall of ``args.servers`` servers behind nginx, on ``store``'s
    database."""
    hall = Hall(args.servers, free_ports(1)[0],
                store.engine.url.render_as_string(hide_password=False), address="127.0.0.1")
    hall.start()
    try:
        return asyncio.run(follow_class(hall.url, [p.pid for p in hall.processes], chromium,
                                        store, args.follow, args.browsers))
    finally:
        hall.stop()


def run_database(name: str, env: dict[str, str], store: ClassStore, args, chromium) -> dict:
    row = {"database": name}
    one_server_follows = "follow" in args.parts and args.servers == 1
    if "answers" in args.parts or one_server_follows:
        log = Path(tempfile.gettempdir()) / f"clusterlab-classroom-{name}.log"
        server, url = start_server(log, env, cpus=args.server_cpus)
        try:
            if "answers" in args.parts:
                row.update(asyncio.run(one_class(url, server.pid, chromium, store,
                                                 args.students, args.spread, args.seed,
                                                 args.clients)))
            if one_server_follows:
                row["follow"] = asyncio.run(follow_class(url, [server.pid], chromium, store,
                                                         args.follow, args.browsers))
        finally:
            server.terminate()
            server.wait(timeout=30)
    if "follow" in args.parts and args.servers > 1:
        row["follow"] = follow_in_hall(store, args, chromium)
    print(row, flush=True)
    return row


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--students", type=int, default=60)
    parser.add_argument("--spread", type=float, default=10.0,
                        help="seconds over which the students answer")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--clients", choices=["light", "browser"], default="light",
                        help="students as websocket clients in this process (light, default) "
                             "or as chromium contexts (browser); the teacher is chromium")
    parser.add_argument("--postgres-url",
                        default=os.environ.get("CLUSTERLAB_TEST_POSTGRES_URL", ""),
                        help="a PostgreSQL SQLAlchemy URL to measure too (default: "
                             "CLUSTERLAB_TEST_POSTGRES_URL, which .ci/postgres sets)")
    parser.add_argument("--databases", nargs="+", choices=["sqlite", "postgresql"],
                        default=["sqlite", "postgresql"],
                        help="PostgreSQL is measured when --postgres-url is given")
    parser.add_argument("--out", type=Path, default=ROOT / "benchmarks/results/classroom.md")
    parser.add_argument("--store-only", type=int, default=0, metavar="N",
                        help="only time N answers and N polls through ClassStore (no browser)")
    parser.add_argument("--append", action="store_true",
                        help="add this run's section to the file instead of replacing it")
    parser.add_argument("--parts", nargs="+", choices=["answers", "follow"],
                        default=["answers", "follow"],
                        help="the answering class, the follow of a teacher's moves, or both")
    parser.add_argument("--follow", type=int, default=30, metavar="N",
                        help="light students in the follow's class")
    parser.add_argument("--browsers", type=int, default=5,
                        help="chromium students in the follow's class")
    parser.add_argument("--server-cores", default="none",
                        help="as in bench_load.py: 'auto' gives the server the first CPU and "
                             "this process, its clients and chromium the others, as in a room "
                             "where the browsers run on the students' machines; 'none' "
                             "(default) pins nothing; or a comma-separated list of CPU ids")
    parser.add_argument("--servers", type=int, default=1,
                        help="app servers behind nginx for the follow's class (a hall, "
                             "clusterlab.serve; Debian's nginx); 1 (default): one server, "
                             "no nginx")
    args = parser.parse_args()
    if args.servers > 1 and args.server_cores != "none":
        parser.error("--server-cores pins one server: give it with --servers 1")
    args.server_cpus, client_cpus = split_cores(args.server_cores, os.sched_getaffinity(0))
    if client_cpus:
        os.sched_setaffinity(0, client_cpus)  # Playwright's driver and chromium inherit it
    # Read once: each database's row rewrites this run's section, which must not be appended
    # again after the first.
    args.earlier = args.out.read_text() if args.append and args.out.exists() else ""
    chromium = os.environ.get("CLUSTERLAB_CHROMIUM") or shutil.which("chromium")
    if chromium is None:
        sys.exit("Debian chromium not found: apt-get install -y chromium")
    if args.store_only:
        stores = {"SQLite (WAL)": ClassStore(
            f"sqlite:///{Path(tempfile.mkdtemp()) / SQLITE_FILE}")}
        if args.postgres_url:
            stores["PostgreSQL"] = ClassStore(args.postgres_url)
        lines = ["| database | answers | CPU ms per answer | CPU ms per teacher poll (tally "
                 "+ counts) | CPU ms per join |", "|---|---|---|---|---|"]
        for name, store in stores.items():
            cost = store_cost(store, args.store_only)
            lines.append(f"| {name} | {cost['n']} | {cost['answer_ms']:.2f} | "
                         f"{cost['poll_ms']:.2f} | {cost['join_ms']:.2f} |")
            print(lines[-1], flush=True)
        args.out.write_text(args.earlier + f"\n## `python {' '.join(sys.argv)}`\n\n"
                            f"{time.strftime('%Y-%m-%d %H:%M')}, load average "
                            f"{os.getloadavg()[0]:.0f}.\n\n" + "\n".join(lines) + "\n")
        return
    rows = []
    if "sqlite" in args.databases:
        folder = Path(tempfile.mkdtemp(prefix="clusterlab-classroom-"))
        rows.append(run_database(
            "SQLite (WAL)", {"CLUSTERLAB_DATA_DIR": str(folder),
                             "CLUSTERLAB_DATABASE_URL": ""},
            ClassStore(f"sqlite:///{folder / SQLITE_FILE}"), args, chromium))
        write(args, rows)
    if "postgresql" in args.databases and args.postgres_url:
        store = ClassStore(args.postgres_url)
        with store.engine.begin() as db:
            for table in (answers, participants, classes):
                db.execute(delete(table))
        rows.append(run_database("PostgreSQL", {"CLUSTERLAB_DATABASE_URL": args.postgres_url},
                                 store, args, chromium))
        write(args, rows)


def write(args, rows: list[dict]) -> None:
    """The results so far as a markdown section: the whole file, or added to it (--append)."""
    table = ["| database | students | answers stored | participants joined before / after "
             "answering | all acknowledged within s of the "
             "first click | answer ack p50 / p95 / max s | teacher view lag p95 / max s "
             "| server CPU ms / answer (raw with polling) | polling CPU s/s "
             "| CPU s per join | server peak RSS MB | benchmark's own CPU s/s "
             "| load avg before / after |",
             "|---|---|---|---|---|---|---|---|---|---|---|---|---|"]
    table = table if any("stored" in r for r in rows) else []
    table += [f"| {r['database']} | {r['students']} | {r['stored']} | {r['joined']} | "
              f"{r['after_first_click']:.1f} | {r['ack_p50']:.2f} / {r['ack_p95']:.2f} / "
              f"{r['ack_max']:.2f} | {r['lag_p95']:.2f} / {r['lag_max']:.2f} | "
              f"{1000 * r['cpu_per_answer']:.1f} ({1000 * r['cpu_raw_per_answer']:.1f}) | "
              f"{r['polling_cpu_share']:.2f} | {r['cpu_join']:.2f} | {r['rss']:.0f} | "
              f"{r['client_cpu']:.2f} | {r['load']} |" for r in rows if "stored" in r]
    follows = [(r["database"], r["follow"]) for r in rows if "follow" in r]
    if follows:
        table += ["", "Following the teacher (issue 36 point 7): a light teacher walks the "
                  "lesson, Next to the last step and Previous once; per student and move, the "
                  "press to the class bar showing the step.", "",
                  "| database | servers | students: light + chromium "
                  "| moves (pages not following in 30 s) "
                  "| follow p50 / p95 / max s | p95 light / chromium s | server CPU s/s: "
                  "teacher alone / class polling | student polls per s | CPU ms per student "
                  "poll | CPU s per follow (per student page, median of moves; raw with "
                  "polling) | load avg 1 min before / after |",
                  "|---|---|---|---|---|---|---|---|---|---|---|"]
        table += [f"| {name} | {f['servers']} | {f['light']} + {f['browsers']} "
                  f"| {f['moves']} ({f['missed']}) "
                  f"| {f['p50']:.2f} / {f['p95']:.2f} / {f['max']:.2f} | "
                  f"{f['light_p95']:.2f} / {f['chrome_p95']:.2f} | "
                  f"{f['teacher_polling']:.2f} / {f['polling']:.2f} | {f['polls_per_s']:.2f} "
                  f"| {1000 * f['cpu_per_poll']:.1f} | {f['cpu_per_follow']:.3f} "
                  f"({f['cpu_per_follow_raw']:.3f}) | "
                  f"{f['load']} |" for name, f in follows]
    students = ("light websocket clients (benchmarks/streamlit_client.py), all in the "
                "benchmark's process" if args.clients == "light" else
                "chromium contexts of the teacher's browser")
    section = (f"## `python {' '.join(sys.argv)}`\n\n{platform.machine()} "
               f"({os.cpu_count()} cores, shared with other work), Python "
               f"{platform.python_version()}, {time.strftime('%Y-%m-%d %H:%M')}. Students: "
               f"{students}; the teacher: one chromium page (a light one in the follow). "
               + (f"The server pinned to CPU(s) {sorted(args.server_cpus)}, the benchmark and "
                  "its browsers to the others." if args.server_cpus else "No CPU pinning.")
               + "\n\n" + "\n".join(table) + "\n")
    header = ("# Class answers under load\n\n`benchmarks/bench_classroom.py`: N students "
              "answer within the spread while a teacher's chromium page watches the count. "
              "Goals (issue 22): every answer stored, the teacher's view updated within 2 s, "
              "server CPU < 20 ms per answer.\n\n")
    args.out.write_text((args.earlier + "\n" if args.earlier else header) + section)


if __name__ == "__main__":
    main()
