"""Lesson: entropy, mutual information and its normalisations, variation of information."""

import numpy as np
import pandas as pd
import streamlit as st

import metrics
from explorer.demos import mixing_table
from explorer.frames import cells_frame
from explorer.worked import information_steps
from plots.heatmap import contingency_heatmap
from plots.lines import line_chart
from ui.demo_cache import mixing_curve
from ui.export import show_chart
from ui.lesson import exercise, predict_then_reveal, table

st.title("Information-theoretic measures")
st.markdown(
    "Treat a clustering as a random variable: pick a point at random and read its cluster. "
    "With $a_i$ points in cluster i out of n, the **entropy** says how uncertain that "
    "cluster is (in nats, natural logarithms):"
)
st.latex(r"H(U) = -\sum_i \frac{a_i}{n}\log\frac{a_i}{n}")
st.markdown(
    "The **mutual information** says how much knowing the cluster in V tells about the "
    "class in U, from the contingency table $n_{ij}$:"
)
st.latex(r"I(U,V) = \sum_{ij}\frac{n_{ij}}{n}\log\frac{n\,n_{ij}}{a_i b_j} "
         r"= H(U) - H(U|V) = H(V) - H(V|U)")
st.markdown(
    "I is 0 for independent clusterings and at most min(H(U), H(V)); dividing by an upper "
    "bound gives a score in [0, 1], the **normalised mutual information**, in as many "
    "versions as there are bounds. The **variation of information** VI = H(U|V) + H(V|U) is "
    "a true distance between clusterings (Meila 2007)."
)
with st.expander("Every information measure of the registry"):
    for measure in metrics.MEASURES.values():
        if measure.family == "information":
            st.markdown(f"**{measure.label}** — {measure.description}")
            st.latex(measure.formula)

st.subheader("From identical to independent")
first, second = st.columns(2, gap="large")
with first:
    k = st.slider("Classes = clusters (K)", 2, 6, 3, key="li_k", bind="query-params",
                  help="Number of classes, and of clusters.")
with second:
    mixing = st.slider(
        "Mixing", 0.0, 1.0, 0.3, 0.05, key="li_mix", bind="query-params",
        help="0: identical clusterings. 1: independent ones (each class spread evenly over "
        "all clusters). In between, that share of the way.",
    )
left, right = st.columns([1, 1.8], gap="large")
with left:
    mixed = mixing_table(20, k, mixing * (k - 1) / k)
    rows, cols = [f"class {i}" for i in range(k)], [f"cluster {j}" for j in range(k)]
    show_chart(contingency_heatmap(mixed, rows, cols, title="The table"), key="li_table",
               data=cells_frame(mixed, rows, cols), filename="mixing-table")
with right:
    curve = mixing_curve(20, k)
    show_chart(
        line_chart(curve, "mixing", "value", group="measure", vline=mixing, markers=False,
                   title=f"{k} classes of 20 points, more and more mixed", x_title="mixing",
                   y_title="value"),
        key="li_curve", data=curve, filename="mixing-curve",
    )
    st.caption(
        "MI and VI are in nats; the others are in [0, 1]. At full mixing MI and NMI are "
        "not exactly 0: rounding to whole points leaves a little structure, and chance "
        "gives some on its own (see the correction-for-chance lesson)."
    )

split = np.array([[10, 10, 0, 0], [0, 0, 10, 10]])


def split_answer() -> None:
    values = metrics.compare(contingency=split, measures=["homogeneity", "completeness",
                                                          "nmi_arithmetic"])
    table(pd.DataFrame([{metrics.MEASURES[m].label: v for m, v in values.items()}]),
          hide_index=True, key="li_split_values")
    st.markdown(
        "Every cluster holds one class only (homogeneity 1), but each class is cut in two "
        "(completeness < 1), so the NMI, their harmonic mean, is below 1."
    )


predict_then_reveal(
    "2 classes of 20 points; a clustering splits each class into two clusters of 10. "
    "The NMI (arithmetic) is…",
    ["1: nothing is mixed", "between 0 and 1", "0"], 1, split_answer, key="li_q1",
)
exercise(
    "entropy and mutual information by hand",
    "Two classes of 3 points; the clustering puts the first class in one cluster and splits "
    "the second into 1 + 2, i.e. the table [[3, 0, 0], [0, 1, 2]]. Compute H(U), H(V), "
    "I(U, V) and the NMI.",
    lambda: [st.latex(step.latex()) for step in
             information_steps(contingency=[[3, 0, 0], [0, 1, 2]])[:4]],
    key="li_ex1",
)
