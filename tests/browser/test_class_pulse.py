"""The class pulse's route on a real server (app_server.py, ui/class_pulse.py): a request
that shows an old signature is answered at once, one that shows the current one is held and
answered with the teacher's move; an unknown class is said at once, a malformed code refused.
A browserless student that does not poll follows the teacher through the pulse alone."""

import asyncio
import json
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor

import pytest

from benchmarks.streamlit_client import StreamlitSession
from classroom import ClassStore
from explorer.lesson_files import load_lesson
from ui.class_pulse import ENDED, HOLD_S
from ui.classroom import step_options
from ui.lesson_bar import URL_PATHS

LESSON = "why_adjust_for_chance"
TIMEOUT_S = 60


def pulse(url: str, code: str, seen: str) -> str:
    with urllib.request.urlopen(f"{url}/_clusterlab/class/{code}/pulse?seen={seen}",
                                timeout=HOLD_S + TIMEOUT_S) as response:
        assert response.headers["Cache-Control"] == "no-store"
        return json.loads(response.read())["signature"]


@pytest.fixture
def a_class():
    store = ClassStore()  # the server's database: the same environment decides it
    code, secret = store.start("lesson", LESSON, step_options(load_lesson(LESSON, URL_PATHS)))
    yield store, code, secret
    store.close(code, secret)


def test_a_held_request_is_answered_with_the_teacher_s_move(app_url, a_class):
    store, code, secret = a_class
    assert pulse(app_url, code, "") == "1-"
    with ThreadPoolExecutor(1) as thread:
        held = thread.submit(pulse, app_url, code, "1-")
        # Answered before the move would be answered with what the page shows: "1-".
        store.go_to(code, secret, 2)
        assert held.result() == "2-"
    store.go_to(code, secret, 1)
    store.reveal(code, secret)
    assert pulse(app_url, code, "2-") == "1r"


def test_an_unknown_class_is_said_at_once_and_a_malformed_code_refused(app_url):
    assert pulse(app_url, "AAAAAAAAAAA", "1-") == ENDED
    for code in ("a.b", "x" * 65, "%3Cb%3E"):
        with pytest.raises(urllib.error.HTTPError) as refused:
            pulse(app_url, code, "")
        assert refused.value.code == 404


async def follow(url: str, code: str, store: ClassStore, secret: str) -> tuple[int, int]:
    session = StreamlitSession(url, poll=False, pulse=True)
    try:
        await session.open("learn_chance", f"class={code}", timeout=TIMEOUT_S)
        store.go_to(code, secret, 2)
        await session.wait_for(lambda: session.find(
            "markdown", lambda d: "step 2 of" in d.proto.body) is not None, TIMEOUT_S)
        return session.pulsed, session.polls
    finally:
        await session.close()


def test_a_student_page_that_does_not_poll_follows_through_the_pulse(app_url, a_class):
    store, code, secret = a_class
    # Its own thread: Playwright's sync API keeps an event loop running in this one once
    # another browser test of this worker has started it.
    with ThreadPoolExecutor(1) as thread:
        pulsed, polls = thread.submit(
            asyncio.run, follow(app_url, code, store, secret)).result()
    assert (pulsed, polls) == (1, 0)
