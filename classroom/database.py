"""Where class answers are kept: the database URL, the engine and the three tables.

SQLite by default, in a file of the user's data folder (`classroom.datafolder`), in WAL mode so
readers (every student's poll) never wait for the writer. Several servers behind one proxy
share one PostgreSQL database instead: any SQLAlchemy URL in ``CLUSTERLAB_DATABASE_URL``
(``postgresql+psycopg://user:password@host/db``), reached through a bounded pool of
connections, each tested before use (a restarted database server is then noticed at once).

A database made by an older ClusterLab (classes without join codes, answers of browsers rather
than participants) has its class tables dropped and made again by `create_schema`: a class
lives 24 hours, so an upgrade between two lessons loses nothing worth keeping, and no
migration code is carried for it.
"""

from __future__ import annotations

import math
import os
from collections.abc import Mapping
from pathlib import Path

from sqlalchemy import (
    Boolean,
    Column,
    Engine,
    Float,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    create_engine,
    event,
    inspect,
    make_url,
)

from classroom.datafolder import data_folder

URL_ENV = "CLUSTERLAB_DATABASE_URL"
SQLITE_FILE = "classroom.sqlite3"
#: How long one call waits for the database (a SQLite lock, a pooled connection, a new
#: PostgreSQL connection) before the store says it is unavailable.
TIMEOUT_S = 5.0
#: PostgreSQL connections per server process: Streamlit runs each session's script in a
#: thread, and a class's polls are short reads, so a few connections serve a class of 60
#: (benchmarks/results/classroom.md); the bound keeps replicas within the server's
#: max_connections (100 by default).
POOL_SIZE = 5
MAX_OVERFLOW = 5
# Connections are renewed after this long, before a firewall or proxy drops idle ones.
POOL_RECYCLE_S = 1800

metadata = MetaData()

#: One row per running class. ``revealed`` lists the steps whose answers are shown
#: ("1,3"); ``options`` the number of options of each step's question (0: no question; -1:
#: a number is asked). ``join_code`` is the short code typed from the projector.
classes = Table(
    "clusterlab_classes", metadata,
    Column("code", String(16), primary_key=True),
    Column("join_code", String(8), nullable=False, unique=True),
    Column("secret_hash", String(64), nullable=False),
    Column("lesson_kind", String(16), nullable=False),
    Column("lesson_ref", Text, nullable=False),
    Column("options", String(200), nullable=False),
    Column("step", Integer, nullable=False),
    Column("revealed", String(200), nullable=False, default=""),
    Column("locked", Boolean, nullable=False, default=False),
    Column("started_at", Float, nullable=False),
    Column("expires_at", Float, nullable=False, index=True),
)

#: One row per participant of a class: ``participant`` is a hash of the class code and the
#: token the store issued, so no reusable token is stored.
participants = Table(
    "clusterlab_participants", metadata,
    Column("code", String(16), primary_key=True),
    Column("participant", String(64), primary_key=True),
    Column("joined_at", Float, nullable=False),
)

#: One row per participant and question: the chosen ``option`` (a choice question) or the
#: typed ``value`` (a number question), and when it was given.
answers = Table(
    "clusterlab_answers", metadata,
    Column("code", String(16), primary_key=True),
    Column("step", Integer, primary_key=True),
    Column("participant", String(64), primary_key=True),
    Column("option", Integer, nullable=True),
    Column("value", Float, nullable=True),
    Column("answered_at", Float, nullable=False),
)


def database_url(environ: Mapping[str, str] | None = None) -> str:
    """The SQLAlchemy URL of the class database.

    Parameters
    ----------
    environ : mapping, optional
        The environment to read (default: ``os.environ``): ``CLUSTERLAB_DATABASE_URL`` if
        set, else a SQLite file in the data folder (`classroom.datafolder.data_folder`).

    Returns
    -------
    str

    Examples
    --------
    >>> database_url({"CLUSTERLAB_DATABASE_URL": "postgresql+psycopg://h/db"})
    'postgresql+psycopg://h/db'
    >>> database_url({"CLUSTERLAB_DATA_DIR": "/srv/lab"})
    'sqlite:////srv/lab/classroom.sqlite3'
    """
    environ = os.environ if environ is None else environ
    if environ.get(URL_ENV, "").strip():
        return environ[URL_ENV].strip()
    return f"sqlite:///{data_folder(environ) / SQLITE_FILE}"


