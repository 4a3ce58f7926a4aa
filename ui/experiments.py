"""Shared parts of the Experiments pages: preset and seed controls, a cached run with a
progress bar, the figure, the table and the downloads.

A page picks an experiment of :data:`experiments.EXPERIMENTS`, reads its free parameters from
widgets and hands them to :func:`show_experiment`.
"""

from __future__ import annotations

import json
from collections import OrderedDict
from typing import Any

import pandas as pd
import streamlit as st

from experiments import EXPERIMENTS
from plots.experiments import experiment_figure
from ui.export import plot
from ui.widgets import seed_input

PRESET_LABELS = {"quick": "Quick", "paper": "Paper's settings"}


def figure_choice(prefix: str, names: tuple[str, ...], on_change=None) -> str:
    """The figure menu of an experiment page, by the paper's figure names (the registry
    name, as in the command line, is accepted in links too)."""
    return st.selectbox(
        "Figure or table", names, format_func=lambda name: EXPERIMENTS[name].paper,
        key=f"{prefix}_fig", bind="query-params", on_change=on_change,
        help="The figure or table of the paper to reproduce; the command line calls it "
             "by its name (" + ", ".join(names) + ").",
    )


def preset_and_seed(prefix: str, name: str, on_change=None) -> tuple[str, int]:
    """The preset radio (quick by default, the paper's one click away) and the seed,
    disabled when the experiment draws nothing."""
    preset = st.radio(
        "Settings", list(PRESET_LABELS), format_func=PRESET_LABELS.get, horizontal=True,
        key=f"{prefix}_preset", bind="query-params", on_change=on_change,
        help="Quick: fewer draws, for a first look. Paper: the paper's own settings.",
    )
    seeded = EXPERIMENTS[name].seeded
    seed = seed_input(
        "Seed", f"{prefix}_seed", disabled=not seeded,
        help="Fixes every random draw: the same seed gives the same figure." if seeded
        else "This figure draws nothing at random, so it has no seed.",
    )
    return preset, int(seed)


def restart(prefix: str, names: tuple[str, ...]):
    """A callback dropping the widgets ``<prefix>_<name>``, so they restart from the new
    preset's (or figure's) values."""
    def drop() -> None:
        for name in names:
            st.session_state.pop(f"{prefix}_{name}", None)
    return drop


def _freeze(value: Any) -> Any:
    if isinstance(value, list | tuple):
        return tuple(_freeze(v) for v in value)
    return value


@st.cache_resource(show_spinner=False)
def _results() -> OrderedDict:
    """Results shared by all sessions, most recent last (at most ``MAX_RESULTS``).

    Not ``st.cache_data``: a run draws its progress bar while it computes, and cache_data
    cannot replay calls on an element made outside the cached function.
    """
    return OrderedDict()


MAX_RESULTS = 32


def run_with_progress(name: str, preset: str, seed: int, **overrides: Any) -> pd.DataFrame:
    """Run (or fetch from the cache) an experiment, showing progress while it runs."""
    key = (name, preset, seed, tuple(sorted((k, _freeze(v)) for k, v in overrides.items())))
    results = _results()
    if key in results:
        results.move_to_end(key)
        return results[key].copy()
    status = st.empty()
    bar = status.progress(0.0, text="Starting…")

    def progress(done: float, message: str) -> None:
        bar.progress(done, text=message)

    try:
        df = EXPERIMENTS[name](preset, random_state=seed, progress=progress, **overrides)
    finally:
        status.empty()
    results[key] = df
    while len(results) > MAX_RESULTS:
        results.popitem(last=False)
    return df.copy()


def show_experiment(name: str, preset: str, seed: int, key: str, **overrides: Any) -> None:
    """Run an experiment and show its figure, table and downloads (errors as st.error)."""
    experiment = EXPERIMENTS[name]
    st.caption(f"**{experiment.paper}.** {experiment.description}")
    try:
        params = experiment.parameters(preset, **overrides)
        df = run_with_progress(name, preset, seed, **overrides)
    except (ValueError, TypeError) as error:
        st.error(str(error))
        return
    figure = experiment_figure(experiment.figure, df, title=experiment.title,
                               **experiment.options)
    plot(figure, f"{key}_chart", filename=name)
    with st.expander("Data", expanded=False):
        st.dataframe(df, hide_index=True, key=f"{key}_table")
    record = {"experiment": name, "preset": preset, "seed": seed,
              "parameters": {k: _freeze(v) for k, v in params.items()}}
    columns = st.columns(3)
    columns[0].download_button("CSV", df.to_csv(index=False), f"{name}.csv", "text/csv",
                               key=f"{key}_csv", on_click="ignore")
    columns[1].download_button("Parameters (JSON)", json.dumps(record, indent=2),
                               f"{name}.json", "application/json", key=f"{key}_json",
                               on_click="ignore")
    columns[2].download_button(
        "Figure (HTML)", lambda: figure.to_html(include_plotlyjs=True, full_html=True),
        f"{name}.html", "text/html", key=f"{key}_html", on_click="ignore",
    )
