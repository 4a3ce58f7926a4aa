"""Experiments: Gates & Ahn 2017, the random model changes which pairs look most alike."""

import streamlit as st

from experiments import EXPERIMENTS
from ui.experiments import (
    baseline_controls,
    figure_choice,
    preset_and_seed,
    restart,
    show_experiment,
    sizes_controls,
)

st.title("The impact of random models")
st.caption(
    "Gates & Ahn 2017 (JMLR), Section 6. The adjusted Rand index and adjusted mutual "
    "information subtract an expected value, and that value depends on the random model: "
    "perm keeps the cluster sizes, num only their number, all nothing."
)

NAMES = ("gates2017-fig1", "gates2017-kmeans", "gates2017-sizes", "gates2017-baseline")
restart("gates", ("runs",))
controls, view = st.columns([1, 2.4], gap="large")
with controls:
    name = figure_choice("gates", NAMES)
    preset, seed = preset_and_seed("gates", name)
    base = EXPERIMENTS[name].parameters(preset)
    if name == "gates2017-sizes":
        overrides = sizes_controls(base, f"gates_{preset}_sizes")
    elif name == "gates2017-baseline":
        overrides = baseline_controls(base, f"gates_{preset}_base")
    else:
        overrides = {"one_sided": st.toggle(
            "One-sided: the first clustering of each pair is a fixed reference", False,
            key="gates_onesided", bind="query-params",
            help="Only the second clustering is random under the model.",
        )}
    if name == "gates2017-kmeans":
        runs = st.slider("k-means runs", 2, 12, base["n_runs"], key="gates_runs",
                         bind="query-params",
                         help="Each run starts from its own random centres (one start).")
        overrides["n_runs"] = runs
with view:
    show_experiment(name, preset, seed, key="gates", **overrides)
