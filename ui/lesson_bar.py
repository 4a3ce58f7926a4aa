"""Lessons in the app: ``?lesson=NAME&step=K`` (a file of ``lessons/``) or
``?lessonz=CODE&step=K`` (a teacher's own lesson, carried by the link) opens step K on its
page under a slim bar: the title, "step K of N", Previous and Next (also the arrow keys),
the step's prompt and its question. The sidebar's "Make a lesson" turns views into such a
link. No lesson is stored on the server.
"""

import streamlit as st

from explorer.lesson_files import (
    Lesson,
    Question,
    decode_lesson,
    encode_lesson,
    lesson_names,
    load_lesson,
    parse_lesson,
)
from metrics.validation import ParameterError, parse_integer
from ui import links, presenter, web
from ui.bindings import bindings, history_navigation, write_url
from ui.lesson import WAITING, predict_a_number, predict_then_reveal, wait_for_reveal
from ui.navigation import PAGES
from ui.presenter import BARS
from ui.text import plain, show_error

NAME_PARAM, CODE_PARAM, STEP_PARAM = "lesson", "lessonz", "step"
URL_PATHS = {entry.url_path: entry.path for entry in PAGES}
DRAFT = "_lesson_draft"
SHOWN = "_lesson_shown"  # the step whose controls were last set
BAR_KEY = "lesson_bar"
HEAD_KEY = "lesson_head"
# The bars' head rows (this one, and the class bar's of ui.classroom).
HEADS = ":is(.st-key-lesson_head, .st-key-class_head)"
# The class bar (ui.classroom), whose live part runs by itself every few seconds.
CLASS_BAR_KEY = "class_bar"

# The bar stays compact: a projector at 1280x720 shows it, the prompt and the step's chart
# together; there the page's own title goes below the charts (the bar names the lesson) and
# the side margins shrink.
BAR_CSS = web.filled("lesson_bar.css", BARS=BARS, HEADS=HEADS,
                     LIVE_BAR=f".st-key-{CLASS_BAR_KEY}")
PROJECTOR_CSS = web.filled("lesson_bar_projector.css", BARS=BARS)

ARROW_KEYS = f"<script>{web.source('lesson_keys.js')}</script>"


def requested() -> tuple[Lesson, dict[str, str], int] | None:
    """The lesson the URL asks for, the parameters naming it, and the step (from 1).

    Raises
    ------
    ValueError
        If the lesson is unknown or its link is damaged.
    """
    query = st.query_params
    if NAME_PARAM in query:
        ref = {NAME_PARAM: query[NAME_PARAM]}
        lesson = load_lesson(query[NAME_PARAM], URL_PATHS)
    elif CODE_PARAM in query:
        ref = {CODE_PARAM: query[CODE_PARAM]}
        lesson = decode_lesson(query[CODE_PARAM], URL_PATHS)
    else:
        return None
    step = query.get(STEP_PARAM, "1")
    last = len(lesson.steps)
    try:
        number = parse_integer(step, STEP_PARAM)
    except ParameterError:  # "²" or "x": a damaged link opens the first step, with a warning
        number = None
    if number is None or not 1 <= number <= last:
        used = 1 if number is None else min(max(number, 1), last)
        links.notify(f"Link parameter {links.quoted(STEP_PARAM)}: “{plain(step, 60)}” is not "
                     f"a step of this lesson, so it opens step {used}. Valid values: 1 to "
                     f"{last}.")
        number = used
        query[STEP_PARAM] = str(used)  # said once: the address now names the step shown
    return lesson, ref, number


def open_step(lesson: Lesson, ref: dict[str, str], number: int):
    """Go to step ``number``: its page; the bar then sets the step's controls."""
    step = lesson.steps[number - 1]
    st.session_state.pop(SHOWN, None)
    focus = {presenter.FOCUS_PARAM: st.query_params[presenter.FOCUS_PARAM]} \
        if presenter.FOCUS_PARAM in st.query_params else {}
    st.switch_page(URL_PATHS[step.page],
                   query_params={**focus, **ref, STEP_PARAM: str(number)})


def _ask(question: Question, key: str) -> None:
    """The step's question in the bar; its give-away numbers wait for the reveal."""
    explain = lambda: st.markdown(plain(question.explanation))  # noqa: E731
    if question.numeric:
        predict_a_number(plain(question.text), question.answer, explain, key)
    else:
        predict_then_reveal(plain(question.text), [plain(o) for o in question.options],
                            question.answer, explain, key, compact=True)


def keep_presenter_in_url() -> None:
    """Write ``present=true`` back into the address after a lesson or class moved to
    another page in presenter mode: the toggle keeps the mode, but the move cannot carry
    its parameter (setting a parameter bound to a widget raises), and a reload without it
    would end the mode."""
    if presenter.is_on() and presenter.KEY not in st.query_params:
        for binding in bindings():
            if binding.param == presenter.KEY:
                write_url(binding)


def bar_style() -> None:
    """The compact style of the lesson and class bars (and, on a projector, the layout that
    puts the step's chart right under its bar); presenter mode stays in the address."""
    keep_presenter_in_url()
    projector = presenter.is_on() or presenter.focus()
    st.html(f"<style>{BAR_CSS}{PROJECTOR_CSS if projector else ''}</style>")


