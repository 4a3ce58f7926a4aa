"""The class pulse (ui/class_pulse.py): one reader a class answers every page waiting on it
when the class changes; its signature follows the store (a real SQLite store); and
ui/web/class_pulse.js, run by node with a fake fetch, asks for one run a change."""

import asyncio
import json
import subprocess
from concurrent.futures import ThreadPoolExecutor

import pytest

from classroom import ClassError, ClassStore, StoreUnavailable
from tests.ui.node import node_path
from ui import web
from ui.class_pulse import AWAY, ENDED, ClassWatch, read_signature

EVERY_S = 0.005


def run(coroutine):
    """``asyncio.run`` in a thread of its own: Playwright's sync API keeps an event loop
    running in this one once a browser test of this test worker has started it."""
    with ThreadPoolExecutor(1) as thread:
        return thread.submit(asyncio.run, coroutine).result()


class Class:
    """A class whose signature the test sets; counts the reads."""

    def __init__(self, now: str) -> None:
        self.now, self.reads = now, 0

    def read(self, code: str) -> str:
        self.reads += 1
        if self.now == "fault":
            raise RuntimeError("a reader's own bug")
        return self.now


def test_a_page_that_shows_an_old_signature_is_answered_at_once():
    watch = ClassWatch(Class("2-").read, EVERY_S)
    assert run(watch.changed("c", "1-", hold_s=30.0)) == "2-"


def test_every_waiting_page_gets_the_change_from_one_reader():
    a_class = Class("1-")

    async def scene():
        watch = ClassWatch(a_class.read, EVERY_S)
        waiting = [asyncio.create_task(watch.changed("c", "1-", hold_s=30.0))
                   for _ in range(200)]
        await asyncio.sleep(20 * EVERY_S)
        assert not any(task.done() for task in waiting)
        a_class.now = "2r"
        return await asyncio.gather(*waiting), watch

    answers, watch = run(scene())
    assert answers == ["2r"] * 200
    # One reader for the 200 pages: its reads are those of the time waited, not 200 a tick.
    assert a_class.reads == watch.reads < 200


def test_with_no_change_the_page_gets_what_it_shows_after_the_hold():
    assert run(ClassWatch(Class("1-").read, EVERY_S).changed("c", "1-", 0.05)) == "1-"


def test_an_unknown_class_is_said_at_once_and_its_reader_stops():
    a_class = Class(ENDED)

    async def scene():
        watch = ClassWatch(a_class.read, EVERY_S)
        said = await watch.changed("nope", "1-", hold_s=30.0)
        reads = a_class.reads
        await asyncio.sleep(20 * EVERY_S)
        return said, reads, watch.classes

    said, reads, held = run(scene())
    assert said == ENDED
    assert a_class.reads == reads == 1
    assert held == 0


def answered(a_class: Class, codes: list[str], seen: str, then=None) -> tuple[list, int]:
    """Pages of the classes ``codes`` wait on ``a_class`` showing ``seen``; ``then()``, if
    given, changes the class once they all wait. What each page is answered, and how many
    classes the watch still holds afterwards."""
    async def scene():
        watch = ClassWatch(a_class.read, EVERY_S)
        waiting = [asyncio.create_task(watch.changed(code, seen, hold_s=30.0))
                   for code in codes]
        await asyncio.sleep(10 * EVERY_S)
        if then is not None:
            then()
        said = await asyncio.gather(*waiting)
        await asyncio.sleep(5 * EVERY_S)
        return said, watch.classes

    return run(scene())


def test_pages_waiting_on_a_class_that_ends_are_told_so():
    a_class = Class("3-")

    def close() -> None:
        a_class.now = ENDED

    assert answered(a_class, ["c"] * 20, "3-", close) == ([ENDED] * 20, 0)


def test_requests_for_codes_of_no_class_leave_nothing_behind():
    codes = [f"code{i}" for i in range(300)]
    assert answered(Class(ENDED), codes, "1-") == ([ENDED] * 300, 0)


def test_a_reader_stops_when_no_page_waits_and_a_new_page_gets_a_fresh_read():
    a_class = Class("1-")

    async def scene():
        watch = ClassWatch(a_class.read, EVERY_S)
        assert await watch.changed("c", "1-", hold_s=0.02) == "1-"
        await asyncio.sleep(10 * EVERY_S)  # the reader's last tick sees no one waiting
        reads = a_class.reads
        await asyncio.sleep(20 * EVERY_S)
        assert a_class.reads == reads
        assert watch.classes == 0
        a_class.now = "3-"
        return await watch.changed("c", "1-", hold_s=30.0)

    assert run(scene()) == "3-"


