"""ui/web/live_guard.js, run by node on a simulated clock: a class page asks for a run once its
live part has not beaten for the limit, doubles the wait after each ask, and starts over when
beats come back (ui/live_guard.py)."""

import json
import subprocess

from tests.ui.node import node_path
from ui import web

LIMIT_MS, CHECK_MS = 16_000, 1_000
# A node program: the guard's module with a fake clock, window and timer; it beats at the
# given times and prints the times at which the guard asked for a run.
HARNESS = """
const [path, limit, check, beats, end] = JSON.parse(process.argv[1]);
let now = 0, tick = null;
Date.now = () => now;
globalThis.window = {};
globalThis.setInterval = (callback, ms) => { tick = [callback, ms]; return 1; };
globalThis.clearInterval = () => {};
const guard = (await import(path)).default;
const asks = [];
guard({data: {limit_ms: limit, check_ms: check}, parentElement: {},
       setTriggerValue: (name, value) => asks.push([name, value])});
for (now = tick[1]; now <= end; now += tick[1]) {
  if (beats.includes(now)) window.__clusterlabLiveBeat = now;
  tick[0]();
}
console.log(JSON.stringify(asks));
"""


def _asks(beats: list[int], end: int) -> list[int]:
    path = (web.FOLDER / "live_guard.js").as_uri()
    arguments = json.dumps([path, LIMIT_MS, CHECK_MS, beats, end])
    result = subprocess.run(
        [node_path(), "--input-type=module", "-e", HARNESS, arguments], capture_output=True,
        text=True, timeout=60, check=True)
    asks = json.loads(result.stdout)
    assert {name for name, _ in asks} <= {"stale"}
    return [at for _, at in asks]


def test_a_page_that_beats_is_never_asked_to_run():
    assert _asks(list(range(2_000, 120_001, 2_000)), 120_000) == []


def test_a_silent_page_is_asked_at_the_limit_then_at_doubling_waits():
    # 16 s, then 32 s and 64 s after each ask.
    assert _asks([], 120_000) == [16_000, 48_000, 112_000]


def test_beats_coming_back_start_the_wait_over():
    # Asked at 16 s; it beats at 20 s, then falls silent: asked again 16 s after that beat.
    assert _asks([20_000], 40_000) == [16_000, 36_000]
