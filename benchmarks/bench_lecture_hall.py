"""A lecture hall under load: N students on several app servers behind nginx, one PostgreSQL.

Run by hand from the repository root (root, Debian's nginx and postgresql; not part of the
test suite):

    python benchmarks/bench_lecture_hall.py [--students 300] [--servers 2] [--spread 10]
        [--out benchmarks/results/lecture_hall.md] [--append]

Without ``CLUSTERLAB_TEST_POSTGRES_URL`` it runs itself again under ``bash .ci/postgres``,
which starts a throwaway PostgreSQL. For ``--servers`` S and then for one server, a hall
(`clusterlab.serve.Hall`: S ``streamlit run`` servers and nginx on loopback) starts on that
database; a class starts on a lesson of three questions on one page (LESSON); the teacher is a
browserless session (`streamlit_client.StreamlitSession`) on the first server's own port, the
students browserless sessions through nginx's one address, all in this process. Each student
first loads the page over HTTP (nginx's route cookie), then opens its websocket with its
cookies, as a browser does. Students join JOIN_AT_ONCE at a time. For each question, every
student picks an option and presses Answer at a random moment within the spread (seeded) and
waits for "Your answer: ..."; the teacher's "N answered" is read from its session after each
message. Then the teacher presses Reveal, then Next, and each student's page is watched until
it shows the new step.

Reported per hall: answers stored (read back through ``ClassStore.tally``, against what the
students chose), the teacher view's lag (for the k-th acknowledged answer: when the teacher's
page first showed >= k answered, minus that acknowledgement; p95 over the three questions),
the students' follow time (teacher's Next pressed -> the student's page shows the new step; p95),
the app servers' CPU (user + system, /proc, summed over servers) per join and per answer (CPU
over the answering windows minus the polling rate measured over BASELINE_S before, divided by
the answers), nginx's CPU, the benchmark's own CPU and the load average.
Loops are bounded in count and time; only loopback is used.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import platform
import random
import shlex
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))
sys.path.insert(0, str(ROOT))
from bench_classroom import percentile  # noqa: E402
from bench_load import cpu_seconds  # noqa: E402
from class_clients import Student, Teacher, follow_times  # noqa: E402

from classroom import ClassStore  # noqa: E402
from clusterlab.serve import Hall, free_ports  # noqa: E402
from explorer.lesson_files import encode_lesson, parse_lesson  # noqa: E402
from ui.lesson_bar import URL_PATHS  # noqa: E402

POSTGRES_ENV = "CLUSTERLAB_TEST_POSTGRES_URL"
PAGE = "learn_chance"
LETTERS = "ABCD"
BASELINE_S = 6.0
JOIN_AT_ONCE = 10
# Three questions on one page (a class that stays on one view while the teacher asks): the
# steps differ by their controls, so following a step is a full run of the page.
LESSON = {
    "title": "Lecture hall",
    "steps": [{
        "page": PAGE, "params": {"lc_n": "100", "lc_k_true": "10", "lc_k": str(k)},
        "prompt": f"100 points put at random into {k} clusters.",
        "question": {"text": f"Question {number}: how high does the NMI go?",
                     "options": ["0", "0.2", "0.5", "0.9"], "answer": answer,
                     "hides": ["NMI", "AMI"]},
    } for number, (k, answer) in enumerate(((50, 2), (10, 1), (2, 0)), 1)],
}


def lesson_ref() -> tuple[str, list[int]]:
    """The lesson's link code and its options per step (for ``ClassStore.start``)."""
    lesson = parse_lesson(LESSON, URL_PATHS)
    return encode_lesson(lesson), [len(s.question.options) if s.question else 0
                                   for s in lesson.steps]


def server_cpu(hall: Hall) -> float:
    return cpu_seconds(*(p.pid for p in hall.processes if p is not None))


def nginx_cpu(hall: Hall) -> float:
    """nginx's master and worker processes (user + system CPU)."""
    pids = [hall.nginx.pid, *map(int, Path(
        f"/proc/{hall.nginx.pid}/task/{hall.nginx.pid}/children").read_text().split())]
    return cpu_seconds(*pids)


