"""Lessons in the app: ``?lesson=NAME&step=K`` (a file of ``lessons/``) or
``?lessonz=CODE&step=K`` (a teacher's own lesson, carried by the link) opens step K on its
page under a slim bar: the title, "step K of N", Previous and Next (also the arrow keys),
the step's prompt and its question. The sidebar's "Make a lesson" turns views into such a
link. No lesson is stored on the server.
"""

import streamlit as st

from explorer.lesson_files import (
    Lesson,
    decode_lesson,
    encode_lesson,
    load_lesson,
    parse_lesson,
)
from metrics.validation import ParameterError, parse_integer
from ui import links, presenter
from ui.lesson import predict_then_reveal
from ui.navigation import PAGES
from ui.text import plain, show_error

NAME_PARAM, CODE_PARAM, STEP_PARAM = "lesson", "lessonz", "step"
URL_PATHS = {entry.url_path: entry.path for entry in PAGES}
DRAFT = "_lesson_draft"
SHOWN = "_lesson_shown"  # the step whose controls were last set
BAR_KEY = "lesson_bar"

# The arrow keys press Previous / Next, unless the focus is in a control that uses them.
ARROW_KEYS = """
<script>
(() => {
  const win = window.parent || window;
  if (win.__clusterlabLessonKeys) return;
  win.__clusterlabLessonKeys = true;
  win.document.addEventListener("keydown", (event) => {
    const t = event.target;
    if (event.altKey || event.ctrlKey || event.metaKey
        || (t.closest && t.closest("input, textarea, select, [role=slider], [contenteditable]")))
      return;
    const label = {ArrowRight: "Next", ArrowLeft: "Previous"}[event.key];
    if (!label) return;
    const bar = win.document.querySelector(".st-key-lesson_bar");
    const button = bar && [...bar.querySelectorAll("button")]
      .find((b) => b.innerText.trim().endsWith(label) && !b.disabled);
    if (button) { event.preventDefault(); button.click(); }
  });
})();
</script>
"""


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
    try:
        number = parse_integer(step, STEP_PARAM)
    except ParameterError:  # "²" or "x": a damaged link still opens its first step
        number = 1
    return lesson, ref, min(max(number, 1), len(lesson.steps))


def open_step(lesson: Lesson, ref: dict[str, str], number: int):
    """Go to step ``number``: its page; the bar then sets the step's controls."""
    step = lesson.steps[number - 1]
    st.session_state.pop(SHOWN, None)
    focus = {presenter.FOCUS_PARAM: st.query_params[presenter.FOCUS_PARAM]} \
        if presenter.FOCUS_PARAM in st.query_params else {}
    st.switch_page(URL_PATHS[step.page],
                   query_params={**focus, **ref, STEP_PARAM: str(number)})


def lesson_bar(current: str) -> None:
    """Draw the lesson bar when the URL names a lesson (``current``: the page's URL path);
    move to the step's page first if this is not it."""
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
        links.request(step.params)
    last = len(lesson.steps)
    with st.container(border=True, key=BAR_KEY):
        text, back, forward = st.columns([8, 1.3, 1.3], vertical_alignment="center")
        text.markdown(f"**{plain(lesson.title)}** · step {number} of {last}  \n"
                      f"{plain(step.prompt)}")
        if back.button("Previous", icon=":material/chevron_left:", disabled=number == 1,
                       key="lesson_previous", help="The previous step (left arrow key)."):
            open_step(lesson, ref, number - 1)
        if forward.button("Next", icon=":material/chevron_right:", disabled=number == last,
                          key="lesson_next", help="The next step (right arrow key)."):
            open_step(lesson, ref, number + 1)
        if step.question is not None:
            question = step.question
            predict_then_reveal(
                plain(question.text), [plain(o) for o in question.options],
                question.answer, lambda: st.markdown(plain(question.explanation)),
                key=f"lesson_q{number}",
            )
    st.html(ARROW_KEYS, unsafe_allow_javascript=True)


def lesson_builder(current: str) -> None:
    """The sidebar's "Make a lesson": add the current view as a step, get the link."""
    draft = st.session_state.setdefault(DRAFT, [])
    with st.expander("Make a lesson", icon=":material/school:"):
        title = st.text_input("Lesson title", "My lesson", max_chars=100, key="lesson_title",
                              help="Shown in the lesson bar of every step.")
        prompt = st.text_input(
            "Prompt for this view", max_chars=300, key="lesson_prompt",
            help="One line the class reads on this step, such as a question to discuss.")
        if st.button("Add this view", icon=":material/add:", key="lesson_add",
                     help="This page with every control as it is now becomes the next step."):
            params = {name: values for name, values in links.link_params(False).items()
                      if name not in (*links.APP_PARAMS, presenter.KEY, CODE_PARAM)}
            draft.append({"page": current, "params": params,
                          "prompt": prompt.strip() or "Look at this view."})
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
