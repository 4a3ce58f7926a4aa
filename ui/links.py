"""The page URL: the "copy link" control, and link values read generously.

Every widget bound to the URL is written into the copied link, defaults included, so a link
keeps its meaning when a default changes. A link value may be the on-screen label or the
registry key, spelt loosely (``paper``, ``Paper's settings``, ``two_moons``, ``Two+moons``);
a value that names nothing the control offers gives one warning, and the control keeps its
default. Both work for every page without page code (see `ui.bindings`).
"""

import math
from collections.abc import Mapping, Sequence
from typing import Any
from urllib.parse import urlencode

import streamlit as st

from ui.bindings import (
    Binding,
    bindings,
    requested,
    resolve_choice,
    same_value,
    write_url,
)
from ui.text import plain

# AppTest and a few embedded contexts report no browser URL; links then show this base.
FALLBACK_BASE = "http://localhost:8501/"
# Parameters of the app rather than of a control: kept in the copied link as they are.
APP_PARAMS = ("controls", "lesson", "lessonz", "step", "embed", "embed_options", "class")
# Parameters read outside the pages' controls and never copied into a link: presenter mode
# (drawn in the sidebar) and a class teacher's secret (ui.classroom.TEACH_PARAM), which Copy
# link must not leak to the students.
IGNORED = ("present", "teach")
FOCUS_PARAM = "controls"  # ui.presenter's focus view
# Session keys: values to give widgets on the next run, warnings to show, requests handled.
PENDING = "_links_pending"
NOTICES = "_links_notices"
CHECKED = "_links_checked"
REQUEST = "_links_request"
LATER = "_links_later"
# The page whose opening URL was read, and whether this run is the rerun that applies it.
OPENED = "_links_opened"
APPLYING = "_links_applying"
# The controls given a link's value by the app (not by Streamlit's own URL reading).
APPLIED = "_links_applied"
# The controls the link or lesson step being applied names, for the rerun that applies it.
NAMED = "_links_named"
# A page asked for one more run (see `rerun_after_page`).
RERUN = "_links_rerun"
# A warning quotes at most this much of a link value.
MAX_QUOTED = 60


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


def quoted(text: str) -> str:
    """``text`` as inline code that no link value can break out of (no backticks, no line
    breaks, at most ``MAX_QUOTED`` characters)."""
    text = " ".join(str(text).replace("`", "'").split())
    if len(text) > MAX_QUOTED:
        text = text[:MAX_QUOTED] + "…"
    return f"`{text}`"


def _valid_values(binding: Binding) -> str:
    if binding.is_choice:
        return "one of " + ", ".join(quoted(label) for label in binding.labels)
    if binding.kind == "bool_value":
        return "`true` or `false`"
    if binding.low is not None and binding.high is not None:
        return f"a number from {_number(binding.low)} to {_number(binding.high)}"
    return "a value the control accepts"


def unusable_message(binding: Binding, asked: Sequence[str]) -> str:
    """The warning for a link value the control cannot take: the parameter, the value, what
    is used instead and the valid values. The value came from the link, so it goes through
    the one escaping rule for user text (`ui.text.plain`)."""
    shown = ", ".join(binding.value) or "nothing"
    asked_text = plain(", ".join(asked), MAX_QUOTED)
    return (f"Link parameter {quoted(binding.param)}: “{asked_text}” cannot be "
            f"used, so the page shows {quoted(shown)}. Valid values: "
            f"{_valid_values(binding)}.")


def apply_pending() -> None:
    """Give the widgets the link values resolved on the previous run (call before the page
    draws them)."""
    for param, value in st.session_state.pop(PENDING, {}).items():
        st.session_state[param] = value


def show_notices(slot) -> None:
    """Show, in ``slot``, the warnings left by the previous run."""
    for message in st.session_state.pop(NOTICES, []):
        slot.warning(message, icon=":material/link_off:")


def notify(message: str) -> None:
    """Say ``message`` (about the link) with the page's link warnings, even if the page
    reruns or switches first."""
    st.session_state.setdefault(LATER, []).append(message)


def named() -> set[str]:
    """The controls that the link or lesson step applied on this run names (a page keeps
    their values when it changes the others, see `ui.experiments.restart`)."""
    return set(st.session_state.get(NAMED, ()))


def rerun_after_page() -> None:
    """Run the page once more when it has finished, before `check_request` writes the
    address bar: a rerun starts from the query string its run started with, so the
    writes of a run cut short by ``st.rerun()`` would be lost."""
    st.session_state[RERUN] = True


def request(params: Mapping[str, Sequence[str]]) -> None:
    """Ask the next page run to set its controls to ``params`` (URL form), as if they came
    from the URL: a lesson step does this, since a bound parameter cannot be put in the URL
    of `st.switch_page`."""
    st.session_state[REQUEST] = {name: tuple(values) for name, values in params.items()}


def clamped_message(binding: Binding, asked: Sequence[str], used: Sequence[Any]) -> str:
    """The warning for a link number outside the control's range, moved to its nearest end."""
    shown = ", ".join(_number(v) for v in used)
    return (f"Link parameter {quoted(binding.param)}: “{plain(', '.join(asked), MAX_QUOTED)}” "
            f"is out of range, so the page shows {quoted(shown)}, the nearest value it can "
            f"take. Valid values: {_valid_values(binding)}.")


