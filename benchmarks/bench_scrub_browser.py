"""Scrub step and Step button to updated chart, in a real browser (issues 21 and 38).

Goals at n = 2,000 points: a scrub step or a press of a Step button redraws the chart in
p95 < 50 ms; neither costs the server CPU; the one-off sweep costs < 1 s of server CPU per
page; the page's payload with its frames is < 2 MB. For each scrubbed parameter:

- scrub step: the chart's plotly slider is dragged one step at a time with the mouse; each
  step is timed in the page from the mouse move (a capturing listener) to the first
  animation frame after plotly's ``plotly_animated``, or after ``clusterlab_framedrawn`` for a
  frame that ui/scrub.py draws without plotly's full redraw (the redraw has been painted);
- server CPU per scrub step: the server's CPU time (``/proc``) across the drag, per step;
- the one-off sweep: the server CPU of the page's first visit with cold caches minus that
  of a second visit (warm caches) at the same link;
- payload: bytes the page received on its websocket for one visit, and the chart's frames.

For a step-through (`STEP_CASES`), the same with its Step button (ui/scrub.py's step
buttons) pressed instead of the drag: each press timed from the click (a capturing listener)
to the painted frame, one press after the other frame is painted (so within the 0.6 s pause
that sends the step), forward to the last step and back.

The old path, the parameter's Streamlit widget, is no longer drawn (issue 38 point 2: it
only carries the value to the URL); its times are in the earlier sections of
``benchmarks/results/scrub_browser.md``.

A drag of the dendrogram's cut line (ui/drag.py; case ``hc_dendrogram:cut`` of ``--only``)
is measured apart: each of ``--drags`` drags moves the line in small mouse moves, timed
from the move to the first animation frame after it (plotly moves the line in the
browser), counts the websocket messages the page sent while the button was down (the goal:
none), and times the release to the first animation frame after the server's new figure
(Streamlit draws it in a new element), with the server's CPU per drag.

Run by hand from the repository root:

    python benchmarks/bench_scrub_browser.py [--steps 30] [--drags 10]

Writes ``benchmarks/results/scrub_browser.md`` (or ``--out``). Needs Debian's chromium.
"""

import argparse
import os
import statistics
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from playwright.sync_api import sync_playwright
from scipy.cluster.hierarchy import linkage

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.bench_load import cpu_seconds, start_server  # noqa: E402
from benchmarks.bench_slider_browser import p95  # noqa: E402
from datasets import DATASETS, load  # noqa: E402
from tests.browser.conftest import CHROMIUM_ARGS, find_chromium  # noqa: E402
from tests.browser.pageutils import wait_until_idle  # noqa: E402

GOAL_STEP_S = 0.050
GOAL_SWEEP_S = 1.0
GOAL_PAYLOAD_MB = 2.0
WARMUP = 2
# (page and link, chart key, plotly slider name)
CASES = [
    ("explore_dbscan?db_n=2000&db_eps=0.1", "db_scatter", "eps"),
    ("explore_dbscan?db_n=2000&db_eps=0.1", "db_scatter", "min_samples"),
    ("explore_hierarchical?hc_n=2000&hc_k=2", "hc_scatter", "K"),
    ("explore_kmeans?km_n=2000&km_k=2", "km_k_scatter", "K"),
    ("explore_fuzzy?fc_n=2000&fc_m=1.5", "fc_scatter", "m"),
    ("explore_density_peaks?dp_n=2000&dp_k=1", "dp_graph", "K"),
    ("explore_density_peaks?dp_n=2000&dp_mode=thresholds+%CF%81_min%2C+%CE%B4_min",
     "dp_thresholds", "δ_min share"),
    ("explore_density_peaks?dp_n=2000&dp_mode=thresholds+%CF%81_min%2C+%CE%B4_min",
     "dp_thresholds", "ρ_min share"),
    ("measure_truth?mt_n=2000&mt_dataset=Blobs&mt_algorithm=kmeans&mt_k=2", "mt_pair", "K"),
    ("measure_truth?mt_n=2000&mt_dataset=Moons&mt_algorithm=dbscan", "mt_scatter_noise",
     "noise"),
    ("experiments_vinh2009?vinh_n=1000&vinh_draws=100", "vinh_chart", "K"),
    # A step-through's slider dragged: the same chart as its Step button's row.
    ("explore_fuzzy?fc_n=2000&fc_step=0", "fc_rounds", "round"),
]
# Step-throughs whose Step button is timed: (page and link, chart key, plotly slider name)
STEP_CASES = [
    ("explore_fuzzy?fc_n=2000&fc_step=0", "fc_rounds", "round"),
]

