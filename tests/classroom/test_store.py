"""The class store against SQLite and PostgreSQL: create, join, answer, change, reveal, close,
expiry, wrong secrets, tampered codes, and a restart (a new store on the same database).
Participants, the lock, join codes, numbers and export: test_participants.py; faults and
storage: test_faults.py, test_storage.py."""

import math
import secrets
import string
import threading
from collections import Counter

import pytest
from sqlalchemy import func, select, text

from classroom import ClassError, ClassStore, new_browser_token
from classroom.database import answers, classes, database_url, participants
from classroom.store import LIFETIME_S, NO_CLASS, NOT_TEACHER

URL_SAFE = set(string.ascii_letters + string.digits + "-_")


def rows(store, table):
    with store.engine.connect() as db:
        return [tuple(row) for row in db.execute(select(table))]


def test_codes_and_secrets_are_random_url_safe_and_long_enough(store):
    started = [store.start("lesson", "why_adjust_for_chance", [4, 0, 3]) for _ in range(200)]
    codes = [code for code, _ in started]
    secrets_ = [secret for _, secret in started]
    assert len(set(codes)) == len(codes) and len(set(secrets_)) == len(secrets_)
    assert all(set(code) <= URL_SAFE and set(secret) <= URL_SAFE for code, secret in started)
    # Each character of a URL-safe base64 text carries 6 bits: 11 characters > 40 bits.
    assert min(map(len, codes)) * math.log2(64) >= 40
    # Characters are spread over the whole alphabet (a fixed or short code would not be).
    letters = Counter("".join(codes))
    assert len(letters) >= 60


def test_the_secret_is_stored_only_as_a_hash(store):
    code, secret = store.start("lesson", "why_adjust_for_chance", [4])
    stored = " ".join(str(value) for row in rows(store, classes) for value in row)
    assert code in stored and secret not in stored


def test_join_shows_the_lesson_at_step_one(store):
    code, _ = store.start("lessonz", "eJyrVkrOz0nNzVKyUlAqSk3OSCwqSS0qBgAyWwZs", [0, 5])
    state = store.state(code)
    assert (state.lesson_kind, state.lesson_ref) == (
        "lessonz", "eJyrVkrOz0nNzVKyUlAqSk3OSCwqSS0qBgAyWwZs")
    assert (state.step, state.options, state.is_revealed, state.n_options) == (
        1, (0, 5), False, 0)


def test_answers_are_counted_per_option_one_per_participant(store):
    code, secret = store.start("lesson", "l", [4])
    browsers = [store.join(code, None) for _ in range(7)]
    chosen = [0, 2, 2, 3, 2, 0, 1]
    for browser, option in zip(browsers, chosen, strict=True):
        store.answer(code, browser, 1, option)
    assert store.tally(code, 1) == (2, 1, 3, 1)
    # Answering again replaces the participant's answer: still seven answers.
    store.answer(code, browsers[0], 1, 3)
    store.answer(code, browsers[0], 1, 3)
    assert store.tally(code, 1) == (1, 1, 3, 2)
    assert store.my_answer(code, browsers[0], 1) == 3
    assert store.my_answer(code, new_browser_token(), 1) is None
    assert len(rows(store, answers)) == 7


def test_no_participant_token_is_stored(store):
    code, _ = store.start("lesson", "l", [2])
    browser = store.join(code, None)
    store.answer(code, browser, 1, 1)
    stored = " ".join(str(value) for table in (answers, participants)
                      for row in rows(store, table) for value in row)
    assert browser not in stored and len(rows(store, participants)) == 1


def test_the_same_browser_is_a_different_voter_in_another_class(store):
    first, _ = store.start("lesson", "l", [2])
    second, _ = store.start("lesson", "l", [2])
    browser = new_browser_token()
    store.answer(first, browser, 1, 0)
    store.answer(second, browser, 1, 1)
    voters = {row[2] for row in rows(store, answers)}
    assert len(voters) == 2


def test_reveal_closes_the_question_and_keeps_its_counts(store):
    code, secret = store.start("lesson", "l", [3, 2])
    early, late = new_browser_token(), new_browser_token()
    store.answer(code, early, 1, 1)
    state = store.reveal(code, secret)
    assert state.is_revealed and state.revealed == {1}
    with pytest.raises(ClassError, match="revealed"):
        store.answer(code, early, 1, 2)
    with pytest.raises(ClassError, match="revealed"):
        store.answer(code, late, 1, 0)
    assert store.tally(code, 1) == (0, 1, 0)
    # The next step is open; coming back to step 1 finds it still revealed.
    assert not store.go_to(code, secret, 2).is_revealed
    store.answer(code, late, 2, 0)
    assert store.go_to(code, secret, 1).is_revealed


