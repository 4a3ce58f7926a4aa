"""Every finished run reaches the browser: a work-around for a race in Streamlit 1.67.

A session's runs go through one ScriptRunner at a time. Its script thread hands each message
of a run (an element, "run finished", a fragment's clock) to the server's event loop as a
callback; the loop sends the message only if that runner is still the session's current one.
When the runner has run out of requests it stops, and a request that comes next makes
`AppSession.request_rerun` start a new runner at once. If that request is handled while the
stopped runner's last callbacks still wait in the loop's queue, which is the case whenever
the loop is behind (a class of pages polling a busy server), those callbacks find another
runner current and their messages are dropped without a word.

In a class this lost a student's "Your answer" after a press of Answer, the enabling of Answer
after a choice, and a page's whole step change with its live part's clock (the page then waited
for `ui.live_guard`): a student page polls every 0.5 s, so a poll often arrives just as
another run ends (Streamlit's debug log says "Ignoring event from non-current ScriptRunner":
several times a minute in tests/browser/test_classroom.py; stop 50).

`deliver_finished_runs` makes `request_rerun` wait a turn of the event loop, and ask again,
while the current runner has stopped. A runner stops only after its run's callbacks are all
queued, so they run first, while their runner is still current; its last callback (its
shutdown) makes the session forget it, and the request then starts the next runner as before.
Nothing else changes: a request to a runner that is running is queued by that runner.
"""

import functools

from streamlit.runtime.app_session import AppSession
from streamlit.runtime.scriptrunner_utils.script_requests import ScriptRequestType

_PATCHED = "_clusterlab_delivers_finished_runs"
# Turns of the event loop a request waits at most for a stopped runner's shutdown; a shutdown
# that never comes (a closed loop) must not keep the loop turning.
MAX_TURNS = 1000


def _has_stopped(session: AppSession) -> bool:
    """Has the session's runner stopped? False where Streamlit's internals differ from 1.67's
    (the race is then Streamlit's again, not a crash of every request)."""
    runner = getattr(session, "_scriptrunner", None)
    requests = getattr(runner, "_requests", None)
    return getattr(requests, "_state", None) is ScriptRequestType.STOP


def deliver_finished_runs() -> None:
    """Make `AppSession.request_rerun` let a stopped runner's queued messages out first
    (idempotent: the app calls it on every run). Checked by tests/ui/test_run_delivery.py."""
    if getattr(AppSession.request_rerun, _PATCHED, False):
        return
    request_rerun = AppSession.request_rerun

    def ask(session: AppSession, client_state, turns: int) -> None:
        if _has_stopped(session) and turns < MAX_TURNS:
            # Asked again, not sent on: another request may have started a runner meanwhile,
            # whose run must get out too. The stopped runner's last message (its shutdown)
            # makes the session forget it, so this ends within a few turns.
            session._event_loop.call_soon_threadsafe(ask, session, client_state, turns + 1)
        else:
            request_rerun(session, client_state)

    @functools.wraps(request_rerun)
    def after_queued_messages(session: AppSession, client_state=None) -> None:
        ask(session, client_state, 0)

    setattr(after_queued_messages, _PATCHED, True)
    AppSession.request_rerun = after_queued_messages
