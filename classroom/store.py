"""The class store: every read and write of a running class goes through `ClassStore`.

A class follows one lesson. Its code (in the students' link), its short join code (typed from
the projector) and its teacher secret (in the teacher's link only) come from `secrets`; the
server keeps a SHA-256 hash of the secret and compares hashes in constant time. A student
joins once (`ClassStore.join`) and gets a participant token from the server, kept in the
browser; each participant has one answer per question, which a new answer replaces until the
teacher reveals it. Once the teacher locks the room, no new participant joins, so clearing
cookies or opening sessions by script adds no vote. A class expires 24 hours after it starts:
from then on it is refused, and it is deleted with its participants and answers by the next
start of a class or of a server (or at once when the teacher closes it). Everything lives in
the database, so a restarted server, or another server on the same database, carries on where
the last one stopped.

Faults: any failure of the database (down, locked past `classroom.database.TIMEOUT_S`, its
SQLite file deleted or replaced since the store opened it) raises `StoreUnavailable` with one
short sentence, and is logged with its details for the operator. A deleted or replaced SQLite
file is never written to (its answers would vanish at the next restart): every call says so
until a teacher starts a new class, which opens the file at the path afresh (made again if
missing, or the replacement).
"""

from __future__ import annotations

import hashlib
import hmac
import logging
import re
import secrets
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass

from sqlalchemy import Connection, bindparam, delete, func, insert, select, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.exc import IntegrityError, SQLAlchemyError

from classroom.database import (
    TIMEOUT_S,
    answers,
    classes,
    create_schema,
    database_url,
    make_engine,
    participants,
    sqlite_path,
)
from classroom.datafolder import file_identity, private_file
from classroom.errors import (
    NO_CLASS,
    NOT_TEACHER,
    ROOM_LOCKED,
    STORE_DOWN,
    STORE_GONE,
    TOO_MANY_TRIES,
    ClassError,
    StoreUnavailable,
)
from classroom.export import answers_csv
from classroom.joincodes import GuessLimiter, new_join_code, normalise_join_code
from metrics.validation import check_integer, check_real

__all__ = ["NO_CLASS", "NOT_TEACHER", "NUMERIC", "ClassError", "ClassState", "ClassStore",
           "StoreUnavailable", "new_browser_token"]

LIFETIME_S = 24 * 3600
CODE_BYTES = 8  # 64 bits of entropy; the class code is 11 URL-safe characters
SECRET_BYTES = 24  # 192 bits; 32 characters
TOKEN_BYTES = 16  # a participant's token: 128 bits; 22 characters
# Built once: each poll of every student's page reads its class, and building the statement
# was half of that read's CPU (0.13 ms -> 0.06 ms on SQLite; SQLAlchemy caches the compiled
# form either way).
_CLASS_BY_CODE = select(classes).where(classes.c.code == bindparam("code"))
CODE = re.compile(r"[A-Za-z0-9_-]{11}")
SECRET = re.compile(r"[A-Za-z0-9_-]{32}")
TOKEN = re.compile(r"[A-Za-z0-9_-]{22}")
LESSON_KINDS = ("lesson", "lessonz")
MAX_STEPS = 30
MAX_OPTIONS = 6
MAX_REF = 8_000
#: In `ClassStore.start`'s options: the step asks for a number instead of a choice.
NUMERIC = -1
#: The largest number a numeric answer may have (in absolute value).
MAX_NUMBER = 1e12
# Join codes drawn before giving up: a clash needs two live classes of the same 6 characters
# (about 1 in 9e8 per pair), so a second draw is already rare.
JOIN_CODE_DRAWS = 8
MAX_CLIENT_KEY = 200
FAULT_LOG_S = 60.0

_log = logging.getLogger(__name__)


