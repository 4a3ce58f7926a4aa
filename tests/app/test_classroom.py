"""Class answers in the app (AppTest): the sidebar starts a class, students answer, the
teacher counts, reveals and moves the class; every other link gets a message and no control."""

import json
from urllib.parse import parse_qs, urlsplit

import pytest
from sqlalchemy import update
from streamlit.testing.v1 import AppTest, local_script_runner

from classroom import STORE_DOWN, STORE_GONE, ClassStore
from classroom.database import SQLITE_FILE, classes, make_engine
from classroom.errors import ROOM_LOCKED, TOO_MANY_TRIES
from classroom.store import NO_CLASS, NOT_TEACHER
from explorer.lesson_files import Lesson, Question, Step, encode_lesson, load_lesson
from tests.app.conftest import charts_covered
from ui import class_pulse
from ui.class_access import class_store
from ui.classroom import PULSED_POLL_S
from ui.lesson_bar import URL_PATHS
from ui.page_parameters import APP, TIMEOUT_S
from ui.text import plain

LESSON = "why_adjust_for_chance"  # step 1 asks a question with 4 options, step 2 none
TEACHER_KEYS = ("class_previous", "class_next", "class_close_confirm", "class_reveal",
                "class_lock", "class_revote")


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("CLUSTERLAB_DATA_DIR", str(tmp_path))
    monkeypatch.delenv("CLUSTERLAB_DATABASE_URL", raising=False)
    return tmp_path


def run(params: dict[str, str]) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=TIMEOUT_S)
    for name, value in params.items():
        at.query_params[name] = value
    at.run()
    assert not at.exception, at.exception
    return at


def start_class(lesson: str = LESSON) -> tuple[dict, dict]:
    """Press "Start a class" in the sidebar on ``lesson``: the two links' parameters."""
    at = run({"lesson": lesson})
    at.button(key="class_start").click().run()
    assert not at.exception
    shown = [code.value for code in at.sidebar.code if "class=" in code.value]
    assert len(shown) == 2
    join, teacher = ({k: v[0] for k, v in parse_qs(urlsplit(url).query).items()}
                     for url in shown)
    return join, teacher


def buttons(at: AppTest) -> set[str]:
    return {button.key for button in at.button}


def answered(at: AppTest) -> str:
    return " ".join(metric.value for metric in at.metric)


def choose(student: AppTest, option: int, step: int = 1) -> AppTest:
    radio = student.radio(key=f"class_choice_{step}")
    radio.set_value(radio.options[option]).run()
    student.button(key=f"class_answer_{step}").click().run()
    assert not student.exception and not student.error, student.error
    return student


def test_start_a_class_gives_a_join_link_and_a_separate_teacher_link():
    join, teacher = start_class()
    assert set(join) == {"class"} and set(teacher) == {"class", "teach"}
    assert join["class"] == teacher["class"] and len(join["class"]) >= 11
    assert teacher["teach"] not in join.values()
    state = ClassStore().check_teacher(teacher["class"], teacher["teach"])
    assert (state.lesson_ref, state.step) == (LESSON, 1)


def test_students_answer_the_teacher_counts_and_reveals():
    join, teacher = start_class()
    question = load_lesson(LESSON, URL_PATHS).steps[0].question
    students = [run(join) for _ in range(3)]
    for student in students:
        assert not buttons(student) & set(TEACHER_KEYS)
        assert [plain(o) for o in question.options] == [
            o.split(". ", 1)[1] for o in student.radio(key="class_choice_1").options]
    host = run(teacher)
    assert "0 answered" in answered(host)
    for student, option in zip(students, [0, 2, 2], strict=True):
        choose(student, option)
    choose(students[0], 2)  # a changed answer is still one answer
    host.run()
    assert "3 answered" in answered(host)
    assert "True answer" not in " ".join(s.value for s in host.success)
    host.button(key="class_reveal").click().run()
    assert not host.exception
    assert f"True answer: C. {plain(question.options[question.answer])}" in [
        s.value for s in host.success]
    distribution = next(m.value for m in host.markdown if "**3** (100%)" in m.value)
    assert f"A. {plain(question.options[0])}: **0** (0%)" in distribution
    # After the reveal the students see it too, and cannot answer any more.
    students[1].run()
    assert students[1].radio(key="class_choice_1").disabled
    assert students[1].button(key="class_answer_1").disabled
    assert any("True answer" in s.value for s in students[1].success)