async def answer_all(students, step: int, chosen: list[str], spread: float,
                     rng: random.Random) -> list:
    """Every student answers within ``spread`` s: (start, acknowledged) times, or the error
    of a student who got no acknowledgement."""
    async def one(student, letter, delay):
        await asyncio.sleep(delay)
        started = time.monotonic()
        await student.answer(step, letter)
        return started, time.monotonic()

    delays = [rng.uniform(0, spread) for _ in students]
    return await asyncio.gather(*(one(s, letter, d)
                                  for s, letter, d in zip(students, chosen, delays,
                                                          strict=True)),
                                return_exceptions=True)


async def one_hall(servers: int, n: int, spread: float, seed: int, url: str) -> dict:
    store = ClassStore(url)
    ref, options = lesson_ref()
    hall = Hall(servers, free_ports(1)[0], url, address="127.0.0.1")
    hall.start()
    rng = random.Random(seed)
    try:
        code, secret = store.start("lessonz", ref, options)
        teacher = Teacher(hall.server_urls[0])
        await teacher.start(code, secret, PAGE)
        await teacher.count_reaches(0)
        students = [Student(hall.url) for _ in range(n)]
        cpu, clock = server_cpu(hall), time.monotonic()
        gate = asyncio.Semaphore(JOIN_AT_ONCE)

        async def join(student):
            async with gate:
                await student.join(code, PAGE)

        await asyncio.gather(*(join(s) for s in students))
        join_s, cpu_join = time.monotonic() - clock, (server_cpu(hall) - cpu) / n
        await asyncio.sleep(2.0)
        load_before = os.getloadavg()[0]
        cpu, clock = server_cpu(hall), time.monotonic()
        await asyncio.sleep(BASELINE_S)
        polling = (server_cpu(hall) - cpu) / (time.monotonic() - clock)

        lags, follows, latencies, stored, wanted = [], [], [], [], []
        cpu_answering = window = 0.0
        failed = not_followed = 0
        nginx_start, own_cpu = nginx_cpu(hall), time.process_time()
        for step in range(1, len(options) + 1):
            chosen = [rng.choice(LETTERS) for _ in range(n)]
            timeline: list = []
            watcher = asyncio.create_task(teacher.count_reaches(n, timeline))
            cpu, clock = server_cpu(hall), time.monotonic()
            results = await answer_all(students, step, chosen, spread, rng)
            acks = [r for r in results if not isinstance(r, BaseException)]
            failed += len(results) - len(acks)
            with contextlib.suppress(TimeoutError):  # a lost answer shows as a lag of inf
                await teacher.count_reaches(len(acks), timeout=60)
            watcher.cancel()
            window += time.monotonic() - clock
            cpu_answering += server_cpu(hall) - cpu
            for k, acked in enumerate(sorted(done for _, done in acks), 1):
                shown = next((t for t, count in timeline if count >= k and t >= acked - 5),
                             float("inf"))
                lags.append(max(0.0, shown - acked))
            latencies += [done - started for started, done in acks]
            stored.append(store.tally(code, step))
            wanted.append(tuple(chosen.count(letter) for letter in LETTERS))
            await teacher.press("class_reveal")
            if step < len(options):
                times = await follow_times(teacher, "class_next", students, step + 1)
                follows += [t for t in times if not isinstance(t, BaseException)]
                not_followed += sum(isinstance(t, BaseException) for t in times)
        nginx_used, own_cpu = nginx_cpu(hall) - nginx_start, time.process_time() - own_cpu
        load_after = os.getloadavg()[0]
        for student in [teacher, *students]:
            await student.close()
    finally:
        hall.stop()
        store.engine.dispose()
    answers = n * len(options)
    return {
        "servers": servers, "students": n,
        "stored": f"{sum(map(sum, stored))}/{answers}",
        "as_chosen": stored == wanted, "no_ack": failed, "not_followed": not_followed,
        "join_s": join_s, "cpu_join": cpu_join,
        "lag_p95": percentile(lags, 0.95), "lag_max": max(lags),
        "follow_p95": percentile(follows, 0.95), "follow_max": max(follows),
        "ack_p95": percentile(latencies, 0.95),
        "polling": polling,
        "cpu_answer": (cpu_answering - polling * window) / answers,
        "cpu_answer_raw": cpu_answering / answers,
        "nginx_cpu_answer": nginx_used / answers,
        "own_cpu": own_cpu / window,
        "load": f"{load_before:.1f} / {load_after:.1f}",
    }


