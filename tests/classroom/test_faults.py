"""Database faults said plainly: a PostgreSQL stopped mid-class (a throwaway cluster of this
test's own, stopped and started again), a SQLite file locked past the busy timeout, deleted or
replaced, a database down from the start. Each call raises StoreUnavailable with one short
sentence naming no host, port or path; nothing goes to a deleted file; an answer sent again
once the database is back is stored."""

import sqlite3
import time
import traceback
from pathlib import Path

import pytest

from classroom import STORE_DOWN, STORE_GONE, ClassError, ClassStore, StoreUnavailable
from classroom.errors import NO_CLASS
from tests.postgres_cluster import free_port


def said_plainly(error: StoreUnavailable, *hidden: str) -> None:
    """The message is one of the store's sentences and nothing of the fault leaks, not even
    through a traceback printed from it."""
    assert str(error) in (STORE_DOWN, STORE_GONE)
    assert error.__cause__ is None
    assert error.__context__ is None or error.__suppress_context__
    printed = "".join(traceback.format_exception(error))
    for text in hidden:
        assert text not in str(error) and text not in printed
    assert "Traceback" not in str(error)


def refused_all(store: ClassStore, code: str, secret: str, student: str) -> list:
    """Every kind of call a class page makes, each expected to raise StoreUnavailable."""
    calls = [lambda: store.state(code), lambda: store.check_teacher(code, secret),
             lambda: store.answer(code, student, 1, 1), lambda: store.join(code, None),
             lambda: store.tally(code, 1), lambda: store.counts(code, 1),
             lambda: store.my_answer(code, student, 1), lambda: store.reveal(code, secret),
             lambda: store.find("ABCDEF", "s"), lambda: store.export_csv(code, secret)]
    errors = []
    for call in calls:
        with pytest.raises(StoreUnavailable) as failed:
            call()
        errors.append(failed.value)
    return errors


def test_a_postgresql_stopped_mid_class_is_said_plainly_and_nothing_is_lost(own_postgres,
                                                                           caplog):
    store = ClassStore(own_postgres.url, timeout_s=2)
    code, secret = store.start("lesson", "l", [2])
    early, late = store.join(code, None), store.join(code, None)
    store.answer(code, early, 1, 0)
    own_postgres.stop()
    started = time.monotonic()
    errors = refused_all(store, code, secret, late)
    assert time.monotonic() - started < 60  # each call gives up within its timeout
    for error in errors:
        assert str(error) == STORE_DOWN
        said_plainly(error, "127.0.0.1", f":{own_postgres.port}", "postgres@", "psycopg",
                     "OperationalError")
    own_postgres.start()
    # The page kept the late answer and sends it again: it is stored, the early one kept.
    store.answer(code, late, 1, 1)
    assert caplog.text.count("class database unavailable") == 1
    assert "class database reachable again" in caplog.text
    assert store.tally(code, 1) == (1, 1) and store.counts(code, 1) == (2, 2)
    store.engine.dispose()


def test_a_database_down_from_the_start_is_said_plainly_and_logged(caplog):
    port = free_port()  # nothing listens there
    store = ClassStore(f"postgresql+psycopg://dbuser9:s3cretpw@127.0.0.1:{port}/classes",
                       timeout_s=1)
    errors = refused_all(store, "a" * 11, "b" * 32, "c" * 22)
    with pytest.raises(StoreUnavailable) as down:
        store.start("lesson", "l", [2])
    for error in [*errors, down.value]:
        assert str(error) == STORE_DOWN
        said_plainly(error, "127.0.0.1", str(port), "dbuser9", "s3cretpw", "psycopg",
                     "OperationalError")
    # The operator's log has what the screens do not, once for the outage.
    assert "127.0.0.1" in caplog.text
    assert [r.getMessage().split(":")[0] for r in caplog.records] == [
        "class database unavailable"]


@pytest.mark.parametrize("readers_too", [False, True])
def test_a_locked_sqlite_file_is_said_plainly_after_the_busy_timeout(tmp_path, readers_too):
    path = tmp_path / "classroom.sqlite3"
    store = ClassStore(f"sqlite:///{path}", timeout_s=0.3)
    code, secret = store.start("lesson", "l", [2])
    student = store.join(code, None)
    store.engine.dispose()  # no pooled connection holds a read snapshot
    holder = sqlite3.connect(path, isolation_level=None)
    if readers_too:
        # Exclusive locking mode keeps even readers out once the holder has written.
        holder.execute("PRAGMA locking_mode=EXCLUSIVE")
    holder.execute("BEGIN EXCLUSIVE")
    holder.execute("UPDATE clusterlab_classes SET step = step")
    started = time.monotonic()
    with pytest.raises(StoreUnavailable) as locked:
        store.answer(code, student, 1, 1)
    assert 0.25 <= time.monotonic() - started < 5
    said_plainly(locked.value, str(tmp_path), "database is locked", "OperationalError")
    assert str(locked.value) == STORE_DOWN
    if readers_too:
        with pytest.raises(StoreUnavailable):
            store.state(code)
    else:
        # Under WAL the pages keep reading the class while a writer holds the lock.
        assert store.state(code).step == 1
    holder.execute("ROLLBACK")
    holder.close()
    store.answer(code, student, 1, 1)  # sent again by the page: stored
    assert store.tally(code, 1) == (0, 1)
    store.engine.dispose()


