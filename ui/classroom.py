"""Class answers in the app (peer instruction): the sidebar's "Run a class" and "Join a
class", and the class bar that replaces the lesson bar on a class link.

``?class=CODE`` is a class link. A student's page follows the teacher's step (polled every
`student_poll_s`) and answers its question (`ui.class_student`). The teacher's browser (its
link's ``teach=SECRET``, then a cookie: `ui.class_identity`) gets the projector's view
(`ui.class_projector`): Previous / Next move the whole class, "N joined · M answered" counts
live, Reveal shows the distribution (`ui.class_results`). Every state lives in
`classroom.ClassStore`; until a step's question is revealed the page's give-away numbers,
charts and tables are not sent (`ui.lesson.wait_for_reveal`).
"""

import streamlit as st

from classroom import NUMERIC, ClassError, ClassState, ClassStore, StoreUnavailable
from explorer.lesson_files import Lesson, Question, decode_lesson, lesson_names, load_lesson
from ui import class_pulse, links, live_guard, presenter
from ui.class_access import CLASS_PARAM, TEACH_PARAM, class_store, in_class
from ui.class_entry import class_entry
from ui.class_identity import remember_teacher, teacher_secret
from ui.class_projector import count_and_moves, join_panel, question_line, teacher_buttons
from ui.class_results import choice_results, number_results
from ui.class_student import PENDING, answer_form, keep_click, pending_note
from ui.fragment_slot import alone
from ui.lesson import WAITING, lesson_question_waiting, wait_for_reveal
from ui.lesson_bar import CLASS_BAR_KEY, NAME_PARAM, URL_PATHS, bar_style, requested
from ui.text import plain, show_error

__all__ = ["class_bar", "class_starter", "in_class"]  # what app.py draws

STARTED = "_class_started"
SHOWN = "_class_shown"  # (code, step) whose controls were last set
RESENT = "_class_resent"  # the kept answer a run of the page was last started to send
HEAD_KEY = "class_head"
# The teacher's count lags an answer by up to one poll plus the poll's own run, which grows
# with the server's load (benchmarks/results/classroom.md): 0.5 s keeps it within 2 s; a
# poll costs the server about 10 ms of CPU.
TEACHER_POLL_S = 0.5
# A student's page follows the teacher's step within a poll plus the page's run (issue 36:
# 2 s p95): its live part only reads the class's row, 3-5 ms of server CPU a poll. In a
# bigger class the pages poll less often, so that the class's polls together stay at
# CLASS_POLLS_PER_S (about a third of a core) and a hall's polling cannot fill the server.
STUDENT_POLL_S = 0.5
CLASS_POLLS_PER_S = 80
# A page that waits on the class pulse (`ui.class_pulse`) learns of a move from it, and polls
# only in case the pulse is lost (a proxy that cuts held requests): then it follows within
# this, for a quarter of the polls.
PULSED_POLL_S = 2.0
# While the database is away a page asks for it again this often: sooner would only load a
# database that is coming back.
STORE_RETRY_S = 2.0
# Parameters a class page keeps when it follows the teacher to another page. Presenter
# mode is not one: its toggle is bound to ``present`` and carries it over itself (setting a
# bound parameter raises).
KEPT = (CLASS_PARAM, presenter.FOCUS_PARAM)


def student_poll_s(joined: int, shortest: float = STUDENT_POLL_S) -> float:
    """Seconds between a student page's polls in a class that ``joined`` participants have
    joined: ``shortest``, or longer so that all of them poll `CLASS_POLLS_PER_S` times a
    second together.

    Examples
    --------
    >>> student_poll_s(35), student_poll_s(300), student_poll_s(35, PULSED_POLL_S)
    (0.5, 3.75, 2.0)
    """
    return max(shortest, joined / CLASS_POLLS_PER_S)


def _poll_s(joined: int) -> float:
    """`student_poll_s` of this server process: a page waiting on the pulse polls less."""
    return student_poll_s(joined, PULSED_POLL_S if class_pulse.served() else STUDENT_POLL_S)


@st.cache_data(ttl=1.0, show_spinner=False)
def _joined(code: str, step: int) -> int:
    """How many have joined class ``code``, read at most once a second for all its pages."""
    return class_store().counts(code, step)[0]


def lesson_of(kind: str, ref: str) -> Lesson:
    """The lesson a class runs: a shipped one by name (``kind`` "lesson") or one carried by
    a link (``kind`` "lessonz")."""
    return load_lesson(ref, URL_PATHS) if kind == NAME_PARAM else decode_lesson(ref, URL_PATHS)


def _root() -> str:
    return (st.context.url or links.FALLBACK_BASE).split("?", 1)[0].rsplit("/", 1)[0]


def students_link(code: str) -> str:
    """The students' link of class ``code`` (its first page: the class bar moves on to the
    teacher's step)."""
    return links.share_url(f"{_root()}/", {CLASS_PARAM: code})