def line(row: dict) -> str:
    return (f"{row['servers']} server(s), {row['students']} students: stored "
            f"{row['stored']} answers{'' if row['as_chosen'] else ' (NOT as chosen)'} "
            f"({row['no_ack']} not acknowledged, {row['not_followed']} pages did not follow); "
            f"teacher lag p95 {row['lag_p95']:.2f} s (max {row['lag_max']:.2f}); follow "
            f"p95 {row['follow_p95']:.2f} s (max {row['follow_max']:.2f}); server CPU "
            f"{1000 * row['cpu_answer']:.1f} ms per answer "
            f"({1000 * row['cpu_answer_raw']:.1f} with polling), {row['cpu_join']:.2f} s per "
            f"join; polling {row['polling']:.2f} CPU s/s")


def write(args, rows: list[dict]) -> None:
    """The results as a markdown section: the whole file, or added to it (--append)."""
    table = ["| servers | students | answers stored (not acknowledged; pages not following) "
             "| teacher lag p95 / max s | follow p95 / max s | answer ack p95 s "
             "| server CPU ms / answer (raw with polling) | polling "
             "CPU s/s | server CPU s / join | joining took s | nginx CPU ms / answer | "
             "benchmark's own CPU s/s | load avg before / after |",
             "|---|---|---|---|---|---|---|---|---|---|---|---|---|"]
    table += [f"| {r['servers']} | {r['students']} | {r['stored']}"
              f"{'' if r['as_chosen'] else ' (NOT as chosen)'} ({r['no_ack']}; "
              f"{r['not_followed']}) | {r['lag_p95']:.2f} / "
              f"{r['lag_max']:.2f} | {r['follow_p95']:.2f} / {r['follow_max']:.2f} | "
              f"{r['ack_p95']:.2f} | {1000 * r['cpu_answer']:.1f} "
              f"({1000 * r['cpu_answer_raw']:.1f}) | {r['polling']:.2f} | "
              f"{r['cpu_join']:.2f} | {r['join_s']:.0f} | {1000 * r['nginx_cpu_answer']:.2f} "
              f"| {r['own_cpu']:.2f} | {r['load']} |" for r in rows]
    section = (f"## `python {shlex.join(sys.argv)}`\n\n{platform.machine()} "
               f"({os.cpu_count()} cores, shared with other work), Python "
               f"{platform.python_version()}, {time.strftime('%Y-%m-%d %H:%M')} UTC.\n\n"
               + "\n".join(table) + "\n")
    header = ("# A lecture hall: several app servers behind nginx\n\n"
              "`benchmarks/bench_lecture_hall.py` (see its docstring for what is measured). "
              "Goals (issue 39): every answer stored, teacher lag p95 <= 2 s, follow p95 "
              "<= 3 s.\n\n")
    args.out.write_text((args.earlier + "\n" if args.earlier else header) + section)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--students", type=int, default=300)
    parser.add_argument("--servers", type=int, default=2)
    parser.add_argument("--spread", type=float, default=10.0,
                        help="seconds over which the students answer each question")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--no-single", action="store_true",
                        help="skip the comparison with one server")
    parser.add_argument("--out", type=Path, default=ROOT / "benchmarks/results/lecture_hall.md")
    parser.add_argument("--append", action="store_true",
                        help="add this run's section to the file instead of replacing it")
    args = parser.parse_args()
    url = os.environ.get(POSTGRES_ENV)
    if not url:  # a throwaway PostgreSQL of its own, as CI's
        os.execvp("bash", ["bash", str(ROOT / ".ci/postgres"), sys.executable, *sys.argv])
    args.earlier = args.out.read_text() if args.append and args.out.exists() else ""
    rows = []
    for servers in [args.servers] + ([] if args.no_single or args.servers == 1 else [1]):
        rows.append(asyncio.run(one_hall(servers, args.students, args.spread, args.seed, url)))
        print(line(rows[-1]), flush=True)
        write(args, rows)


if __name__ == "__main__":
    main()
