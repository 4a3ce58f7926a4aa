"""The class store: every read and write of a running class goes through `ClassStore`.

A class follows one lesson. Its join code (in the students' link) and its teacher secret (in
the teacher's link only) come from `secrets`; the server keeps a SHA-256 hash of the secret
and compares hashes in constant time. Each browser answers each question once and may change
its answer until the teacher reveals it. A class expires 24 hours after it starts: from then on
it is refused, and it is deleted with its answers by the next start of a class or of a server
(or at once when the teacher closes it). Everything lives in the database, so a restarted server,
or another server on the same database, carries on where the last one stopped.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from sqlalchemy import delete, func, insert, select, update
from sqlalchemy.dialects import postgresql, sqlite

from classroom.database import answers, classes, database_url, make_engine
from metrics.validation import check_integer

LIFETIME_S = 24 * 3600
CODE_BYTES = 8  # 64 bits of entropy; the join code is 11 URL-safe characters
SECRET_BYTES = 24  # 192 bits; 32 characters
TOKEN_BYTES = 16  # a browser's token: 128 bits; 22 characters
CODE = re.compile(r"[A-Za-z0-9_-]{11}")
SECRET = re.compile(r"[A-Za-z0-9_-]{32}")
TOKEN = re.compile(r"[A-Za-z0-9_-]{22}")
LESSON_KINDS = ("lesson", "lessonz")
MAX_STEPS = 30
MAX_OPTIONS = 6
MAX_REF = 8_000

NO_CLASS = ("No class is running with this code: it has ended, expired (a class lasts 24 "
            "hours), or the link is mistyped. Ask your teacher for the link again.")
NOT_TEACHER = ("This link cannot run the class: only the teacher's link can change the step, "
               "reveal or close it.")


class ClassError(ValueError):
    """A class action that is refused: unknown or expired class, wrong secret, closed
    question.

    Parameters
    ----------
    message : str
        What was wrong, in words for the person who tried.

    Examples
    --------
    >>> str(ClassError("no such class"))
    'no such class'
    """


@dataclass(frozen=True)
class ClassState:
    """A class as the store has it now.

    Parameters
    ----------
    code : str
        The join code.
    lesson_kind : str
        ``"lesson"`` (a file of ``lessons/``) or ``"lessonz"`` (a lesson carried by a link).
    lesson_ref : str
        The lesson's name or its encoded form.
    options : tuple of int
        The number of options of each step's question (0: the step has no question).
    step : int
        The step the teacher shows, from 1.
    revealed : frozenset of int
        The steps whose answers the teacher has revealed.
    expires_at : float
        When the class is deleted (seconds since the epoch).

    Examples
    --------
    >>> state = ClassState("abcdefghijk", "lesson", "x", (3, 0), 1, frozenset({1}), 0.0)
    >>> state.is_revealed, state.n_options
    (True, 3)
    """

    code: str
    lesson_kind: str
    lesson_ref: str
    options: tuple[int, ...]
    step: int
    revealed: frozenset[int]
    expires_at: float

    @property
    def is_revealed(self) -> bool:
        """Whether the current step's answers are revealed."""
        return self.step in self.revealed

    @property
    def n_options(self) -> int:
        """The number of options of the current step's question (0: none)."""
        return self.options[self.step - 1]


def _hash(*parts: str) -> str:
    return hashlib.sha256("\x1f".join(parts).encode()).hexdigest()


def _steps(text: str) -> frozenset[int]:
    return frozenset(int(s) for s in text.split(",") if s)


def new_browser_token() -> str:
    """A random token that identifies one browser to the store (kept in that browser).

    Parameters
    ----------
    None

    Returns
    -------
    str
        22 URL-safe characters (128 bits).

    Examples
    --------
    >>> len(new_browser_token())
    22
    """
    return secrets.token_urlsafe(TOKEN_BYTES)