def test_the_teacher_moves_the_class_and_students_follow():
    join, teacher = start_class()
    student = run(join)
    host = run(teacher)
    host.button(key="class_next").click().run()
    assert not host.exception
    assert any("step 2 of 4" in m.value for m in host.markdown)
    student.run()
    assert any("step 2 of 4" in m.value for m in student.markdown)
    assert not student.get("radio") or "class_choice_1" not in {r.key for r in student.radio}
    assert ClassStore().state(join["class"]).step == 2


def test_a_following_student_s_sidebar_has_no_lesson_tools_but_its_teacher_s_has():
    join, teacher = start_class()
    student, host = run(join), run(teacher)
    tools = {"lesson_add", "class_start"}
    joining = "class_join_code"
    assert not buttons(student) & tools
    assert joining not in {box.key for box in student.text_input}
    assert tools <= buttons(host)
    ClassStore().close(join["class"], teacher["teach"])
    student.run()  # the class ended: an ordinary page again, from which to join another
    assert [e.value for e in student.error][:1] == [plain(NO_CLASS)]
    assert tools <= buttons(student)
    assert joining in {box.key for box in student.text_input}


def edited(secret: str) -> str:
    return secret[:-1] + ("A" if secret[-1] != "A" else "B")


@pytest.mark.parametrize("link", ["edited secret", "guessed secret", "secret of another class",
                                  "empty secret", "markup secret"])
def test_a_wrong_teacher_link_gets_a_message_and_no_control(link):
    join, teacher = start_class()
    _, other = start_class()
    secret = {"edited secret": edited(teacher["teach"]), "guessed secret": "A" * 32,
              "secret of another class": other["teach"], "empty secret": "",
              "markup secret": "[Reveal](http://evil.example)"}[link]
    at = run({"class": teacher["class"], "teach": secret})
    assert [e.value for e in at.error] == [plain(NOT_TEACHER)]
    assert not buttons(at) & set(TEACHER_KEYS)
    assert ClassStore().state(join["class"]).step == 1


@pytest.mark.parametrize("code", ["swapped", "short", "markup", "empty"])
def test_a_tampered_join_code_gets_a_message_and_no_question(code):
    join, _ = start_class()
    given = {"swapped": join["class"][::-1] if join["class"][::-1] != join["class"]
             else "x" * 11, "short": join["class"][:-1],
             "markup": "<img src=x onerror=alert(1)>", "empty": ""}[code]
    at = run({"class": given})
    assert [e.value for e in at.error] == [plain(NO_CLASS)]
    assert "class_answer_1" not in buttons(at)


def test_an_expired_or_closed_class_gets_a_message():
    join, teacher = start_class()
    store = ClassStore()
    host = run(teacher)
    host.button(key="class_close_confirm").click().run()
    for link in (join, teacher):
        assert [e.value for e in run(link).error][:1] == [plain(NO_CLASS)]
    join, teacher = start_class()
    with store.engine.begin() as db:
        db.execute(update(classes).where(classes.c.code == join["class"]).values(expires_at=0))
    for link in (join, teacher):
        at = run(link)
        assert [e.value for e in at.error] == [plain(NO_CLASS)]
        assert not buttons(at) & {*TEACHER_KEYS, "class_answer_1"}


def test_a_teachers_own_lesson_is_shown_literally():
    markup = "[Log in](http://evil.example) <b>x</b>"
    lesson = Lesson(markup, (Step("learn_chance", {}, markup, Question(
        markup, (markup, "plain"), 1, markup)),))
    at = run({"lessonz": encode_lesson(lesson), "step": "1"})
    at.button(key="class_start").click().run()
    join = parse_qs(urlsplit(next(c.value for c in at.sidebar.code if "class=" in c.value)
                             ).query)
    student = run({"class": join["class"][0]})
    shown = " ".join(m.value for m in student.markdown) + " ".join(
        student.radio(key="class_choice_1").options)
    assert plain(markup) in shown and "[Log in](" not in shown


