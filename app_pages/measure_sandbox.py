"""Contingency sandbox: edit a table (or four pair counts) and watch every measure move."""

import numpy as np
import pandas as pd
import streamlit as st

import metrics
from explorer.frames import cells_frame
from explorer.pair_tables import table_with_pair_counts
from explorer.slide_tables import LAND_USE, LAND_USE_CLASSES, land_use_totals
from explorer.worked import information_steps, pair_counting_steps
from plots.heatmap import contingency_heatmap
from ui.export import show_chart
from ui.figure_cache import shared_figure
from ui.lesson import key_number, result_text, table, worked_answer
from ui.measures import random_model_controls, show_formulas, show_measure_table
from ui.notebook import notebook_download
from ui.report import show_classwise
from ui.text import show_error

# A 3 x 3 table of 30 points: clusters that mostly, not perfectly, follow the classes.
START = np.array([[8, 1, 1], [1, 7, 2], [0, 2, 8]])
# The Rand example of Rodriguez's course slides.
SLIDES_PAIRS = (20, 24, 20, 72)
LAND_USE_MODE = "Land use (slides)"
PAIR_FAMILY = "pair counting"


def edited_counts(frame: pd.DataFrame, key: str, help_text: str) -> np.ndarray:
    """The table as the user edits it, as floats; an emptied cell is refused."""
    edited = st.data_editor(frame, key=key, column_config={
        c: st.column_config.NumberColumn(c, min_value=0, step=1, format="%d",
                                         help=help_text.format(c))
        for c in frame.columns
    })
    counts = edited.apply(pd.to_numeric, errors="coerce").to_numpy(dtype=float)
    if np.isnan(counts).any():
        raise ValueError("every cell needs a count: fill in the empty cells (0 for none).")
    return counts


def tall_heatmap(counts: np.ndarray, rows: list[str], cols: list[str]):
    """The page's main chart (`plots.heatmap.contingency_heatmap`), tall enough to fill a
    third of a 1280x720 screen; one builder for `ui.figure_cache.shared_figure`."""
    return contingency_heatmap(counts, rows, cols).update_layout(height=480)


st.title("Contingency sandbox")
st.caption(
    "Rows are the true classes, columns the clusters found, and cell (i, j) counts the "
    "points of class i put in cluster j. Change a count and every measure is recomputed, "
    "with its formula worked out on your numbers."
)

controls, view = st.columns([1, 2.4], gap="large")
with controls:
    mode = st.radio(
        "Start from", ["A table", "Pair counts", LAND_USE_MODE], key="sb_mode",
        bind="query-params", horizontal=True,
        help="Edit a contingency table, give the four pair counts of an exercise and let "
        "the app find a table that has them, or start from the slides' land-use confusion "
        "matrix.",
    )
    model, one_sided = random_model_controls("sb")

