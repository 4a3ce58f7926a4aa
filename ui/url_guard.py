"""Link parameters no widget can read are dropped, with one warning, before a page runs.

Streamlit's URL-bound number inputs raise on values such as ``inf`` or ``nan`` (and on a
10,000-digit number, which reads as infinity) before the page can catch anything; overlong
values only bloat every later link. Neither is a view a teacher can have made.
"""

import math

import streamlit as st

from ui.bindings import forget
from ui.text import plain

# Longer than any value a control of this app writes (30 typed centres take ~500).
MAX_VALUE_LENGTH = 2000
# A teacher's lesson travels in one parameter, bounded and validated by its own reader
# (explorer.lesson_files.decode_lesson); so do drawn points (``<prefix>_drawn``, up to 8,000
# characters; datasets.drawn.decode_points).
LONG_PARAMS = ("lessonz",)
LONG_SUFFIXES = ("_drawn",)


def unreadable(value: str) -> str | None:
    """Why a link value is dropped, or None when widgets may read it."""
    if len(value) > MAX_VALUE_LENGTH:
        return f"longer than {MAX_VALUE_LENGTH:,} characters"
    try:
        number = float(value)
    except ValueError:
        return None
    return None if math.isfinite(number) else "not a finite number"


def drop_unreadable_params() -> None:
    """Remove the unreadable parameters from the URL and say which, in one warning."""
    dropped = []
    for name in list(st.query_params):
        if name in LONG_PARAMS or name.endswith(LONG_SUFFIXES):
            continue
        reasons = {unreadable(value) for value in st.query_params.get_all(name)} - {None}
        if reasons:
            forget(name)
            dropped.append(f"{plain(name, limit=60)} ({', '.join(sorted(reasons))})")
    if dropped:
        st.warning("This link had values no control can take; they were ignored: "
                   + "; ".join(dropped) + ".", icon=":material/link_off:")