# The cut line's drag: ward linkage spreads the top merges, so that each drop changes K.
DRAG_PATH = "explore_hierarchical?hc_n=2000&hc_k=2&hc_link=ward"
DRAG_CASE = "hc_dendrogram:cut"
DRAG_MOVES = 12
# Drops alternate between the cuts leaving these numbers of clusters.
DRAG_KS = (6, 3)

# Times each step in the page; run again after a rerun that drew the chart anew (a press
# more than 0.6 s after the last one sends the step): the listeners go on the new chart.
ARM = """([key, name]) => {
  const gd = document.querySelector(".st-key-" + key + " .js-plotly-plot");
  if (!window.__scrub) {
    window.__scrub = {start: null, times: []};
    window.addEventListener("mousemove", (e) => {
      if (e.buttons) window.__scrub.start = performance.now();
    }, {capture: true});
    // A press of a step button (the listener runs before the button's own).
    window.addEventListener("click", (e) => {
      if (e.target.closest && e.target.closest(".clusterlab-steps button")) {
        window.__scrub.start = performance.now();
      }
    }, {capture: true});
  }
  if (gd.__benchArmed) return;
  gd.__benchArmed = true;
  const drawn = () => {
    const start = window.__scrub.start;
    if (start === null) return;
    window.__scrub.start = null;
    requestAnimationFrame(() => window.__scrub.times.push(performance.now() - start));
  };
  gd.on("plotly_animated", drawn);
  gd.on("clusterlab_framedrawn", drawn);
}"""


