"""Lesson: how many dimensions the data really have, by PCA and by TwoNN."""

import pandas as pd
import streamlit as st

from datasets import DATASETS
from explorer.dimension import PCA_VARIANCE, TWONN_FRACTION, spectrum_table
from explorer.frames import points_frame
from plots import as_classes, cluster_scatter
from plots.dimension import scree_figure, twonn_figure
from ui import presenter
from ui.explore_controls import dataset_controls
from ui.export import show_chart
from ui.feature_space_cache import dimension_study
from ui.lesson import exercise, key_number, predict_then_reveal, table
from ui.text import show_error

SETS = ("swiss_roll", "s_curve", "plane_10d", "digits", "wine", "iris")

st.title("Dimensionality: how many dimensions do the data really use?")
st.markdown(
    "**PCA** rotates the data onto the axes of largest variance: the eigenvectors of the "
    "covariance matrix, ordered by their eigenvalues. The scree plot shows each axis's share "
    "of the variance; the number of axes needed for, say, 90 % of it is one estimate of the "
    "**intrinsic dimension**. A linear method, it fails on curved data (the slides' *PCA "
    "problems*). **TwoNN** (Facco, d'Errico, Rodriguez and Laio 2017) looks only at each "
    "point's two nearest neighbours: if the density is locally constant, the ratio "
    "mu = r2 / r1 follows F(mu) = 1 - mu^(-d), so -log(1 - F) against log mu is a line of "
    "slope d."
)

controls, view = st.columns([1, 2.6], gap="large")
with controls:
    data = dataset_controls("dim", default="swiss_roll", names=SETS, default_n=1000,
                            standardize=False)
    variance = st.slider("PCA: share of variance to reach", 0.5, 0.99, PCA_VARIANCE, 0.01,
                         key="dim_var", bind="query-params",
                         help="PCA's dimension is the number of components whose "
                              "eigenvalues add up to this share of the total.")
    fraction = st.slider("TwoNN: share of ratios fitted", 0.5, 1.0, TWONN_FRACTION, 0.05,
                         key="dim_frac", bind="query-params",
                         help="The largest ratios mu come from sparse regions and are "
                              "discarded; Facco et al. keep the smallest 90 %.")
if data is None:
    st.stop()
try:
    spectrum, scores, by_pca, by_twonn = dimension_study(data.X, variance, fraction)
except ValueError as error:
    show_error(error)
    st.stop()
known = DATASETS[data.name].intrinsic_dim
with view:
    cols = presenter.number_columns(4, beside=controls)
    key_number("Features", data.n_features, help="The dimension of the space the data "
               "are written in.", where=cols[0])
    key_number("Known dimension", known if known else "unknown",
               help="The dimension of the surface the generator draws on.", where=cols[1])
    key_number("PCA", by_pca.dimension, help=f"Components needed for {variance:.0%} of "
               "the variance.", where=cols[2])
    key_number("TwoNN", f"{by_twonn.dimension:.2f}", where=cols[3],
               help="Slope of the fitted line.")
    scree, fit = st.tabs(["PCA: scree plot and scores", "TwoNN: the fitted line"])
    # One chart under the other, each the tab's width: side by side, the two plots covered
    # less of the first screen than the scree plot alone (issue 38).
    with scree:
        show_chart(scree_figure(spectrum, variance, title="Eigenvalues"),
                   key="dim_scree", data=spectrum, filename="scree")
        show_chart(as_classes(cluster_scatter(scores, data.y, title="First two PCs",
                                              axis_titles=("PC 1", "PC 2"))),
                   key="dim_scores", data=points_frame(scores, true_class=data.y),
                   filename="pca-scores")
    with fit:
        show_chart(twonn_figure(by_twonn.details, by_twonn.dimension,
                                title=f"TwoNN: d = {by_twonn.dimension:.2f}"),
                   key="dim_twonn", data=by_twonn.details, filename="twonn-fit")


def roll_answer() -> None:
    st.markdown(f"On these data PCA needs **{by_pca.dimension}** component(s) for "
                f"{variance:.0%} of the variance; TwoNN says **{by_twonn.dimension:.2f}**. "
                "On the Swiss roll and the S-curve the sheet is 2-D, but it is curved through "
                "all three axes, so PCA needs all three; TwoNN sees only small neighbourhoods, "
                "where the sheet is flat.")


predict_then_reveal(
    "A Swiss roll is a flat 2-D sheet rolled up in 3-D. How many principal components does "
    "PCA need for 90 % of its variance?",
    ["1", "2, the sheet's dimension", "3"], 2, roll_answer, key="dim_q1",
)
exercise(
    "choosing the number of components",
    "A covariance matrix has eigenvalues 5, 3, 1, 0.5 and 0.5. How many components reach "
    "90 % of the variance?",
    lambda: table(pd.DataFrame(spectrum_table([5, 3, 1, 0.5, 0.5])), hide_index=True,
                  key="dim_ex1_table"),
    key="dim_ex1",
)