def step_options(lesson: Lesson) -> list[int]:
    """What `ClassStore.start` takes for ``lesson``: per step, its question's number of
    options, `classroom.NUMERIC` for a numeric question, 0 for a step without one."""
    return [0 if step.question is None else NUMERIC if step.question.numeric
            else len(step.question.options) for step in lesson.steps]


def class_starter() -> None:
    """The sidebar's "Run a class" (start a class on the open lesson or a shipped one, and
    show its links) and "Join a class"."""
    class_entry()
    with st.expander("Run a class", icon=":material/groups:"):
        try:
            found = requested()
        except ValueError:
            found = None
        if found is not None:
            lesson, ref, _ = found
            (kind, value), = ref.items()
            st.caption(f"On this lesson: {plain(lesson.title)}.")
        else:
            value = st.selectbox("Lesson", lesson_names(), key="class_lesson",
                                 help="The shipped lesson the class follows.")
            kind = NAME_PARAM
        if st.button("Start a class", icon=":material/play_arrow:", key="class_start",
                     help="Students answer each step's question from their own browsers; "
                     "you see how many answered and reveal the distribution."):
            try:
                lesson = lesson_of(kind, value)
                code, secret = class_store().start(
                    kind, value, step_options(lesson))
            except ValueError as error:  # a ClassError too: the store's refusals and faults
                show_error(error)
                return
            st.session_state[STARTED] = (code, secret, lesson.steps[0].page)
        if STARTED in st.session_state:
            code, secret, page = st.session_state[STARTED]
            st.markdown("**Students' link** (the projector shows it with a QR code):")
            st.code(links.share_url(f"{_root()}/{page}", {CLASS_PARAM: code}), language=None,
                    wrap_lines=True)
            st.markdown("**Your link** (keep it to yourself: it runs the class; once opened "
                        "it leaves the address bar, and this browser stays the teacher):")
            st.code(links.share_url(f"{_root()}/{page}", {CLASS_PARAM: code,
                                                          TEACH_PARAM: secret}),
                    language=None, wrap_lines=True)
            st.caption("The class and its answers are deleted after 24 hours, or when you "
                       "close it. No names are stored.")


def _go_to_page(state: ClassState, lesson: Lesson, current: str) -> None:
    """Switch to the teacher's step's page unless ``current`` is it."""
    page = lesson.steps[state.step - 1].page
    if page != current:
        st.session_state.pop(SHOWN, None)
        st.switch_page(URL_PATHS[page], query_params={
            name: st.query_params[name] for name in KEPT if name in st.query_params})


def _follow(state: ClassState, lesson: Lesson, current: str) -> None:
    """Show the teacher's step: its page, with the step's controls set once."""
    _go_to_page(state, lesson, current)
    step = lesson.steps[state.step - 1]
    if st.session_state.get(SHOWN) != (state.code, state.step):
        st.session_state[SHOWN] = (state.code, state.step)
        links.request(current, step.params)


def _results(store: ClassStore, state: ClassState, question: Question) -> None:
    key = f"class_distribution_{state.step}"
    if question.numeric:
        number_results(question, store.numbers(state.code, state.step), key)
    else:
        choice_results(question, store.tally(state.code, state.step), key)


def _changed(state: ClassState, question: Question | None, seen: int) -> bool:
    """True when the page must run again: the teacher moved, or revealed (the page's numbers
    are sent) or re-opened (covered again) the question."""
    waits = question is not None and not state.is_revealed
    return state.step != seen or waits != lesson_question_waiting()


def _catch_up(state: ClassState, lesson: Lesson, current: str) -> None:
    """From a live part whose class has changed: straight to the step's page when the step is
    on another (the page this one shows need not run again first), else run this one again."""
    _go_to_page(state, lesson, current)
    st.rerun()


@st.fragment(run_every=TEACHER_POLL_S)
def _teacher_live(code: str, secret: str, lesson: Lesson, seen: int, locked: bool,
                  current: str) -> None:
    live_guard.beat()
    try:
        store = class_store()
        state = store.check_teacher(code, secret)
        question = lesson.steps[state.step - 1].question
        if _changed(state, question, seen) or state.locked != locked:
            _catch_up(state, lesson, current)
        if question is None:
            st.caption("This step has no question: the class looks at the view.")
            return
        question_line(question)
        count_and_moves(store, state, secret)
        if state.is_revealed:
            _results(store, state, question)
    except ClassError as error:
        show_error(error)


