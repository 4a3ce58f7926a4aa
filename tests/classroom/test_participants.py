"""Participants, the lock, join codes, re-votes, numeric questions and the export, against
SQLite and PostgreSQL: one participant one vote, and a locked room adds no vote whatever a
client sends."""

import csv
import io
import secrets
from collections import Counter

import numpy as np
import pytest
from sqlalchemy import select

import classroom.store
from classroom import NUMERIC, ClassError, new_browser_token
from classroom.database import answers, classes, participants
from classroom.errors import NO_CLASS, NOT_TEACHER, ROOM_LOCKED, TOO_MANY_TRIES

ALPHABET = set("ABCDEFGHJKMNPQRSTUVWXYZ23456789")


def rows(store, table):
    with store.engine.connect() as db:
        return [tuple(row) for row in db.execute(select(table))]


def test_join_issues_a_new_token_unless_the_participant_is_known(store):
    code, _ = store.start("lesson", "l", [2])
    other, _ = store.start("lesson", "l", [2])
    tokens = [store.join(code, None) for _ in range(50)]
    assert len(set(tokens)) == 50 and {len(t) for t in tokens} == {22}
    assert store.join(code, tokens[0]) == tokens[0]
    # A token of another class, a browser's own token or a forged one is not a participant.
    for given in (store.join(other, None), new_browser_token(), "x" * 22, "<b>", 7):
        assert store.join(code, given) not in {given, *tokens}
    assert store.counts(code, 1) == (50 + 5, 0)
    assert store.counts(other, 1) == (1, 0)


def test_one_participant_one_vote_a_new_answer_replaces_the_old(store):
    code, _ = store.start("lesson", "l", [3, 3])
    students = [store.join(code, None) for _ in range(4)]
    for student, option in zip(students, [0, 1, 1, 2], strict=True):
        store.answer(code, student, 1, option)
    for option in (2, 0, 2):
        store.answer(code, students[0], 1, option)
    assert store.tally(code, 1) == (0, 2, 2)
    assert store.counts(code, 1) == (4, 4) and store.counts(code, 2) == (4, 0)
    assert store.my_answer(code, students[0], 1) == 2
    assert len(rows(store, answers)) == 4


def test_a_locked_room_admits_no_one_new_and_adds_no_vote(store):
    code, secret = store.start("lesson", "l", [2])
    inside = store.join(code, None)
    early_browser = new_browser_token()
    store.answer(code, early_browser, 1, 1)  # an old page's own token joins while unlocked
    assert store.lock(code, secret).locked and store.state(code).locked
    # A student who cleared cookies, or a script opening 40 sessions, is refused.
    for _ in range(40):
        with pytest.raises(ClassError) as refused:
            store.join(code, None)
        assert str(refused.value) == ROOM_LOCKED
        with pytest.raises(ClassError, match="locked the room"):
            store.answer(code, new_browser_token(), 1, 0)
    # Those inside keep answering, and change their answers.
    assert store.join(code, inside) == inside
    store.answer(code, inside, 1, 0)
    store.answer(code, early_browser, 1, 0)
    assert store.tally(code, 1) == (2, 0) and store.counts(code, 1) == (2, 2)
    assert len(rows(store, participants)) == 2
    assert not store.lock(code, secret, False).locked
    store.answer(code, store.join(code, None), 1, 1)
    assert store.counts(code, 1) == (3, 3)


@pytest.mark.parametrize("locked", ["yes", 1, None])
def test_lock_takes_a_bool_and_the_teacher_secret(store, locked):
    code, secret = store.start("lesson", "l", [2])
    with pytest.raises(TypeError, match="locked must be True or False"):
        store.lock(code, secret, locked)
    for wrong in (None, secrets.token_urlsafe(24)):
        with pytest.raises(ClassError) as refused:
            store.lock(code, wrong)
        assert str(refused.value) == NOT_TEACHER
    assert not store.state(code).locked


def test_join_codes_are_short_unambiguous_random_and_unique(store):
    codes = [store.state(store.start("lesson", "l", [2])[0]).join_code for _ in range(200)]
    assert len(set(codes)) == 200
    assert {len(c) for c in codes} == {6} and set("".join(codes)) <= ALPHABET
    # No look-alikes, and the draws spread over the whole alphabet.
    assert not set("".join(codes)) & set("01ILO")
    assert len(set("".join(codes))) == len(ALPHABET)


