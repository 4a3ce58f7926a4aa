"""Class answers in the app (peer instruction): the sidebar's "Start a class", and the class
bar that replaces the lesson bar on a class link.

``?class=CODE`` is a student's link: the page follows the teacher's step (polled every
`STUDENT_POLL_S`) and the student answers its question with "Answer". ``?class=CODE&teach=
SECRET`` is the teacher's link: Previous / Next move the whole class, "N answered" counts the
answers live and Reveal shows their distribution next to the true answer. Every state lives in
`classroom.ClassStore`; this module holds no state of its own beyond the browser's token.
"""

import pandas as pd
import streamlit as st

from classroom import ClassError, ClassState, ClassStore, new_browser_token
from classroom.store import TOKEN
from explorer.lesson_files import Lesson, decode_lesson, lesson_names, load_lesson
from plots.lines import bar_chart
from plots.palette import CLUSTER_COLORS, NOISE_COLOR
from ui import links, presenter
from ui.export import plot
from ui.lesson import WAITING, lesson_question_waiting, wait_for_reveal
from ui.lesson_bar import NAME_PARAM, URL_PATHS, bar_style, requested
from ui.text import figure_text, plain, show_error

CLASS_PARAM, TEACH_PARAM = "class", "teach"
COOKIE = "clusterlab_browser"
TOKEN_KEY = "_class_browser"
STARTED = "_class_started"
SHOWN = "_class_shown"  # (code, step) whose controls were last set
BAR_KEY = "class_bar"
HEAD_KEY = "class_head"
# The teacher's count lags an answer by up to one poll plus the poll's own run, which grows
# with the server's load (benchmarks/results/classroom.md): 0.5 s keeps it within 2 s; a
# poll costs the server about 10 ms of CPU.
TEACHER_POLL_S = 0.5
STUDENT_POLL_S = 2.0
# Parameters a class page keeps when it follows the teacher to another page.
KEPT = (CLASS_PARAM, TEACH_PARAM, presenter.KEY, presenter.FOCUS_PARAM)


@st.cache_resource(show_spinner=False)
def class_store() -> ClassStore:
    """The one store of this server process (its engine pools the connections)."""
    return ClassStore()


def in_class() -> bool:
    """True when the URL is a class link (a student's or the teacher's)."""
    return CLASS_PARAM in st.query_params


def browser_token() -> str:
    """This browser's random token: from its cookie, else new and put in a cookie, so a
    reload or a second tab answers as the same browser (and changes its answer)."""
    token = st.session_state.get(TOKEN_KEY)
    if token is None:
        cookie = st.context.cookies.get(COOKIE)
        token = cookie if isinstance(cookie, str) and TOKEN.fullmatch(cookie) \
            else new_browser_token()
        st.session_state[TOKEN_KEY] = token
    if st.context.cookies.get(COOKIE) != token:
        # The token is URL-safe base64 made here, never user text.
        st.html(f"<script>document.cookie = '{COOKIE}={token}; path=/; max-age=86400; "
                "SameSite=Lax';</script>", unsafe_allow_javascript=True)
    return token


def lesson_of(kind: str, ref: str) -> Lesson:
    """The lesson a class runs: a shipped one by name (``kind`` "lesson") or one carried by
    a link (``kind`` "lessonz")."""
    return load_lesson(ref, URL_PATHS) if kind == NAME_PARAM else decode_lesson(ref, URL_PATHS)


def _root() -> str:
    return (st.context.url or links.FALLBACK_BASE).split("?", 1)[0].rsplit("/", 1)[0]


def class_starter() -> None:
    """The sidebar's "Run a class": start a class on the open lesson (or a shipped one) and
    show the students' and the teacher's links."""
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
                options = [len(s.question.options) if s.question else 0 for s in lesson.steps]
                code, secret = class_store().start(kind, value, options)
            except ValueError as error:
                show_error(error)
                return
            st.session_state[STARTED] = (code, secret, lesson.steps[0].page)
        if STARTED in st.session_state:
            code, secret, page = st.session_state[STARTED]
            base = f"{_root()}/{page}"
            st.markdown("**Students' link** (show it to the class):")
            st.code(links.share_url(base, {CLASS_PARAM: code}), language=None,
                    wrap_lines=True)
            st.markdown("**Your link** (keep it to yourself: it runs the class):")
            st.code(links.share_url(base, {CLASS_PARAM: code, TEACH_PARAM: secret}),
                    language=None, wrap_lines=True)
            st.caption("The class and its answers are deleted after 24 hours, or when you "
                       "close it. No names are stored.")


def _follow(state: ClassState, lesson: Lesson, current: str) -> None:
    """Show the teacher's step: its page, with the step's controls set once."""
    step = lesson.steps[state.step - 1]
    if step.page != current:
        st.session_state.pop(SHOWN, None)
        st.switch_page(URL_PATHS[step.page], query_params={
            name: st.query_params[name] for name in KEPT if name in st.query_params})
    if st.session_state.get(SHOWN) != (state.code, state.step):
        st.session_state[SHOWN] = (state.code, state.step)
        links.request(step.params)