def test_a_fault_of_the_reader_is_said_as_the_database_away(caplog):
    watch = ClassWatch(Class("fault").read, EVERY_S)
    assert run(watch.changed("c", "1-", hold_s=30.0)) == AWAY
    assert "could not read a class" in caplog.text


@pytest.fixture
def store(tmp_path, monkeypatch):
    monkeypatch.setenv("CLUSTERLAB_DATA_DIR", str(tmp_path))
    monkeypatch.delenv("CLUSTERLAB_DATABASE_URL", raising=False)
    return ClassStore()


def test_the_signature_follows_the_store(store):
    code, secret = store.start("lesson", "why_adjust_for_chance", [4, 0])
    seen = [read_signature(store.state, code)]
    store.go_to(code, secret, 2)
    seen.append(read_signature(store.state, code))
    store.lock(code, secret, True)
    seen.append(read_signature(store.state, code))
    store.go_to(code, secret, 1)
    store.reveal(code, secret)
    seen.append(read_signature(store.state, code))
    store.close(code, secret)
    seen.append(read_signature(store.state, code))
    assert seen == ["1-", "2-", "2-l", "1rl", ENDED]


def test_a_database_away_and_a_refusal_are_told_apart():
    def away(code):
        raise StoreUnavailable("The class database cannot be reached.")

    def refused(code):
        raise ClassError("This class has ended.")

    assert (read_signature(away, "c"), read_signature(refused, "c")) == (AWAY, ENDED)


# A node program: the pulse's module with a fake fetch that answers at once from a script (a
# signature, or "fail"), then holds its last request until the pulse is stopped, and a fake
# clock whose waits end at once; it prints the triggers asked for, the "seen" of each
# request and the waits.
HARNESS = """
const [path, seen, answers] = JSON.parse(process.argv[1]);
globalThis.document = {baseURI: "http://class.example/learn_chance?class=abc"};
const asked = [], triggers = [], waits = [];
globalThis.setTimeout = (resolve, ms) => { waits.push(ms); resolve(); };
let stopped = null;
globalThis.fetch = async (url, {signal}) => {
  asked.push([String(url).split("?")[0], new URL(url).searchParams.get("seen")]);
  const answer = answers.shift();
  if (answer === undefined) {
    await new Promise((resolve) => signal.addEventListener("abort", resolve));
    throw new Error("aborted");
  }
  if (answer === "fail") return {ok: false, status: 502};
  return {ok: true, json: async () => ({signature: answer})};
};
const pulse = (await import(path)).default;
const stop = pulse({data: {path: "_clusterlab/class/abc/pulse", seen}, parentElement: {},
                    setTriggerValue: (name, value) => triggers.push([name, value])});
for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
stop();
console.log(JSON.stringify({asked, triggers, waits}));
"""


def _pulse_js(seen: str, answers: list[str]) -> dict:
    arguments = json.dumps([(web.FOLDER / "class_pulse.js").as_uri(), seen, answers])
    result = subprocess.run(
        [node_path(), "--input-type=module", "-e", HARNESS, arguments], capture_output=True,
        text=True, timeout=60, check=True)
    return json.loads(result.stdout)


def test_the_page_s_script_asks_one_run_a_change_and_waits_again():
    shown = _pulse_js("1-", ["1-", "2-", "2-", "3r"])
    assert shown["triggers"] == [["moved", "2-"], ["moved", "3r"]]
    urls = {url for url, _ in shown["asked"]}
    assert urls == {"http://class.example/_clusterlab/class/abc/pulse"}
    # Each request says what the page last learned; the last one waits until stopped.
    assert [seen for _, seen in shown["asked"]] == ["1-", "1-", "2-", "2-", "3r"]
    # An answer of no change that comes at once (a server that does not hold) is not asked
    # again at once: a page must not hammer the server.
    assert shown["waits"] == [1000, 1000]


def test_the_page_s_script_asks_again_after_a_failed_request():
    shown = _pulse_js("1-", ["fail", "fail", "2-"])
    assert shown["triggers"] == [["moved", "2-"]]
    assert [seen for _, seen in shown["asked"]] == ["1-", "1-", "1-", "2-"]
    assert shown["waits"] == [1000, 2000]  # longer after each failure
