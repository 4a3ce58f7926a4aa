"""Experiments: Dom 2001, external measures on a parametric family of class-cluster tables."""

import streamlit as st

from experiments import EXPERIMENTS
from ui.experiments import figure_choice, preset_and_seed, restart, show_experiment

st.title("Which measures behave as they should?")
st.caption(
    "Dom 2001 (IBM research report), Sections 6-7. A family of expected class-cluster "
    "tables with useful and noise clusters and two error masses; each measure should fall "
    "when the clustering gets worse. Only Dom's Q2 passes every test."
)

NAMES = ("dom2001-table5", "dom2001-fig1", "dom2001-fig2", "dom2001-ranks")
restart("dom", ("n", "eps1", "ku"))
controls, view = st.columns([1, 2.4], gap="large")
with controls:
    name = figure_choice("dom", NAMES)
    preset, seed = preset_and_seed("dom", name)
    base = EXPERIMENTS[name].parameters(preset)
    n = st.slider(
        "n (objects; only Q2 depends on it)", 50, 5000, base["n"], 50, key="dom_n",
        bind="query-params",
        help="The expected table is H = n p; the pair-counting measures and Hamming do not "
             "depend on n, and Q2's ordering changes only for large n.",
    )
    overrides = {"n": n}
    if name == "dom2001-fig1":
        top = st.slider("Largest eps1", 0.1, 0.8, float(max(base["eps1"])), 0.05,
                        key="dom_eps1", bind="query-params",
                        help="The sweep runs from eps1 = 0 to this value.")
        count = len(base["eps1"])
        overrides["eps1"] = tuple(round(top * i / (count - 1), 4) for i in range(count))
    if name == "dom2001-fig2":
        top = st.slider("Largest |K_u|", 7, 60, max(base["useful"]), key="dom_ku",
                        bind="query-params",
                        help="The sweep runs from |K_u| = 6 useful clusters to this value.")
        overrides["useful"] = tuple(range(6, top + 1, 1 if preset == "paper" else 3))
with view:
    show_experiment(name, preset, seed, key="dom", **overrides)
