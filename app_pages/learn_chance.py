"""Lesson: why raw measures mislead on random clusterings, and how the random model matters."""

import numpy as np
import streamlit as st

from explorer.pair_tables import table_with_pair_counts
from explorer.worked import pair_counting_steps
from plots.lines import line_chart
from ui.demo_cache import random_baseline
from ui.export import show_chart
from ui.figure_cache import shared_figure
from ui.lesson import exercise, key_number, predict_then_reveal
from ui.measures import show_models_table
from ui.widgets import seed_input

KS = tuple(range(2, 51, 4))
TRIALS = 12

st.title("Correction for chance")
st.markdown(
    "A measure should say **0 when a clustering is no better than chance**. The raw ones do "
    "not: two random clusterings share pairs and information by accident, and the more "
    "clusters they have, the more they share (Vinh, Epps & Bailey 2009). The adjusted "
    "measures subtract what chance gives on average:"
)
st.latex(r"\text{Adjusted index} = \frac{\text{Index} - E[\text{Index}]}"
         r"{\max\text{Index} - E[\text{Index}]}")
st.markdown(
    "So 0 means *as good as random* and 1 means *identical*. Hubert & Arabie's ARI and Vinh "
    "et al.'s AMI are built this way."
)

def small_sample_answer() -> None:
    scores = random_baseline(100, 10, (50,), TRIALS, 0).set_index("measure")["mean"]
    st.markdown(
        f"Computed now: NMI = {scores['NMI (arithmetic)']:.3f} on average over {TRIALS} "
        f"random clusterings, AMI = {scores['AMI (arithmetic)']:.3f}. With half as many "
        "clusters as points, most clusters are pure by accident, and NMI rewards that."
    )


predict_then_reveal(
    "Predict: with n = 100 points, 10 classes and a random clustering into 50 clusters, "
    "the NMI is about…",
    ["0 (it is random)", "0.2", "0.5", "0.9"], 2, small_sample_answer, key="lc_q1",
)

st.subheader("See it: random clusterings against random classes")
left, right = st.columns([1, 2.6], gap="large")
with left:
    n = st.select_slider(
        "Points (n)", [100, 200, 500, 1000], value=100, key="lc_n", bind="query-params",
        help="Number of points; the bias of the raw measures shrinks as n grows.",
    )
    k_true = st.slider(
        "True classes", 2, 20, 10, key="lc_k_true", bind="query-params",
        help="Classes of the random reference labelling (Vinh et al. use 10).",
    )
    k = st.slider(
        "Clusters K of the random clustering", 2, 50, 10, 4, key="lc_k", bind="query-params",
        help="Every point gets one of K labels at random: a clustering that knows nothing.",
    )
    seed = seed_input("Seed", "lc_seed",
        help="Fixes the random draws, so the curves are the same for everyone in the room.")
# The chosen K joins the grid (a link may carry a K between its steps).
baseline = random_baseline(int(n), int(k_true), tuple(sorted({*KS, int(k)})), TRIALS, int(seed))
at_k = baseline[baseline["k"] == k].set_index("measure")["mean"]
with left:
    for name in ("NMI (arithmetic)", "AMI (arithmetic)"):
        key_number(f"{name} at K = {k}", f"{at_k[name]:.3f}",
                   help=f"Mean over {TRIALS} random clusterings.")
with right:
    info = baseline[baseline["measure"].str.contains("MI")]
    show_chart(
        shared_figure(line_chart, info, "k", "mean", group="measure", band=("low", "high"),
                      vline=k, title=f"NMI and AMI of random clusterings, n = {n}",
                      x_title="K", y_title="score"),
        key="lc_info", data=info, filename="chance-information", shared=True,
    )
    st.caption(f"Each point: the mean of {TRIALS} random clusterings; the band: ±1 sd.")
    pairs = baseline[~baseline["measure"].str.contains("MI")]
    show_chart(
        shared_figure(line_chart, pairs, "k", "mean", group="measure", band=("low", "high"),
                      vline=k, title="Pair-counting measures of the same clusterings",
                      x_title="K", y_title="score"),
        key="lc_pairs", data=pairs, filename="chance-pairs", shared=True,
    )



st.subheader("What does 'random' mean? Random models")
st.markdown(
    "The expected value depends on which random clusterings we average over (Gates & Ahn "
    "2017). Three models are common; each gives a probability q that two given points share "
    "a cluster, and E[RI] follows:"
)
st.latex(r"E[\mathrm{RI}] = q_U q_V + (1 - q_U)(1 - q_V)")
st.markdown(
    "- **perm**: the cluster sizes are kept and the points shuffled, "
    r"$q = \sum_i \binom{a_i}{2} / \binom{n}{2}$ (Hubert & Arabie; the usual ARI and AMI)."
    "\n"
    "- **num**: any partition into the same number of clusters K, "
    r"$q = S(n-1, K) / S(n, K)$ with Stirling numbers $S$."
    "\n"
    "- **all**: any partition at all, $q = B_{n-1} / B_n$ with Bell numbers $B$.\n"
    "- **one-sided**: the reference is kept as it is and only the clustering is random, "
    "the fair choice when several clusterings are compared with one ground truth."
)
st.markdown("The same table scored under every model:")
example = np.array([[8, 1, 1], [1, 7, 2], [0, 2, 8]])
show_models_table(example, key="lc_models")
st.caption(
    "The table is the contingency sandbox's starting table (30 points, 3 classes, 3 "
    "clusters). Open the sandbox to change it and switch the model there."
)

exercise(
    "the expected Rand index of the slides' example",
    "The course's Rand example has pair counts 20 (together in both), 24 (together in the "
    "truth only), 20 (together in the clustering only) and 72 (apart in both). Compute "
    "q for each side under the permutation model, then E[RI] and the ARI.",
    lambda: [st.latex(step.latex()) for step in
             pair_counting_steps(contingency=table_with_pair_counts(20, 24, 20, 72))[5:]],
    key="lc_ex1",
)