@dataclass(frozen=True)
class ClassState:
    """A class as the store has it now.

    Parameters
    ----------
    code : str
        The class code (of the students' link).
    lesson_kind : str
        ``"lesson"`` (a file of ``lessons/``) or ``"lessonz"`` (a lesson carried by a link).
    lesson_ref : str
        The lesson's name or its encoded form.
    options : tuple of int
        For each step, the number of options of its question (0: the step has no question;
        `NUMERIC`: its question is answered with a number).
    step : int
        The step the teacher shows, from 1.
    revealed : frozenset of int
        The steps whose answers the teacher has revealed.
    expires_at : float
        When the class is deleted (seconds since the epoch).
    join_code : str, default=""
        The short code students type to join (`classroom.joincodes`).
    locked : bool, default=False
        Whether the teacher has locked the room (no new participant).

    Examples
    --------
    >>> state = ClassState("abcdefghijk", "lesson", "x", (3, NUMERIC), 1, frozenset({1}), 0.0)
    >>> state.is_revealed, state.n_options, state.is_numeric
    (True, 3, False)
    """

    code: str
    lesson_kind: str
    lesson_ref: str
    options: tuple[int, ...]
    step: int
    revealed: frozenset[int]
    expires_at: float
    join_code: str = ""
    locked: bool = False

    @property
    def is_revealed(self) -> bool:
        """Whether the current step's answers are revealed."""
        return self.step in self.revealed

    @property
    def n_options(self) -> int:
        """The number of options of the current step's question (0: none; `NUMERIC`: a
        number is asked)."""
        return self.options[self.step - 1]

    @property
    def is_numeric(self) -> bool:
        """Whether the current step's question is answered with a number."""
        return self.n_options == NUMERIC


def _hash(*parts: str) -> str:
    return hashlib.sha256("\x1f".join(parts).encode()).hexdigest()


def _steps(text: str) -> frozenset[int]:
    return frozenset(int(s) for s in text.split(",") if s)


def _steps_text(steps: frozenset[int]) -> str:
    return ",".join(map(str, sorted(steps)))