def _student_watch(code: str, lesson: Lesson, seen: int, current: str, poll_s: float) -> None:
    """A student's live part (a fragment polled every `student_poll_s`, and run at once by
    the class pulse's news of a change): it only reads the class, so that it can poll often
    for little, and catches up with the teacher. A database fault is said here; an answer
    kept meanwhile (`ui.class_student.PENDING`) is sent by one run of the page once the
    database is back."""
    live_guard.beat()
    try:
        store = class_store()
        state = store.state(code)
        joined = _joined(code, state.step)
    except StoreUnavailable as error:
        st.session_state.pop(RESENT, None)
        show_error(error)
        pending_note()
        _pulse(code, class_pulse.AWAY)
        return
    except ClassError:  # the class ended: the page's run says so, with no question left
        st.rerun()
    if _changed(state, lesson.steps[state.step - 1].question, seen):
        _catch_up(state, lesson, current)
    # The class has grown by a quarter since this page's run set its poll: a run sets it anew,
    # so that a class filling up keeps to CLASS_POLLS_PER_S.
    if _poll_s(joined) > 1.25 * poll_s:
        st.rerun()
    pending = st.session_state.get(PENDING)
    # Once per kept answer and outage: a run whose sending fails again must not start another.
    if pending is not None and st.session_state.get(RESENT) != pending:
        st.session_state[RESENT] = pending
        st.rerun()
    _pulse(code, class_pulse.signature(state))


def _pulse(code: str, seen: str) -> None:
    """The class pulse, where this server process serves it: inside the live part, so that a
    change runs that part alone, which moves on as a poll that saw it does."""
    if class_pulse.served():
        class_pulse.pulse(code, seen)


@st.fragment
def _student_question(code: str, lesson: Lesson) -> None:
    """A student's question: a press of Answer runs this part alone. It has no clock of its
    own: a change of the class reaches it through `_student_watch`'s run of the page."""
    try:
        store = class_store()
        state = store.state(code)
        question = lesson.steps[state.step - 1].question
        if question is None:
            st.caption("Follow the teacher: this step has no question.")
            return
        answer_form(store, state, question)
        if state.is_revealed:
            _results(store, state, question)
    except StoreUnavailable as error:
        keep_click()
        show_error(error)
        pending_note()
    except ClassError as error:
        show_error(error)


@st.fragment(run_every=STORE_RETRY_S)
def _wait_for_store(code: str) -> None:
    """While the database is away: rerun the page once it is back."""
    try:
        class_store().state(code)
    except StoreUnavailable:
        pending_note()
        return
    except ClassError:  # the class ended meanwhile: the page's rerun says so
        pass
    st.rerun()


def class_bar(current: str) -> bool:
    """On a class link, the class bar (the lesson's title, step, prompt, and the live
    question), after moving to the teacher's step's page if this is not it. Until the
    teacher reveals, the step's give-away numbers, charts and tables are held back and the
    page's own quiz steps aside, as on a lesson link.

    Returns True when this page is a student's in a running class (not its teacher's, and
    not a page whose class ended or cannot be read)."""
    st.session_state.pop(WAITING, None)
    code = st.query_params.get(CLASS_PARAM)
    # What a run draws only sometimes (the cover's style, a cookie) goes into this slot, so
    # that the live fragment below keeps its place in the page, and with it its id:
    # Streamlit names a fragment by its place, and a poll of the name a run before used is
    # dropped without a word, which leaves the polling page waiting for good.
    varying = st.container()
    try:
        store = class_store()
        secret = teacher_secret(store, code)
        if secret is None:
            state = store.state(code)
            poll_s = _poll_s(_joined(code, state.step))
        else:
            state, poll_s = store.check_teacher(code, secret), TEACHER_POLL_S
        lesson = lesson_of(state.lesson_kind, state.lesson_ref)
    except StoreUnavailable as error:
        # Which step is on is unknown: the page runs, with everything that might answer a
        # question held back, until the database is back.
        wait_for_reveal(None)
        keep_click()
        show_error(error)
        alone(_wait_for_store, code)
        return False
    except ValueError as error:
        show_error(error)
        return False
    _follow(state, lesson, current)
    step, last = lesson.steps[state.step - 1], len(lesson.steps)
    with varying:
        if secret is not None:
            remember_teacher(code, secret)
        if step.question is not None and not state.is_revealed:
            wait_for_reveal(step.question.hides)
        bar_style()
    with st.container(border=True, key=CLASS_BAR_KEY):
        # One line, as the lesson bar's: the teacher's projector shows the step's chart too.
        with st.container(horizontal=True, vertical_alignment="center", gap="small",
                          key=HEAD_KEY):
            st.markdown(f"**{plain(lesson.title)}** · step {state.step} of {last}",
                        width="stretch")
            if secret is not None:
                teacher_buttons(store, state, secret, last)
        join_slot = st.container()  # always drawn, for the same reason as ``varying``
        if secret is not None and not state.locked:
            with join_slot:
                join_panel(state, students_link(code))
        st.markdown(plain(step.prompt))
        live_guard.guard(poll_s)
        if secret is None:
            alone(st.fragment(_student_watch, run_every=poll_s), code, lesson, state.step,
                   current, poll_s)
            alone(_student_question, code, lesson)
        else:
            alone(_teacher_live, code, secret, lesson, state.step, state.locked, current)
    return secret is None
