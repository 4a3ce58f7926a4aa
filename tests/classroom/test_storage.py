"""Where the class data lives and how it is reached: a per-user data folder (0700) holding a
0600 SQLite file, never inside the package or site-packages; a bounded PostgreSQL pool with
pre-ping; class tables of an older ClusterLab dropped and made again."""

import os
import socket
import stat
import sysconfig
from pathlib import Path

import pytest
from sqlalchemy import select, text

import classroom
from classroom import ClassStore
from classroom.database import (
    MAX_OVERFLOW,
    POOL_SIZE,
    SQLITE_FILE,
    TIMEOUT_S,
    classes,
    metadata,
)
from classroom.datafolder import data_folder

ROOT = Path(__file__).resolve().parents[2]


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


@pytest.fixture
def home(tmp_path, monkeypatch):
    """A user whose environment names no data folder."""
    for name in ("CLUSTERLAB_DATA_DIR", "CLUSTERLAB_DATABASE_URL", "XDG_DATA_HOME"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def test_the_default_file_is_private_in_the_users_data_folder(home):
    store = ClassStore()
    code, _ = store.start("lesson", "l", [2])
    store.answer(code, store.join(code, None), 1, 0)
    folder = home / ".local" / "share" / "clusterlab"
    path = folder / SQLITE_FILE
    assert path.is_file() and mode(path) == 0o600 and mode(folder) == 0o700
    # SQLite gives the write-ahead log and its index the main file's mode.
    for suffix in ("-wal", "-shm"):
        assert mode(Path(f"{path}{suffix}")) == 0o600
    store.engine.dispose()


def test_the_file_is_private_whatever_the_umask(home):
    old = os.umask(0)
    try:
        store = ClassStore()
        store.start("lesson", "l", [2])
    finally:
        os.umask(old)
    folder = home / ".local" / "share" / "clusterlab"
    assert mode(folder / SQLITE_FILE) == 0o600 and mode(folder) == 0o700
    store.engine.dispose()


def test_a_folder_and_file_left_open_by_an_older_version_are_made_private(tmp_path,
                                                                           monkeypatch):
    folder = tmp_path / "lab"
    folder.mkdir(mode=0o755)
    folder.chmod(0o755)
    (folder / SQLITE_FILE).touch()
    (folder / SQLITE_FILE).chmod(0o644)
    monkeypatch.setenv("CLUSTERLAB_DATA_DIR", str(folder))
    monkeypatch.delenv("CLUSTERLAB_DATABASE_URL", raising=False)
    store = ClassStore()
    assert mode(folder) == 0o700 and mode(folder / SQLITE_FILE) == 0o600
    store.engine.dispose()


def test_a_folder_another_user_owns_keeps_its_mode(tmp_path, monkeypatch):
    folder = tmp_path / "shared"
    folder.mkdir()
    folder.chmod(0o755)
    # The server runs as another user than the folder's owner (an administrator's folder).
    monkeypatch.setattr(os, "getuid", lambda: os.stat(folder).st_uid + 1)
    store = ClassStore(f"sqlite:///{folder / SQLITE_FILE}")
    store.start("lesson", "l", [2])
    assert mode(folder) == 0o755 and mode(folder / SQLITE_FILE) == 0o600
    store.engine.dispose()


def test_the_data_folder_is_never_the_packages(home):
    packages = {Path(sysconfig.get_paths()[key]).resolve() for key in ("purelib", "platlib")}
    for environ in ({"HOME": str(home)}, {"HOME": str(home), "XDG_DATA_HOME": "relative"}):
        folder = data_folder(environ)
        assert folder.is_absolute()
        for outside in (ROOT, Path(classroom.__file__).resolve().parent, *packages):
            assert not folder.resolve().is_relative_to(outside), (folder, outside)
    assert data_folder({"XDG_DATA_HOME": str(home / "x")}) == home / "x" / "clusterlab"
    assert data_folder({"CLUSTERLAB_DATA_DIR": " /srv/lab ", "XDG_DATA_HOME": "/x"}) == \
        Path("/srv/lab")


def test_postgresql_is_reached_through_a_bounded_pool_tested_before_use():
    with socket.socket() as probe:  # a port nothing listens on: the store connects lazily
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    store = ClassStore(f"postgresql+psycopg://u@127.0.0.1:{port}/db")
    pool = store.engine.pool
    assert (pool.size(), pool._max_overflow, pool._timeout, pool._pre_ping) == (
        POOL_SIZE, MAX_OVERFLOW, TIMEOUT_S, True)
    assert 0 < POOL_SIZE + MAX_OVERFLOW <= 20
    assert ClassStore(f"postgresql+psycopg://u@127.0.0.1:{port}/db",
                      timeout_s=2).engine.pool._timeout == 2


OLD_TABLES = (
    "CREATE TABLE clusterlab_classes (code VARCHAR(16) PRIMARY KEY, secret_hash VARCHAR(64) "
    "NOT NULL, lesson_kind VARCHAR(16) NOT NULL, lesson_ref TEXT NOT NULL, options "
    "VARCHAR(200) NOT NULL, step INTEGER NOT NULL, revealed VARCHAR(200) NOT NULL, "
    "expires_at FLOAT NOT NULL)",
    "CREATE TABLE clusterlab_answers (code VARCHAR(16), step INTEGER, voter VARCHAR(64), "
    "option INTEGER NOT NULL, PRIMARY KEY (code, step, voter))",
    "INSERT INTO clusterlab_classes VALUES ('abcdefghijk', 'h', 'lesson', 'l', '2', 1, '', "
    "9e12)",
    "INSERT INTO clusterlab_answers VALUES ('abcdefghijk', 1, 'v', 1)",
)


def test_tables_of_an_older_version_are_dropped_and_made_again(database_url, clock, caplog):
    store = ClassStore(database_url, clock=clock)
    with store.engine.begin() as db:
        metadata.drop_all(db)
        for statement in OLD_TABLES:
            db.execute(text(statement))
    store.engine.dispose()
    again = ClassStore(database_url, clock=clock)
    assert "older ClusterLab" in caplog.text
    with again.engine.connect() as db:
        assert db.execute(select(classes)).all() == []
    code, _ = again.start("lesson", "l", [2])
    again.answer(code, again.join(code, None), 1, 1)
    assert again.tally(code, 1) == (0, 1) and len(again.state(code).join_code) == 6
    again.engine.dispose()
    # A second server on the up-to-date tables keeps its classes.
    third = ClassStore(database_url, clock=clock)
    assert third.tally(code, 1) == (0, 1)
    third.engine.dispose()