class ClassStore:
    """Classes and their answers in a SQL database (see `classroom.database`).

    Parameters
    ----------
    url : str, optional
        A SQLAlchemy URL; default `classroom.database.database_url` (the environment).
    clock : callable, default=time.time
        Seconds since the epoch; tests pass a fake clock to reach the expiry.

    Examples
    --------
    >>> import tempfile
    >>> store = ClassStore(f"sqlite:///{tempfile.mkdtemp()}/c.sqlite3")
    >>> code, secret = store.start("lesson", "why_adjust_for_chance", [4, 0])
    >>> store.answer(code, new_browser_token(), 1, 2)
    >>> store.tally(code, 1)
    (0, 0, 1, 0)
    >>> store.reveal(code, secret).is_revealed
    True
    """

    def __init__(self, url: str | None = None, *, clock: Callable[[], float] = time.time):
        self.engine = make_engine(url or database_url())
        self.clock = clock
        self._upsert = {"sqlite": sqlite.insert, "postgresql": postgresql.insert}.get(
            self.engine.dialect.name)
        self.purge()

    def start(self, lesson_kind: str, lesson_ref: str, options: Sequence[int]) -> tuple[str, str]:
        """Start a class on a lesson, at its step 1.

        Parameters
        ----------
        lesson_kind : {"lesson", "lessonz"}
            How the lesson is named: a shipped lesson's name, or a link's encoded lesson.
        lesson_ref : str
            That name or code (at most 8,000 characters).
        options : sequence of int
            For each step, the number of options of its question (0 to 6; 0: no question).

        Returns
        -------
        (str, str)
            The join code and the teacher's secret. Only a hash of the secret is stored.

        Examples
        --------
        >>> code, secret = ClassStore("sqlite://").start("lesson", "l", [2])
        >>> len(code), len(secret)
        (11, 32)
        """
        if lesson_kind not in LESSON_KINDS:
            raise ValueError(f"lesson_kind must be one of {LESSON_KINDS}, not {lesson_kind!r}")
        if not isinstance(lesson_ref, str) or not 1 <= len(lesson_ref) <= MAX_REF:
            raise ValueError(f"lesson_ref must be a text of 1 to {MAX_REF} characters")
        options = tuple(options)
        if not 1 <= len(options) <= MAX_STEPS or any(
                not isinstance(n, int) or not 0 <= n <= MAX_OPTIONS for n in options):
            raise ValueError(f"options must give 1 to {MAX_STEPS} steps 0 to {MAX_OPTIONS} "
                             "options each")
        self.purge()
        code, secret = secrets.token_urlsafe(CODE_BYTES), secrets.token_urlsafe(SECRET_BYTES)
        with self.engine.begin() as db:
            db.execute(insert(classes).values(
                code=code, secret_hash=_hash(secret), lesson_kind=lesson_kind,
                lesson_ref=lesson_ref, options=",".join(map(str, options)), step=1,
                revealed="", expires_at=self.clock() + LIFETIME_S))
        return code, secret

    def state(self, code: object) -> ClassState:
        """The class with join code ``code``.

        Parameters
        ----------
        code : str
            A join code.

        Returns
        -------
        ClassState

        Raises
        ------
        ClassError
            If no class has this code, or it expired.

        Examples
        --------
        >>> ClassStore("sqlite://").state("<script>")
        Traceback (most recent call last):
        ...
        classroom.store.ClassError: No class is running with this code: ...
        """
        row = None
        if isinstance(code, str) and CODE.fullmatch(code):
            with self.engine.connect() as db:
                row = db.execute(select(classes).where(classes.c.code == code)).first()
        if row is None or row.expires_at <= self.clock():
            raise ClassError(NO_CLASS)
        return ClassState(row.code, row.lesson_kind, row.lesson_ref,
                          tuple(int(n) for n in row.options.split(",")), row.step,
                          _steps(row.revealed), row.expires_at)

    def check_teacher(self, code: object, secret: object) -> ClassState:
        """The class, if ``secret`` is its teacher's secret.

        Parameters
        ----------
        code : str
            The join code.
        secret : str
            The secret of the teacher's link.

        Returns
        -------
        ClassState

        Raises
        ------
        ClassError
            If there is no such class, or the secret is not its teacher's.

        Examples
        --------
        >>> store = ClassStore("sqlite://")
        >>> code, secret = store.start("lesson", "l", [2])
        >>> store.check_teacher(code, secret).step
        1
        >>> store.check_teacher(code, "x" * 32)
        Traceback (most recent call last):
        ...
        classroom.store.ClassError: This link cannot run the class: ...
        """
        state = self.state(code)
        with self.engine.connect() as db:
            stored = db.execute(select(classes.c.secret_hash)
                                .where(classes.c.code == code)).scalar_one_or_none()
        given = _hash(secret) if isinstance(secret, str) and SECRET.fullmatch(secret) else ""
        if stored is None or not hmac.compare_digest(given.encode(), stored.encode()):
            raise ClassError(NOT_TEACHER)
        return state

    def go_to(self, code: str, secret: str, step: int) -> ClassState:
        """Show step ``step`` (from 1) to the class; the teacher's action.

        Parameters
        ----------
        code, secret : str
            The class's join code and teacher secret.
        step : int
            The step, from 1 to the lesson's number of steps.

        Returns
        -------
        ClassState

        Raises
        ------
        ClassError
            As `check_teacher`.
        ValueError
            If ``step`` is not a step of the lesson.

        Examples
        --------
        >>> store = ClassStore("sqlite://")
        >>> code, secret = store.start("lesson", "l", [2, 3])
        >>> store.go_to(code, secret, 2).n_options
        3
        """
        state = self.check_teacher(code, secret)
        return self._update(code, step=check_integer(step, "step", 1, len(state.options)))

    def reveal(self, code: str, secret: str) -> ClassState:
        """Reveal the current step's answers: they are shown and can no longer change.

        Parameters
        ----------
        code, secret : str
            The class's join code and teacher secret.

        Returns
        -------
        ClassState

        Raises
        ------
        ClassError
            As `check_teacher`.

        Examples
        --------
        >>> store = ClassStore("sqlite://")
        >>> code, secret = store.start("lesson", "l", [2])
        >>> sorted(store.reveal(code, secret).revealed)
        [1]
        """
        state = self.check_teacher(code, secret)
        steps = sorted(state.revealed | {state.step})
        return self._update(code, revealed=",".join(map(str, steps)))

    def _update(self, code: str, **columns: object) -> ClassState:
        with self.engine.begin() as db:
            db.execute(update(classes).where(classes.c.code == code).values(**columns))
        return self.state(code)

    def close(self, code: str, secret: str) -> None:
        """End the class now: it and its answers are deleted.

        Parameters
        ----------
        code, secret : str
            The class's join code and teacher secret.

        Returns
        -------
        None

        Raises
        ------
        ClassError
            As `check_teacher`.

        Examples
        --------
        >>> store = ClassStore("sqlite://")
        >>> code, secret = store.start("lesson", "l", [2])
        >>> store.close(code, secret)
        >>> store.state(code)
        Traceback (most recent call last):
        ...
        classroom.store.ClassError: No class is running with this code: ...
        """
        self.check_teacher(code, secret)
        with self.engine.begin() as db:
            db.execute(delete(answers).where(answers.c.code == code))
            db.execute(delete(classes).where(classes.c.code == code))

    def answer(self, code: str, browser: str, step: int, option: int) -> None:
        """Record (or change) this browser's answer to the question of ``step``.

        Parameters
        ----------
        code : str
            The join code.
        browser : str
            The browser's token (`new_browser_token`); only a hash of it with the code is
            stored.
        step : int
            The step the student answers: it must be the one the teacher shows.
        option : int
            The chosen option, from 0.

        Returns
        -------
        None

        Raises
        ------
        ClassError
            If the class is unknown or expired, the teacher has moved to another step, the
            step has no question, or its answers are revealed.
        ValueError
            If ``browser`` is not a token or ``option`` is not an option of the question.

        Examples
        --------
        >>> store = ClassStore("sqlite://")
        >>> code, secret = store.start("lesson", "l", [2])
        >>> token = new_browser_token()
        >>> store.answer(code, token, 1, 0); store.answer(code, token, 1, 1)
        >>> store.tally(code, 1), store.my_answer(code, token, 1)
        ((0, 1), 1)
        """
        state = self.state(code)
        if not isinstance(browser, str) or not TOKEN.fullmatch(browser):
            raise ValueError("browser must be a token made by new_browser_token")
        if step != state.step:
            raise ClassError(f"The teacher has moved on to step {state.step}.")
        if state.n_options == 0:
            raise ClassError("This step has no question to answer.")
        if state.is_revealed:
            raise ClassError("The answers to this question are revealed: it is closed.")
        option = check_integer(option, "option", 0, state.n_options - 1)
        row = {"code": code, "step": step, "voter": _hash(code, browser), "option": option}
        with self.engine.begin() as db:
            if self._upsert is not None:
                statement = self._upsert(answers).values(**row)
                db.execute(statement.on_conflict_do_update(
                    index_elements=["code", "step", "voter"],
                    set_={"option": statement.excluded.option}))
            elif not db.execute(update(answers).where(
                    answers.c.code == code, answers.c.step == step,
                    answers.c.voter == row["voter"]).values(option=option)).rowcount:
                db.execute(insert(answers).values(**row))

    def my_answer(self, code: str, browser: str, step: int) -> int | None:
        """This browser's answer to the question of ``step``, or None.

        Parameters
        ----------
        code, browser : str
            The join code and the browser's token.
        step : int
            The step, from 1.

        Returns
        -------
        int or None

        Examples
        --------
        >>> store = ClassStore("sqlite://")
        >>> code, _ = store.start("lesson", "l", [2])
        >>> store.my_answer(code, new_browser_token(), 1) is None
        True
        """
        with self.engine.connect() as db:
            return db.execute(select(answers.c.option).where(
                answers.c.code == code, answers.c.step == step,
                answers.c.voter == _hash(code, str(browser)))).scalar_one_or_none()

    def tally(self, code: str, step: int) -> tuple[int, ...]:
        """How many browsers chose each option of the question of ``step``.

        Parameters
        ----------
        code : str
            The join code.
        step : int
            The step, from 1.

        Returns
        -------
        tuple of int
            One count per option (empty if the step has no question).

        Raises
        ------
        ClassError
            If the class is unknown or expired.

        Examples
        --------
        >>> store = ClassStore("sqlite://")
        >>> code, _ = store.start("lesson", "l", [3])
        >>> store.tally(code, 1)
        (0, 0, 0)
        """
        state = self.state(code)
        counts = [0] * state.options[step - 1]
        with self.engine.connect() as db:
            for option, count in db.execute(
                    select(answers.c.option, func.count()).where(
                        answers.c.code == code, answers.c.step == step)
                    .group_by(answers.c.option)):
                counts[option] = count
        return tuple(counts)

    def purge(self) -> int:
        """Delete the classes that have expired, and their answers.

        Parameters
        ----------
        None

        Returns
        -------
        int
            The number of classes deleted.

        Examples
        --------
        >>> ClassStore("sqlite://").purge()
        0
        """
        now = self.clock()
        expired = select(classes.c.code).where(classes.c.expires_at <= now)
        with self.engine.begin() as db:
            db.execute(delete(answers).where(answers.c.code.in_(expired)))
            return db.execute(delete(classes).where(classes.c.expires_at <= now)).rowcount
