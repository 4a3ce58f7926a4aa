"""The step of a step-through, kept in the URL. The chart's own slider, its Play/Pause and its
step buttons (`ui.scrub.scrub_to_widget` with ``through=True``) move it in the browser."""

import streamlit as st

from ui.scrub import carrier


def step_controls(prefix: str, last: int, label: str, help: str) -> int:
    """The slider over steps 0 to ``last`` stored under ``<prefix>_step`` and bound to the URL
    (a step past ``last``, left by other data, goes back to 0), in a `ui.scrub.carrier`: not
    drawn once the chart's slider scrubs the step. Returns the step shown."""
    key = f"{prefix}_step"
    if not 0 <= st.session_state.get(key, 0) <= last:
        st.session_state[key] = 0
    with carrier(key):
        return st.slider(label, 0, last, key=key, bind="query-params", help=help)
