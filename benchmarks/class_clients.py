"""A class's browsers without a browser, for the benchmarks: students and a teacher as
`streamlit_client.StreamlitSession` websocket sessions of a class link (ui.classroom), and the
time each student's page takes to follow the teacher to a step.

Shared by benchmarks/bench_lecture_hall.py (a hall behind nginx) and
benchmarks/bench_classroom.py (one server). A page's step is read from its class bar
("· step N of M") as the websocket's deltas draw it, so a follow ends when the student's page
was sent the new step, its browser's drawing not included.
"""

from __future__ import annotations

import asyncio
import re
import time
from http.cookies import SimpleCookie

from streamlit_client import StreamlitSession
from tornado.httpclient import AsyncHTTPClient

TIMEOUT_S = 180.0
# How a page sets a cookie: ui/web/set_cookie.js, "document.cookie = 'NAME=VALUE; ...'".
SET_COOKIE = re.compile(r"document\.cookie\s*=\s*'([A-Za-z0-9_]+)=([^';]*)")
STEP = re.compile(r"· step (\d+) of \d+")
ANSWERED = re.compile(r"(\d+) answered$")



class Student:
    """A browser of the hall without a browser: a `StreamlitSession` plus the cookies a
    browser keeps (nginx's route cookie from the first page load, the class token the page
    sets with ``document.cookie``), so that a reconnection is the same browser again."""

    def __init__(self, url: str) -> None:
        self.url = url.rstrip("/")
        self.cookies: dict[str, str] = {}
        self.session: StreamlitSession | None = None
        self.reconnections = 0

    async def join(self, code: str, page: str) -> None:
        """Load the students' link (on ``page``, a URL path) over HTTP, then open it."""
        response = await AsyncHTTPClient().fetch(f"{self.url}/{page}?class={code}",
                                                 request_timeout=TIMEOUT_S)
        for header in response.headers.get_list("Set-Cookie"):
            self.cookies.update((k, m.value) for k, m in SimpleCookie(header).items())
        await self._open(page, f"class={code}")

    async def _open(self, page: str, query: str) -> None:
        self.session = StreamlitSession(self.url, cookies=dict(self.cookies))
        await self.session.open(page, query, timeout=TIMEOUT_S)
        await self.session.wait_for(lambda: self.step() is not None, TIMEOUT_S)
        for drawn in self.session.drawn.values():
            if drawn.kind == "html":
                self.cookies.update(SET_COOKIE.findall(drawn.proto.body))

    async def reconnect(self, timeout: float = 60.0) -> None:
        """Open the page again as the browser's frontend does once its server is gone: the
        same page and query string, the same cookies, through the same address."""
        old = self.session
        await old.close()
        deadline = time.monotonic() + timeout
        while True:
            try:
                await self._open(old.page_name, old.query_string)
                break
            except (TimeoutError, OSError):
                if time.monotonic() > deadline:
                    raise
                await asyncio.sleep(0.5)
        self.reconnections += 1

    def step(self) -> int | None:
        """The step the page shows (from the class bar), or None before it is drawn."""
        bar = self.session.find("markdown", lambda d: STEP.search(d.proto.body) is not None)
        return int(STEP.search(bar.proto.body)[1]) if bar else None

    async def shows(self, step: int, timeout: float = TIMEOUT_S) -> None:
        """Wait until the page shows ``step``."""
        await self.session.wait_for(lambda: self.step() == step, timeout)

    def widget(self, kind: str, key: str):
        return self.session.find(kind, lambda d: d.proto.id.endswith(f"-{key}"))

    def my_answer(self) -> str | None:
        """The letter of "Your answer: X." as drawn last, or None."""
        shown = self.session.find("markdown", lambda d: d.proto.body.startswith("Your answer:"))
        return shown.proto.body[len("Your answer: ")] if shown else None

    def shown_counts(self) -> tuple[int, ...] | None:
        """The revealed counts per option as the page writes them ("A. ...: **n** (x%)")."""
        shown = self.session.find("markdown", lambda d: d.proto.body.startswith("A. ")
                                  and "**" in d.proto.body)
        return tuple(map(int, re.findall(r"\*\*(\d+)\*\*", shown.proto.body))) \
            if shown else None

    async def choose(self, step: int, letter: str) -> None:
        """Pick ``letter`` for the question of ``step`` (a run of the question's fragment)."""
        session = self.session
        await session.wait_for(lambda: self.widget("button", f"class_answer_{step}")
                               is not None, TIMEOUT_S)
        radio = self.widget("radio", f"class_choice_{step}")
        option, = (o for o in radio.proto.options if o.startswith(f"{letter}. "))
        await session.choose(radio, option)
        await session.wait_idle(TIMEOUT_S)

    async def press(self, key: str) -> None:
        """Press the button ``key`` (Answer, or the teacher's Reveal, Next, ...) and wait
        for the run."""
        await self.session.wait_for(lambda: self.widget("button", key) is not None, TIMEOUT_S)
        await self.session.click(self.widget("button", key))
        await self.session.wait_idle(TIMEOUT_S)

    async def answer(self, step: int, letter: str) -> None:
        """Pick ``letter`` for the question of ``step``, press Answer, wait for the
        acknowledgement."""
        await self.choose(step, letter)
        drawn = self.session.messages
        await self.session.click(self.widget("button", f"class_answer_{step}"))
        await self.session.wait_for(lambda: self.session.find(
            "markdown", lambda d: d.number > drawn
            and d.proto.body.startswith(f"Your answer: {letter}.")) is not None, TIMEOUT_S)

    def says(self, text: str) -> bool:
        """Whether the page shows a message (st.error, st.warning, ...) holding ``text``."""
        return self.session.find("alert", lambda d: text in d.proto.body) is not None

    async def close(self) -> None:
        if self.session is not None:
            await self.session.close()


class Teacher(Student):
    """The teacher's page: the teacher's link (on one server's own address in a hall)."""

    async def start(self, code: str, secret: str, page: str) -> None:
        await self._open(page, f"class={code}&teach={secret}")

    def answered(self) -> int | None:
        """The count "N answered" as drawn last (the metric may say more, "J joined · N
        answered")."""
        metric = self.session.find("metric", lambda d: ANSWERED.search(d.proto.body) is not None)
        return int(ANSWERED.search(metric.proto.body)[1]) if metric else None

    async def count_reaches(self, n: int, timeline: list | None = None,
                            timeout: float = TIMEOUT_S) -> None:
        """Wait until the teacher's page shows ``n`` answered or more; with ``timeline``, append
        (time, count) at each change meanwhile."""
        last = None

        def seen() -> bool:
            nonlocal last
            count = self.answered()
            if timeline is not None and count is not None and count != last:
                last = count
                timeline.append((time.monotonic(), count))
            return count is not None and count >= n

        await self.session.wait_for(seen, timeout)


async def follow_times(teacher: Teacher, key: str, students, step: int,
                       timeout: float = TIMEOUT_S) -> list:
    """Press ``key`` ("class_next", "class_previous") on the teacher's page: the seconds from
    the press to each student's page showing ``step`` (an exception for one that did not
    within ``timeout``). ``students`` are anything with ``async shows(step, timeout)`` (a
    `Student`, a browser's page); each is watched from before the press, so a page that
    follows at once is timed as it does."""
    clicked = time.monotonic()

    async def one(student):
        await student.shows(step, timeout)
        return time.monotonic() - clicked

    watching = asyncio.gather(*(one(s) for s in students), return_exceptions=True)
    await teacher.press(key)
    return await watching
