"""Old link parameter names, translated before a page runs, so links shared before a page's
prefix was renamed keep opening the same view (the translation itself, and old choice
labels, are `ui.link_plan`'s: `RENAMED_PREFIXES`, `RENAMED_LABELS`).
"""

import streamlit as st

from ui.link_plan import renamed_params


def rename_old_params() -> None:
    """Rewrite the URL's old parameter names to their current ones (values kept; a name
    given both ways keeps the current one's values), then start the run again: the page's
    widgets read their values from the URL the run started with."""
    renamed = renamed_params({name: st.query_params.get_all(name) for name in st.query_params})
    if renamed is None:
        return
    for name in list(st.query_params):
        if name not in renamed:
            del st.query_params[name]
    for name, values in renamed.items():
        if st.query_params.get_all(name) != values:
            st.query_params[name] = values if len(values) > 1 else values[0]
    st.rerun()