def test_a_typed_join_code_finds_its_class(store):
    code, _ = store.start("lesson", "l", [2])
    join = store.state(code).join_code
    for typed in (join, join.lower(), f" {join[:3]} {join[3:]} ", f"{join[:3]}-{join[3:]}"):
        assert store.find(typed, "session") == code


def test_wrong_join_codes_are_rate_limited_per_client(store, clock):
    code, _ = store.start("lesson", "l", [2])
    join = store.state(code).join_code
    wrong = next(c * 6 for c in "ABCDEF" if c * 6 != join)
    for typed in (wrong, "<script>", None, "x" * 1000, "0OIL1Z"):
        with pytest.raises(ClassError) as refused:
            store.find(typed, "guesser")
        assert str(refused.value) == NO_CLASS
    # Five wrong tries in a minute: even the right code is refused now, for this client only.
    with pytest.raises(ClassError) as refused:
        store.find(join, "guesser")
    assert str(refused.value) == TOO_MANY_TRIES
    assert store.find(join, "another session") == code
    clock.now += 59
    with pytest.raises(ClassError, match="Too many tries"):
        store.find(join, "guesser")
    clock.now += 1.5
    assert store.find(join, "guesser") == code


def test_many_clients_guessing_together_are_limited_too(store):
    code, _ = store.start("lesson", "l", [2])
    join = store.state(code).join_code
    wrong = next(c * 6 for c in "ABCDEF" if c * 6 != join)
    # A script opening a session per try: 300 wrong tries a minute for the whole server.
    for number in range(300):
        with pytest.raises(ClassError, match="No class"):
            store.find(wrong, f"session {number}")
    with pytest.raises(ClassError, match="Too many tries"):
        store.find(join, "a new session")


@pytest.mark.parametrize("client", ["", None, 3, "x" * 201])
def test_find_needs_a_client_key(store, client):
    with pytest.raises(TypeError, match="client must be a text"):
        store.find("ABCDEF", client)


def test_an_expired_or_closed_class_is_not_found_by_its_join_code(store, clock):
    code, secret = store.start("lesson", "l", [2])
    join = store.state(code).join_code
    store.close(code, secret)
    with pytest.raises(ClassError, match="No class"):
        store.find(join, "s")
    code, _ = store.start("lesson", "l", [2])
    join = store.state(code).join_code
    clock.now += classroom.store.LIFETIME_S
    with pytest.raises(ClassError, match="No class"):
        store.find(join, "s")


def test_a_join_code_clash_draws_again_and_gives_up_after_a_few(store, monkeypatch):
    monkeypatch.setattr(classroom.store, "new_join_code", lambda: "ABCDEF")
    code, _ = store.start("lesson", "l", [2])
    with pytest.raises(ClassError, match="No free join code"):
        store.start("lesson", "l", [2])
    assert [row[0] for row in rows(store, classes)] == [code]


def test_reset_asks_the_question_again(store):
    code, secret = store.start("lesson", "l", [2, 3])
    students = [store.join(code, None) for _ in range(3)]
    for student in students:
        store.answer(code, student, 1, 1)
    store.reveal(code, secret)
    store.go_to(code, secret, 2)
    store.answer(code, students[0], 2, 2)
    store.reveal(code, secret)
    store.go_to(code, secret, 1)
    state = store.reset(code, secret, 1)
    assert not state.is_revealed and state.revealed == {2}
    assert store.tally(code, 1) == (0, 0) and store.tally(code, 2) == (0, 0, 1)
    assert store.my_answer(code, students[0], 1) is None
    store.answer(code, students[0], 1, 0)
    assert store.counts(code, 1) == (3, 1)
    with pytest.raises(ValueError, match=r"step must be an integer in \[1, 2\]"):
        store.reset(code, secret, 3)
    with pytest.raises(ClassError, match="only the teacher"):
        store.reset(code, "x" * 32, 1)
    assert store.tally(code, 1) == (1, 0)