def test_answers_are_for_the_step_the_teacher_shows(store):
    code, secret = store.start("lesson", "l", [2, 0, 3])
    browser = new_browser_token()
    store.go_to(code, secret, 3)
    with pytest.raises(ClassError, match="moved on to step 3"):
        store.answer(code, browser, 1, 0)
    store.go_to(code, secret, 2)
    with pytest.raises(ClassError, match="no question"):
        store.answer(code, browser, 2, 0)
    with pytest.raises(ValueError, match=r"step must be an integer in \[1, 3\]"):
        store.go_to(code, secret, 4)
    with pytest.raises(ValueError, match=r"step must be an integer in \[1, 3\]"):
        store.go_to(code, secret, 0)
    with pytest.raises(ValueError, match=r"step must be an integer in \[1, 3\], got True"):
        store.go_to(code, secret, True)
    assert store.state(code).step == 2


@pytest.mark.parametrize("option", [-1, 3, True, 1.0, "1", None])
def test_an_option_outside_the_question_is_refused(store, option):
    code, _ = store.start("lesson", "l", [3])
    with pytest.raises(ValueError, match=r"option must be an integer in \[0, 2\]"):
        store.answer(code, new_browser_token(), 1, option)
    assert store.tally(code, 1) == (0, 0, 0)


@pytest.mark.parametrize("browser", ["", "short", "x" * 23, "<script>alert(1)</scr", None, 7])
def test_a_participant_token_not_made_by_the_store_is_refused(store, browser):
    code, _ = store.start("lesson", "l", [3])
    with pytest.raises(ValueError, match="participant must be a token"):
        store.answer(code, browser, 1, 0)
    assert rows(store, participants) == []


def test_close_deletes_the_class_and_its_answers(store):
    code, secret = store.start("lesson", "l", [2])
    other, _ = store.start("lesson", "l", [2])
    store.answer(code, store.join(code, None), 1, 0)
    store.answer(other, store.join(other, None), 1, 1)
    store.close(code, secret)
    with pytest.raises(ClassError, match="No class is running"):
        store.state(code)
    with pytest.raises(ClassError, match="No class is running"):
        store.answer(code, new_browser_token(), 1, 0)
    for table in (answers, participants, classes):
        assert [row[0] for row in rows(store, table)] == [other]


def test_a_class_expires_after_24_hours_and_is_deleted(store, clock):
    code, secret = store.start("lesson", "l", [2])
    store.answer(code, new_browser_token(), 1, 0)
    clock.now += LIFETIME_S - 1
    assert store.state(code).step == 1
    clock.now += 1
    for refused in (lambda: store.state(code), lambda: store.check_teacher(code, secret),
                    lambda: store.reveal(code, secret),
                    lambda: store.answer(code, new_browser_token(), 1, 1)):
        with pytest.raises(ClassError, match="No class is running"):
            refused()
    # Still in the tables until a purge (which every new class runs) deletes it.
    assert len(rows(store, classes)) == 1
    fresh, _ = store.start("lesson", "l", [2])
    assert [row[0] for row in rows(store, classes)] == [fresh]
    assert rows(store, answers) == rows(store, participants) == []


def test_a_starting_server_deletes_expired_classes(database_url, clock):
    first = ClassStore(database_url, clock=clock)
    old, _ = first.start("lesson", "l", [2])
    first.answer(old, new_browser_token(), 1, 1)
    clock.now += LIFETIME_S / 2
    young, _ = first.start("lesson", "l", [2])
    first.engine.dispose()
    clock.now += LIFETIME_S / 2
    again = ClassStore(database_url, clock=clock)
    assert [row[0] for row in rows(again, classes)] == [young]
    assert rows(again, answers) == []
    again.engine.dispose()


def edited(secret: str) -> str:
    return ("A" if secret[5] != "A" else "B").join((secret[:5], secret[6:]))


@pytest.mark.parametrize("wrong", ["random", "edited", "other class", "the code", "empty",
                                   "none", "number", "long", "markup"])
def test_only_the_teacher_secret_changes_step_reveals_or_closes(store, wrong):
    code, secret = store.start("lesson", "l", [2, 2])
    other_code, other_secret = store.start("lesson", "l", [2, 2])
    given = {"random": secrets.token_urlsafe(24),
             "edited": edited(secret), "other class": other_secret, "the code": code,
             "empty": "", "none": None, "number": 12345, "long": secret * 100,
             "markup": "[Reveal](http://evil.example)"}[wrong]
    for action in (lambda: store.check_teacher(code, given),
                   lambda: store.go_to(code, given, 2),
                   lambda: store.reveal(code, given),
                   lambda: store.close(code, given)):
        with pytest.raises(ClassError) as refused:
            action()
        assert str(refused.value) == NOT_TEACHER
    state = store.state(code)
    assert (state.step, state.revealed) == (1, frozenset())
    assert store.check_teacher(other_code, other_secret).code == other_code


