"""The class pulse: a student's page learns of the teacher's move as it happens.

Polling the class from each page (a fragment Streamlit runs every `STUDENT_POLL_S`) costs
the server a script run a student and poll, about 4 ms of CPU: a class of 35 kept two servers
at 0.3 CPU s/s while nothing happened, and a page learned of a move only at its next poll,
up to 0.5 s late, and 3.75 s in a class of 300, whose polls are spaced out
(benchmarks/results/classroom.md, stop 52).

With the pulse, each student's browser holds one request open at `PULSE_PATH`
(ui/web/class_pulse.js). One watcher a class and server process (`ClassWatch`) reads the
class every `WATCH_S` while any page waits, and answers every waiting page at once when the
class's `signature` changes; the page then runs again and follows. The route is served by
app_server.py (``streamlit run app_server.py``, which every command that starts the app
uses); `served` tells a page whether this process serves it, and a page of a process that
does not (``streamlit run app.py``, AppTest) polls as before.
"""

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable

import streamlit as st
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from classroom import ClassError, ClassState, StoreUnavailable
from classroom.store import CODE
from ui import live_guard, web
from ui.class_access import class_store

#: The route a student's page waits on, under the app's address.
PULSE_PATH = "/_clusterlab/class/{code}/pulse"
# The class is read this often while pages wait: a move reaches them within it, for one
# read of the class's row a server (about 0.1 ms) however many wait.
WATCH_S = 0.1
# A waiting request is answered after this long even with no change, so that a connection a
# proxy or the browser dropped is noticed and opened again.
HOLD_S = 20.0
SEEN_MAX = 64
AWAY, ENDED = "away", "ended"

_served = False
_LOGGER = logging.getLogger(__name__)


def signature(state: ClassState) -> str:
    """What a student's page shows of the class ``state``: the step, whether its question is
    revealed, whether the room is locked. The page runs again when it changes.

    Examples
    --------
    >>> from classroom import ClassState
    >>> signature(ClassState("c", "lesson", "x", (2, 0), 1, frozenset({1}), 0.0))
    '1r'
    >>> signature(ClassState("c", "lesson", "x", (2, 0), 2, frozenset({1}), 0.0, locked=True))
    '2-l'
    """
    return f"{state.step}{'r' if state.is_revealed else '-'}{'l' if state.locked else ''}"


def read_signature(read_state: Callable[[str], ClassState], code: str) -> str:
    """`signature` of class ``code`` read by ``read_state`` (`ClassStore.state`), `AWAY`
    while the database cannot be used, `ENDED` once the class is unknown (closed, expired).

    Examples
    --------
    >>> def ended(code):
    ...     raise ClassError("This class has ended.")
    >>> read_signature(ended, "abc")
    'ended'
    """
    try:
        return signature(read_state(code))
    except StoreUnavailable:
        return AWAY
    except ClassError:
        return ENDED


class _Reading:
    """One class's reader, as its waiters see it: the last signature read, an event set at
    each change, how many wait, and whether the reader has stopped."""

    def __init__(self) -> None:
        self.signature: str | None = None
        self.changed = asyncio.Event()
        self.waiting = 0
        self.over = False


class ClassWatch:
    """Waits on classes for a server process's pages: one reader task a class while any page
    waits on it, reading `read(code)` (a signature; blocking, so run in a thread) every
    ``every_s`` seconds and waking all its waiters when it changes.

    Must be used from one event loop (the server's).

    Examples
    --------
    >>> import asyncio
    >>> watch = ClassWatch(lambda code: "2-", every_s=0.01)
    >>> asyncio.run(watch.changed("abc", seen="1-", hold_s=1.0))
    '2-'
    """

    def __init__(self, read: Callable[[str], str], every_s: float = WATCH_S) -> None:
        self._read, self._every_s = read, every_s
        self._readings: dict[str, _Reading] = {}
        self.reads = 0

    @property
    def classes(self) -> int:
        """How many classes have a reader now."""
        return len(self._readings)

    async def changed(self, code: str, seen: str, hold_s: float = HOLD_S) -> str:
        """Class ``code``'s signature once it differs from ``seen``, or ``seen`` after
        ``hold_s`` seconds with no change. An unknown class (`ENDED`) is said at once: a
        request for a code no class has costs one read, and leaves no reader behind."""
        reading = self._readings.get(code)
        if reading is None:
            reading = self._readings[code] = _Reading()
            asyncio.get_running_loop().create_task(self._watch(code, reading))
        reading.waiting += 1
        try:
            deadline = time.monotonic() + hold_s
            while True:
                last = reading.signature
                if last is not None and (last != seen or last == ENDED):
                    return last
                left = deadline - time.monotonic()
                if reading.over or left <= 0:
                    return seen
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(reading.changed.wait(), left)
        finally:
            reading.waiting -= 1

    async def _watch(self, code: str, reading: _Reading) -> None:
        try:
            while True:
                self.reads += 1
                try:
                    now = await asyncio.to_thread(self._read, code)
                except Exception:  # a fault of the reader itself: said as the store's
                    _LOGGER.exception("The class pulse could not read a class.")
                    now = AWAY
                if now != reading.signature:
                    reading.signature = now
                    event, reading.changed = reading.changed, asyncio.Event()
                    event.set()
                if now == ENDED or not reading.waiting:
                    break
                await asyncio.sleep(self._every_s)
        finally:
            # The next page to wait starts a reader anew, whose first read is fresh.
            reading.over = True
            reading.changed.set()
            if self._readings.get(code) is reading:
                del self._readings[code]


def _read_class(code: str) -> str:
    # The pages' one store of this process; opening it may fail as a read does.
    return read_signature(lambda code: class_store().state(code), code)


_WATCH = ClassWatch(_read_class)


async def _pulse(request: Request) -> Response:
    code, seen = request.path_params["code"], request.query_params.get("seen", "")
    # Only the store's class codes are read.
    if not CODE.fullmatch(code) or len(seen) > SEEN_MAX:
        return JSONResponse({"error": "not a class code"}, status_code=404)
    return JSONResponse({"signature": await _WATCH.changed(code, seen)},
                        headers={"Cache-Control": "no-store"})


def routes() -> list[Route]:
    """The pulse's route, for `st.App` (app_server.py); serving it marks this process as
    one whose class pages wait on the pulse (`served`)."""
    global _served
    _served = True
    return [Route(PULSE_PATH, _pulse, methods=["GET"])]


def served() -> bool:
    """True when this server process serves the pulse's route (app_server.py)."""
    return _served


_PULSE = st.components.v2.component("clusterlab_class_pulse", html="<span hidden></span>",
                                    js=web.source("class_pulse.js"))


def pulse(code: str, seen: str) -> None:
    """Draw the pulse of a student's page that shows ``seen`` (a `signature`) of class
    ``code``: its browser waits on `PULSE_PATH` and runs the page again once the class's
    signature differs."""
    # Relative: the browser resolves it under the app's own address (a proxy's path too).
    path = PULSE_PATH.format(code=code).lstrip("/")
    # Keyed as the live guard: no box in the page's flow (ui/web/a11y.css).
    _PULSE(key=f"{live_guard.KEY_PREFIX}pulse", data={"path": path, "seen": seen})
