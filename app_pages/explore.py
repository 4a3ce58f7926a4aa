"""Explore: one dataset, one algorithm, every parameter, and the score against the truth."""

import pandas as pd
import streamlit as st

from clustering import ALGORITHMS, suggested_eps
from datasets import DATASETS
from explorer.alignment import align_labels
from explorer.frames import points_frame
from metrics import MEASURES, compare
from plots import as_classes, cluster_scatter
from plots.describe import counted
from ui.cache import projection, run_algorithm
from ui.explore_controls import dataset_controls
from ui.export import show_chart
from ui.lesson import result_text, table
from ui.notebook import notebook_download
from ui.text import show_error, show_warning
from ui.widgets import param_widgets, seed_input

# The three scores every view shows; the Measure section has them all.
SCORES = ("ari", "ami_arithmetic", "nmi_arithmetic")

st.title("Explore")
st.caption(
    "Pick a dataset and an algorithm, move a parameter and watch the clusters change. "
    "The table scores the clustering against the true classes."
)

controls, view = st.columns([1, 2.6], gap="large")

with controls:
    st.subheader("Data")
    data = dataset_controls("ex", names=tuple(DATASETS), draw_on="ex_clustering")
    st.subheader("Algorithm")
    algorithm_name = st.selectbox(
        "Algorithm", list(ALGORITHMS), format_func=lambda key: ALGORITHMS[key].label,
        key="ex_algo", bind="query-params", help="The clustering method to run.",
    )
    algorithm = ALGORITHMS[algorithm_name]
    st.caption(algorithm.description)
    # DBSCAN's eps starts on the data's scale (0.5 joins the two moons into one cluster).
    scaled = None
    if algorithm_name == "dbscan" and data is not None and len(data.X):
        min_samples = next(p.default for p in algorithm.params if p.name == "min_samples")
        scaled = {"eps": suggested_eps(data.X, min(min_samples, len(data.X)))}
    params = param_widgets(
        algorithm.params,
        lambda spec: "ex_k" if spec.name == "n_clusters" else f"ex_{algorithm_name}_{spec.name}",
        scaled,
    )
    algorithm_seed = seed_input("Algorithm seed", "ex_algo_seed",
        help="Fixes the algorithm's random choices (such as k-means' first centres).")

with view:
    if data is None:
        st.stop()
    try:
        result = run_algorithm(algorithm_name, data.X, int(algorithm_seed), params)
    except (ValueError, TypeError) as error:
        show_error(error)
        st.stop()

    xy, axis_titles = projection(data.X, data.feature_names)
    labels = align_labels(data.y, result.labels)
    hover = [f"class {label}" for label in data.y]
    found_title = f"{algorithm.label}: {counted(result.n_clusters, 'cluster')}"
    found, truth = st.tabs([result_text(found_title, instead=algorithm.label), "True classes"])
    with found:
        show_chart(
            cluster_scatter(xy, labels, axis_titles=axis_titles, hover_text=hover),
            "ex_clustering", data=points_frame(xy, cluster=labels, true_class=data.y),
        )
    with truth:
        show_chart(
            as_classes(cluster_scatter(xy, data.y, axis_titles=axis_titles)),
            "ex_truth", data=points_frame(xy, true_class=data.y),
        )
    for warning in result.warnings:
        show_warning(warning)

    values = compare(data.y, result.labels, measures=SCORES)
    scores = pd.DataFrame(
        {
            "measure": [MEASURES[key].label for key in SCORES],
            "value": [values[key] for key in SCORES],
            "meaning": [MEASURES[key].description for key in SCORES],
        }
    )
    table(
        scores, hide_index=True, key="scores",
        column_config={"value": st.column_config.NumberColumn(format="%.4f")},
    )
    notebook_download("ex", "explore", dict(
        kind="clustering", title=f"{algorithm.label} on {DATASETS[data.name].label}",
        summary="A clustering scored against the true classes.", data=data.source,
        algorithm=algorithm_name, algorithm_params=params, algorithm_seed=int(algorithm_seed),
        measures=SCORES))