def tampered(code: str) -> list:
    swapped = ("a" if code[0] != "a" else "b") + code[1:]
    return [swapped, code[:-1], code + "x", code.upper() if code.upper() != code else
            code.lower(), "", None, 42, "' OR '1'='1", "../../etc/passwd", "a" * 10_000,
            "<img src=x onerror=alert(1)>"]


def test_tampered_or_guessed_codes_find_no_class(store):
    code, secret = store.start("lesson", "l", [2])
    for bad in tampered(code):
        with pytest.raises(ClassError) as refused:
            store.state(bad)
        assert str(refused.value) == NO_CLASS
        with pytest.raises(ClassError):
            store.check_teacher(bad, secret)
        with pytest.raises(ClassError):
            store.answer(bad, new_browser_token(), 1, 0)
    assert store.tally(code, 1) == (0, 0)


@pytest.mark.parametrize("kind, ref, options, message", [
    ("file", "l", [2], "lesson_kind"),
    ("lesson", "", [2], "lesson_ref"),
    ("lesson", "x" * 8001, [2], "lesson_ref"),
    ("lesson", "l", [], "options"),
    ("lesson", "l", [7], "options"),
    ("lesson", "l", [2] * 31, "options"),
    ("lesson", "l", [-2], "options"),
    ("lesson", "l", [True], "options"),
    ("lesson", "l", [2.0], "options"),
])
def test_start_refuses_a_bad_lesson(store, kind, ref, options, message):
    with pytest.raises(ValueError, match=message):
        store.start(kind, ref, options)
    assert rows(store, classes) == []


def test_a_restarted_server_finds_everything(database_url, clock):
    first = ClassStore(database_url, clock=clock)
    code, secret = first.start("lesson", "why_adjust_for_chance", [4, 0, 3])
    browsers = [first.join(code, None) for _ in range(5)]
    for number, browser in enumerate(browsers):
        first.answer(code, browser, 1, number % 4)
    first.reveal(code, secret)
    first.go_to(code, secret, 3)
    first.answer(code, browsers[0], 3, 2)
    first.engine.dispose()
    del first

    again = ClassStore(database_url, clock=clock)
    state = again.check_teacher(code, secret)
    assert (state.step, state.revealed, state.options) == (3, {1}, (4, 0, 3))
    assert again.tally(code, 1) == (2, 1, 1, 1)
    assert again.tally(code, 3) == (0, 0, 1)
    assert again.my_answer(code, browsers[0], 3) == 2
    assert again.join(code, browsers[0]) == browsers[0]
    again.answer(code, browsers[0], 3, 0)
    assert again.tally(code, 3) == (1, 0, 0)
    assert again.counts(code, 3) == (5, 1)
    again.engine.dispose()


def test_sixty_students_joining_and_answering_at_once_are_all_stored(store):
    code, _ = store.start("lesson", "l", [4])
    barrier = threading.Barrier(60)
    errors = []

    def join_and_answer(number):
        barrier.wait()
        try:
            store.answer(code, store.join(code, None), 1, number % 4)
        except Exception as error:  # collected and asserted below
            errors.append(error)

    threads = [threading.Thread(target=join_and_answer, args=(n,)) for n in range(60)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    assert store.tally(code, 1) == (15, 15, 15, 15)
    assert store.counts(code, 1) == (60, 60)


def test_sqlite_is_a_wal_file_in_the_data_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("CLUSTERLAB_DATA_DIR", str(tmp_path / "lab data"))
    monkeypatch.delenv("CLUSTERLAB_DATABASE_URL", raising=False)
    store = ClassStore()
    assert (tmp_path / "lab data" / "classroom.sqlite3").is_file()
    with store.engine.connect() as db:
        assert db.execute(text("PRAGMA journal_mode")).scalar() == "wal"
        assert db.execute(select(func.count()).select_from(classes)).scalar() == 0
    store.engine.dispose()


def test_the_database_url_comes_from_the_environment():
    assert database_url({"CLUSTERLAB_DATABASE_URL": " postgresql+psycopg://u@h/db "}) == \
        "postgresql+psycopg://u@h/db"
    assert database_url({"CLUSTERLAB_DATABASE_URL": "", "CLUSTERLAB_DATA_DIR": "/srv/x"}) == \
        "sqlite:////srv/x/classroom.sqlite3"
    assert database_url({"HOME": "/home/t"}) == \
        "sqlite:////home/t/.local/share/clusterlab/classroom.sqlite3"


def test_a_database_without_upsert_records_and_replaces_answers_too(store):
    # Another SQLAlchemy database (neither SQLite nor PostgreSQL) takes the portable path.
    store._upsert = None
    code, _ = store.start("lesson", "l", [3])
    joined, browser = store.join(code, None), new_browser_token()
    for participant, option in ((joined, 0), (browser, 1), (joined, 2), (browser, 2)):
        store.answer(code, participant, 1, option)
    assert store.tally(code, 1) == (0, 0, 2) and store.counts(code, 1) == (2, 2)