def lesson_bar(current: str) -> None:
    """Draw the lesson bar when the URL names a lesson (``current``: the page's URL path);
    move to the step's page first if this is not it."""
    st.session_state.pop(WAITING, None)
    try:
        found = requested()
    except ValueError as error:
        show_error(error)
        return
    if found is None:
        return
    lesson, ref, number = found
    step = lesson.steps[number - 1]
    if step.page != current:
        open_step(lesson, ref, number)
    if st.session_state.get(SHOWN) != (tuple(ref.items()), number):
        st.session_state[SHOWN] = (tuple(ref.items()), number)
        if not history_navigation():  # Back to a step shows it as the user left it
            links.request(current, step.params)
    last = len(lesson.steps)
    key = f"lesson_q{number}"
    if step.question is not None and not st.session_state.get(f"{key}_revealed"):
        wait_for_reveal(step.question.hides)
    bar_style()
    with st.container(border=True, key=BAR_KEY):
        with st.container(horizontal=True, vertical_alignment="center", gap="small",
                          key=HEAD_KEY):
            st.markdown(f"**{plain(lesson.title)}** · step {number} of {last}",
                        width="stretch")
            if st.button("Previous", icon=":material/chevron_left:", disabled=number == 1,
                         key="lesson_previous", help="The previous step (left arrow key)."):
                open_step(lesson, ref, number - 1)
            if st.button("Next", icon=":material/chevron_right:", disabled=number == last,
                         key="lesson_next", help="The next step (right arrow key)."):
                open_step(lesson, ref, number + 1)
        st.markdown(plain(step.prompt))
        if step.question is not None:
            _ask(step.question, key)
    st.html(ARROW_KEYS, unsafe_allow_javascript=True)


def lesson_list(captions: bool = True) -> None:
    """A link to step 1 of every shipped lesson: its title, number of steps and (with
    ``captions``) the line on what the class learns."""
    paths = {entry.url_path: entry.path for entry in PAGES}
    for name in lesson_names():
        try:
            lesson = load_lesson(name, URL_PATHS)
        except ValueError as error:  # a damaged file must not take Home down with it
            st.error(str(error))
            continue
        steps = len(lesson.steps)
        st.page_link(paths[lesson.steps[0].page], icon=":material/school:",
                     label=f"{plain(lesson.title)} ({steps} step{'s' if steps > 1 else ''})",
                     query_params={NAME_PARAM: name, STEP_PARAM: "1"},
                     help=plain(lesson.summary) or None)
        if captions and lesson.summary:
            st.caption(plain(lesson.summary))


def _question_form() -> dict | None:
    """The builder's optional question for the next step, in lesson-file form (checked when
    the lesson is assembled, see `explorer.lesson_files.parse_lesson`)."""
    text = st.text_input(
        "Question (optional)", max_chars=300, key="lesson_q_text",
        help="A question the class answers before the reveal; its answer and the page's key "
        "numbers stay hidden until then.")
    if not text.strip():
        return None
    kind = st.radio("Answered with", ["choices", "a number"], horizontal=True,
                    key="lesson_q_kind")
    if kind == "a number":
        answer = st.number_input("The true answer", value=0.0, format="%g", key="lesson_q_value")
        return {"text": text.strip(), "answer": float(answer)}
    lines = st.text_area("Choices, one per line (2 to 6)", max_chars=600, key="lesson_q_options")
    options = [line.strip() for line in lines.splitlines() if line.strip()]
    right = st.selectbox("The right choice", options or ["(write the choices first)"],
                         key="lesson_q_right")
    return {"text": text.strip(), "options": options,
            "answer": options.index(right) if right in options else -1}


def lesson_builder(current: str) -> None:
    """The sidebar's "Make a lesson": add the current view as a step, get the link."""
    draft = st.session_state.setdefault(DRAFT, [])
    with st.expander("Lessons", icon=":material/co_present:"):
        lesson_list(captions=False)
    with st.expander("Make a lesson", icon=":material/school:"):
        title = st.text_input("Lesson title", "My lesson", max_chars=100, key="lesson_title",
                              help="Shown in the lesson bar of every step.")
        prompt = st.text_input(
            "Prompt for this view", max_chars=300, key="lesson_prompt",
            help="One line the class reads on this step, such as a question to discuss.")
        question = _question_form()
        if st.button("Add this view", icon=":material/add:", key="lesson_add",
                     help="This page with every control as it is now becomes the next step."):
            params = {name: values for name, values in links.link_params(False).items()
                      if name not in (*links.APP_PARAMS, presenter.KEY, CODE_PARAM)}
            step = {"page": current, "params": params,
                    "prompt": prompt.strip() or "Look at this view."}
            if question is not None:
                step["question"] = question
            draft.append(step)
        if not draft:
            st.caption("No step yet: set up a page, then add it.")
            return
        try:
            lesson = parse_lesson({"title": title or "My lesson", "steps": draft}, URL_PATHS)
            code = encode_lesson(lesson)
        except ValueError as error:
            show_error(error)
            return
        root = (st.context.url or links.FALLBACK_BASE).split("?", 1)[0].rsplit("/", 1)[0]
        st.caption(f"{len(draft)} step{'s' if len(draft) > 1 else ''}. The whole lesson is in "
                   "this link:")
        st.code(links.share_url(f"{root}/{lesson.steps[0].page}",
                                {CODE_PARAM: code, STEP_PARAM: "1"}),
                language=None, wrap_lines=True)
        st.button("Start again", key="lesson_clear", on_click=draft.clear,
                  icon=":material/delete:", help="Forget the steps added so far.")
