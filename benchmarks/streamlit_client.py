"""A Streamlit client without a browser: one websocket session that opens a page of a running
``streamlit run``, keeps what the script draws, and sets widgets as the browser's frontend does.

Used by benchmarks/bench_classroom.py to play many students from one Python process, where one
chromium context per student would saturate the machine the server runs on.

The protocol (streamlit/web/server/starlette/starlette_websocket.py, runtime/app_session.py):
the client opens ``/_stcore/stream`` with the subprotocol "streamlit" and sends BackMsg
``rerun_script`` (a ClientState: query string, page name, widget states, and the fragment to
rerun, if any); the server answers with ForwardMsgs: ``new_session`` when a full run starts,
``delta`` (a new element or block at ``metadata.delta_path``, tagged with the fragment that drew
it), ``auto_rerun`` (a fragment to rerun every ``interval`` seconds: the frontend, not the
server, keeps that clock), ``page_info_changed`` (the script changed the query string) and
``script_finished``. A widget's value travels in ``WidgetStates``: a radio sends the chosen
option's label (``string_value``), a slider its numbers (``double_array_value``), a button
``trigger_value`` once, on the rerun it causes; a widget inside a fragment reruns only that
fragment. A large element is marked ``cacheable``; the client lists the hashes of those it
holds in each ``rerun_script`` (``cached_message_hashes``), and the server then sends an
unchanged one as a ``ref_hash`` to the copy the client has, as it does for a browser.

A class page's pulse (ui/class_pulse.py, a components v2 element whose script,
ui/web/class_pulse.js, the browser runs) is played as that script does: one request held at
the pulse's route, and a run of the page once the class's signature differs.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
import urllib.parse
from collections.abc import Callable

from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.Element_pb2 import Element
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg
from streamlit.proto.Slider_pb2 import Slider
from streamlit.proto.WidgetStates_pb2 import WidgetState
from tornado.httpclient import AsyncHTTPClient, HTTPRequest
from tornado.websocket import WebSocketClientConnection, websocket_connect

PULSE_COMPONENT = "clusterlab_class_pulse"
PULSE_TIMEOUT_S = 60.0  # beyond the route's own hold (ui.class_pulse.HOLD_S)
PULSE_QUICK_S = 1.0  # an answer of no change sooner than this waits (ui/web/class_pulse.js)
# Every session of this process holds a pulse's request at once (tornado's default is 10 at
# a time, the rest queued).
AsyncHTTPClient.configure(None, max_clients=10_000)
FINISHED = {ForwardMsg.FINISHED_SUCCESSFULLY, ForwardMsg.FINISHED_FRAGMENT_RUN_SUCCESSFULLY,
            ForwardMsg.FINISHED_WITH_COMPILE_ERROR}


class Drawn:
    """One element on the page: its proto, kind (``"radio"``, ``"markdown"``, ...), the
    fragment that drew it ("" outside fragments) and the number of the message that drew it."""

    def __init__(self, element: Element, fragment_id: str, number: int) -> None:
        self.element = element
        self.kind = element.WhichOneof("type")
        self.fragment_id = fragment_id
        self.number = number

    @property
    def proto(self):
        """The element's own message (``Radio``, ``Button``, ``Markdown``, ...)."""
        return getattr(self.element, self.kind)


