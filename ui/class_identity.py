"""Who a class page's browser is: the teacher (by the class's secret) or a participant (by
a token the store issued when it joined).

The teacher's link carries the secret (``teach=``) once: the first run checks it, keeps it
in the session and in a same-site cookie of this browser, and takes it out of the address
bar (a projector shows the address). A reload or a new tab of the same browser is the
teacher again by the cookie. A student's browser joins the class once (`ClassStore.join`)
and keeps the participant token the store gave it in a cookie, so a reload or a second tab
answers as the same participant and replaces its answer.
"""

import streamlit as st

from classroom import ClassError, ClassStore, StoreUnavailable
from classroom.store import CODE, LIFETIME_S, SECRET, TOKEN
from ui import web
from ui.class_access import TEACH_PARAM

PARTICIPANT_COOKIE = "clusterlab_browser"
TEACHER_COOKIE = "clusterlab_teach_"  # + the class code
TEACHING = "_class_teaching"  # code -> the teacher's secret, in this session
JOINED = "_class_joined"  # code -> this session's participant token


def _write_cookie(name: str, value: str) -> None:
    """Put ``name=value`` in this browser's cookies (this site only, for 24 hours).

    Both are made by the server (a class code, a secret, a token: URL-safe base64, checked
    by the caller against the store's patterns), never user text. Drawn on every run until
    the session's cookies hold it: a run that the page's own rerun cuts short may never
    deliver the script (the same element drawn again is not run again).
    """
    if st.context.cookies.get(name) != value:
        script = web.filled("set_cookie.js", NAME=name, VALUE=value, LIFETIME_S=LIFETIME_S)
        st.html(f"<script>{script}</script>", unsafe_allow_javascript=True)


def teacher_secret(store: ClassStore, code: str) -> str | None:
    """The class's secret if this browser is its teacher, else None (a student).

    A ``teach=`` in the link is checked, kept and removed from the address; without it the
    secret this session or this browser's cookie holds is used while it still runs the
    class.

    Raises
    ------
    classroom.ClassError
        If the link's ``teach=`` is wrong (a wrong teacher's link says so rather than
        silently making a student), or the store fails.
    """
    teaching = st.session_state.setdefault(TEACHING, {})
    if TEACH_PARAM in st.query_params:
        secret = st.query_params[TEACH_PARAM]
        store.check_teacher(code, secret)
        teaching[code] = secret
        del st.query_params[TEACH_PARAM]
    elif code not in teaching:
        cookie = st.context.cookies.get(TEACHER_COOKIE + str(code))
        if isinstance(cookie, str) and SECRET.fullmatch(cookie):
            try:
                store.check_teacher(code, cookie)
                teaching[code] = cookie
            except StoreUnavailable:
                raise
            except ClassError:  # a cookie of an ended class: this browser is a student now
                pass
    return teaching.get(code)


def remember_teacher(code: str, secret: str) -> None:
    """Keep the teacher's secret in this browser's cookie, for a reload. Called once the
    page is the step's page: a run that moves to another page is cut short, and a cookie it
    wrote would be lost."""
    if CODE.fullmatch(code) and SECRET.fullmatch(secret):
        _write_cookie(TEACHER_COOKIE + code, secret)


def participant(store: ClassStore, code: str) -> str:
    """This browser's participant token in class ``code``, joining the class on the
    session's first call (with the cookie's token, if the store knows it in this class).

    Raises
    ------
    classroom.ClassError
        If the room is locked and this browser has not joined before, or the store fails.
    """
    joined = st.session_state.setdefault(JOINED, {})
    if code not in joined:
        cookie = st.context.cookies.get(PARTICIPANT_COOKIE)
        known = cookie if isinstance(cookie, str) and TOKEN.fullmatch(cookie) else None
        joined[code] = store.join(code, known)
    token = joined[code]
    if TOKEN.fullmatch(token):
        _write_cookie(PARTICIPANT_COOKIE, token)
    return token
