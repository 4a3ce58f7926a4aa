"""Old link parameter names and values, translated, so links shared before a page's prefix
or a choice's label was renamed keep opening the same view.

Pages' prefixes live in :data:`ui.navigation.PAGES`; when one changes, its old prefix goes in
:data:`RENAMED_PREFIXES` (old -> new) and stays there.
"""

import streamlit as st

#: Old prefix -> new prefix of link parameters (the Learn pages' confusable ``lds_`` of
#: Distances and ``ldi_`` of Dimensionality).
RENAMED_PREFIXES = {"lds_": "dist_", "ldi_": "dim_"}


#: Old label -> current label of a choice in a link (any spelling of the old one): the
#: experiments' preset radio said "Paper's settings" before it said "Paper".
RENAMED_LABELS = {"Paper's settings": "Paper"}


def new_name(name: str) -> str:
    """The current name of link parameter ``name`` (itself when it was never renamed)."""
    for old, new in RENAMED_PREFIXES.items():
        if name.startswith(old):
            return new + name.removeprefix(old)
    return name


def rename_old_params() -> None:
    """Rewrite the URL's old parameter names to their current ones (values kept; a name
    given both ways keeps the current one's values), then start the run again: the page's
    widgets read their values from the URL the run started with."""
    renamed_any = False
    for name in list(st.query_params):
        renamed = new_name(name)
        if renamed == name:
            continue
        values = st.query_params.get_all(name)
        del st.query_params[name]
        if renamed not in st.query_params:
            st.query_params[renamed] = values if len(values) > 1 else values[0]
        renamed_any = True
    if renamed_any:
        st.rerun()