def page_numbers(at: AppTest) -> dict[str, str]:
    """The page's key numbers (the class bar's count left out)."""
    return {m.label: m.value for m in at.main.metric if m.label != "Answers"}


def test_a_class_step_hides_its_give_away_numbers_and_the_page_quiz_until_reveal():
    join, teacher = start_class()
    hidden = {"NMI (arithmetic) at K = 50": "?", "AMI (arithmetic) at K = 50": "?"}
    student, host = run(join), run(teacher)
    for at in (student, host):
        assert page_numbers(at) == hidden
        assert charts_covered(at)
        # the page's own quiz steps aside for the class question
        assert not {r.key for r in at.main.radio} - {"class_choice_1"}
    assert "0 answered" in answered(host)  # the count itself is not masked
    host.button(key="class_reveal").click().run()
    student.run()
    for at in (student, host):
        assert not at.exception
        shown = page_numbers(at)
        assert set(shown) == set(hidden) and "?" not in shown.values()
        assert not charts_covered(at)
        assert 0.4 < float(shown["NMI (arithmetic) at K = 50"]) < 0.55


def bar_step(at: AppTest) -> str:
    return next(m.value for m in at.markdown if " · step " in m.value)


MODES = {"presenter mode": {"present": "true"}, "focus view": {"controls": "off"},
         "plain": {}}


@pytest.mark.parametrize("mode", MODES)
def test_the_teacher_moves_the_class_across_pages_in_every_mode(mode):
    """Issue 36: Next to a step on another page raised "Cannot directly set query parameter
    'present'" in presenter mode."""
    _, teacher = start_class()
    last = len(load_lesson(LESSON, URL_PATHS).steps)
    host = run({**teacher, **MODES[mode]})
    assert "teach" not in host.query_params  # the secret left the address bar
    walk = [("class_next", n) for n in range(2, last + 1)] + [
        ("class_previous", n) for n in range(last - 1, 0, -1)]
    for key, number in walk:
        host.button(key=key).click().run()
        assert not host.exception, (key, number, host.exception)
        assert f"step {number} of {last}" in bar_step(host)
        assert ClassStore().state(teacher["class"]).step == number
        for name, value in MODES[mode].items():
            assert host.query_params[name] == value  # the mode follows the class
        assert "teach" not in host.query_params


def test_a_locked_room_takes_no_new_participant_and_one_vote_each():
    join, teacher = start_class()
    code = join["class"]
    early = run(join)  # joined before the lock
    host = run(teacher)
    host.button(key="class_lock").click().run()
    assert ClassStore().state(code).locked
    # A new session (cleared cookies, or a script opening sessions) cannot join any more.
    for _ in range(3):
        late = run(join)
        assert [e.value for e in late.error] == [plain(ROOM_LOCKED)]
        assert "class_answer_1" not in buttons(late)
    choose(early, 0)
    choose(early, 2)  # a new answer of the same participant replaces the old one
    assert ClassStore().tally(code, 1) == (0, 0, 1, 0)
    host.run()
    assert "1 joined · 1 answered" in answered(host)


def test_re_vote_clears_the_question_and_covers_the_page_again():
    join, teacher = start_class()
    code = join["class"]
    student, host = run(join), run(teacher)
    choose(student, 1)
    host.button(key="class_reveal").click().run()
    assert not charts_covered(host)
    host.button(key="class_revote").click().run()
    assert not host.exception
    state = ClassStore().state(code)
    assert not state.is_revealed and ClassStore().tally(code, 1) == (0, 0, 0, 0)
    assert charts_covered(host) and "0 answered" in answered(host)
    student.run()
    assert not student.radio(key="class_choice_1").disabled
    choose(student, 2)
    assert ClassStore().tally(code, 1) == (0, 0, 1, 0)


NUMERIC_LESSON = Lesson("Guess the NMI", (Step(
    "learn_chance", {"lc_n": ("100",), "lc_k_true": ("10",), "lc_k": ("50",)},
    "Predict the NMI of a random clustering.",
    Question("NMI at K = 50?", (), 0.488, hides=("NMI", "AMI"))),))