def sqlite_class(path: Path) -> tuple[ClassStore, str, str, str]:
    store = ClassStore(f"sqlite:///{path}")
    code, secret = store.start("lesson", "l", [2])
    student = store.join(code, None)
    store.answer(code, student, 1, 0)
    return store, code, secret, student


@pytest.mark.parametrize("deleted", [("",), ("", "-wal", "-shm")])
def test_a_deleted_sqlite_file_is_noticed_and_the_next_class_makes_it_again(tmp_path, deleted):
    path = tmp_path / "classroom.sqlite3"
    store, code, secret, student = sqlite_class(path)
    for suffix in deleted:
        Path(f"{path}{suffix}").unlink(missing_ok=True)
    for error in refused_all(store, code, secret, student):
        assert str(error) == STORE_GONE
        said_plainly(error, str(tmp_path), "classroom.sqlite3")
    assert not path.exists()  # nothing was written anywhere meanwhile
    fresh, fresh_secret = store.start("lesson", "l", [2])
    assert path.is_file() and path.stat().st_mode & 0o777 == 0o600
    store.answer(fresh, store.join(fresh, None), 1, 1)
    with pytest.raises(ClassError) as ended:
        store.state(code)
    assert str(ended.value) == NO_CLASS
    # The new file is the one at the path: another server on it sees the new class.
    other = ClassStore(f"sqlite:///{path}")
    assert other.tally(fresh, 1) == (0, 1)
    for made in (store, other):
        made.engine.dispose()


def test_a_replaced_sqlite_file_is_noticed(tmp_path):
    path = tmp_path / "classroom.sqlite3"
    store, code, secret, student = sqlite_class(path)
    copy = tmp_path / "restored.sqlite3"
    other = ClassStore(f"sqlite:///{copy}")
    kept, _ = other.start("lesson", "l", [3])
    # The last connection's close folds each log into its file: a copy restored while the
    # server's connections are closed leaves no log of the old file beside it.
    for made in (other, store):
        made.engine.dispose()
    copy.replace(path)
    for error in refused_all(store, code, secret, student):
        assert str(error) == STORE_GONE
    # The next class takes up the file now at the path.
    fresh, _ = store.start("lesson", "l", [2])
    assert store.state(kept).options == (3,) and store.state(fresh).step == 1
    store.engine.dispose()


def test_an_unusable_data_folder_is_said_plainly(tmp_path):
    blocker = tmp_path / "not a folder"
    blocker.write_text("")
    store = ClassStore(f"sqlite:///{blocker / 'classroom.sqlite3'}")
    with pytest.raises(StoreUnavailable) as failed:
        store.start("lesson", "l", [2])
    said_plainly(failed.value, str(tmp_path))


def test_a_deleted_file_whose_old_log_cannot_be_removed_is_said_plainly(tmp_path):
    path = tmp_path / "classroom.sqlite3"
    store, *_ = sqlite_class(path)
    for suffix in ("", "-wal"):
        Path(f"{path}{suffix}").unlink()
    Path(f"{path}-wal").mkdir()  # what no unlink removes, even for root
    with pytest.raises(StoreUnavailable) as failed:
        store.start("lesson", "l", [2])
    said_plainly(failed.value, str(tmp_path))
    assert str(failed.value) == STORE_DOWN


def test_two_servers_on_one_file_both_take_up_the_file_made_after_a_deletion(tmp_path):
    path = tmp_path / "classroom.sqlite3"
    first, code, _, _ = sqlite_class(path)
    second = ClassStore(f"sqlite:///{path}")
    assert second.tally(code, 1) == (1, 0)
    path.unlink()
    fresh, _ = first.start("lesson", "l", [2])
    first.answer(fresh, first.join(fresh, None), 1, 1)  # in the new file's log, not folded
    # The second server notices too, and takes up the first's new file and its log.
    later, _ = second.start("lesson", "l", [2])
    second.answer(fresh, second.join(fresh, None), 1, 0)
    assert second.tally(fresh, 1) == first.tally(fresh, 1) == (1, 1)
    assert first.state(later).step == 1
    for made in (first, second):
        made.engine.dispose()
