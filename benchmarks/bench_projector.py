"""The projector's browser in a class: is it free to take the teacher's presses? (issue 36)

A class's projector is the teacher's page in presenter mode, its charts stretched to the
window, its live part run twice a second. On a loaded machine its renderer was seen busy for
16 s drawing a chart ("Too many auto-margin redraws" from plotly), the server closed its
websocket meanwhile, and the teacher's press of Previous was dropped
(benchmarks/results/projector.md). This opens the teacher's page of a class at each asked
step of a lesson in chromium (1280x720, presenter mode), and the same step's page alone
(its link, presenter mode, no class) as the reference, and counts over ``--seconds``:
plotly's auto-margin warnings, and the renderer's long tasks (the browser's
PerformanceObserver: tasks over 50 ms; their number, total and longest). Run by hand from
the repository root:

    python benchmarks/bench_projector.py [--lesson density_based_clustering] [--steps 4 5]

Needs Debian's chromium (as the browser tests do). Prints a markdown table; the load average
before and after goes with it, since the renderer's times are the machine's.
"""

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from classroom import ClassStore  # noqa: E402
from classroom.database import SQLITE_FILE  # noqa: E402
from explorer.lesson_files import load_lesson  # noqa: E402
from tests.browser.conftest import CHROMIUM_ARGS, find_chromium, streamlit_server  # noqa: E402
from ui.classroom import step_options  # noqa: E402
from ui.lesson_bar import URL_PATHS  # noqa: E402
from ui.links import share_url  # noqa: E402

PROJECTOR = {"width": 1280, "height": 720}
# Installed before the page's own scripts: every long task of the renderer from the start.
WATCH = """window.__longTasks = [];
new PerformanceObserver(list => { for (const task of list.getEntries())
  window.__longTasks.push(task.duration); }).observe({type: "longtask", buffered: true});"""
LONG_TASKS = "() => window.__longTasks"
WARNING = "Too many auto-margin redraws"


def watch(browser, url: str, seconds: float) -> dict:
    """Open ``url`` at the projector's size and watch it for ``seconds``."""
    context = browser.new_context(viewport=PROJECTOR)
    page = context.new_page()
    page.add_init_script(WATCH)
    warnings: list[str] = []
    page.on("console", lambda message: warnings.append(message.text)
            if WARNING in message.text else None)
    page.goto(url, timeout=120_000)
    page.wait_for_selector(".js-plotly-plot", timeout=120_000)
    time.sleep(seconds)
    tasks = page.evaluate(LONG_TASKS)
    context.close()
    return {"warnings": len(warnings), "tasks": len(tasks), "total": sum(tasks) / 1000,
            "longest": max(tasks, default=0) / 1000}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lesson", default="density_based_clustering")
    parser.add_argument("--steps", type=int, nargs="+", default=[4, 5])
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--repeat", type=int, default=2)
    args = parser.parse_args()
    lesson = load_lesson(args.lesson, URL_PATHS)
    folder = Path(tempfile.mkdtemp(prefix="bench_projector_"))
    folder.chmod(0o700)
    env = {"CLUSTERLAB_DATA_DIR": str(folder), "CLUSTERLAB_DATABASE_URL": ""}
    print(f"load average before: {os.getloadavg()[0]:.1f}")
    rows = []
    with streamlit_server(folder / "server.log", env=env) as url, sync_playwright() as play:
        store = ClassStore(f"sqlite:///{folder / SQLITE_FILE}")
        browser = play.chromium.launch(executable_path=find_chromium(), args=CHROMIUM_ARGS)
        for step in args.steps:
            page = lesson.steps[step - 1].page
            alone = share_url(f"{url}/{page}", {**lesson.steps[step - 1].params,
                                                 "present": "true"})
            for _ in range(args.repeat):
                code, secret = store.start("lesson", args.lesson, step_options(lesson))
                store.go_to(code, secret, step)
                views = {"class's projector": f"{url}/?class={code}&teach={secret}&present=true",
                         "page alone": alone}
                for view, link in views.items():
                    rows.append((step, page, view, watch(browser, link, args.seconds)))
                store.close(code, secret)
        browser.close()
    print(f"load average after: {os.getloadavg()[0]:.1f}\n")
    print("| step | page | view | auto-margin warnings | long tasks | their total (s) "
          "| longest (s) |")
    print("|---|---|---|---|---|---|---|")
    for step, page, view, seen in rows:
        print(f"| {step} | {page} | {view} | {seen['warnings']} | {seen['tasks']} "
              f"| {seen['total']:.1f} | {seen['longest']:.1f} |")


if __name__ == "__main__":
    main()