def _distribution(lesson: Lesson, state: ClassState, counts: tuple[int, ...]) -> None:
    question = lesson.steps[state.step - 1].question
    chart, words = st.columns([3, 2], vertical_alignment="center")
    labels = [figure_text(f"{chr(65 + i)}. {o}"[:40]) for i, o in enumerate(question.options)]
    data = pd.DataFrame({"answer": labels, "answers": list(counts)})
    colors = [CLUSTER_COLORS[2] if i == question.answer else NOISE_COLOR
              for i in range(len(counts))]
    with chart:
        plot(bar_chart(data, "answer", "answers", title="The class's answers",
                       y_title="answers", colors=colors, text_format="d"),
             f"class_distribution_{state.step}", filename="class_answers")
    total = max(sum(counts), 1)
    with words:
        st.success(f"True answer: {chr(65 + question.answer)}. "
                   f"{plain(question.options[question.answer])}")
        st.markdown("  \n".join(
            f"{chr(65 + i)}. {plain(option)}: **{count}** ({count / total:.0%})"
            for i, (option, count) in enumerate(zip(question.options, counts, strict=True))))
        if question.explanation:
            st.markdown(plain(question.explanation))


@st.fragment(run_every=TEACHER_POLL_S)
def _teacher_live(code: str, secret: str, lesson: Lesson, seen: int) -> None:
    store = class_store()
    try:
        state = store.check_teacher(code, secret)
    except ClassError as error:
        show_error(error)
        return
    if state.step != seen or (state.is_revealed and lesson_question_waiting()):
        st.rerun()
    if state.n_options == 0:
        st.caption("This step has no question: the class looks at the view.")
        return
    counts = store.tally(code, state.step)
    with st.container(horizontal=True, vertical_alignment="center", gap="small"):
        st.markdown(plain(lesson.steps[state.step - 1].question.text), width="stretch")
        st.metric("Answers", f"{sum(counts)} answered", label_visibility="collapsed",
                  width="content")
        if not state.is_revealed and st.button(
                "Reveal", icon=":material/visibility:", key="class_reveal", type="primary",
                help="Show the answers and the true one; answering stops."):
            _teacher_action(lambda: store.reveal(code, secret))
    if state.is_revealed:
        _distribution(lesson, state, counts)


@st.fragment(run_every=STUDENT_POLL_S)
def _student_live(code: str, lesson: Lesson, seen: int) -> None:
    store = class_store()
    try:
        state = store.state(code)
    except ClassError as error:
        show_error(error)
        return
    # A reveal (by the teacher) lifts the masks on the page's numbers: the whole page reruns.
    if state.step != seen or (state.is_revealed and lesson_question_waiting()):
        st.rerun()
    question = lesson.steps[state.step - 1].question
    if question is None:
        st.caption("Follow the teacher: this step has no question.")
        return
    token = st.session_state[TOKEN_KEY]
    mine = store.my_answer(code, token, state.step)
    options = [f"{chr(65 + i)}. {plain(o)}" for i, o in enumerate(question.options)]
    choice = st.radio(plain(question.text), options, index=mine, key=f"class_choice_{seen}",
                      disabled=state.is_revealed)
    if st.button("Answer", icon=":material/send:", key=f"class_answer_{seen}",
                 disabled=choice is None or state.is_revealed, type="primary",
                 help="Send your answer; you can change it until the teacher reveals."):
        try:
            store.answer(code, token, state.step, options.index(choice))
        except ClassError as error:
            show_error(error)
            return
        mine = options.index(choice)
    if mine is not None:
        st.caption(f"Your answer: {options[mine]}."
                   + ("" if state.is_revealed else " You can change it until the reveal."))
    if state.is_revealed:
        _distribution(lesson, state, store.tally(code, state.step))


def _teacher_action(action) -> None:
    """Run a teacher's action on the store, then rerun (a refusal is shown instead)."""
    try:
        action()
    except ValueError as error:
        show_error(error)
        return
    st.rerun()


def class_bar(current: str) -> None:
    """On a class link, the class bar (the lesson's title, step, prompt, and the live
    question), after moving to the teacher's step's page if this is not it. Until the
    teacher reveals, the step's give-away numbers are hidden and the page's own quiz steps
    aside, as on a lesson link."""
    st.session_state.pop(WAITING, None)
    code, secret = st.query_params.get(CLASS_PARAM), st.query_params.get(TEACH_PARAM)
    store = class_store()
    try:
        state = store.state(code) if secret is None else store.check_teacher(code, secret)
        lesson = lesson_of(state.lesson_kind, state.lesson_ref)
    except ValueError as error:
        show_error(error)
        return
    _follow(state, lesson, current)
    step, last = lesson.steps[state.step - 1], len(lesson.steps)
    if step.question is not None and not state.is_revealed:
        wait_for_reveal(step.question.hides)
    bar_style()
    with st.container(border=True, key=BAR_KEY):
        # One line, as the lesson bar's: the teacher's projector shows the step's chart too.
        with st.container(horizontal=True, vertical_alignment="center", gap="small",
                          key=HEAD_KEY):
            st.markdown(f"**{plain(lesson.title)}** · step {state.step} of {last}"
                        + ("" if secret is None else f" · class {plain(code)}"),
                        width="stretch")
            if secret is not None:
                _teacher_buttons(store, code, secret, state.step, last)
        st.markdown(plain(step.prompt))
        if secret is None:
            browser_token()
            _student_live(code, lesson, state.step)
            return
        _teacher_live(code, secret, lesson, state.step)


def _teacher_buttons(store: ClassStore, code: str, secret: str, step: int, last: int) -> None:
    """Previous, Next and Close: the teacher moves the whole class, or ends it."""
    for label, target, icon in (("Previous", step - 1, ":material/chevron_left:"),
                                ("Next", step + 1, ":material/chevron_right:")):
        if st.button(label, icon=icon, disabled=not 1 <= target <= last,
                     key=f"class_{label.lower()}", help=f"Move the whole class to step {target}."):
            _teacher_action(lambda t=target: store.go_to(code, secret, t))
    if st.button("Close", icon=":material/stop:", key="class_close",
                 help="End the class now: it and its answers are deleted."):
        _teacher_action(lambda: store.close(code, secret))
