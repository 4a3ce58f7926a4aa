"""Shared parts of the Experiments pages: preset and seed controls, a cached run with a
progress bar, the figure, the table and the downloads.

A page picks an experiment of :data:`experiments.EXPERIMENTS`, reads its free parameters from
widgets and hands them to :func:`show_experiment`.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from functools import partial
from typing import Any

import pandas as pd
import plotly.graph_objects as go
import streamlit as st

from clustering.hierarchical import LINKAGES
from datasets import DATASETS
from experiments import EXPERIMENTS
from experiments.consensus import GENERATIONS, kmeans_fits
from experiments.outputs import csv_text, experiment_view, record_json, run_record
from experiments.registry import PRESET_LABELS
from metrics import MEASURES, RANDOM_MODELS
from plots.experiments import experiment_figure, marked_lines, standalone_html
from ui import links
from ui.bindings import history_navigation
from ui.export import plot
from ui.notebook import notebook_download
from ui.scrub import carrier, scrub_to_widget
from ui.text import show_error
from ui.widgets import seed_input


def figure_choice(prefix: str, names: tuple[str, ...]) -> str:
    """The figure menu of an experiment page, by the paper's figure names (the registry
    name, as in the command line, is accepted in links too)."""
    return st.selectbox(
        "Figure or table", names, format_func=lambda name: EXPERIMENTS[name].paper,
        key=f"{prefix}_fig", bind="query-params",
        help="The figure or table of the paper to reproduce; the command line calls it "
             "by its name (" + ", ".join(names) + ").",
    )


def preset_and_seed(prefix: str, name: str) -> tuple[str, int]:
    """The preset radio (quick by default, the paper's one click away) and the seed,
    disabled when the experiment draws nothing."""
    experiment = EXPERIMENTS[name]
    # The option labels (kept in links) are the same for every figure of a page; the caption
    # under "Paper" says whose settings this figure's preset holds.
    preset = st.radio(
        "Settings", list(PRESET_LABELS), format_func=PRESET_LABELS.get, horizontal=True,
        captions=["Fewer draws, a first look", experiment.preset_label("paper")],
        key=f"{prefix}_preset", bind="query-params",
        help="Quick: fewer draws, for a first look. " + experiment.settings_note(),
    )
    seeded = experiment.seeded
    seed = seed_input(
        "Seed", f"{prefix}_seed", disabled=not seeded,
        help="Fixes every random draw: the same seed gives the same figure." if seeded
        else "This figure draws nothing at random, so it has no seed.",
    )
    return preset, int(seed)


# Session keys: the figure and preset each page's controls were last drawn for; the
# controls restarted on this run, and the values they took, given again on the next run.
_SHOWN = "_experiments_shown"
_RESTARTED = "_experiments_restarted"
_SETTLED = "_experiments_settled"


def restart(prefix: str, names: tuple[str, ...]) -> None:
    """Restart the controls ``<prefix>_<name>`` from the preset's values when the figure
    (``<prefix>_fig``) or the preset (``<prefix>_preset``) changed since the last run.

    Call it at the top of the page, before its controls. Whoever made the change (a click,
    a link's registry key, a lesson step), the controls it did not name take the new
    preset's values; Back or Forward keeps the values of its history entry. A slider's
    default is not part of a keyed widget's identity, so after the change the browser and
    Python can hold different values (a dropped slider takes its new default in Python
    while the browser keeps its old value; a kept one the other way round). So
    the page runs once more, and this gives every one of these controls its value through
    the Session State, which the browser follows.
    """
    named = links.named()
    for key, value in st.session_state.pop(_SETTLED, {}).items():
        if key not in named:  # a control drawn late gets a lesson step's value meanwhile
            st.session_state[key] = value
    now = (st.session_state.get(f"{prefix}_fig"), st.session_state.get(f"{prefix}_preset"))
    before = st.session_state.get(_SHOWN, {}).get(prefix)
    # Controls not in the Session State (a first visit) are drawn afresh, from the link.
    if before is None or None in now or before == now or history_navigation():
        return
    keys = [f"{prefix}_{name}" for name in names]
    for key in keys:
        if key not in named:
            st.session_state.pop(key, None)
    st.session_state[_RESTARTED] = keys


def _settle_restarted(prefix: str, name: str, preset: str) -> None:
    """Note the figure and preset drawn; run the page again with the values the restarted
    controls took (see `restart`)."""
    st.session_state.setdefault(_SHOWN, {})[prefix] = (name, preset)
    keys = st.session_state.pop(_RESTARTED, ())
    values = {key: st.session_state[key] for key in keys if key in st.session_state}
    if values:
        st.session_state[_SETTLED] = values
        links.rerun_after_page()


#: Largest number of k-means fits the consensus page runs (the paper preset: 21,600).
CONSENSUS_BUDGET = 25_000


def consensus_controls(base: dict[str, Any], key: str) -> dict[str, Any]:
    """Widgets (kept in the URL) for the free parameters of vinh2009-consensus."""
    bound = {"bind": "query-params"}
    params = dict(
        k_max=st.slider("Largest K", 3, 15, base["k_max"], key=f"{key}_kmax", **bound,
                        help="CI is computed for K = 2 .. this value."),
        n_clusterings=st.slider("Clusterings per K (B)", 2, 100, base["n_clusterings"],
                                key=f"{key}_b", **bound,
                                help="B k-means runs per K: B (B - 1) / 2 pairs."),
        blob_centers=tuple(st.multiselect(
            "Blobs: true K", list(range(2, 9)), list(base["blob_centers"]),
            key=f"{key}_blobs", **bound,
            help="One dataset of Gaussian blobs on a circle per value.")),
        datasets=tuple(st.multiselect(
            "Other datasets", [d for d, spec in DATASETS.items() if spec.default_n <= 600],
            list(base["datasets"]), key=f"{key}_data",
            format_func=lambda d: DATASETS[d].label, **bound,
            help="Standardized; real sets carry their number of classes as the true K. "
                 "The digits (1,797 images) only from the command line: B k-means runs per "
                 "K take minutes there.")),
        generations=tuple(st.multiselect(
            "Clusterings from", GENERATIONS, list(base["generations"]), key=f"{key}_gen",
            **bound, help="restarts: k-means with B seeds on all points; subsample: each "
                          "run on 80 % of the points, pairs compared on common points.")),
        measures=tuple(st.multiselect(
            "Agreement measures", list(MEASURES), list(base["measures"]), key=f"{key}_m",
            format_func=lambda m: MEASURES[m].label, **bound,
            help="The AM of eq. (12); adjusted ones are computed under each random model.")
        ) or base["measures"],
        random_models=_models(base, key),
    )
    # The app keeps the number of k-means fits near the paper run's.
    per_b = kmeans_fits(**{**base, **params, "n_clusterings": 1})
    if per_b * params["n_clusterings"] > CONSENSUS_BUDGET:
        params["n_clusterings"] = max(2, CONSENSUS_BUDGET // per_b)
        st.warning(f"The app runs B = {params['n_clusterings']} clusterings per K for these "
                   "settings; the command line (python -m experiments run "
                   "vinh2009-consensus) runs any B.")
    return params


def _models(base: dict[str, Any], key: str) -> tuple[str, ...]:
    return tuple(st.multiselect(
        "Random models", list(RANDOM_MODELS), list(base["random_models"]), key=f"{key}_rm",
        bind="query-params",
        help="perm: sizes fixed; num: number of clusters fixed; all: any partition.",
    )) or base["random_models"]


def _adjusted_measures(base: dict[str, Any], key: str) -> tuple[str, ...]:
    adjusted = [m for m in MEASURES if m == "ari" or m.startswith("ami_")]
    return tuple(st.multiselect(
        "Measures", adjusted, list(base["measures"]), key=f"{key}_m", bind="query-params",
        format_func=lambda m: MEASURES[m].label,
        help="ARI and the AMI with each normalization, adjusted under each random model.",
    )) or base["measures"]


def sizes_controls(base: dict[str, Any], key: str) -> dict[str, Any]:
    """Widgets (kept in the URL) for the free parameters of gates2017-sizes."""
    bound = {"bind": "query-params"}
    n = st.slider("n (elements)", 20, 500, base["n"], 10, key=f"{key}_n", **bound,
                  help="Elements of every clustering.")
    return dict(
        n=n,
        k=st.slider("K (clusters of every clustering)", 2, 20, min(base["k"], n),
                    key=f"{key}_k", **bound, help="The same K for the three sequences."),
        ratio=st.slider("Ratio of the geometric sizes", 0.3, 1.0, base["ratio"], 0.05,
                        key=f"{key}_ratio", **bound,
                        help="Each cluster this fraction of the previous one (1: balanced)."),
        n_draws=st.slider("Random pairs per sequence", 100, 5000, base["n_draws"], 100,
                          key=f"{key}_draws", **bound,
                          help="Two independent shuffles of the sizes per pair."),
        measures=_adjusted_measures(base, key),
        random_models=_models(base, key),
    )


#: Largest cuts x models x draws x n the baseline page runs (the wine paper preset: 4.7e7).
BASELINE_BUDGET = 50_000_000


def baseline_controls(base: dict[str, Any], key: str) -> dict[str, Any]:
    """Widgets (kept in the URL) for the free parameters of gates2017-baseline."""
    bound = {"bind": "query-params"}
    labelled = [d for d, spec in DATASETS.items() if spec.kind == "real"]
    every = st.toggle("Every cut of the dendrogram", base["max_clusters"] is None,
                      key=f"{key}_every", **bound,
                      help="Off: only the cuts with up to the number of clusters below.")
    params = dict(
        dataset=st.selectbox("Dataset", labelled, labelled.index(base["dataset"]),
                             format_func=lambda d: DATASETS[d].label, key=f"{key}_data",
                             **bound, help="A real dataset; its classes are the reference."),
        linkage_method=st.selectbox(
            "Linkage", LINKAGES, LINKAGES.index(base["linkage_method"]), key=f"{key}_link",
            **bound, help="Average linkage (UPGMA) is the classic for expression data."),
        max_clusters=None if every else st.slider(
            "Largest K", 2, 100, base["max_clusters"] or 20, key=f"{key}_kmax", **bound,
            help="Cuts with K = 2 .. this value."),
        n_draws=st.slider("Random clusterings per cut and model", 10, 1000, base["n_draws"],
                          10, key=f"{key}_draws", **bound,
                          help="They give the baseline's mean and spread."),
        one_sided=st.toggle("One-sided: the reference classes are fixed", base["one_sided"],
                            key=f"{key}_onesided", **bound,
                            help="Gates & Ahn's advice when comparing with a reference."),
        measures=_adjusted_measures(base, key),
        random_models=_models(base, key),
    )
    # The work grows as cuts x models x draws x n: the app keeps it near the wine paper run.
    n = DATASETS[params["dataset"]].default_n
    per_cut = len(params["random_models"]) * params["n_draws"] * n
    cap = max(2, min(n, BASELINE_BUDGET // per_cut))
    if (params["max_clusters"] or n) > cap:
        st.warning(f"The app judges the cuts up to K = {cap} for these settings; the "
                   "command line (python -m experiments run gates2017-baseline) runs all.")
        params["max_clusters"] = cap
    return params


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
# Sessions asking for the same run at once (a class following its teacher) wait for one of
# them to compute it: a key's lock is one of these, picked by the key's hash.
_RUN_LOCKS = tuple(threading.Lock() for _ in range(16))
_LOCK_POLL_S = 0.1


def _run_key(name: str, preset: str, seed: int, overrides: dict[str, Any]) -> tuple:
    """What names one run of `run_with_progress`: its experiment, preset, seed and
    overrides."""
    return name, preset, seed, tuple(sorted((k, _freeze(v)) for k, v in overrides.items()))


@st.cache_resource(max_entries=4 * MAX_RESULTS, show_spinner=False)
def _shared_figure(run_key: tuple, mark: int | None, _df: pd.DataFrame) -> go.Figure:
    """The figure of the run ``run_key`` (whose table is ``_df``), with the marker at
    position ``mark`` of its x values (None: no marker).

    Shared by every session and never changed (`ui.export.plot` copies before restyling):
    building it costs 0.15-0.3 s of CPU, which every rerun of the page paid, and a class
    opens the same figure dozens of times.
    """
    experiment = EXPERIMENTS[run_key[0]]
    figure = experiment_figure(experiment.figure, _df, title=experiment.title,
                               **experiment.options)
    if mark is None:
        return figure
    x = experiment.options["x"]
    return marked_lines(figure, _df, x=x, facet=experiment.options.get("facet", ()),
                        active=mark, name=x)


def run_with_progress(name: str, preset: str, seed: int, **overrides: Any) -> pd.DataFrame:
    """Run (or fetch from the cache) an experiment, showing progress while it runs. A run
    that another session is computing is waited for, not computed again."""
    key = _run_key(name, preset, seed, overrides)
    results = _results()
    if key in results:
        results.move_to_end(key)
        return results[key].copy()
    status = st.empty()
    bar = status.progress(0.0, text="Starting…")
    lock = _RUN_LOCKS[hash(key) % len(_RUN_LOCKS)]
    # Each wait draws the bar again: a Streamlit call is where a run that was asked to stop
    # (its student left) stops.
    while not lock.acquire(timeout=_LOCK_POLL_S):
        bar.progress(0.0, text="Waiting for the same run, started by another session…")
    try:
        df = results.get(key)
        if df is None:
            def progress(done: float, message: str) -> None:
                bar.progress(done, text=message)

            df = EXPERIMENTS[name](preset, random_state=seed, progress=progress, **overrides)
            results[key] = df
            while len(results) > MAX_RESULTS:
                results.popitem(last=False)
        return df.copy()
    finally:
        lock.release()
        status.empty()


def show_experiment(name: str, preset: str, seed: int, key: str, *, scrub: bool = False,
                    **overrides: Any) -> None:
    """Run an experiment and show its figure, table and downloads (errors as st.error).

    With ``scrub``, a curve figure gets a marker at one value of its x (the control
    ``{key}_mark``, in the link) moved by a slider on the chart in the browser."""
    _settle_restarted(key, name, preset)
    experiment = EXPERIMENTS[name]
    st.caption(f"**{experiment.paper}.** {experiment.description}")
    try:
        params = experiment.parameters(preset, **overrides)
        df = run_with_progress(name, preset, seed, **overrides)
    except (ValueError, TypeError) as error:
        show_error(error)
        return
    run_key = _run_key(name, preset, seed, overrides)
    if scrub and experiment.figure == "lines":
        x = experiment.options["x"]
        values = [int(v) for v in sorted(df[x].unique())]
        with carrier(f"{key}_mark"):
            mark = st.select_slider(
                f"{x} marked on the chart", values, values[-1], key=f"{key}_mark",
                bind="query-params",
                help="Or drag the chart's slider: the marker moves in the browser and the value "
                     "reached comes here and into the link.")
        figure = _shared_figure(run_key, values.index(mark), df)
        plot(figure, f"{key}_chart", filename=name, shared=True, table=df,
             under=partial(scrub_to_widget, f"{key}_chart", x, f"{key}_mark", values,
                           [f"{v:g}" for v in values]))
    else:
        figure = _shared_figure(run_key, None, df)
        plot(figure, f"{key}_chart", filename=name, shared=True, table=df)
    st.caption(f"**Reproduces** {experiment.paper}. {experiment.settings_note(preset)}")
    # Each file is made when pressed (see ui.export.csv_download).
    columns = st.columns(4)
    columns[0].download_button("CSV", lambda: csv_text(df), f"{name}.csv", "text/csv",
                               key=f"{key}_csv", on_click="ignore")
    columns[1].download_button("Parameters (JSON)", lambda: record_json(run_record(
                                   experiment, preset, seed, params, csv=csv_text(df))),
                               f"{name}.json", "application/json",
                               key=f"{key}_json", on_click="ignore",
                               help="The run record: rerun it with `python -m experiments "
                                    "rerun NAME.json --out DIR`.")
    notebook_download(key, name, experiment_view(experiment, preset, seed, params),
                      slot=columns[3])
    columns[2].download_button(
        "Figure (HTML)", lambda: standalone_html(figure),
        f"{name}.html", "text/html", key=f"{key}_html", on_click="ignore",
    )
