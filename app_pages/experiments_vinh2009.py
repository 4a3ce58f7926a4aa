"""Experiments: Vinh, Epps & Bailey 2009, and the slides' Rand exercise."""

import streamlit as st

from experiments import EXPERIMENTS
from metrics import MEASURES, RANDOM_MODELS
from metrics.batch import BATCH_MEASURES
from ui.experiments import consensus_controls, preset_and_seed, show_experiment

st.title("Is a correction for chance necessary?")
st.caption(
    "Vinh et al. 2009 (Vinh, Epps & Bailey, ICML). Random clusterings share no structure, yet "
    "raw measures score them higher as K grows; adjusted measures stay at 0. Switch the "
    "random model of the adjusted measures to see Gates & Ahn's point."
)

NAMES = ("vinh2009-fig1", "vinh2009-fig2", "vinh2009-consensus", "slides-rand")
controls, view = st.columns([1, 2.4], gap="large")
with controls:
    name = st.selectbox("Figure", NAMES, key="vinh_fig", bind="query-params",
                        help="fig1: against a fixed true clustering (Figs. 1, 3); fig2: "
                             "pairs within a set (Figs. 2, 4); consensus: choosing K with "
                             "the Consensus Index (Sec. 3, Example 2); slides-rand: the "
                             "exercise.")
    preset, seed = preset_and_seed("vinh")
    base = EXPERIMENTS[name].parameters(preset)
    overrides = {}
    if name == "vinh2009-consensus":
        overrides = consensus_controls(base, f"vinh_{preset}_ci")
    elif name != "slides-rand":
        k = f"vinh_{preset}_{name}"  # widgets restart from the preset's values
        fig1 = name == "vinh2009-fig1"
        n = st.slider("N (points)", 20, 1000,
                      base["settings"][0][0] if fig1 else base["ns"][0], 10, key=f"{k}_n",
                      help="Number of points clustered.")
        k_max = st.slider("Largest K", 3, 40, max(base["ks"]), key=f"{k}_kmax",
                          help="K runs from 2 to this value.")
        if fig1:
            k_true = st.slider("K_true (clusters of the true clustering)", 2, 40,
                               base["settings"][0][1], key=f"{k}_ktrue")
            draws = st.slider("Random clusterings per K", 100, 10_000, base["n_draws"], 100,
                              key=f"{k}_draws", help="10,000 in the paper.")
            overrides.update(settings=((n, min(k_true, n)),), n_draws=draws)
        else:
            sets = st.slider("Clusterings per set", 5, 200, base["n_clusterings"], 5,
                             key=f"{k}_sets", help="200 in the paper (19,900 pairs).")
            overrides.update(ns=(n,), n_clusterings=sets)
        step = max(1, (k_max - 2) // 12)
        overrides["ks"] = tuple(range(2, min(k_max, n) + 1, step))
        measures = st.multiselect(
            "Measures", list(MEASURES), list(base["measures"]), key=f"{k}_measures",
            format_func=lambda m: MEASURES[m].label,
            help="Any registered measure; RI, ARI, MI, NMI, AMI and pairwise AMI are computed "
                 "over whole batches.",
        )
        slow = [m for m in measures if m not in BATCH_MEASURES]
        if slow:
            st.caption(f"{', '.join(slow)}: computed one table at a time (slower); lower the "
                       "number of clusterings if the run takes long.")
        model = st.selectbox(
            "Random model of the adjusted measures", list(RANDOM_MODELS),
            key=f"{k}_model", format_func=lambda name: RANDOM_MODELS[name].label,
            help="What 'by chance' means for the adjusted measures: perm keeps the cluster "
                 "sizes (Vinh et al.); num and all draw partitions (Gates & Ahn 2017).",
        )
        one_sided = st.toggle("One-sided (the first clustering is fixed)", False,
                              key=f"{k}_onesided")
        overrides.update(measures=tuple(measures) or base["measures"], random_model=model,
                         one_sided=one_sided)
with view:
    show_experiment(name, preset, seed, key="vinh", **overrides)