def new_browser_token() -> str:
    """A random participant token, as `ClassStore.join` issues.

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


def _number(value: object) -> float:
    return check_real(value, "value", -MAX_NUMBER, MAX_NUMBER)


class ClassStore:
    """Classes, their participants and answers in a SQL database (`classroom.database`).

    Parameters
    ----------
    url : str, optional
        A SQLAlchemy URL; default `classroom.database.database_url` (the environment).
    clock : callable, default=time.time
        Seconds since the epoch; tests pass a fake clock to reach the expiry.
    timeout_s : float, default=classroom.database.TIMEOUT_S
        How long a call waits for a busy or unreachable database before it raises
        `StoreUnavailable`.

    Notes
    -----
    Making a store does not need the database: it connects on first use (making the
    SQLite file 0600 in a 0700 folder, and the tables), so a server starts while its
    database is down and its pages say so.

    Examples
    --------
    >>> import tempfile
    >>> store = ClassStore(f"sqlite:///{tempfile.mkdtemp()}/c.sqlite3")
    >>> code, secret = store.start("lesson", "why_adjust_for_chance", [4, 0])
    >>> student = store.join(code, None)
    >>> store.answer(code, student, 1, 2)
    >>> store.tally(code, 1), store.counts(code, 1)
    ((0, 0, 1, 0), (1, 1))
    >>> store.reveal(code, secret).is_revealed
    True
    """

    def __init__(self, url: str | None = None, *, clock: Callable[[], float] = time.time,
                 timeout_s: float = TIMEOUT_S):
        url = url or database_url()
        self.engine = make_engine(url, timeout_s)
        self.clock = clock
        self._upsert = {"sqlite": sqlite.insert, "postgresql": postgresql.insert}.get(
            self.engine.dialect.name)
        self._file = sqlite_path(url)
        self._identity: tuple[int, int] | None = None
        self._ready = False
        self._opening = threading.Lock()
        self._guesses = GuessLimiter(clock)
        self._fault_logged_at: float | None = None
        # A database that is down now is said by the first call a page makes; the next
        # start purges.
        with suppress(StoreUnavailable):
            self.purge()

    # -- the database, and its faults ------------------------------------------------------

    def _open(self) -> None:
        """Make the SQLite file and the tables once; note the file's identity."""
        with self._opening:
            if self._ready:
                return
            if self._file is not None:
                self._identity = private_file(self._file)
            if create_schema(self.engine):
                _log.warning("class tables of an older ClusterLab were dropped and made again")
            self._ready = True

    def _gone(self) -> bool:
        return self._identity is not None and file_identity(self._file) != self._identity

    @contextmanager
    def _db(self, write: bool = False) -> Iterator[Connection]:
        """A connection (in a transaction committed at the end if ``write``); any database
        failure becomes `StoreUnavailable`, its details logged, never shown."""
        if self._gone():
            raise StoreUnavailable(STORE_GONE)
        try:
            self._open()
            with self.engine.begin() if write else self.engine.connect() as db:
                yield db
        except IntegrityError:
            raise  # a clash of keys, which the caller handles: not a fault
        except (SQLAlchemyError, OSError) as error:
            # Every page of a class polls: one line per outage (and per minute) is enough.
            now = time.monotonic()
            if self._fault_logged_at is None or now - self._fault_logged_at >= FAULT_LOG_S:
                _log.warning("class database unavailable: %s", error)
                self._fault_logged_at = now
            # from None: a traceback printed anywhere would name the host, port or path.
            raise StoreUnavailable(STORE_DOWN) from None
        if self._fault_logged_at is not None:
            _log.warning("class database reachable again")
            self._fault_logged_at = None

    def _reopen_if_gone(self) -> None:
        """After the SQLite file was deleted or replaced: forget it and its connections, so
        the next call opens (or makes) the file at the same path."""
        with self._opening:
            if not self._gone():
                return
            _log.warning("the class database file was deleted or replaced; opening it anew")
            self.engine.dispose()
            # Beside a deleted file, the -wal and -shm files are its own: SQLite does not fold
            # a moved file's log back in, and would lay that log's pages over a new file. A
            # file at the path is left with its log: another server may have made it and
            # written there (restore a copy with the servers stopped).
            try:
                if not self._file.exists():
                    for suffix in ("-wal", "-shm"):
                        self._file.with_name(self._file.name + suffix).unlink(missing_ok=True)
            except OSError as error:
                _log.warning("class database unavailable: %s", error)
                raise StoreUnavailable(STORE_DOWN) from None
            self._identity, self._ready = None, False

    # -- reading a class -------------------------------------------------------------------

    def _row(self, db: Connection, code: object):
        row = None
        if isinstance(code, str) and CODE.fullmatch(code):
            row = db.execute(_CLASS_BY_CODE, {"code": code}).first()
        if row is None or row.expires_at <= self.clock():
            raise ClassError(NO_CLASS)
        return row

    @staticmethod
    def _state(row) -> ClassState:
        return ClassState(row.code, row.lesson_kind, row.lesson_ref,
                          tuple(int(n) for n in row.options.split(",")), row.step,
                          _steps(row.revealed), row.expires_at, row.join_code,
                          bool(row.locked))

    def _teacher_row(self, db: Connection, code: object, secret: object):
        row = self._row(db, code)
        given = _hash(secret) if isinstance(secret, str) and SECRET.fullmatch(secret) else ""
        if not hmac.compare_digest(given.encode(), row.secret_hash.encode()):
            raise ClassError(NOT_TEACHER)
        return row

    def start(self, lesson_kind: str, lesson_ref: str, options: Sequence[int]) -> tuple[str, str]:
        """Start a class on a lesson, at its step 1.

        Parameters
        ----------
        lesson_kind : {"lesson", "lessonz"}
            How the lesson is named: a shipped lesson's name, or a link's encoded lesson.
        lesson_ref : str
            That name or code (at most 8,000 characters).
        options : sequence of int
            For each step, the number of options of its question (0 to 6; 0: no question;
            `NUMERIC`: a number is asked).

        Returns
        -------
        (str, str)
            The class code and the teacher's secret. Only a hash of the secret is stored.
            The join code is in `state`.

        Raises
        ------
        ValueError
            If the lesson is not one of the forms above.
        StoreUnavailable
            If the database cannot be reached. A SQLite file deleted or replaced since
            the store opened it is opened anew first (made again if missing).

        Examples
        --------
        >>> code, secret = ClassStore("sqlite://").start("lesson", "l", [2, NUMERIC])
        >>> len(code), len(secret)
        (11, 32)
        """
        if lesson_kind not in LESSON_KINDS:
            raise ValueError(f"lesson_kind must be one of {LESSON_KINDS}, not {lesson_kind!r}")
        if not isinstance(lesson_ref, str) or not 1 <= len(lesson_ref) <= MAX_REF:
            raise ValueError(f"lesson_ref must be a text of 1 to {MAX_REF} characters")
        options = tuple(options)
        if not 1 <= len(options) <= MAX_STEPS or any(
                type(n) is not int or not NUMERIC <= n <= MAX_OPTIONS for n in options):
            raise ValueError(f"options must give 1 to {MAX_STEPS} steps, each 0 to "
                             f"{MAX_OPTIONS} options or NUMERIC ({NUMERIC})")
        self._reopen_if_gone()
        self.purge()
        now = self.clock()
        for _ in range(JOIN_CODE_DRAWS):
            code, secret = secrets.token_urlsafe(CODE_BYTES), secrets.token_urlsafe(SECRET_BYTES)
            try:
                with self._db(write=True) as db:
                    db.execute(insert(classes).values(
                        code=code, join_code=new_join_code(), secret_hash=_hash(secret),
                        lesson_kind=lesson_kind, lesson_ref=lesson_ref,
                        options=",".join(map(str, options)), step=1, revealed="",
                        locked=False, started_at=now, expires_at=now + LIFETIME_S))
            except IntegrityError:
                continue
            return code, secret
        raise ClassError("No free join code was found; start the class again.")

    def state(self, code: object) -> ClassState:
        """The class with code ``code``.

        Parameters
        ----------
        code : str
            A class code.

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
        classroom.errors.ClassError: No class is running with this code: ...
        """
        with self._db() as db:
            return self._state(self._row(db, code))

    def check_teacher(self, code: object, secret: object) -> ClassState:
        """The class, if ``secret`` is its teacher's secret.

        Parameters
        ----------
        code : str
            The class code.
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
        classroom.errors.ClassError: This link cannot run the class: ...
        """
        with self._db() as db:
            return self._state(self._teacher_row(db, code, secret))

    # -- the teacher's actions -------------------------------------------------------------

    def _teacher_update(self, code: str, secret: str,
                        change: Callable[[ClassState], dict]) -> ClassState:
        with self._db(write=True) as db:
            state = self._state(self._teacher_row(db, code, secret))
            db.execute(update(classes).where(classes.c.code == code).values(**change(state)))
            return self._state(self._row(db, code))

    def go_to(self, code: str, secret: str, step: int) -> ClassState:
        """Show step ``step`` (from 1) to the class; the teacher's action.

        Parameters
        ----------
        code, secret : str
            The class's code and teacher secret.
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
        return self._teacher_update(code, secret, lambda state: {
            "step": check_integer(step, "step", 1, len(state.options))})

    def reveal(self, code: str, secret: str) -> ClassState:
        """Reveal the current step's answers: they are shown and can no longer change.

        Parameters
        ----------
        code, secret : str
            The class's code and teacher secret.

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
        return self._teacher_update(code, secret, lambda state: {
            "revealed": _steps_text(state.revealed | {state.step})})

    def lock(self, code: str, secret: str, locked: bool = True) -> ClassState:
        """Lock the room (no new participant may join or answer), or unlock it.

        Parameters
        ----------
        code, secret : str
            The class's code and teacher secret.
        locked : bool, default=True
            True locks, False unlocks.

        Returns
        -------
        ClassState

        Raises
        ------
        ClassError
            As `check_teacher`.
        TypeError
            If ``locked`` is not a bool.

        Examples
        --------
        >>> store = ClassStore("sqlite://")
        >>> code, secret = store.start("lesson", "l", [2])
        >>> store.lock(code, secret).locked, store.lock(code, secret, False).locked
        (True, False)
        """
        if not isinstance(locked, bool):
            raise TypeError(f"locked must be True or False, got {str(locked)[:40]!r}")
        return self._teacher_update(code, secret, lambda state: {"locked": locked})

    def reset(self, code: str, secret: str, step: int) -> ClassState:
        """Ask a question again: the step's answers are deleted and the step un-revealed.

        Parameters
        ----------
        code, secret : str
            The class's code and teacher secret.
        step : int
            The step, from 1.

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
        >>> code, secret = store.start("lesson", "l", [2])
        >>> store.answer(code, store.join(code, None), 1, 0)
        >>> _ = store.reveal(code, secret)
        >>> store.reset(code, secret, 1).is_revealed, store.tally(code, 1)
        (False, (0, 0))
        """
        with self._db(write=True) as db:
            state = self._state(self._teacher_row(db, code, secret))
            step = check_integer(step, "step", 1, len(state.options))
            db.execute(delete(answers).where(answers.c.code == code, answers.c.step == step))
            db.execute(update(classes).where(classes.c.code == code).values(
                revealed=_steps_text(state.revealed - {step})))
            return self._state(self._row(db, code))

    def close(self, code: str, secret: str) -> None:
        """End the class now: it, its participants and its answers are deleted.

        Parameters
        ----------
        code, secret : str
            The class's code and teacher secret.

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
        classroom.errors.ClassError: No class is running with this code: ...
        """
        with self._db(write=True) as db:
            self._teacher_row(db, code, secret)
            for table in (answers, participants, classes):
                db.execute(delete(table).where(table.c.code == code))

    def export_csv(self, code: str, secret: str) -> str:
        """The class's answers as CSV (`classroom.export.answers_csv`): per step, each
        option's count, or each number given and when; no participant is identified.

        Parameters
        ----------
        code, secret : str
            The class's code and teacher secret.

        Returns
        -------
        str

        Raises
        ------
        ClassError
            As `check_teacher`.

        Examples
        --------
        >>> store = ClassStore("sqlite://", clock=lambda: 100.0)
        >>> code, secret = store.start("lesson", "l", [2, 0, NUMERIC])
        >>> store.answer(code, store.join(code, None), 1, 1)
        >>> _ = store.go_to(code, secret, 3)
        >>> store.answer(code, store.join(code, None), 3, 0.25)
        >>> print(store.export_csv(code, secret), end="")
        step,question kind,option,count,value,answered_at
        1,choice,A,0,,
        1,choice,B,1,,
        3,number,,,0.25,0.0
        """
        with self._db() as db:
            row = self._teacher_row(db, code, secret)
            found = db.execute(select(answers.c.step, answers.c.option, answers.c.value,
                                      answers.c.answered_at)
                               .where(answers.c.code == code)
                               .order_by(answers.c.step, answers.c.answered_at)).all()
        options = self._state(row).options
        counts = [[0] * max(n, 0) for n in options]
        numbers = []
        for step, option, value, at in found:
            if options[step - 1] == NUMERIC:
                numbers.append((step, value, at - row.started_at))
            else:
                counts[step - 1][option] += 1
        return answers_csv([(step, tuple(c)) for step, c in enumerate(counts, 1)
                            if options[step - 1] > 0], numbers)

    # -- students --------------------------------------------------------------------------

    def find(self, join_code: object, client: str) -> str:
        """The class code for a join code a student typed.

        Parameters
        ----------
        join_code : str
            As typed: case, spaces and dashes do not matter.
        client : str
            A key of the one who types (the app passes one per browser session): its wrong
            tries are limited (`classroom.joincodes.GuessLimiter`).

        Returns
        -------
        str
            The class code.

        Raises
        ------
        ClassError
            If no running class has this join code, or after too many wrong tries (5 in a
            minute per client, 300 per server), even for a right code.
        TypeError
            If ``client`` is not a text of 1 to 200 characters.

        Examples
        --------
        >>> store = ClassStore("sqlite://")
        >>> code, _ = store.start("lesson", "l", [2])
        >>> store.find(store.state(code).join_code.lower(), "session 1") == code
        True
        """
        if not isinstance(client, str) or not 1 <= len(client) <= MAX_CLIENT_KEY:
            raise TypeError(f"client must be a text of 1 to {MAX_CLIENT_KEY} characters")
        if self._guesses.blocked(client):
            raise ClassError(TOO_MANY_TRIES)
        wanted = normalise_join_code(join_code)
        code = None
        if wanted is not None:
            with self._db() as db:
                code = db.execute(select(classes.c.code).where(
                    classes.c.join_code == wanted,
                    classes.c.expires_at > self.clock())).scalar_one_or_none()
        if code is None:
            self._guesses.wrong(client)
            raise ClassError(NO_CLASS)
        return code

    def join(self, code: str, participant: object = None) -> str:
        """Join the class: the participant's token, kept by the student's browser.

        Parameters
        ----------
        code : str
            The class code.
        participant : str or None
            The token this browser was given before, if any.

        Returns
        -------
        str
            ``participant`` if it is a participant of this class, else a new token (22
            characters from `secrets`; only a hash of it with the code is stored).

        Raises
        ------
        ClassError
            If there is no such class, or the room is locked and ``participant`` is not one
            of its participants.

        Examples
        --------
        >>> store = ClassStore("sqlite://")
        >>> code, secret = store.start("lesson", "l", [2])
        >>> token = store.join(code, None)
        >>> store.join(code, token) == token, store.join(code, "forged") == token
        (True, False)
        """
        with self._db(write=True) as db:
            row = self._row(db, code)
            if self._joined(db, code, participant):
                return participant
            if row.locked:
                raise ClassError(ROOM_LOCKED)
            token = new_browser_token()
            db.execute(insert(participants).values(code=code, participant=_hash(code, token),
                                                   joined_at=self.clock()))
            return token

    @staticmethod
    def _joined(db: Connection, code: str, participant: object) -> bool:
        return isinstance(participant, str) and TOKEN.fullmatch(participant) is not None \
            and db.execute(select(participants.c.participant).where(
                participants.c.code == code,
                participants.c.participant == _hash(code, participant))).first() is not None

    def answer(self, code: str, participant: str, step: int, value: int | float) -> None:
        """Record (or replace) this participant's answer to the question of ``step``.

        Parameters
        ----------
        code : str
            The class code.
        participant : str
            The participant's token (`join`). A well-formed token that never joined (a
            browser's own token, as pages made before `join` existed send) joins here
            while the room is unlocked.
        step : int
            The step the student answers: it must be the one the teacher shows.
        value : int or float
            The chosen option, from 0; or, on a `NUMERIC` step, a finite number of at
            most 1e12 in absolute value.

        Returns
        -------
        None

        Raises
        ------
        ClassError
            If the class is unknown or expired, the teacher has moved to another step, the
            step has no question, its answers are revealed, or the room is locked and
            ``participant`` has not joined.
        ValueError
            If ``participant`` is not a token or ``value`` is not an answer of the question.

        Examples
        --------
        >>> store = ClassStore("sqlite://")
        >>> code, secret = store.start("lesson", "l", [2])
        >>> token = store.join(code, None)
        >>> store.answer(code, token, 1, 0); store.answer(code, token, 1, 1)
        >>> store.tally(code, 1), store.my_answer(code, token, 1)
        ((0, 1), 1)
        """
        with self._db(write=True) as db:
            state = self._state(self._row(db, code))
            if not isinstance(participant, str) or not TOKEN.fullmatch(participant):
                raise ValueError("participant must be a token given by ClassStore.join")
            if step != state.step:
                raise ClassError(f"The teacher has moved on to step {state.step}.")
            if state.n_options == 0:
                raise ClassError("This step has no question to answer.")
            if state.is_revealed:
                raise ClassError("The answers to this question are revealed: it is closed.")
            if state.is_numeric:
                columns = {"option": None, "value": _number(value)}
            else:
                columns = {"option": check_integer(value, "option", 0, state.n_options - 1),
                           "value": None}
            voter = _hash(code, participant)
            now = self.clock()
            if not self._joined(db, code, participant):
                if state.locked:
                    raise ClassError(ROOM_LOCKED)
                self._put(db, participants, {"code": code, "participant": voter,
                                             "joined_at": now}, {})
            self._put(db, answers, {"code": code, "step": step, "participant": voter},
                      {**columns, "answered_at": now})

    def _put(self, db: Connection, table, key: dict, values: dict) -> None:
        """Insert a row, or update the row of the same key (nothing if ``values`` is empty)."""
        if self._upsert is not None:
            statement = self._upsert(table).values(**key, **values)
            db.execute(statement.on_conflict_do_update(
                index_elements=list(key), set_={name: statement.excluded[name]
                                                for name in values})
                       if values else statement.on_conflict_do_nothing())
            return
        where = [table.c[name] == value for name, value in key.items()]
        if not db.execute(select(*table.primary_key.columns).where(*where)).first():
            db.execute(insert(table).values(**key, **values))
        elif values:
            db.execute(update(table).where(*where).values(**values))

    def my_answer(self, code: str, participant: str, step: int) -> int | float | None:
        """This participant's answer to the question of ``step``, or None.

        Parameters
        ----------
        code, participant : str
            The class code and the participant's token.
        step : int
            The step, from 1.

        Returns
        -------
        int, float or None
            The option chosen, or the number given on a `NUMERIC` step.

        Examples
        --------
        >>> store = ClassStore("sqlite://")
        >>> code, _ = store.start("lesson", "l", [2])
        >>> store.my_answer(code, new_browser_token(), 1) is None
        True
        """
        with self._db() as db:
            row = db.execute(select(answers.c.option, answers.c.value).where(
                answers.c.code == code, answers.c.step == step,
                answers.c.participant == _hash(code, str(participant)))).first()
        if row is None:
            return None
        return row.value if row.option is None else row.option

    # -- counts ----------------------------------------------------------------------------

    def _step_answers(self, code: str, step: int, column):
        """The class's state and the rows of ``column`` per answer group of ``step``."""
        with self._db() as db:
            state = self._state(self._row(db, code))
            step = check_integer(step, "step", 1, len(state.options))
            return state, step, db.execute(column.where(
                answers.c.code == code, answers.c.step == step)).all()

    def tally(self, code: str, step: int) -> tuple[int, ...]:
        """How many participants chose each option of the question of ``step``.

        Parameters
        ----------
        code : str
            The class code.
        step : int
            The step, from 1.

        Returns
        -------
        tuple of int
            One count per option (empty if the step has no choice question).

        Raises
        ------
        ClassError
            If the class is unknown or expired.
        ValueError
            If ``step`` is not a step of the lesson.

        Examples
        --------
        >>> store = ClassStore("sqlite://")
        >>> code, _ = store.start("lesson", "l", [3])
        >>> store.tally(code, 1)
        (0, 0, 0)
        """
        state, step, found = self._step_answers(
            code, step, select(answers.c.option, func.count()).group_by(answers.c.option))
        counts = [0] * max(state.options[step - 1], 0)
        for option, count in found:
            if option is not None:
                counts[option] = count
        return tuple(counts)

    def numbers(self, code: str, step: int) -> tuple[float, ...]:
        """The numbers given to the question of a `NUMERIC` step, sorted.

        Parameters
        ----------
        code : str
            The class code.
        step : int
            The step, from 1.

        Returns
        -------
        tuple of float
            Empty if none was given (or the step asks no number).

        Raises
        ------
        ClassError
            If the class is unknown or expired.
        ValueError
            If ``step`` is not a step of the lesson.

        Examples
        --------
        >>> store = ClassStore("sqlite://")
        >>> code, _ = store.start("lesson", "l", [NUMERIC])
        >>> for typed in (3, -0.5):
        ...     store.answer(code, store.join(code, None), 1, typed)
        >>> store.numbers(code, 1)
        (-0.5, 3.0)
        """
        _, _, found = self._step_answers(code, step, select(answers.c.value).where(
            answers.c.value.is_not(None)))
        return tuple(sorted(value for value, in found))

    def counts(self, code: str, step: int) -> tuple[int, int]:
        """How many participants have joined the class, and how many answered ``step``.

        Parameters
        ----------
        code : str
            The class code.
        step : int
            The step, from 1.

        Returns
        -------
        (int, int)
            Joined, answered.

        Raises
        ------
        ClassError
            If the class is unknown or expired.
        ValueError
            If ``step`` is not a step of the lesson.

        Examples
        --------
        >>> store = ClassStore("sqlite://")
        >>> code, _ = store.start("lesson", "l", [2])
        >>> _ = store.join(code, None)
        >>> store.counts(code, 1)
        (1, 0)
        """
        joined = select(func.count()).select_from(participants).where(
            participants.c.code == code).scalar_subquery()
        _, _, found = self._step_answers(code, step, select(joined, func.count()))
        return found[0][0], found[0][1]

    def purge(self) -> int:
        """Delete the classes that have expired, with their participants and answers.

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
        with self._db(write=True) as db:
            for table in (answers, participants):
                db.execute(delete(table).where(table.c.code.in_(expired)))
            return db.execute(delete(classes).where(classes.c.expires_at <= now)).rowcount
