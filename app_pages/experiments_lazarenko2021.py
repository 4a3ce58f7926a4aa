"""Experiments: Lazarenko & Bonald, pairwise adjusted mutual information."""

import streamlit as st

from experiments import EXPERIMENTS
from ui.experiments import figure_choice, preset_and_seed, restart, show_experiment

st.title("Pairwise adjusted mutual information")
st.caption(
    "Lazarenko & Bonald, Section 5. Adjusting MI against pairwise swaps of labels instead of "
    "all permutations gives nearly the same rankings at a cost independent of n."
)

# The paper's order. Fig. 1 (exact, 0.08 s of CPU) opens the page; Table 1's quick preset
# (about 0.9 s) runs when chosen, then serves every session from the shared results.
NAMES = ("lazarenko2021-fig1", "lazarenko2021-table1", "lazarenko2021-fig2",
         "lazarenko2021-fig3")
APP_MAX_N = 1_000_000
# Repetitions of Table 1 a page (or a link) may ask for: about a second each with 1,000
# triplets, so a link cannot keep the server busy for minutes.
MAX_PAGE_REPEATS = 10

restart("pami", ("triplets", "repeats", "reference", "maxn"))
controls, view = st.columns([1, 2.4], gap="large")
with controls:
    name = figure_choice("pami", NAMES)
    preset, seed = preset_and_seed("pami", name)
    base = EXPERIMENTS[name].parameters(preset)
    overrides = {}
    bound = {"bind": "query-params"}
    if name == "lazarenko2021-table1":
        overrides["n_triplets"] = st.number_input(
            "Triplets per repetition", 10, 1000, base["n_triplets"], key="pami_triplets",
            help="1,000 in the paper.", **bound)
        overrides["n_repeats"] = st.number_input(
            "Repetitions", 1, MAX_PAGE_REPEATS, min(base["n_repeats"], MAX_PAGE_REPEATS),
            key="pami_repeats",
            help=f"100 in the paper, which take minutes: this page runs at most "
                 f"{MAX_PAGE_REPEATS}; `clusterlab run lazarenko2021-table1 --preset paper` "
                 "runs all 100.", **bound)
    if name == "lazarenko2021-fig1":
        overrides["reference"] = st.slider(
            "Reference block size", 1, 100, base["reference"], key="pami_reference",
            help="Block size of the fixed clustering A(reference) that every A(s) is "
                 "compared with (10 in the paper).", **bound)
    if name == "lazarenko2021-fig2":
        top = st.select_slider("Largest n", [10**e for e in range(2, 8)], max(base["ns"]),
                               key="pami_maxn", help="The timing runs n = 100 to this value.",
                               **bound)
        if top > APP_MAX_N:
            st.warning(f"The app stops at n = {APP_MAX_N:,}; run `python -m experiments run "
                       "lazarenko2021-fig2 --out DIR` for n up to 10,000,000.")
        overrides["ns"] = tuple(10**e for e in range(2, 8) if 10**e <= min(top, APP_MAX_N))
        overrides["sklearn_max_n"] = min(base["sklearn_max_n"], APP_MAX_N)
    if name == "lazarenko2021-table1":
        st.caption("Grey bars: the paper's Table 1 (mean and std over 100 repetitions).")
with view:
    show_experiment(name, preset, seed, key="pami", **overrides)
