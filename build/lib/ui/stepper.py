"""Step-through controls shared by the explorers: first, step back, step, last, and play."""

import streamlit as st


def move_step(key: str, delta: int | None = None, to: int | None = None, last: int = 0) -> None:
    """Move the step stored under ``key`` by ``delta`` (or to ``to``), kept in [0, last]."""
    step = st.session_state.get(key, 0)
    st.session_state[key] = min(max(step + delta if delta is not None else to, 0), last)


def play_toggle(prefix: str, last: int, help: str) -> bool:
    """The Play toggle of the step-through stored under ``<prefix>_step``, in [0, last].

    A step left out of range by new data goes back to 0, and a play that reached the last
    step on the previous run is switched off here: inside the fragment that animates it,
    the toggle can no longer be changed.
    """
    key = f"{prefix}_step"
    if not 0 <= st.session_state.get(key, 0) <= last:
        st.session_state[key] = 0
    if st.session_state.pop(f"{prefix}_stop", False):
        st.session_state[f"{prefix}_play"] = False
    return st.toggle("Play", False, key=f"{prefix}_play", help=help)


def advance(prefix: str, last: int, playing: bool) -> None:
    """One step forward while ``playing``, called first in the animating fragment; at the
    last step, stop playing (through a full rerun, see `play_toggle`)."""
    key = f"{prefix}_step"
    if playing and st.session_state.get(key, 0) >= last:
        st.session_state[f"{prefix}_stop"] = True
        st.rerun()
    if playing:
        move_step(key, +1, last=last)


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
