"""The benchmarks' browserless student (benchmarks/streamlit_client.py) against the shared
``streamlit run``: it joins a class, reads the question, answers, and the answer is stored;
it takes bench_load's four steps, and its slider move makes the server redraw with the new
value. No chromium: it speaks Streamlit's websocket protocol itself."""

import asyncio
import base64
import json
from concurrent.futures import ThreadPoolExecutor

import numpy as np

from benchmarks.bench_load import LightStudent
from benchmarks.streamlit_client import StreamlitSession
from classroom import ClassStore
from explorer.lesson_files import load_lesson
from ui.lesson_bar import URL_PATHS

LESSON = "why_adjust_for_chance"
TIMEOUT_S = 60


async def join_and_answer(url: str, code: str, letter: str) -> tuple[str, list[str], str]:
    session = StreamlitSession(url, poll=False)
    try:
        await session.open("learn_chance", f"class={code}", timeout=TIMEOUT_S)
        bar = session.find("markdown", lambda d: "step 1 of" in d.proto.body)
        radio = session.find("radio", lambda d: d.proto.id.endswith("-class_choice_1"))
        option, = (o for o in radio.proto.options if o.startswith(f"{letter}. "))
        await session.choose(radio, option)
        await session.wait_idle(TIMEOUT_S)
        await session.click(session.find("button", lambda d: d.proto.label == "Answer"))
        await session.wait_for(lambda: session.find(
            "markdown", lambda d: d.proto.body.startswith("Your answer:")) is not None,
            TIMEOUT_S)
        acknowledged = session.find("markdown", lambda d: d.proto.body.startswith("Your"))
        return bar.proto.body, list(radio.proto.options), acknowledged.proto.body
    finally:
        await session.close()


def test_a_browserless_student_joins_a_class_and_its_answer_is_stored(app_url):
    lesson = load_lesson(LESSON, URL_PATHS)
    question = lesson.steps[0].question
    store = ClassStore()  # the server's database: the same environment decides it
    code, secret = store.start("lesson", LESSON, [
        len(step.question.options) if step.question else 0 for step in lesson.steps])
    try:
        # Its own thread: Playwright's sync API keeps an event loop running in this one once
        # another browser test of this worker has started it.
        with ThreadPoolExecutor(1) as thread:
            bar, options, acknowledged = thread.submit(
                asyncio.run, join_and_answer(app_url, code, "C")).result()
        assert bar.startswith(f"**{lesson.title}** · step 1 of {len(lesson.steps)}")
        assert [o[:3] for o in options] == ["A. ", "B. ", "C. ", "D. "][:len(question.options)]
        assert acknowledged.startswith(f"Your answer: {options[2]}.")
        assert store.tally(code, 1) == tuple(int(i == 2) for i in range(len(question.options)))
    finally:
        store.close(code, secret)


def points(chart) -> int:
    """Points in a drawn plotly chart (plotly sends numbers as base64 typed arrays)."""
    traces = json.loads(chart.proto.spec)["data"]
    return sum(np.frombuffer(base64.b64decode(t["x"]["bdata"]), dtype=t["x"]["dtype"]).size
               if isinstance(t["x"], dict) else len(t["x"]) for t in traces)


async def load_steps_then_rerun(url: str) -> tuple[list, list[float], list[int], list]:
    student = LightStudent(url, TIMEOUT_S)
    try:
        results = [await student.act(step) for step in range(3)]
        session = student.session
        slider = session.find("slider", lambda d: d.proto.label == "Points")
        before = [slider.proto.default[0], slider.proto.step]
        results.append(await student.act(3))
        moved = [points(d) for d in session.drawn.values() if d.kind == "plotly_chart"]
        # Nothing changed: the server sends the charts as references to the copies held.
        seen = session.messages
        await session.rerun()
        await session.wait_idle(TIMEOUT_S)
        again = [(points(d), d.number > seen) for d in session.drawn.values()
                 if d.kind == "plotly_chart"]
        return results, before, moved, again
    finally:
        await student.close()


def test_a_browserless_student_takes_the_load_benchmarks_steps_and_moves_a_slider(app_url):
    with ThreadPoolExecutor(1) as thread:  # its own event loop, as above
        results, (default, step), moved, again = thread.submit(
            asyncio.run, load_steps_then_rerun(app_url)).result()
    assert [type(r) for r in results] == [float] * 4, results  # no timeout or exception
    # Explore's two charts (clusters found, true classes) show one step more points.
    assert moved == [default + step] * 2
    assert again == [(default + step, True)] * 2