def scrub_steps(page, key: str, name: str, steps: int) -> tuple[list[float], int]:
    """Drag the chart's slider ``name`` step by step from its start; seconds from each mouse
    move that changed the step to the painted redraw, and the mouse moves made."""
    slider = f"""document.querySelector(".st-key-{key} .js-plotly-plot").layout.sliders
        .findIndex(s => s.name === "{name}")"""
    index = page.evaluate(f"() => {slider}")
    rail = page.locator(f".st-key-{key} .slider-rail-touch-rect").nth(index)
    rail.scroll_into_view_if_needed()
    box = rail.bounding_box()
    n_steps = page.evaluate(f"""() => document.querySelector(".st-key-{key} .js-plotly-plot")
        .layout.sliders[{index}].steps.length""")
    y = box["y"] + box["height"] / 2
    # Two steps a move: the grip's own margins make the rail's ends map a little off.
    stride = max(2, (n_steps - 1) // (steps + 1))

    def at(i: int) -> float:
        return box["x"] + (i * stride + 0.5) / n_steps * box["width"]

    active = f"""() => document.querySelector(".st-key-{key} .js-plotly-plot")
        .layout.sliders[{index}].active"""
    page.mouse.move(at(0), y)
    page.mouse.down()
    moved = 0
    for i in range(1, steps + 1):
        before = page.evaluate(active)
        page.mouse.move(at(i), y)
        if page.evaluate(active) == before:  # landed on the same step: nothing to redraw
            continue
        moved += 1
        page.wait_for_function("n => window.__scrub.times.length >= n", arg=moved,
                               timeout=60_000)
    times = page.evaluate("window.__scrub.times")
    page.mouse.up()
    return [t / 1000 for t in times[WARMUP:]], steps


DRAG_ARM = """() => {
  const chart = () => document.querySelector(".st-key-hc_dendrogram .js-plotly-plot");
  window.__drag = {follow: [], drawn: []};
  // Capturing: before plotly's own handlers move the line (in the same task).
  window.addEventListener("mousemove", (e) => {
    if (!e.buttons) return;
    const start = performance.now();
    requestAnimationFrame(() => window.__drag.follow.push(performance.now() - start));
  }, {capture: true});
  // Streamlit draws the server's new figure in a new element: the first frame in which it
  // holds a drawn cut line.
  window.addEventListener("mouseup", () => {
    const start = performance.now(), old = chart();
    const look = () => {
      const gd = chart();
      if (gd && gd !== old && gd._fullLayout && gd.querySelector(".shapelayer path")) {
        window.__drag.drawn.push(performance.now() - start);
      } else {
        requestAnimationFrame(look);
      }
    };
    requestAnimationFrame(look);
  }, {capture: true});
}"""
# Page coordinates of height h on the dendrogram's y axis, half-way across.
DRAG_AT = """h => {
  const gd = document.querySelector(".st-key-hc_dendrogram .js-plotly-plot");
  const xa = gd._fullLayout.xaxis, ya = gd._fullLayout.yaxis;
  const box = gd.getBoundingClientRect();
  const shape = gd.layout.shapes.find(s => s.name === "cut");
  const y = h === null ? shape.y0 : h;
  return [box.left + xa._offset + xa._length / 2, box.top + ya._offset + ya.l2p(y)];
}"""


def cut_drags(page, drags: int, pid: int) -> dict:
    """Drag the dendrogram's cut line ``drags`` times (see the module's docstring)."""
    # The page's data (its default moons at its default seed), for heights between merges.
    data = load("moons", n_samples=2000, random_state=0, noise=DATASETS["moons"].default_noise)
    Z = linkage(data.X[:, :2], method="ward")
    targets = [(Z[-k, 2] + Z[-k + 1, 2]) / 2 for k in DRAG_KS]
    sent = []
    page.on("websocket", lambda ws: ws.on("framesent", lambda f: sent.append(len(f))))
    page.locator(".st-key-hc_dendrogram").scroll_into_view_if_needed()
    page.evaluate(DRAG_ARM)
    during, cpu = 0, 0.0
    for drag in range(WARMUP + drags):
        wait_until_idle(page)
        x, y = page.evaluate(DRAG_AT, None)
        _, end = page.evaluate(DRAG_AT, targets[drag % 2])
        before, first = cpu_seconds(pid), len(sent)
        page.mouse.move(x, y)
        page.mouse.down()
        for i in range(1, DRAG_MOVES + 1):
            page.mouse.move(x, y + (end - y) * i / DRAG_MOVES)
            page.wait_for_function("n => window.__drag.follow.length >= n",
                                   arg=drag * DRAG_MOVES + i, timeout=60_000)
        if drag >= WARMUP:
            during += len(sent) - first
        page.mouse.up()
        page.wait_for_function("n => window.__drag.drawn.length >= n", arg=drag + 1,
                               timeout=120_000)
        wait_until_idle(page)
        if drag >= WARMUP:
            cpu += cpu_seconds(pid) - before
    follow = [t / 1000 for t in page.evaluate("window.__drag.follow")[WARMUP * DRAG_MOVES:]]
    drawn = [t / 1000 for t in page.evaluate("window.__drag.drawn")[WARMUP:]]
    return dict(drags=drags, sent=during, follow_median=statistics.median(follow),
                follow_p95=p95(follow), release_median=statistics.median(drawn),
                release_p95=p95(drawn), release_max=max(drawn), cpu=cpu / drags)


def step_presses(page, key: str, name: str, presses: int) -> tuple[list[float], int, int]:
    """Press the step-through's Step button to its last step, then Step back, ``presses``
    times in all, each once the frame before is painted; seconds from each press to the
    painted frame, the presses made, and those whose frame was not seen within 10 s (the
    chart drawn anew by a rerun meanwhile, on a loaded machine)."""
    buttons = page.locator(f".st-key-{key}_{name}_scrub")
    buttons.scroll_into_view_if_needed()
    active = f"""() => document.querySelector(".st-key-{key} .js-plotly-plot").layout.sliders
        .find(s => s.name === "{name}").active"""
    last = page.evaluate(f"""() => document.querySelector(".st-key-{key} .js-plotly-plot")
        .layout.sliders.find(s => s.name === "{name}").steps.length""") - 1
    forward, lost = True, 0
    for _ in range(presses):
        page.evaluate(ARM, [key, name])
        seen = page.evaluate("window.__scrub.times.length")
        now = page.evaluate(active)
        forward = (forward and now < last) or now == 0
        buttons.get_by_role("button", name="Step" if forward else "Step back",
                            exact=True).click()
        try:
            page.wait_for_function("n => window.__scrub.times.length > n", arg=seen,
                                   timeout=10_000)
        except PlaywrightTimeoutError:
            lost += 1
    times = page.evaluate("window.__scrub.times")
    return [t / 1000 for t in times[WARMUP:]], presses, lost


def visit(page, url: str, path: str, pid: int) -> tuple[float, int]:
    """Server CPU seconds and websocket bytes received for one visit of ``path``."""
    received = []
    page.on("websocket", lambda ws: ws.on("framereceived", lambda f: received.append(len(f))))
    before = cpu_seconds(pid)
    page.goto(f"{url}/{path}")
    page.wait_for_selector(".js-plotly-plot .slider-rail-touch-rect", timeout=120_000)
    wait_until_idle(page)
    return cpu_seconds(pid) - before, sum(received)


def measure(browser, url: str, pid: int, path: str, key: str, name: str, steps: int,
            pressed: bool) -> dict:
    """One row: the cold and warm visits of ``path``, then ``steps`` scrub steps of the
    slider ``name`` (or presses of its Step button if ``pressed``)."""
    cold_page = browser.new_context(viewport={"width": 1280, "height": 1000}).new_page()
    cold_cpu, payload = visit(cold_page, url, path, pid)
    cold_page.context.close()
    page = browser.new_context(viewport={"width": 1280, "height": 1000}).new_page()
    warm_cpu, _ = visit(page, url, path, pid)
    frames_bytes = page.evaluate(f"""() => JSON.stringify(document.querySelector(
        ".st-key-{key} .js-plotly-plot")._transitionData._frames).length""")
    page.evaluate(ARM, [key, name])
    before = cpu_seconds(pid)
    if pressed:
        times, made, lost = step_presses(page, key, name, steps)
    else:
        (times, made), lost = scrub_steps(page, key, name, steps), 0
    cpu = (cpu_seconds(pid) - before) / made
    wait_until_idle(page)
    page.context.close()
    label = f"{name} (Step button{f', {lost} of {made} frames not seen' if lost else ''})"
    return dict(path=path, name=label if pressed else name,
                median=statistics.median(times), p95=p95(times), max=max(times), cpu=cpu,
                sweep=cold_cpu - warm_cpu, cold=cold_cpu, warm=warm_cpu,
                payload=payload / 1e6, frames=frames_bytes / 1e6)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--steps", type=int, default=30)
    parser.add_argument("--drags", type=int, default=10,
                        help="Drags of the dendrogram's cut line (case hc_dendrogram:cut).")
    parser.add_argument("--only", nargs="*", metavar="CHART:SLIDER",
                        help="Measure only these cases, e.g. db_scatter:min_samples or "
                             "km_chart:step (its Step button).")
    parser.add_argument("--out", type=Path, default=ROOT / "benchmarks/results/scrub_browser.md")
    args = parser.parse_args()
    cases = [(*c, False) for c in CASES] + [(*c, True) for c in STEP_CASES]
    cases = [c for c in cases if not args.only or f"{c[1]}:{c[2]}" in args.only]
    chromium = find_chromium()
    if chromium is None:
        raise SystemExit("Debian chromium not found: apt-get install -y chromium")
    load_before = os.getloadavg()[0]
    log = Path(tempfile.gettempdir()) / "clusterlab-scrub-server.log"
    server, url = start_server(log)
    rows = []
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=chromium, headless=True,
                                                 args=CHROMIUM_ARGS)
            # Imports and Streamlit's own first-visit work are not the sweep's.
            warm = browser.new_context(viewport={"width": 1280, "height": 1000}).new_page()
            warm.goto(url)
            wait_until_idle(warm)
            warm.context.close()
            for path, key, name, pressed in cases:
                rows.append(measure(browser, url, server.pid, path, key, name, args.steps,
                                    pressed))
                print(rows[-1], flush=True)
            drag = None
            if not args.only or DRAG_CASE in args.only:
                page = browser.new_context(viewport={"width": 1280, "height": 1000}).new_page()
                visit(page, url, DRAG_PATH, server.pid)
                drag = cut_drags(page, args.drags, server.pid)
                page.context.close()
                print(drag, flush=True)
            browser.close()
    finally:
        server.terminate()
        server.wait(timeout=30)
    only = f" --only {' '.join(args.only)}" if args.only else ""
    lines = [
        "# Scrub step and Step button to updated chart, in the browser", "",
        f"`python benchmarks/bench_scrub_browser.py --steps {args.steps} --drags {args.drags}"
        f"{only}`, 1280x1000, "
        f"Debian chromium headless, n = 2,000 points, {WARMUP} warm-up steps not counted. "
        f"Machine load average (1 min) {load_before:.1f} before the run, "
        f"{os.getloadavg()[0]:.1f} after, on {os.cpu_count()} cores (shared with other "
        "work: the times include waiting for the CPU).", "",
        f"Goals: scrub step or Step press p95 < {GOAL_STEP_S * 1000:.0f} ms, server CPU per "
        f"step 0, one-off sweep < {GOAL_SWEEP_S} s of server CPU per page, payload < "
        f"{GOAL_PAYLOAD_MB} MB. The sweep's CPU is the cold visit's minus the warm visit's.",
        "",
        "| page and link | parameter | step median (ms) | step p95 (ms) | step max (ms) "
        "| server CPU per step (s) | sweep CPU (s) | cold / warm visit CPU (s) "
        "| payload (MB) | of which frames (MB) |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    lines += [
        f"| `{r['path']}` | {r['name']} | {r['median'] * 1e3:.0f} | {r['p95'] * 1e3:.0f} "
        f"| {r['max'] * 1e3:.0f} | {r['cpu']:.3f} | {r['sweep']:.2f} "
        f"| {r['cold']:.2f} / {r['warm']:.2f} | {r['payload']:.2f} | {r['frames']:.2f} |"
        for r in rows
    ]
    if drag is not None:
        lines += [
            "", f"Drag of the dendrogram's cut line, `{DRAG_PATH}`, {drag['drags']} drags of "
            f"{DRAG_MOVES} mouse moves after {WARMUP} warm-up drags, each dropped where "
            f"{' or '.join(map(str, DRAG_KS))} clusters are left:", "",
            "| websocket messages during the drags | move to painted line median (ms) "
            "| move to painted line p95 (ms) | release to painted new figure median (ms) "
            "| release p95 (ms) | release max (ms) | server CPU per drag (s) |",
            "|---|---|---|---|---|---|---|",
            f"| {drag['sent']} | {drag['follow_median'] * 1e3:.0f} "
            f"| {drag['follow_p95'] * 1e3:.0f} | {drag['release_median'] * 1e3:.0f} "
            f"| {drag['release_p95'] * 1e3:.0f} | {drag['release_max'] * 1e3:.0f} "
            f"| {drag['cpu']:.3f} |",
        ]
    args.out.write_text("\n".join(lines) + "\n")
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
