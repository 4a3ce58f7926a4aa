"""The page URL: the "copy link" control, and link values read generously.

Every widget bound to the URL is written into the copied link, defaults included, so a link
keeps its meaning when a default changes. A link value may be the on-screen label or the
registry key, spelt loosely (``paper``, ``Paper's settings``, ``two_moons``, ``Two+moons``);
a value that names nothing the control offers gives one warning, and the control keeps its
default. Both work for every page without page code (see `ui.bindings`).

What a link asks is decided by the pure `ui.link_plan`; this module is its Streamlit shell:
it reads the URL and the drawn controls, keeps the plan's `LinkState` in one session key and
applies the plan (reruns, widget values, warnings, the address bar).
"""

from collections.abc import Mapping, Sequence
from dataclasses import replace
from urllib.parse import urlencode

import streamlit as st

from ui.bindings import bindings, requested, seed, write_url
from ui.link_plan import APP_PARAMS, Control, LinkState, placed_in_advance, plan, quoted

__all__ = ["APP_PARAMS", "FALLBACK_BASE", "apply_pending", "check_request", "copy_link",
           "current_url", "link_params", "named", "notify", "quoted", "request",
           "rerun_after_page", "share_url", "show_notices"]

# AppTest and a few embedded contexts report no browser URL; links then show this base.
FALLBACK_BASE = "http://localhost:8501/"
# The session key of the link state (`ui.link_plan.LinkState`).
STATE = "_links_state"
# Page URL path -> param -> the bound control as a run of that page last drew it, in this
# server process (any session): what a lesson step's values are read against before the
# page draws its controls (`request`). A class's teacher has shown a step's page before the
# students follow. Bounded by the app's pages and their controls.
_DRAWN: dict[str, dict[str, Control]] = {}


def share_url(base: str | None, params: Mapping[str, str | Sequence[str]]) -> str:
    """``base`` (the page URL without its query) followed by ``params`` as a query string.

    Repeated parameters (lists) are kept in order; parameters are sorted by name so the same
    view always gives the same link.
    """
    base = base or FALLBACK_BASE
    base = base.split("?", 1)[0].split("#", 1)[0]
    pairs = []
    for name in sorted(params):
        values = params[name]
        if isinstance(values, str):
            values = [values]
        pairs.extend((name, value) for value in values)
    return f"{base}?{urlencode(pairs)}" if pairs else base


def link_params(this_run_only: bool = True) -> dict[str, list[str]]:
    """Every bound control's value in URL form (an empty choice as ``name=``), plus the
    app's own parameters (`APP_PARAMS`); values for controls the page does not draw are
    left out."""
    params = {name: st.query_params.get_all(name) for name in APP_PARAMS
              if name in st.query_params}
    params.update({b.param: list(b.value) or [""] for b in bindings(this_run_only)})
    return params


def current_url(this_run_only: bool = True) -> str:
    """The URL of the page being shown, with every bound control's value."""
    return share_url(st.context.url, link_params(this_run_only))


def copy_link(slot, this_run_only: bool = True) -> None:
    """Fill ``slot`` (an ``st.empty``) with a popover holding the current URL and its copy
    button; calling it again replaces the popover with an up-to-date one."""
    with slot.container(), st.popover(
        "Copy link", icon=":material/link:",
        help="A link to this page as it is now (dataset, algorithm, parameters, seed): "
        "paste it in your slides to open the same view in class.",
    ):
        st.code(current_url(this_run_only), language=None, wrap_lines=True)
        st.caption("Copy it with the button at the right of the box.")


def _state() -> LinkState:
    return st.session_state.get(STATE) or LinkState()


def _remember(**changes) -> None:
    st.session_state[STATE] = replace(_state(), **changes)


def apply_pending() -> None:
    """Give the widgets the link values resolved on the previous run (call before the page
    draws them)."""
    pending = _state().pending
    _remember(pending={})
    for param, value in pending.items():
        st.session_state[param] = value


def show_notices(slot) -> None:
    """Show, in ``slot``, the warnings left by the previous run."""
    notices = _state().notices
    _remember(notices=())
    for message in notices:
        slot.warning(message, icon=":material/link_off:")


def notify(message: str) -> None:
    """Say ``message`` (about the link) with the page's link warnings, even if the page
    reruns or switches first."""
    _remember(later=(*_state().later, message))


def named() -> set[str]:
    """The controls that the link or lesson step applied on this run names (a page keeps
    their values when it changes the others, see `ui.experiments.restart`)."""
    return set(_state().named)


def rerun_after_page() -> None:
    """Run the page once more when it has finished, before `check_request` writes the
    address bar: a rerun starts from the query string its run started with, so the
    writes of a run cut short by ``st.rerun()`` would be lost."""
    _remember(rerun=True)


def request(page: str, params: Mapping[str, Sequence[str]]) -> None:
    """Set the controls of ``page`` (the page running, before it draws them) to ``params``
    (URL form), as if they came from the URL: a lesson step does this, since a bound
    parameter cannot be put in the URL of `st.switch_page`.

    The controls an earlier run of the page drew get their values as the page draws them,
    through Streamlit's own reading of a link (see `ui.link_plan.placed_in_advance`,
    `ui.bindings.seed`), so the page shows the step on this run; `check_request` reruns
    the page for the others (a control this run draws not for the first time, one no run
    drew yet, a value Streamlit refused), says what could not be used and writes the
    address bar.
    """
    step = {name: tuple(values) for name, values in params.items()}
    known = _DRAWN.get(page, {})
    placed = placed_in_advance(known, step)
    for param, texts in placed.items():
        seed(param, texts)
    _remember(request=step, applied=_state().applied | set(placed),
              named=frozenset(known) & set(step))


def check_request(slot, page: str) -> None:
    """Apply `ui.link_plan.plan` at the end of a run of ``page``: rerun with the values a
    link or lesson step asks of the controls, or show its warnings in ``slot`` and write
    the values applied before into the address bar."""
    drawn = bindings()
    _DRAWN[page] = {**_DRAWN.get(page, {}), **{control.param: control for control in drawn}}
    opened = {control.param: found for control in drawn
              if (found := requested(control.param)) is not None}
    url = {name: st.query_params.get_all(name) for name in st.query_params}
    result = plan(_state(), page, drawn, opened, url)
    st.session_state[STATE] = result.state
    if result.rerun:
        st.rerun()
    for control in drawn:
        if control.param in result.write:
            write_url(control)
    for message in result.warnings:
        slot.warning(message, icon=":material/link_off:")