def test_a_numeric_question_is_answered_with_numbers_and_revealed_as_a_histogram():
    at = run({"lessonz": encode_lesson(NUMERIC_LESSON), "step": "1"})
    at.button(key="class_start").click().run()
    join, teacher = ({k: v[0] for k, v in parse_qs(urlsplit(c.value).query).items()}
                     for c in at.sidebar.code if "class=" in c.value)
    code = join["class"]
    typed = [0.3, 0.5, 0.45]
    students = [run(join) for _ in typed]
    for student, number in zip(students, typed, strict=True):
        student.number_input(key="class_number_1").set_value(number).run()
        student.button(key="class_answer_1").click().run()
        assert not student.exception and not student.error
        assert any(f"Your answer: {number:g}." in c.value for c in student.caption)
    assert ClassStore().numbers(code, 1) == tuple(sorted(typed))
    host = run(teacher)
    assert "3 answered" in answered(host) and charts_covered(host)
    host.button(key="class_reveal").click().run()
    assert not host.exception and not charts_covered(host)
    assert "True answer: 0.488" in [s.value for s in host.success]
    students[0].run()
    assert students[0].number_input(key="class_number_1").disabled


def test_a_student_joins_by_typing_the_join_code():
    join, _ = start_class()
    at = run({})
    code = ClassStore().state(join["class"]).join_code
    typed = f" {code[:3].lower()} {code[3:]} "  # case and spaces do not matter
    at.text_input(key="class_join_code").input(typed)
    at.button(key="class_join_go").click().run()
    assert not at.exception and not at.error
    assert at.query_params["class"] == join["class"]
    assert any("step 1 of" in m.value for m in at.markdown)


def test_wrong_join_codes_are_limited():
    start_class()
    at = run({})
    messages = []
    for guess in ["AAAAAA", "BBBBBB", "CCCCCC", "DDDDDD", "EEEEEE", "FFFFFF"]:
        at.text_input(key="class_join_code").input(guess)
        at.button(key="class_join_go").click().run()
        messages.append(at.error[0].value)
    assert messages[:5] == [plain(NO_CLASS)] * 5
    assert messages[5] == plain(TOO_MANY_TRIES)


CLOSED_PORT = "postgresql+psycopg://nobody@127.0.0.1:9/none"


def shown_text(at: AppTest) -> str:
    return " ".join(e.value for e in [*at.error, *at.markdown, *at.caption])


def test_a_database_down_is_said_plainly_and_the_pressed_answer_is_sent_when_back(
        monkeypatch):
    join, teacher = start_class()
    code = join["class"]
    student = run(join)
    radio = student.radio(key="class_choice_1")
    radio.set_value(radio.options[2]).run()
    store = class_store()  # the app's own store: its database goes away
    working = store.engine
    monkeypatch.setattr(store, "engine", make_engine(CLOSED_PORT, 1.0))
    student.button(key="class_answer_1").click().run()
    host = run(teacher)
    for at in (student, host):
        assert not at.exception
        assert plain(STORE_DOWN) in [e.value for e in at.error]
        assert "127.0.0.1" not in shown_text(at) and "psycopg" not in shown_text(at)
        assert at.title  # the page itself still runs
    assert any("is kept here" in c.value for c in student.caption)
    monkeypatch.setattr(store, "engine", working)
    student.run()
    assert not student.exception and not student.error
    assert any("is sent now" in s.value for s in student.success)
    assert ClassStore().tally(code, 1) == (0, 0, 1, 0)


def test_a_deleted_database_file_is_noticed(data_dir):
    join, _ = start_class()
    student = run(join)
    assert not student.error
    (data_dir / SQLITE_FILE).unlink()
    student.run()
    assert not student.exception
    assert plain(STORE_GONE) in [e.value for e in student.error] or plain(NO_CLASS) in [
        e.value for e in student.error]


def page_figures(at: AppTest) -> list[dict]:
    """The figures the run sent for the page's charts (the class bar draws none before the
    reveal)."""
    return [json.loads(chart.proto.spec) for chart in at.get("plotly_chart")]