try:
    if mode == "A table":
        with controls:
            n_rows = st.number_input(
                "Classes (rows)", 1, 8, 3, key="sb_rows", bind="query-params",
                help="Number of true classes.",
            )
            n_cols = st.number_input(
                "Clusters (columns)", 1, 8, 3, key="sb_cols", bind="query-params",
                help="Number of clusters found.",
            )
        start = np.zeros((n_rows, n_cols), dtype=int)
        shown = START[:n_rows, :n_cols]
        start[: shown.shape[0], : shown.shape[1]] = shown
        frame = pd.DataFrame(
            start, index=[f"class {i}" for i in range(n_rows)],
            columns=[f"cluster {j}" for j in range(n_cols)],
        )
        with view:
            st.markdown("**Edit the counts** (whole numbers, 0 or more):")
            counts = edited_counts(frame, f"sb_table_{n_rows}x{n_cols}",
                                   "Points of each class in {}.")
        families = None
    elif mode == LAND_USE_MODE:
        frame = pd.DataFrame(LAND_USE, index=list(LAND_USE_CLASSES),
                             columns=list(LAND_USE_CLASSES))
        with view:
            st.markdown("**The slides' land-use confusion matrix** (rows: the reference "
                        "classes, columns: the single-variable classifier's); edit it too:")
            counts = edited_counts(frame, "sb_landuse", "Samples classified as {}.")
        families = None
    else:
        with controls:
            st.markdown("Pairs of points that are…")
            labels = {
                "n11": "together in both (n11)",
                "n10": "together in the truth only (n10)",
                "n01": "together in the clustering only (n01)",
                "n00": "apart in both (n00)",
            }
            pairs = [
                st.number_input(
                    text, 0, 2000, default, key=f"sb_{name}", bind="query-params",
                    help="A pair count; the four must add up to n(n-1)/2 for some n.",
                )
                for (name, text), default in zip(labels.items(), SLIDES_PAIRS, strict=True)
            ]
        counts = table_with_pair_counts(*(int(p) for p in pairs))
        if counts is None:
            st.error(
                "No two clusterings have these pair counts, whatever their clusters: "
                "change one of them. (Try n11 = 1, n10 = 1, n01 = 1: three points cannot do "
                "it.)"
            )
            st.stop()
        families = {PAIR_FAMILY}
        with view:
            st.markdown(
                "**One table with these pair counts** (found by search). Pair-counting "
                "measures depend on the pair counts only, so any such table gives the same "
                "scores"
                + (":" if model == "perm" else
                   f", except the ARI under '{model}', whose expectation also depends on the "
                   "number of clusters of this table:")
            )
    names = [n for n, m in metrics.MEASURES.items() if families is None or m.family in families]
    values = metrics.compare(
        measures=names, contingency=counts, random_model=model, one_sided=one_sided
    )
    pair_steps = pair_counting_steps(contingency=counts, random_model=model, one_sided=one_sided)
    info_steps = (
        information_steps(contingency=counts, random_model=model, one_sided=one_sided)
        if families is None else []
    )
except ValueError as error:
    show_error(error)
    st.stop()

if families is not None:  # the exercise's key numbers, beside the table
    with controls:
        key_number("Pair counts", " · ".join(str(int(p)) for p in pairs),
                   help="n11 · n10 · n01 · n00: together in both, in the truth only, in the "
                   "clustering only, apart in both.")
        key_number("RI", f"{values['ri']:.2f}", help="Rand index.")
        key_number("ARI", f"{values['ari']:.2f}", help="Adjusted Rand index.")
with view:
    counts_table = np.asarray(counts, dtype=int)
    rows = [f"class {i}" for i in range(counts_table.shape[0])]
    cols = [f"cluster {j}" for j in range(counts_table.shape[1])]
    if mode == LAND_USE_MODE:
        rows = cols = list(LAND_USE_CLASSES)
    show_chart(shared_figure(tall_heatmap, counts_table, rows, cols), key="sb_heatmap",
               data=cells_frame(counts_table, rows, cols), filename="contingency", shared=True)
    show_classwise(counts_table, rows, cols, "sb_classwise")
    if mode == LAND_USE_MODE:
        st.markdown(result_text(
            "**The slide's totals beside this table's**, and its overall accuracy (the "
            f"diagonal over n): {np.trace(counts_table)} / {counts_table.sum()} = "
            f"{np.trace(counts_table) / max(counts_table.sum(), 1):.3f}."))
        table(land_use_totals(counts_table), hide_index=True, key="sb_landuse_totals")
    st.subheader("Every measure")
    show_measure_table(values, key="sb_scores")
    notebook_download("sb", "contingency_sandbox", dict(
        kind="contingency", title="A contingency table and every measure",
        summary="Rows are the true classes, columns the clusters.",
        table=np.asarray(counts).tolist(), measures=names,
        options=dict(random_model=model, one_sided=one_sided)))

st.subheader("Step by step")
if worked_answer("the worked steps and every measure's formula"):
    pair_tab, info_tab = st.tabs(["Pair counting (pairs of points)", "Information (in nats)"])
    with pair_tab:
        for step in pair_steps:
            st.latex(step.latex())
    with info_tab:
        if info_steps:
            for step in info_steps:
                st.latex(step.latex())
        else:
            st.info(
                "Information measures depend on the whole table, not on the pair counts: "
                "switch to 'A table' to see them."
            )
    with st.expander("Every measure's formula"):
        show_formulas(values)
