"""Widgets built from the registries' parameter specs, so a new parameter needs no page code."""

import math
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import streamlit as st

from clustering.params import AlgorithmParam
from metrics.seeding import MAX_SEED
from ui.scrub import carrier

# Sliders need a bounded, modest range; beyond this many steps a number box is easier to use.
MAX_SLIDER_STEPS = 1000


def param_label(spec: AlgorithmParam) -> str:
    """The widget label: the parameter name in words (``n_clusters`` -> ``K (clusters)``)."""
    if spec.name == "n_clusters":
        return "K (number of clusters)"
    return spec.name.replace("_", " ").capitalize()


def param_widget(spec: AlgorithmParam, key: str) -> Any:
    """Draw the widget for ``spec`` and return its value.

    The value is kept in the page URL under the name ``key``, so a copied link reopens the
    same view. The widget starts at ``spec.default`` (see `param_widgets` for a default
    that follows the data).
    """
    common: dict[str, Any] = {
        "key": key,
        "help": spec.help or None,
        "bind": "query-params",
    }
    label = param_label(spec)
    if spec.kind == "choice":
        return st.selectbox(label, spec.choices, index=spec.choices.index(spec.default), **common)
    if spec.kind == "bool":
        return st.toggle(label, value=bool(spec.default), **common)
    bounded = spec.low is not None and spec.high is not None
    if spec.kind == "int":
        step = int(spec.step or 1)
        if bounded and not spec.log and (spec.high - spec.low) / step <= MAX_SLIDER_STEPS:
            return st.slider(label, int(spec.low), int(spec.high), int(spec.default), step,
                             **common)
        return st.number_input(
            label,
            min_value=None if spec.low is None else int(spec.low),
            max_value=None if spec.high is None else int(spec.high),
            value=int(spec.default),
            step=step,
            **common,
        )
    if bounded and not spec.log and spec.step:
        return st.slider(label, float(spec.low), float(spec.high), float(spec.default),
                         float(spec.step), **common)
    return st.number_input(
        label,
        min_value=None if spec.low is None else float(spec.low),
        max_value=None if spec.high is None else float(spec.high),
        value=float(spec.default),
        format="%g",
        **common,
    )


def seed_input(label: str, key: str, help: str, disabled: bool = False) -> int:
    """A seed box bound to the URL: 0 to :data:`metrics.seeding.MAX_SEED`, 0 by default
    (``disabled`` where nothing is drawn at random; ``help`` then says so)."""
    return int(st.number_input(label, 0, MAX_SEED, 0, key=key, bind="query-params", help=help,
                               disabled=disabled))


def param_widgets(specs: tuple[AlgorithmParam, ...], key: Callable[[AlgorithmParam], str],
                  defaults: dict[str, Any] | None = None) -> dict[str, Any]:
    """The widgets of ``specs`` in order (each bound to the URL under ``key(spec)``),
    skipping those that do not apply to the values chosen above them (a metric's own
    parameters); the skipped ones keep their defaults. ``defaults`` replaces the
    registry's default of the parameters it names (DBSCAN's eps on the data's scale),
    moved into the parameter's range."""
    values: dict[str, Any] = {}
    for spec in specs:
        if spec.name in (defaults or {}):
            low = -math.inf if spec.low is None else spec.low
            high = math.inf if spec.high is None else spec.high
            spec = replace(spec, default=min(max(defaults[spec.name], low), high))
        if spec.shown(values):
            with carrier(key(spec)):  # hidden where a chart's slider scrubs it
                values[spec.name] = param_widget(spec, key(spec))
    return values
