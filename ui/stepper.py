"""The step of a step-through, kept in the URL. The chart's own slider, its Play/Pause and its
step buttons (`step_scrub`) move it in the browser."""

from collections.abc import Callable, Sequence
from functools import partial

import streamlit as st

from ui.scrub import carrier, scrub_to_widget


def step_controls(prefix: str, last: int, label: str, help: str) -> int:
    """The slider over steps 0 to ``last`` stored under ``<prefix>_step`` and bound to the URL
    (a step past ``last``, left by other data, goes back to 0), in a `ui.scrub.carrier`: not
    drawn once the chart's slider scrubs the step. Returns the step shown."""
    key = f"{prefix}_step"
    if not 0 <= st.session_state.get(key, 0) <= last:
        st.session_state[key] = 0
    with carrier(key):
        return st.slider(label, 0, last, key=key, bind="query-params", help=help)


def step_scrub(chart_key: str, prefix: str, last: int, *, slider: str = "step",
               labels: Sequence[str] | None = None) -> Callable[[], None]:
    """What a step-through's chart draws under it (`ui.export.show_chart`'s ``under``): its
    slider over steps 0 to ``last``, with Play and the step buttons, moves the step stored
    under ``<prefix>_step`` (`step_controls`), which reaches the URL when the user stops.

    Parameters
    ----------
    chart_key : str
        The ``key`` the chart is drawn with.
    prefix : str
        The page's key prefix: the step lives under ``<prefix>_step``.
    last : int
        The last step.
    slider : str, optional
        The slider's name in the framed figure.
    labels : sequence of str, optional
        Each step's label on the slider (default: its number).

    Returns
    -------
    callable
        Draws the listener and the step buttons when called.

    Examples
    --------
    >>> draw_under = step_scrub("km_chart", "km", 5)
    >>> draw_under.args[2:4]
    ('km_step', [0, 1, 2, 3, 4, 5])
    """
    steps = list(range(last + 1))
    return partial(scrub_to_widget, chart_key, slider, f"{prefix}_step", steps,
                   [str(i) for i in steps] if labels is None else labels, through=True)
