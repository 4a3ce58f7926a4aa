"""Lesson: pair-counting measures, from the four kinds of pairs to the adjusted Rand index."""

import numpy as np
import pandas as pd
import streamlit as st

import metrics
from explorer.frames import cells_frame
from explorer.pair_tables import table_with_pair_counts
from explorer.worked import pair_counting_steps
from plots.heatmap import contingency_heatmap
from plots.lines import bar_chart
from ui.export import show_chart
from ui.lesson import exercise, predict_then_reveal, result_text

SLIDES = (20, 24, 20, 72)
# Examples: a contingency table (None: found from the slides' pair counts) and its lesson.
PRESETS = {
    "The slides' example": (None, "17 points, the course's exercise; the table is one of "
                            "those with its pair counts, found by search."),
    "Classes split in two": ([[3, 3, 0, 0, 0, 0], [0, 0, 3, 3, 0, 0], [0, 0, 0, 0, 3, 3]],
                             "Every cluster is half a class: no pair is together in the "
                             "clustering only (n01 = 0)."),
    "Classes merged": ([[6, 0], [6, 0], [0, 6]], "Two classes share a cluster: no pair is "
                       "together in the truth only (n10 = 0)."),
    "Identical": ([[6, 0, 0], [0, 6, 0], [0, 0, 6]], "The same partition: only n11 and n00."),
    "Unrelated": ([[2, 2, 2], [2, 2, 2], [2, 2, 2]], "Every cluster has the same mix of "
                  "classes: RI stays far above 0, ARI is negative."),
}

st.title("Pair counting")
st.markdown(
    "Compare two clusterings of the same n points, the ground truth U and a clustering V, "
    "by looking at every **pair** of points: is the pair together or apart in U, and in V? "
    "Each of the $N = \\binom{n}{2}$ pairs falls in one of four boxes."
)
st.latex(
    r"\begin{array}{l|cc} & \text{together in } V & \text{apart in } V \\ \hline "
    r"\text{together in } U & n_{11} & n_{10} \\ \text{apart in } U & n_{01} & n_{00}"
    r"\end{array}"
)
st.markdown(
    "All four come from the contingency table $n_{ij}$ (points of class i in cluster j) "
    "with its row sums $a_i$ and column sums $b_j$, without visiting the pairs one by one "
    "(the slides call them a, b, c, d):"
)
st.latex(r"n_{11} = \sum_{ij}\binom{n_{ij}}{2},\quad n_{10} = \sum_i\binom{a_i}{2} - n_{11},"
         r"\quad n_{01} = \sum_j\binom{b_j}{2} - n_{11},\quad n_{00} = N - n_{11} - n_{10}"
         r" - n_{01}")

st.subheader("The measures")
for measure in metrics.MEASURES.values():
    if measure.family == "pair counting":
        st.markdown(f"**{measure.label}** — {measure.description}")
        st.latex(measure.formula)

st.subheader("Your turn, on the slides' example")
table = table_with_pair_counts(*SLIDES)
predict_then_reveal(
    "Predict the Rand index of this example.",
    ["0.15", "0.43", "0.68", "0.92"], 2,
    lambda: st.latex(pair_counting_steps(contingency=table)[5].latex()),
    key="lp_q1",
)
predict_then_reveal(
    "The Rand index is 0.68: is this clustering good?",
    ["Yes, 68 % of the pairs agree", "Hard to say: RI is high even for random clusterings"],
    1,
    lambda: st.markdown(
        f"Chance alone would give E[RI] = "
        f"{metrics.expected_rand_index(contingency=table):.4f} with these cluster sizes, so "
        f"the adjusted Rand index is only "
        f"{metrics.adjusted_rand_index(contingency=table):.4f}. Most pairs are apart in "
        "both clusterings whatever the clustering: RI counts them as agreements."
    ),
    key="lp_q2",
)
exercise(
    "the adjusted Rand index",
    "The slides leave ARI 'to be calculated'. Compute q for the truth and the clustering "
    "(the fraction of pairs together), then E[RI] and ARI.",
    lambda: [st.latex(step.latex()) for step in pair_counting_steps(contingency=table)],
    key="lp_ex1",
)

st.subheader("Examples")
st.markdown(
    "Rodriguez's course counts the pairs of 17 points: **20** together in both, **24** "
    "together in the truth only, **20** together in the clustering only and **72** apart in "
    "both. Pick it, or another example, to see its pairs and one contingency table that "
    "has them."
)
preset = st.selectbox(
    "Example", list(PRESETS), key="lp_example", bind="query-params",
    help="A contingency table to look at through its pairs.",
)
given, note = PRESETS[preset]
example = table_with_pair_counts(*SLIDES) if given is None else np.array(given)
pc = metrics.pair_counts(contingency=example)
counts = pd.DataFrame({"pairs": ["n11: together in both", "n10: truth only",
                                 "n01: clustering only", "n00: apart in both"],
                       "count": list(pc)})
st.caption(f"{note} " + result_text(
    f"RI = {metrics.rand_index(contingency=example):.4f}, "
    f"ARI = {metrics.adjusted_rand_index(contingency=example):.4f}."))
left, right = st.columns(2)
with left:
    show_chart(bar_chart(counts, "pairs", "count", title=f"The {pc.n_pairs} pairs",
                         y_title="pairs", text_format="d"),
               key="lp_pairs", data=counts, filename="pair-counts")
with right:
    rows = [f"class {i}" for i in range(example.shape[0])]
    cols = [f"cluster {j}" for j in range(example.shape[1])]
    show_chart(
        contingency_heatmap(example, rows, cols,
                            title="One table with exactly these pair counts"),
        key="lp_table", data=cells_frame(example, rows, cols), filename="pair-counts-table",
    )

st.page_link("app_pages/measure_sandbox.py", label="Try other pair counts in the sandbox",
             icon=":material/grid_on:", query_params={"sb_mode": "Pair counts"},
             help="Enter any four pair counts and see every pair-counting measure, worked out.")