def unknown_message(names: Sequence[str]) -> str:
    """The warning for link parameters that no control of the page reads."""
    return ("No control on this page as shown reads the link parameter"
            + ("s " if len(names) > 1 else " ") + ", ".join(quoted(n) for n in names)
            + ": ignored. Copy link gives the names this page uses.")


def _wanted(binding: Binding, asked: tuple[str, ...]) -> Any:
    """The value ``asked`` gives the control, or None if it cannot take it. A number out of
    the control's range is moved to the nearest end of it (the caller says so)."""
    current = st.session_state[binding.param]
    if binding.options is not None:
        chosen = resolve_choice(binding, asked)
        if chosen is None:
            return None
        return chosen if isinstance(current, list | tuple) else chosen[0]
    if binding.kind == "bool_value":
        return {"true": True, "false": False}.get(asked[0].lower()) if len(asked) == 1 else None
    try:
        numbers = [type(v)(float(a)) for v, a in zip(_as_list(binding.param), asked,
                                                      strict=True)]
    except (ValueError, TypeError, OverflowError):
        return None
    if any(not math.isfinite(x) for x in numbers):
        return None
    if binding.low is not None:
        numbers = [type(x)(min(max(x, binding.low), binding.high)) for x in numbers]
    return numbers if isinstance(current, list | tuple) else numbers[0]


def check_request(slot, page: str) -> None:
    """Compare what the URL that opened ``page`` (or a lesson step, see `request`) asked of
    every bound control with what it shows.

    A value given by its registry key (or another spelling), or by a lesson step, is
    applied on an immediate rerun; a value that names nothing valid gets one warning in
    ``slot``. The URL is read only on the run that opens the page and on the reruns that
    apply it: on a rerun after a student moves a control, the browser's URL can still hold
    an older value of that control (a fast run of slider steps), and reading it would move
    the control back.
    """
    checked = st.session_state.setdefault(CHECKED, set())
    st.session_state.pop(NAMED, None)
    step = st.session_state.pop(REQUEST, {})
    later = st.session_state.pop(LATER, [])
    opening = st.session_state.get(OPENED) != page or st.session_state.pop(APPLYING, False)
    st.session_state[OPENED] = page
    pending, notices, asking = {}, list(later), set()
    drawn = bindings()
    for binding in drawn:
        asked = step.get(binding.param)
        if asked is None:
            asked = requested(binding.param) if opening else None
            if asked is None or (binding.param, asked) in checked:
                continue
            checked.add((binding.param, asked))
        asking.add(binding.param)
        if same_value(binding, asked):
            continue
        wanted = _wanted(binding, asked)
        if wanted is None:
            notices.append(unusable_message(binding, asked))
            continue
        if binding.low is not None and not binding.is_choice and binding.kind != "bool_value":
            used = wanted if isinstance(wanted, list) else [wanted]
            if [float(v) for v in used] != [float(a) for a in asked]:
                notices.append(clamped_message(binding, asked, used))
        if [str(v) for v in _as_list(binding.param)] != [str(v) for v in (
                wanted if isinstance(wanted, list) else [wanted])]:
            pending[binding.param] = wanted
    if pending:
        st.session_state.setdefault(APPLIED, set()).update(pending)
        st.session_state[PENDING] = pending
        st.session_state[NOTICES] = notices
        # Controls that appear only once these values are set (an algorithm's parameters)
        # get theirs on the next run.
        later = {name: values for name, values in step.items()
                 if name not in {b.param for b in drawn}}
        if later:
            st.session_state[REQUEST] = later
        st.session_state[APPLYING] = True
        st.session_state[NAMED] = asking
        st.rerun()
    if st.session_state.pop(RERUN, False):
        st.rerun()
    # The values applied on the reruns before this one go in the address bar, so the
    # link there reopens this view on a reload.
    applied = st.session_state.pop(APPLIED, set())
    for binding in drawn:
        if binding.param in applied and binding.value and \
                st.query_params.get_all(binding.param) != list(binding.value):
            write_url(binding)
    if opening:
        unknown = [name for name in st.query_params
                   if name not in {b.param for b in drawn} | set(APP_PARAMS) | set(IGNORED)
                   and ("?", page, name) not in checked]
        checked.update(("?", page, name) for name in unknown)
        if unknown:
            notices.append(unknown_message(unknown))
        focus = st.query_params.get(FOCUS_PARAM)
        if focus is not None and focus.lower() not in ("on", "off") \
                and ("?", page, FOCUS_PARAM, focus) not in checked:
            checked.add(("?", page, FOCUS_PARAM, focus))
            notices.append(f"Link parameter {quoted(FOCUS_PARAM)}: “{plain(focus, MAX_QUOTED)}” "
                           "cannot be used, so the page shows its controls. Valid values: "
                           "`off` (only the title, charts and key numbers) or `on`.")
    for message in notices:
        slot.warning(message, icon=":material/link_off:")


def _as_list(param: str) -> list:
    value = st.session_state[param]
    return list(value) if isinstance(value, list | tuple) else [value]


def _number(value: float) -> str:
    return f"{int(value):,}" if float(value).is_integer() else f"{value:g}"