def sqlite_path(url: str) -> Path | None:
    """The file of a SQLite URL; None for an in-memory SQLite or another database.

    Parameters
    ----------
    url : str
        A SQLAlchemy URL.

    Returns
    -------
    pathlib.Path or None

    Examples
    --------
    >>> sqlite_path("sqlite:////srv/lab/c.sqlite3")
    PosixPath('/srv/lab/c.sqlite3')
    >>> sqlite_path("sqlite://") is None, sqlite_path("postgresql+psycopg://h/db") is None
    (True, True)
    """
    parsed = make_url(url)
    if parsed.get_backend_name() != "sqlite" or parsed.database in (None, "", ":memory:"):
        return None
    return Path(parsed.database).absolute()


def _sqlite_pragmas(timeout_s: float):
    def on_connect(connection, _record) -> None:
        cursor = connection.cursor()
        # Set first: the next pragma may have to wait for another writer.
        cursor.execute(f"PRAGMA busy_timeout={int(timeout_s * 1000)}")
        cursor.execute("PRAGMA journal_mode=WAL")
        # Under WAL, NORMAL loses no committed answer on a crash of the server process (only
        # on a power cut), and spares one fsync per answer.
        cursor.execute("PRAGMA synchronous=NORMAL")
        cursor.close()
    return on_connect


def make_engine(url: str, timeout_s: float = TIMEOUT_S) -> Engine:
    """An engine for ``url``; it connects on first use (see `create_schema`).

    Parameters
    ----------
    url : str
        A SQLAlchemy URL (see `database_url`).
    timeout_s : float, default=TIMEOUT_S
        How long a call waits for a SQLite lock, a free pooled connection or a new
        PostgreSQL connection before it fails.

    Returns
    -------
    sqlalchemy.Engine
        For SQLite, with WAL and the busy timeout set on each connection; otherwise with a
        pool of `POOL_SIZE` connections (plus `MAX_OVERFLOW` at peaks), each tested before
        use (``pool_pre_ping``).

    Examples
    --------
    >>> make_engine("sqlite://").dialect.name
    'sqlite'
    >>> pool = make_engine("postgresql+psycopg://u@localhost/db").pool
    >>> pool.size(), pool._pre_ping
    (5, True)
    """
    if make_url(url).get_backend_name() == "sqlite":
        # Streamlit serves each browser from its own thread; a pooled connection is used by
        # one thread at a time.
        engine = create_engine(url, connect_args={"check_same_thread": False,
                                                  "timeout": timeout_s})
        event.listen(engine, "connect", _sqlite_pragmas(timeout_s))
        return engine
    options = {"connect_args": {"connect_timeout": max(1, math.ceil(timeout_s))}} \
        if make_url(url).get_backend_name() == "postgresql" else {}
    return create_engine(url, pool_size=POOL_SIZE, max_overflow=MAX_OVERFLOW,
                         pool_timeout=timeout_s, pool_pre_ping=True,
                         pool_recycle=POOL_RECYCLE_S, **options)


def create_schema(engine: Engine) -> bool:
    """Create the class tables if missing; drop and remake them if an older ClusterLab made
    them with other columns.

    Parameters
    ----------
    engine : sqlalchemy.Engine
        The class database's engine.

    Returns
    -------
    bool
        Whether older tables were dropped (their classes are gone).

    Examples
    --------
    >>> create_schema(make_engine("sqlite://"))
    False
    """
    with engine.begin() as db:
        found = inspect(db)
        stale = any(found.has_table(table.name) and {c.name for c in table.columns}
                    - {c["name"] for c in found.get_columns(table.name)}
                    for table in metadata.sorted_tables)
        if stale:
            metadata.drop_all(db, checkfirst=True)
        metadata.create_all(db, checkfirst=True)
    return stale
