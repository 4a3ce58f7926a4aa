"""Step-through buttons shared by the explorers: first, step back, step, last (playing is the
chart's own, in the browser: `plots.framed.framed_figure`)."""

import streamlit as st


def move_step(key: str, delta: int | None = None, to: int | None = None, last: int = 0) -> None:
    """Move the step stored under ``key`` by ``delta`` (or to ``to``), kept in [0, last]."""
    step = st.session_state.get(key, 0)
    st.session_state[key] = min(max(step + delta if delta is not None else to, 0), last)


def step_buttons(prefix: str, last: int, helps: dict[str, str]) -> None:
    """Four buttons (keys ``<prefix>_first``, ``_back``, ``_next``, ``_last``) moving the
    step stored under ``<prefix>_step``; ``helps`` gives each button's tooltip by that
    suffix."""
    key = f"{prefix}_step"
    buttons = st.columns(4)
    for column, (suffix, label, icon, move) in zip(buttons, (
        ("first", "First", ":material/first_page:", {"to": 0}),
        ("back", "Step back", ":material/chevron_left:", {"delta": -1}),
        ("next", "Step", ":material/chevron_right:", {"delta": 1}),
        ("last", "Last", ":material/last_page:", {"to": last}),
    ), strict=True):
        column.button(label, icon=icon, on_click=move_step, key=f"{prefix}_{suffix}",
                      kwargs={"key": key, "last": last, **move}, help=helps[suffix],
                      type="primary" if suffix == "next" else "secondary", width="stretch")


def step_controls(prefix: str, last: int, label: str, help: str,
                  buttons: dict[str, str]) -> int:
    """The controls of a step-through: `step_buttons`, then the slider over steps 0 to
    ``last`` stored under ``<prefix>_step`` and bound to the URL (a step past ``last``, left
    by other data, goes back to 0). Returns the step shown."""
    key = f"{prefix}_step"
    if not 0 <= st.session_state.get(key, 0) <= last:
        st.session_state[key] = 0
    step_buttons(prefix, last, buttons)
    return st.slider(label, 0, last, key=key, bind="query-params", help=help)
