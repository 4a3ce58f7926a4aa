"""Where class answers are kept: the database URL, the engine and the two tables.

SQLite by default, in a file under the data folder (``CLUSTERLAB_DATA_DIR``, else ``data/`` at
the repository root), in WAL mode so readers (every student's poll) never wait for the writer.
Several servers behind one proxy share one PostgreSQL database instead: any SQLAlchemy URL in
``CLUSTERLAB_DATABASE_URL`` (``postgresql+psycopg://user:password@host/db``).
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

from sqlalchemy import (
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
)

URL_ENV = "CLUSTERLAB_DATABASE_URL"
DATA_DIR_ENV = "CLUSTERLAB_DATA_DIR"
DEFAULT_DATA_DIR = Path(__file__).resolve().parents[1] / "data"
SQLITE_FILE = "classroom.sqlite3"

metadata = MetaData()

#: One row per running class. ``revealed`` lists the steps whose answers are shown
#: ("1,3"); ``options`` the number of options of each step's question (0: no question).
classes = Table(
    "clusterlab_classes", metadata,
    Column("code", String(16), primary_key=True),
    Column("secret_hash", String(64), nullable=False),
    Column("lesson_kind", String(16), nullable=False),
    Column("lesson_ref", Text, nullable=False),
    Column("options", String(200), nullable=False),
    Column("step", Integer, nullable=False),
    Column("revealed", String(200), nullable=False, default=""),
    Column("expires_at", Float, nullable=False, index=True),
)

#: One row per browser and question: ``voter`` is a hash of the class code and the
#: browser's random token, so no name and no reusable token is stored.
answers = Table(
    "clusterlab_answers", metadata,
    Column("code", String(16), primary_key=True),
    Column("step", Integer, primary_key=True),
    Column("voter", String(64), primary_key=True),
    Column("option", Integer, nullable=False),
)


def database_url(environ: Mapping[str, str] | None = None) -> str:
    """The SQLAlchemy URL of the class database.

    Parameters
    ----------
    environ : mapping, optional
        The environment to read (default: ``os.environ``): ``CLUSTERLAB_DATABASE_URL`` if
        set, else a SQLite file in ``CLUSTERLAB_DATA_DIR`` (default ``data/``).

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
    folder = Path(environ.get(DATA_DIR_ENV, "").strip() or DEFAULT_DATA_DIR)
    return f"sqlite:///{folder.resolve() / SQLITE_FILE}"


def _sqlite_pragmas(connection, _record) -> None:
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    # Under WAL, NORMAL loses no committed answer on a crash of the server process (only on
    # a power cut), and spares one fsync per answer.
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA busy_timeout=5000")
    cursor.close()


def make_engine(url: str) -> Engine:
    """An engine for ``url`` with the tables created if missing (and the SQLite folder).

    Parameters
    ----------
    url : str
        A SQLAlchemy URL (see `database_url`).

    Returns
    -------
    sqlalchemy.Engine

    Examples
    --------
    >>> make_engine("sqlite://").dialect.name
    'sqlite'
    """
    if url.startswith("sqlite"):
        path = url.split(":///", 1)[1] if ":///" in url else ""
        if path and path != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        # Streamlit serves each browser from its own thread; a pooled connection is used by
        # one thread at a time.
        engine = create_engine(url, connect_args={"check_same_thread": False})
        event.listen(engine, "connect", _sqlite_pragmas)
    else:
        engine = create_engine(url, pool_pre_ping=True)
    metadata.create_all(engine)
    return engine