def test_before_the_reveal_the_page_s_charts_and_tables_are_not_sent():
    """Issue 36: the cover was CSS over the real figure; now the figure's data and the table's
    rows (ARI per family, which answers "which family separates the moons?") are not sent."""
    lesson = load_lesson("density_based_clustering", URL_PATHS)
    store = ClassStore()
    code, secret = store.start("lesson", "density_based_clustering", [
        0 if s.question is None else len(s.question.options) for s in lesson.steps])
    student = run({"class": code})
    figures = page_figures(student)
    assert figures and all(f["data"] == [] for f in figures)
    tables = [t.value for t in student.dataframe]
    assert any("ARI" in t.columns and len(t) == 0 for t in tables)
    store.reveal(code, secret)
    student.run()
    assert not student.exception
    assert all(f["data"] for f in page_figures(student))
    revealed = next(t for t in (t.value for t in student.dataframe) if "ARI" in t.columns)
    assert len(revealed) == 4 and revealed["ARI"].between(-1, 1).all()


def fragments_not_alone(messages) -> dict[str, list]:
    """Each fragment whose block shares its container with another element or block: the
    fragment's id -> the paths of those siblings. A fragment's block is the shortest path of
    the deltas tagged with its id."""
    deltas = [(tuple(m.metadata.delta_path), m.delta.fragment_id)
              for m in messages if m.HasField("delta")]
    blocks = {}
    for path, fragment in deltas:
        if fragment:
            blocks[fragment] = min(blocks.get(fragment, path), path, key=len)
    return {fragment: [path for path, _ in deltas
                       if path[:len(block) - 1] == block[:-1] and len(path) >= len(block)
                       and path[len(block) - 1] != block[-1]]
            for fragment, block in blocks.items()}


@pytest.mark.parametrize("view", ["student", "teacher", "database away"])
def test_each_live_part_is_alone_in_its_container(view, monkeypatch):
    """A fragment's run that starts right after the page's run drops the page run's unsent
    elements of that fragment; the browser then removes the fragment's block and the next
    sibling moves into its place, where the fragment's run draws over it (a student's question
    vanished in CI, stop 50). So no live part may have a sibling."""
    sent = []
    parse = local_script_runner.parse_tree_from_messages
    monkeypatch.setattr(local_script_runner, "parse_tree_from_messages",
                        lambda messages: sent.append(list(messages)) or parse(messages))
    join, teacher = start_class()
    if view == "database away":
        run(join)
        monkeypatch.setattr(class_store(), "engine", make_engine(CLOSED_PORT, 1.0))
    sent.clear()
    run(teacher if view == "teacher" else join)
    found = fragments_not_alone(sent[-1])
    assert len(found) == {"student": 2, "teacher": 1, "database away": 1}[view], found
    assert not any(found.values()), found


def pulses(messages) -> list[dict]:
    """The data of each class pulse (ui/class_pulse.py) in ``messages``."""
    elements = [m.delta.new_element for m in messages if m.HasField("delta")]
    return [json.loads(e.bidi_component.json) for e in elements
            if e.WhichOneof("type") == "bidi_component"
            and e.bidi_component.component_name.endswith("clusterlab_class_pulse")]


def test_a_student_page_of_a_server_with_the_pulse_waits_on_it_and_polls_less(monkeypatch):
    sent = []
    parse = local_script_runner.parse_tree_from_messages
    monkeypatch.setattr(local_script_runner, "parse_tree_from_messages",
                        lambda messages: sent.append(list(messages)) or parse(messages))
    join, teacher = start_class()
    run(join)
    assert not pulses(sent[-1])  # `streamlit run app.py`: no route, the page polls
    monkeypatch.setattr(class_pulse, "_served", True)
    student = run(join)
    student_sent = sent[-1]
    run(teacher)
    assert pulses(student_sent) == [
        {"path": f"_clusterlab/class/{join['class']}/pulse", "seen": "1-"}]
    assert not pulses(sent[-1])  # the teacher's page polls its counts as before
    ClassStore().go_to(join["class"], teacher["teach"], 2)
    student.run()
    assert pulses(sent[-1]) == [
        {"path": f"_clusterlab/class/{join['class']}/pulse", "seen": "2-"}]
    polls = [m.auto_rerun.interval for m in sent[-1] if m.HasField("auto_rerun")]
    assert polls == [PULSED_POLL_S]
