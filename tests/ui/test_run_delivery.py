"""ui.run_delivery: a request that finds the session's runner stopped waits until the
messages that runner had queued are handled; any other request goes through at once."""

import asyncio
import inspect
from types import SimpleNamespace

import pytest
from streamlit.runtime.app_session import AppSession
from streamlit.runtime.scriptrunner.script_runner import ScriptRunner
from streamlit.runtime.scriptrunner_utils.script_requests import (
    RerunData,
    ScriptRequests,
    ScriptRequestType,
)

from ui.run_delivery import deliver_finished_runs


@pytest.fixture
def handled(monkeypatch) -> list:
    """What the event loop handled, in order: Streamlit's own `request_rerun` is replaced by
    a recorder before the work-around wraps it."""
    seen = []
    monkeypatch.setattr(AppSession, "request_rerun",
                        lambda session, client_state=None: seen.append(("rerun", client_state)))
    deliver_finished_runs()
    return seen


def session_with_runner(state: ScriptRequestType, loop) -> SimpleNamespace:
    return SimpleNamespace(_event_loop=loop,
                           _scriptrunner=SimpleNamespace(_requests=SimpleNamespace(_state=state)))


def test_requests_to_a_stopped_runner_wait_for_its_messages_and_for_each_other(monkeypatch):
    """A page's run has ended (its runner stopped, its messages still queued) when two polls
    come. Streamlit's own `request_rerun` (faked: a new runner, which runs at once, queues its
    messages and its shutdown) would start the first poll's runner before the page's messages
    go out, and the second poll's before the first poll's do: each time, the earlier run's
    messages are dropped. With the work-around every run's messages come out before the next
    run starts."""
    loop = asyncio.new_event_loop()
    handled = []
    stopped = SimpleNamespace(_requests=SimpleNamespace(_state=ScriptRequestType.STOP))
    session = SimpleNamespace(_event_loop=loop, _scriptrunner=stopped)

    def streamlit_request_rerun(session, client_state=None):
        assert session._scriptrunner is None, "a runner replaced before its messages went out"
        handled.append(("run", client_state))
        session._scriptrunner = SimpleNamespace(_requests=SimpleNamespace(
            _state=ScriptRequestType.STOP))
        loop.call_soon_threadsafe(handled.append, ("sent", client_state))
        loop.call_soon_threadsafe(setattr, session, "_scriptrunner", None)  # its shutdown

    monkeypatch.setattr(AppSession, "request_rerun", streamlit_request_rerun)
    deliver_finished_runs()
    try:
        loop.call_soon_threadsafe(handled.append, ("sent", "page"))  # the ended run's message
        AppSession.request_rerun(session, "poll 1")
        AppSession.request_rerun(session, "poll 2")
        assert handled == []  # nothing started in the requests' own turn
        loop.call_soon_threadsafe(setattr, session, "_scriptrunner", None)  # the shutdown
        loop.run_until_complete(asyncio.sleep(0.05))
    finally:
        loop.close()
    assert handled == [("sent", "page"), ("run", "poll 1"), ("sent", "poll 1"),
                       ("run", "poll 2"), ("sent", "poll 2")]


@pytest.mark.parametrize("state", [ScriptRequestType.CONTINUE, ScriptRequestType.RERUN, None])
def test_a_request_to_a_running_runner_or_none_goes_through_at_once(handled, state):
    session = (SimpleNamespace(_scriptrunner=None) if state is None
               else session_with_runner(state, loop=None))
    AppSession.request_rerun(session, "click")
    assert handled == [("rerun", "click")]


def test_it_wraps_once(handled):
    wrapped = AppSession.request_rerun
    deliver_finished_runs()
    assert AppSession.request_rerun is wrapped


def test_the_streamlit_internals_it_reads_are_there():
    """A runner with nothing left to do says STOP, on the attributes the work-around reads
    (Streamlit 1.67: requirements.txt pins the minor version)."""
    requests = ScriptRequests()
    requests.request_rerun(RerunData())
    assert requests.on_scriptrunner_ready().type is ScriptRequestType.RERUN
    assert requests._state is ScriptRequestType.CONTINUE
    assert requests.on_scriptrunner_ready().type is ScriptRequestType.STOP
    assert requests._state is ScriptRequestType.STOP
    assert "self._requests = ScriptRequests()" in inspect.getsource(ScriptRunner.__init__)
    assert "self._scriptrunner" in inspect.getsource(AppSession.__init__)
    assert "self._event_loop" in inspect.getsource(AppSession.__init__)
