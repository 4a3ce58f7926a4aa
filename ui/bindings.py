"""The widgets bound to the URL (``bind="query-params"``), read back after a page has run.

Streamlit keeps, for every bound widget, its query-parameter name, its serializer and (for
choices) its options. Reading them after the page runs lets the app, for every page at once
and without any page code: write every bound value into the copied link (defaults
included), accept a registry key where Streamlit only accepts the on-screen label, and say
which link values could not be used. Streamlit offers no public API for this, so every
access to its internals is in this module (tests/app/test_links.py fails if an upgrade
breaks it).
"""

from __future__ import annotations

from typing import Any

import streamlit as st
from streamlit.elements.widgets.number_input import NumberInputSerde
from streamlit.elements.widgets.slider import SliderSerde
from streamlit.proto.NumberInput_pb2 import NumberInput as NumberInputProto
from streamlit.proto.Slider_pb2 import Slider as SliderProto
from streamlit.runtime.scriptrunner_utils.script_run_context import get_script_run_ctx

from ui.link_plan import Control, url_text

# The number widgets' serializers and their integer data types.
_INTEGER_TYPES = {SliderSerde: SliderProto.INT, NumberInputSerde: NumberInputProto.INT}


def _url_form(serialized: Any) -> tuple[str, ...]:
    """A widget's serialized value as URL values (one per item for multi-valued widgets)."""
    if isinstance(serialized, list | tuple):
        return tuple(url_text(v) for v in serialized)
    return (url_text(serialized),)


def _session():
    ctx = get_script_run_ctx()
    return None if ctx is None else (ctx, ctx.session_state._state)


def bindings(this_run_only: bool = True) -> list[Control]:
    """The bound widgets with their current values, in the order of their names.

    ``this_run_only`` keeps only the widgets drawn so far in this run (after a page has
    run: exactly that page's controls); otherwise the previous run's are included too.
    """
    found = _session()
    if found is None:
        return []
    ctx, state = found
    drawn = ctx.shared.widget_ids_this_run.snapshot() if this_run_only else None
    result = []
    for param, binding in sorted(state.query_params._bindings_by_param.items()):
        metadata = state._new_widget_state.widget_metadata.get(binding.widget_id)
        if metadata is None or (drawn is not None and binding.widget_id not in drawn):
            continue
        if param not in st.session_state:
            continue
        serde = getattr(metadata.serializer, "__self__", None)
        current = st.session_state[param]
        value = _url_form(metadata.serializer(current))
        labels = getattr(serde, "formatted_options", None)
        if labels is None and hasattr(serde, "formatted_option_to_index"):  # select_slider
            labels = list(serde.formatted_option_to_index)
        options = getattr(serde, "options", None)
        if labels is None and metadata.formatted_options is not None:
            labels = options = tuple(metadata.formatted_options)  # tabs: a label is the value
        number_type = _INTEGER_TYPES.get(type(serde))
        is_number = number_type is not None and labels is None
        result.append(Control(
            param=param,
            value=value,
            options=None if labels is None or options is None else tuple(options),
            labels=None if labels is None else tuple(labels),
            low=getattr(serde, "min_value", None),
            high=getattr(serde, "max_value", None),
            kind=metadata.value_type,
            current=tuple(current) if isinstance(current, list | tuple) else (current,),
            multi=isinstance(current, list | tuple),
            integer=is_number and serde.data_type == number_type,
            # A number widget's default is its serializer's value for "no input".
            default=serde.deserialize(None) if is_number else None,
        ))
    return result


def requested(param: str) -> tuple[str, ...] | None:
    """The value(s) the URL that opened this page gave ``param`` (None when absent)."""
    found = _session()
    if found is None:
        return None
    value = found[1].query_params.get_initial_value(param)
    if value is None:
        return None
    return tuple([value] if isinstance(value, str) else value)


def seed(param: str, texts: tuple[str, ...]) -> None:
    """Let the URL-bound widget ``param`` start from ``texts`` (URL form) if this run draws
    it for the first time, as if the URL that opened the page had them: Streamlit reads
    them with its own checks (a value it cannot take leaves the widget at its default, a
    number beyond its range is moved to the nearest end). Streamlit forgets them at the
    next run.
    """
    found = _session()
    if found is not None:
        found[1].query_params._initial_query_params[param] = list(texts)


def forget(param: str) -> None:
    """Remove ``param`` from the URL and from the values that seed widgets on this load.

    ``del st.query_params[...]`` leaves the value that seeds a widget on the page's first run
    (an infinite seed then reaches the number box's own int() and raises) and refuses a
    parameter already bound to a widget (``present=nan`` in a session that drew the toggle).
    """
    found = _session()
    if found is None:
        return
    query_params = found[1].query_params
    query_params.remove_param(param)
    query_params._initial_query_params.pop(param, None)


def history_navigation() -> bool:
    """True on the run that the browser's Back or Forward started: Streamlit then gives
    every bound control the value in the URL of the history entry, which a page should
    not overwrite."""
    ctx = get_script_run_ctx()
    return bool(ctx is not None and ctx.is_history_navigation)


def write_url(control: Control) -> None:
    """Put ``control``'s value in the URL and the browser's address bar.

    Streamlit writes a bound widget's value there only when the URL seeded it or the user
    moved it: a value the app gave the widget from a link's registry key (``ex_data=iris``)
    would otherwise leave the parameter out, and a reload would show the default.
    """
    found = _session()
    if found is None:
        return
    arrays = ("string_array_value", "int_array_value", "double_array_value")
    value = list(control.value) if control.kind in arrays else control.value[0]
    found[1].query_params.set_corrected_value(control.param, value, control.kind)
