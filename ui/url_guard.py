"""Link parameters no widget can read are dropped, with one warning, before a page runs
(which ones, and why, is `ui.link_plan.dropped_params`)."""

import streamlit as st

from ui.bindings import forget
from ui.link_plan import dropped_message, dropped_params


def drop_unreadable_params() -> None:
    """Remove the unreadable parameters from the URL and say which, in one warning."""
    dropped = dropped_params({name: st.query_params.get_all(name) for name in st.query_params})
    for name in dropped:
        forget(name)
    if dropped:
        st.warning(dropped_message(dropped), icon=":material/link_off:")
