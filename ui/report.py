"""The score report shared by the pages that compare a clustering with the truth."""

import numpy as np
import pandas as pd
import streamlit as st

import metrics
from clustering.internal import jump_curve
from explorer.frames import cells_frame
from explorer.report import classwise_frame, matched_table
from metrics.alignment import NOISE_POLICIES
from plots.heatmap import contingency_heatmap
from plots.lines import line_chart
from plots.silhouette import silhouette_plot
from ui.export import show_chart
from ui.lesson import key_number, result_text, table
from ui.measures import show_formulas, show_measure_table, show_models_table
from ui.scoring import elbow, indices, silhouette_values
from ui.text import show_warning

# Larger tables are drawn without the matched-cell outlines, which would hide the counts.
MAX_OUTLINED_COLUMNS = 30


def noise_policy_choice(key: str) -> str:
    """The radio choosing how noise points are scored, bound to the URL."""
    words = {"cluster": "one more cluster", "singletons": "singletons", "exclude": "left out"}
    return st.radio(
        "Noise points are scored as", list(NOISE_POLICIES), key=key, bind="query-params",
        format_func=words.__getitem__,
        help=" ".join(f"{words[p].capitalize()}: {text}" for p, text in NOISE_POLICIES.items())
        + " Only matters for algorithms that mark noise (DBSCAN, HDBSCAN, OPTICS, ...).",
    )


def show_contingency(truth: np.ndarray, found: np.ndarray, key: str, *, noise_named: bool) -> None:
    """Heat map of the contingency table, clusters reordered under their matched classes."""
    matching = matched_table(truth, found, noise_named=noise_named)
    outlined = matching.matched if matching.counts.shape[1] <= MAX_OUTLINED_COLUMNS else ()
    show_chart(
        contingency_heatmap(matching.counts, matching.rows, matching.cols, matched=outlined),
        key=key, data=cells_frame(matching.counts, matching.rows, matching.cols),
        filename="contingency",
    )
    st.caption(result_text(
        f"Clusters are reordered to sit under their matched class (outlined, Hungarian "
        f"matching): {matching.n_matched} of {matching.n} points are in matched cells, a "
        f"classification error of {1 - matching.n_matched / matching.n:.3f}."
    ))
    show_classwise(matching.counts, matching.rows, matching.cols, f"{key}_classwise")


def show_classwise(contingency, row_names, col_names, key: str) -> None:
    """Precision, recall and F of every class against its matched cluster, as a table."""
    scores = metrics.precision_recall_fscore(contingency=contingency)
    st.markdown("**Precision, recall and F per class** (each class against its matched "
                "cluster)")
    table(
        classwise_frame(scores, row_names, col_names), hide_index=True, key=key,
        column_config={
            "precision": st.column_config.NumberColumn(
                format="%.3f", help="Of the matched cluster's points, the share in the class."
            ),
            "recall": st.column_config.NumberColumn(
                format="%.3f", help="Of the class's points, the share in its matched cluster."
            ),
            "F": st.column_config.NumberColumn(
                format="%.3f", help="F = 2PR / (P + R): the harmonic mean of the two."
            ),
        },
    )
    st.caption(
        "Precision = n_ij / (cluster size), recall = n_ij / (class size), F = 2PR / (P + R) "
        "(slides: apples and oranges). A class left without a cluster scores 0. Macro "
        "averages weigh every class alike, weighted ones by class size."
    )


def show_measures(values: dict[str, float], key: str, truth=None, found=None) -> None:
    """Every measure in a table, the adjusted ones under every random model, the formulas."""
    show_measure_table(values, key=key)
    if truth is not None:
        with st.expander("ARI and AMI under every random model"):
            show_models_table(metrics.contingency_table(truth, found), key=f"{key}_models")
            st.caption(
                "The same clustering, corrected for chance in different ways (Gates & Ahn "
                "2017): the model says which random clusterings it is compared with."
            )
    with st.expander("Formulas"):
        show_formulas(values)


def show_internal(X: np.ndarray, labels: np.ndarray, key: str, *, seed: int,
                  k_now: int | None = None) -> None:
    """SSE, silhouette, Calinski-Harabasz, Davies-Bouldin, F-ratio; silhouette plot, elbow
    curve and the jump method on it."""
    try:
        scores = indices(X, labels)
        curve = elbow(X, seed)
    except (ValueError, FloatingPointError) as error:
        show_warning(error, "The internal indices cannot be computed on these data: ")
        return
    st.caption(
        "Internal indices judge the clustering from the data alone, without the classes."
        + (" Noise points are left out." if (labels == -1).any() else "")
    )
    cards = st.columns(5)
    key_number(
        "SSE (within)", f"{scores.sse:.4g}",
        help="Sum of squared distances to the cluster centroids: lower is tighter.",
        where=cards[0],
    )
    undefined = " Undefined here: it needs between 2 and n - 1 clusters."
    for card, label, value, text in (
        (cards[1], "Silhouette", scores.silhouette,
         "Mean silhouette in [-1, 1]: higher is better."),
        (cards[2], "Calinski-Harabasz", scores.calinski_harabasz,
         "Between- over within-cluster dispersion: higher is better."),
        (cards[3], "Davies-Bouldin", scores.davies_bouldin,
         "Average worst similarity of a cluster to another: lower is better."),
        (cards[4], "F-ratio (WB)", scores.f_ratio,
         "The slides' F-ratio: K x within- over between-cluster sum of squares, lower is "
         "better."),
    ):
        key_number(label, "—" if value is None else f"{value:.4g}",
                   help=text + ("" if value is not None else undefined), where=card)
    left, right = st.columns(2)
    with left:
        if scores.silhouette is not None:
            values, kept = silhouette_values(X, labels)
            show_chart(
                silhouette_plot(values, kept, title="Silhouette of every point"),
                key=f"{key}_silhouette",
                data=pd.DataFrame({"cluster": kept, "silhouette": values}),
                filename="silhouette",
            )
    with right:
        show_chart(
            line_chart(curve, "k", "sse", title="Elbow: k-means SSE against K",
                       x_title="K", y_title="SSE (within)", vline=k_now),
            key=f"{key}_elbow", data=curve, filename="elbow",
        )
        jumps = jump_curve(curve, X.shape[1], X.shape[0])
        chosen = int(jumps.loc[jumps["chosen"], "k"].iloc[0])
        show_chart(
            line_chart(jumps, "k", "jump", title=f"Jump method: J(K) peaks at K = {chosen}",
                       x_title="K", y_title="jump J(K) (scaled)", vline=chosen),
            key=f"{key}_jump", data=jumps, filename="jump",
        )
        st.caption("Sugar & James's jump: J(K) = MSE(K)^(-d/2) - MSE(K-1)^(-d/2), MSE the "
                   "SSE per point and dimension; the largest jump is the chosen K.")
