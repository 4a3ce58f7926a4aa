"""Experiments: Dom 2001, external measures on a parametric family of class-cluster tables."""

import streamlit as st

from experiments import EXPERIMENTS
from ui.experiments import preset_and_seed, show_experiment

st.title("Which measures behave as they should?")
st.caption(
    "Dom 2001 (IBM research report), Sections 6-7. A family of expected class-cluster "
    "tables with useful and noise clusters and two error masses; each measure should fall "
    "when the clustering gets worse. Only Dom's Q2 passes every test."
)

NAMES = ("dom2001-table5", "dom2001-fig1", "dom2001-fig2", "dom2001-ranks")
controls, view = st.columns([1, 2.4], gap="large")
with controls:
    name = st.selectbox("Figure or table", NAMES, key="dom_fig", bind="query-params")
    preset, seed = preset_and_seed("dom")
    base = EXPERIMENTS[name].parameters(preset)
    n = st.slider(
        "n (objects; only Q2 depends on it)", 50, 5000, base["n"], 50,
        key=f"dom_{preset}_{name}_n",
        help="The expected table is H = n p; the pair-counting measures and Hamming do not "
             "depend on n.",
    )
    overrides = {"n": n}
    if name == "dom2001-fig1":
        top = st.slider("Largest eps1", 0.1, 0.8, float(max(base["eps1"])), 0.05,
                        key=f"dom_{preset}_eps1")
        count = len(base["eps1"])
        overrides["eps1"] = tuple(round(top * i / (count - 1), 4) for i in range(count))
    if name == "dom2001-fig2":
        top = st.slider("Largest |K_u|", 7, 60, max(base["useful"]), key=f"dom_{preset}_ku")
        overrides["useful"] = tuple(range(6, top + 1, 1 if preset == "paper" else 3))
with view:
    show_experiment(name, preset, seed, key="dom", **overrides)
