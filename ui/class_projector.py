"""The teacher's side of a class, made for a projector: how to join (the short join code,
big, and a QR code of the students' link), the moves (Previous, Next, Lock room, Close with
a confirmation, Export answers) and the step's question with its options, the live count
"N joined · M answered", Reveal and Re-vote."""

from html import escape

import segno
import streamlit as st

from classroom import ClassError, ClassState, ClassStore
from explorer.lesson_files import Question
from ui import web
from ui.class_results import letter
from ui.text import plain, show_error

JOIN_KEY = "class_join"
QR_LABEL = "QR code of the students' link"
JOIN_CSS = web.filled("class_join.css", JOIN_KEY=JOIN_KEY)


def qr_image(url: str) -> str:
    """The QR code of ``url`` as an ``<img>`` of inline SVG (black on white, a quiet zone
    of 2 modules) whose accessible name is `QR_LABEL`.

    An ``<img>`` with a data URL, because the page's HTML sanitizer keeps it (it removes
    inline ``<svg>``).
    """
    svg = segno.make(url, error="m").svg_data_uri(scale=4, border=2, dark="#000",
                                                   light="#fff")
    return f'<img class="class-qr" src="{svg}" alt="{QR_LABEL}">'


def join_panel(state: ClassState, link: str) -> None:
    """The join code and the QR code of the students' link ``link`` (made by the app from
    the class code, never user text)."""
    with st.container(horizontal=True, vertical_alignment="center", gap="medium",
                      key=JOIN_KEY):
        st.html(f"<style>{JOIN_CSS}</style>{qr_image(link)}", width="content")
        with st.container(gap=None):
            st.caption("Join the class: scan the code, or open ClusterLab and type in the "
                       "sidebar's *Join a class*")
            st.html(f'<p class="class-code" aria-label="join code">{escape(state.join_code)}</p>')
            st.caption(f"or open {plain(link)}")


def _act(action) -> None:
    """Run a teacher's action on the store, then rerun (a refusal is shown instead)."""
    try:
        action()
    except ClassError as error:
        show_error(error)
        return
    st.rerun()


def _export(store: ClassStore, code: str, secret: str) -> str:
    # Made when the teacher clicks (a deferred download): a database away then gives its
    # one-line message as the file's content, not a traceback.
    try:
        return store.export_csv(code, secret)
    except ClassError as error:
        return f"{error}\n"


def teacher_buttons(store: ClassStore, state: ClassState, secret: str, last: int) -> None:
    """Previous and Next (the whole class moves), Lock room, and Close (with Export answers
    and the confirmation in its popover)."""
    code, step = state.code, state.step
    for label, target, icon in (("Previous", step - 1, ":material/chevron_left:"),
                                ("Next", step + 1, ":material/chevron_right:")):
        if st.button(label, icon=icon, disabled=not 1 <= target <= last,
                     key=f"class_{label.lower()}", help=f"Move the whole class to step {target}."):
            _act(lambda t=target: store.go_to(code, secret, t))
    if st.button("Unlock room" if state.locked else "Lock room", key="class_lock",
                 icon=":material/lock_open:" if state.locked else ":material/lock:",
                 help="Locked, no one new can join: every answer comes from a browser that "
                 "joined before (each counts once)."):
        _act(lambda: store.lock(code, secret, not state.locked))
    with st.popover("Close", icon=":material/stop:", key="class_close",
                    help="Export the answers, or end the class (it and its answers are "
                    "deleted)."):
        st.download_button(
            "Export answers", lambda: _export(store, code, secret),
            file_name=f"class_{code}.csv", mime="text/csv", key="class_export",
            icon=":material/download:", on_click="ignore",
            help="Every step's option counts and numbers, with the time of each answer; no "
            "names or identities.")
        st.markdown("Close the class? It and all its answers are deleted; the students' "
                    "pages say the class has ended.")
        if st.button("Close and delete", key="class_close_confirm", type="primary",
                     icon=":material/delete:"):
            _act(lambda: store.close(code, secret))


def question_line(question: Question) -> None:
    """The step's question and, for a choice, its options on one line."""
    st.markdown(plain(question.text), width="stretch")
    if question.numeric:
        st.caption("Students answer with a number.")
    else:
        st.markdown(" · ".join(f"**{letter(i)}.** {plain(o)}"
                               for i, o in enumerate(question.options)))


def count_and_moves(store: ClassStore, state: ClassState, secret: str) -> tuple[int, int]:
    """"N joined · M answered", Reveal (before) or Re-vote (after, or once answers came):
    returns the counts."""
    code = state.code
    joined, answered = store.counts(code, state.step)
    with st.container(horizontal=True, vertical_alignment="center", gap="small"):
        st.metric("Answers", f"{joined} joined · {answered} answered",
                  label_visibility="collapsed", width="content")
        if not state.is_revealed and st.button(
                "Reveal", icon=":material/visibility:", key="class_reveal", type="primary",
                help="Show the answers and the true one; answering stops."):
            _act(lambda: store.reveal(code, secret))
        if (state.is_revealed or answered) and st.button(
                "Re-vote", icon=":material/replay:", key="class_revote",
                help="Delete this question's answers and ask it again (after a discussion)."):
            _act(lambda: store.reset(code, secret, state.step))
        if state.locked:
            st.caption("Room locked")
    return joined, answered
