"""The students' way in without a link: the sidebar's "Join a class", where a student types
the short join code the projector shows (case and spaces do not matter). The store limits
wrong guesses per session, so the codes cannot be tried one after the other."""

import secrets

import streamlit as st

from classroom import ClassError
from ui.class_access import CLASS_PARAM, class_store
from ui.navigation import PAGES
from ui.text import show_error

CLIENT = "_class_client"  # this session's key for the store's limit on wrong guesses


def class_entry() -> None:
    """The sidebar's "Join a class": a join code box; a known code opens the class."""
    with st.expander("Join a class", icon=":material/login:"):
        with st.form("class_join_form", border=False):
            typed = st.text_input("Join code", max_chars=12, key="class_join_code",
                                  placeholder="e.g. K7PQ2M",
                                  help="The 6 characters your teacher shows.")
            go = st.form_submit_button("Join", icon=":material/login:", key="class_join_go")
        if not go or not typed.strip():
            return
        client = st.session_state.setdefault(CLIENT, secrets.token_urlsafe(12))
        try:
            code = class_store().find(typed, client)
        except ClassError as error:
            show_error(error)
            return
        # The class link opens on any page: the class bar then moves to the teacher's step.
        st.switch_page(PAGES[0].path, query_params={CLASS_PARAM: code})
