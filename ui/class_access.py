"""The class store of this server process and the class link's parameters.

Every call the app makes to `classroom.ClassStore` may be refused (`classroom.ClassError`:
an unknown class, a wrong secret, a locked room) or fail (`classroom.StoreUnavailable`, a
ClassError too: the database is down, locked or its file gone). Callers catch ClassError
and show its message, which names no host, port, path or traceback.
"""

import streamlit as st

from classroom import ClassStore

CLASS_PARAM, TEACH_PARAM = "class", "teach"


@st.cache_resource(show_spinner=False)
def _open_store() -> ClassStore:
    return ClassStore()


def class_store() -> ClassStore:
    """The one store of this server process (its engine pools the connections).

    Raises
    ------
    classroom.ClassError
        `classroom.StoreUnavailable` when the database cannot be opened; the next call tries
        again (a failed opening is not cached).
    """
    return _open_store()


def in_class() -> bool:
    """True when the URL is a class link (a student's or the teacher's)."""
    return CLASS_PARAM in st.query_params
