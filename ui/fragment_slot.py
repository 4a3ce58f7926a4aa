"""A fragment in a container of its own.

A fragment's run that starts right after the page's run drops what the page's run drew for
that fragment and had not sent yet (Streamlit clears the fragment's elements from the
outgoing queue). The browser then removes the fragment's block as stale, the blocks after it
move up a place, and the fragment's run draws over the one that took its place: a student's
question vanished, or its Answer button stayed disabled, while the class bar's live part
polled every 0.5 s (CI, stop 50). Alone in its container, the fragment has no sibling to
move.
"""

from collections.abc import Callable

import streamlit as st


def alone(fragment: Callable[..., None], *args) -> None:
    """Call ``fragment`` (an `st.fragment`) with ``args`` in a container of its own, drawn
    by the page's run."""
    with st.container():
        fragment(*args)