class StreamlitSession:
    """A browser session of the app at ``base_url`` (``http://host:port``) on one page.

    ``await open(page, query_string)`` connects and asks for the page's first run; the page as
    drawn so far is in ``drawn`` (delta path -> `Drawn`); `click`, `choose` and `slide` set
    widgets and rerun as the frontend does; ``wait_for`` waits until a drawn element
    satisfies a test. Fragments that ask for it are rerun every few seconds, as a browser tab
    polls (``poll=False`` turns that off), and a class page's pulse is waited on
    (``pulse``, by default as ``poll``).
    """

    def __init__(self, base_url: str, poll: bool = True,
                 cookies: dict[str, str] | None = None, pulse: bool | None = None) -> None:
        self.base_url = base_url.rstrip("/")
        self.poll = poll
        self.pulse = poll if pulse is None else pulse
        self.pulsed = 0  # runs asked for by the class pulse
        self.cookies = cookies if cookies is not None else {}  # sent when connecting
        self.drawn: dict[tuple[int, ...], Drawn] = {}
        self.finished_runs = 0
        self.polls = 0  # fragment reruns sent on the page's clock
        self.messages = 0
        self.query_string = ""
        self.page_name = ""
        self._widgets: dict[str, WidgetState] = {}
        self._cached: dict[str, ForwardMsg] = {}  # cacheable messages by hash
        self._socket: WebSocketClientConnection | None = None
        self._reader: asyncio.Task | None = None
        self._pollers: dict[str, tuple[asyncio.Task, float]] = {}  # fragment: clock, interval
        self._pulse: tuple[asyncio.Task, str] | None = None  # the pulse's request, its data
        self._changed = asyncio.Condition()
        self._running = False

    async def open(self, page: str, query_string: str = "", timeout: float = 60.0) -> None:
        """Connect and run ``page`` (its URL path) with ``query_string`` (no ``?``), as a
        browser opening that link; returns once its first run finished."""
        self.page_name, self.query_string = page, query_string
        host = self.base_url.split("://", 1)[1]
        request = HTTPRequest(f"ws://{host}/_stcore/stream", headers={"Cookie": "; ".join(
            f"{name}={value}" for name, value in self.cookies.items())} if self.cookies else None)
        self._socket = await asyncio.wait_for(
            websocket_connect(request, subprotocols=["streamlit"]), timeout)
        self._reader = asyncio.create_task(self._read())
        runs = self.finished_runs
        await self.rerun()
        await self.wait_for(lambda: self.finished_runs > runs and not self._running, timeout)

    @property
    def closed(self) -> bool:
        """Whether the server has closed the connection (or it was never opened)."""
        return self._reader is None or self._reader.done()

    async def close(self) -> None:
        pulse = [self._pulse[0]] if self._pulse else []
        for task in [*(task for task, _ in self._pollers.values()), *pulse, self._reader]:
            if task is not None:
                task.cancel()
        if self._socket is not None:
            self._socket.close()

    async def rerun(self, fragment_id: str = "", auto: bool = False) -> None:
        """Send ``rerun_script`` with the widgets' values (their triggers once)."""
        message = BackMsg()
        state = message.rerun_script
        state.query_string = self.query_string
        state.page_name = self.page_name
        state.fragment_id = fragment_id
        state.is_auto_rerun = auto
        url = f"{self.base_url}/{self.page_name}"
        state.context_info.url = url + (f"?{self.query_string}" if self.query_string else "")
        state.context_info.timezone = "UTC"
        state.context_info.locale = "en-US"
        state.widget_states.widgets.extend(self._widgets.values())
        state.cached_message_hashes.extend(self._cached)
        for widget_id in [i for i, w in self._widgets.items() if w.HasField("trigger_value")]:
            del self._widgets[widget_id]
        self._running = True
        await self._socket.write_message(message.SerializeToString(), binary=True)

    def find(self, kind: str, test: Callable[[Drawn], bool] = lambda d: True) -> Drawn | None:
        """The last drawn element of ``kind`` that passes ``test``, or None."""
        found = [d for d in self.drawn.values() if d.kind == kind and test(d)]
        return max(found, key=lambda d: d.number) if found else None

    async def choose(self, radio: Drawn, option: str) -> None:
        """Pick ``option`` (its label as drawn) on a radio, which reruns its fragment."""
        if option not in radio.proto.options:
            raise ValueError(f"{option!r} is not an option of {radio.proto.label!r}: "
                             f"{list(radio.proto.options)}")
        self._widgets[radio.proto.id] = WidgetState(id=radio.proto.id, string_value=option)
        await self.rerun(radio.fragment_id)

    async def click(self, button: Drawn) -> None:
        """Press a button: a rerun of its fragment with its trigger set."""
        self._widgets[button.proto.id] = WidgetState(id=button.proto.id, trigger_value=True)
        await self.rerun(button.fragment_id)

    async def slide(self, slider: Drawn, values: list[float]) -> None:
        """Set an ``st.slider`` to ``values`` (one number; two for a range), which reruns its
        fragment, as the frontend does when a thumb is let go."""
        proto = slider.proto
        if slider.kind != "slider" or proto.type != Slider.SLIDER:
            raise ValueError(f"{getattr(proto, 'label', slider.kind)!r} is not an st.slider")
        if len(values) != len(proto.default) or not all(
                proto.min <= value <= proto.max for value in values):
            raise ValueError(f"{values} is not a value of {proto.label!r}: "
                             f"{len(proto.default)} number(s) in [{proto.min:g}, {proto.max:g}]")
        self._widgets[proto.id] = WidgetState(id=proto.id, double_array_value={"data": values})
        await self.rerun(slider.fragment_id)

    async def wait_for(self, test: Callable[[], bool], timeout: float) -> None:
        """Wait until ``test()`` is true, checked after each message from the server."""
        async with self._changed:
            await asyncio.wait_for(self._changed.wait_for(test), timeout)

    async def wait_idle(self, timeout: float) -> None:
        """Wait until the run asked for last has finished."""
        await self.wait_for(lambda: not self._running, timeout)

    async def _read(self) -> None:
        while (data := await self._socket.read_message()) is not None:
            message = ForwardMsg()
            message.ParseFromString(data)
            self._receive(message)
            async with self._changed:
                self._changed.notify_all()
        async with self._changed:  # a waiter may be waiting for `closed`
            self._changed.notify_all()

    def _receive(self, message: ForwardMsg) -> None:
        self.messages += 1
        if message.WhichOneof("type") == "ref_hash" and message.ref_hash in self._cached:
            # Drawn where the reference says (its metadata), with the content already held.
            reference, message = message, ForwardMsg()
            message.CopyFrom(self._cached[reference.ref_hash])
            message.metadata.CopyFrom(reference.metadata)
        elif message.metadata.cacheable:
            self._cached[message.hash] = message
        kind = message.WhichOneof("type")
        if kind == "delta" and message.delta.WhichOneof("type") == "new_element":
            element = message.delta.new_element
            self.drawn[tuple(message.metadata.delta_path)] = Drawn(
                element, message.delta.fragment_id, self.messages)
            if (self.pulse and element.WhichOneof("type") == "bidi_component"
                    and element.bidi_component.component_name.endswith(PULSE_COMPONENT)):
                self._wait_on_pulse(element.bidi_component.json, message.delta.fragment_id)
        elif kind == "new_session":
            self._running = True
        elif kind == "page_info_changed":
            self.query_string = message.page_info_changed.query_string
        elif kind == "navigation":
            # The page this run is on (st.switch_page moves there): later reruns, a polled
            # fragment's too, ask for it, as the frontend does once its address changed.
            navigation = message.navigation
            self.page_name = next((p.url_pathname for p in navigation.app_pages
                                   if p.page_script_hash == navigation.page_script_hash),
                                  self.page_name)
        elif kind == "auto_rerun" and self.poll:
            # As the frontend: a fragment's clock is kept unless its interval changed.
            fragment, interval = message.auto_rerun.fragment_id, message.auto_rerun.interval
            if self._pollers.get(fragment, (None, None))[1] != interval:
                self._stop_polling(fragment)
                self._pollers[fragment] = (asyncio.create_task(
                    self._rerun_every(fragment, interval)), interval)
        elif kind == "stop_auto_rerun":
            for fragment in message.stop_auto_rerun.fragment_ids:
                self._stop_polling(fragment)
        elif kind == "script_finished":
            self._running = message.script_finished not in FINISHED
            self.finished_runs += not self._running

    def _wait_on_pulse(self, data: str, fragment_id: str) -> None:
        """As ui/web/class_pulse.js: drawn anew, the pulse's request starts over."""
        if self._pulse is not None:
            if self._pulse[1] == data:
                return
            self._pulse[0].cancel()
        self._pulse = (asyncio.create_task(self._follow_pulse(json.loads(data), fragment_id)),
                       data)

    async def _follow_pulse(self, data: dict, fragment_id: str) -> None:
        seen = data["seen"]
        client = AsyncHTTPClient()
        while True:  # until drawn anew or close() cancels it
            query = urllib.parse.urlencode({"seen": seen})
            asked = time.monotonic()
            try:
                response = await client.fetch(f"{self.base_url}/{data['path']}?{query}",
                                              request_timeout=PULSE_TIMEOUT_S)
            except Exception:
                await asyncio.sleep(1.0)
                continue
            signature = json.loads(response.body)["signature"]
            if signature != seen:
                seen = signature
                with contextlib.suppress(Exception):
                    await self.rerun(fragment_id)  # its trigger runs the part it is in
                    self.pulsed += 1
            elif time.monotonic() - asked < PULSE_QUICK_S:
                await asyncio.sleep(PULSE_QUICK_S)

    def _stop_polling(self, fragment_id: str) -> None:
        if fragment_id in self._pollers:
            self._pollers.pop(fragment_id)[0].cancel()

    async def _rerun_every(self, fragment_id: str, interval: float) -> None:
        while True:  # until close() cancels it
            await asyncio.sleep(interval)
            if not self._running:  # a tick that falls in a run is skipped, not queued
                with contextlib.suppress(Exception):
                    await self.rerun(fragment_id, auto=True)
                    self.polls += 1