def test_numeric_questions_take_numbers_and_give_them_sorted(store):
    code, secret = store.start("lesson", "l", [NUMERIC, 2])
    state = store.state(code)
    assert state.is_numeric and state.options == (NUMERIC, 2) and state.n_options == NUMERIC
    sent = [0.488, -3, 1e12, np.float64(0.25), np.int64(7), 0.488, -1e12]
    students = [store.join(code, None) for _ in sent]
    for student, number in zip(students, sent, strict=True):
        store.answer(code, student, 1, number)
    store.answer(code, students[1], 1, 2.5)  # replaces -3
    expected = sorted([0.488, 2.5, 1e12, 0.25, 7.0, 0.488, -1e12])
    assert store.numbers(code, 1) == tuple(expected)
    assert all(type(n) is float for n in store.numbers(code, 1))
    assert store.my_answer(code, students[1], 1) == 2.5
    assert store.counts(code, 1) == (7, 7)
    assert store.tally(code, 1) == ()
    assert store.numbers(code, 2) == ()
    assert store.reveal(code, secret).is_revealed
    with pytest.raises(ClassError, match="revealed"):
        store.answer(code, students[0], 1, 1.0)


@pytest.mark.parametrize("value", [float("nan"), float("inf"), -float("inf"), 1.0000001e12,
                                   True, "3", None, 1j, [1.0]])
def test_a_numeric_answer_must_be_a_finite_bounded_number(store, value):
    code, _ = store.start("lesson", "l", [NUMERIC])
    with pytest.raises(ValueError, match="value must be a finite number"):
        store.answer(code, store.join(code, None), 1, value)
    assert store.numbers(code, 1) == () and store.counts(code, 1)[1] == 0


def test_a_choice_question_refuses_a_number(store):
    code, _ = store.start("lesson", "l", [3])
    with pytest.raises(ValueError, match="option must be an integer"):
        store.answer(code, store.join(code, None), 1, 0.5)


@pytest.mark.parametrize("step", [0, 3, 1.0, "1"])
def test_counts_tally_and_numbers_need_a_step_of_the_lesson(store, step):
    code, _ = store.start("lesson", "l", [2, NUMERIC])
    for read in (store.tally, store.numbers, store.counts):
        with pytest.raises(ValueError, match=r"step must be an integer in \[1, 2\]"):
            read(code, step)


def test_export_has_the_counts_and_numbers_sent_and_no_identity(store, clock):
    code, secret = store.start("lesson", "l", [3, 0, NUMERIC, 2])
    started = clock.now
    students = [store.join(code, None) for _ in range(5)]
    chosen = [2, 0, 2, 2, 1]
    for student, option in zip(students, chosen, strict=True):
        clock.now += 1
        store.answer(code, student, 1, option)
    store.go_to(code, secret, 3)
    typed = {}
    for number, student in enumerate(students[:3]):
        clock.now += 2.25
        typed[student] = (number - 0.5, clock.now - started)
        store.answer(code, student, 3, number - 0.5)
    clock.now += 1
    typed[students[0]] = (10.0, clock.now - started)  # a changed answer keeps the last only
    store.answer(code, students[0], 3, 10.0)

    text = store.export_csv(code, secret)
    table = list(csv.DictReader(io.StringIO(text)))
    assert list(table[0]) == ["step", "question kind", "option", "count", "value",
                              "answered_at"]
    per_option = Counter(chosen)
    assert [(r["step"], r["question kind"], r["option"], r["count"]) for r in table
            if r["question kind"] == "choice"] == [
        ("1", "choice", letter, str(per_option[i])) for i, letter in enumerate("ABC")] + [
        ("4", "choice", letter, "0") for letter in "AB"]
    numbers = [(float(r["value"]), float(r["answered_at"])) for r in table
               if r["question kind"] == "number"]
    assert all(r["step"] == "3" for r in table if r["question kind"] == "number")
    assert numbers == sorted(((v, round(t, 1)) for v, t in typed.values()),
                             key=lambda pair: pair[1])
    stored = " ".join(str(v) for table_ in (participants, answers)
                      for row in rows(store, table_) for v in row)
    for secret_text in (*students, code, secret, stored.split()[1]):
        assert secret_text not in text
    with pytest.raises(ClassError, match="only the teacher"):
        store.export_csv(code, "x" * 32)
