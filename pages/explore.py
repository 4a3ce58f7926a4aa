"""Explore: one dataset, one algorithm, every parameter, and the score against the truth."""

import pandas as pd
import streamlit as st

from clustering import ALGORITHMS
from datasets import DATASETS
from metrics import MEASURES, compare
from plots import cluster_scatter
from ui.cache import load_dataset, projection, run_algorithm
from ui.widgets import param_widget

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
    dataset_name = st.selectbox(
        "Dataset", list(DATASETS), format_func=lambda key: DATASETS[key].label,
        key="dataset", bind="query-params",
        help="Generated shapes have a known answer; the real sets come with their classes.",
    )
    data_spec = DATASETS[dataset_name]
    st.caption(data_spec.description)
    n_samples = noise = None
    if data_spec.kind == "generator":
        n_samples = st.slider(
            "Points", 50, 5000, data_spec.default_n, 50, key="n", bind="query-params",
            help="How many points to generate.",
        )
    if data_spec.has_noise:
        noise = st.slider(
            "Noise", 0.0, float(data_spec.max_noise), float(data_spec.default_noise),
            float(data_spec.max_noise) / 50, key=f"noise_{dataset_name}", bind="query-params",
            help="How much the generator blurs the shapes.",
        )
    seed = st.number_input(
        "Seed", 0, 2**31 - 1, 0, key="seed", bind="query-params",
        help="Fixes every random draw (data and algorithm): the same seed gives the same picture.",
    )
    standardize = st.toggle(
        "Standardize features", False, key="standardize",
        help="Rescale every feature to mean 0 and standard deviation 1 before clustering.",
    )

    st.subheader("Algorithm")
    algorithm_name = st.selectbox(
        "Algorithm", list(ALGORITHMS), format_func=lambda key: ALGORITHMS[key].label,
        key="algorithm", bind="query-params", help="The clustering method to run.",
    )
    algorithm = ALGORITHMS[algorithm_name]
    st.caption(algorithm.description)
    params = {
        spec.name: param_widget(
            spec,
            "k" if spec.name == "n_clusters" else f"{algorithm_name}_{spec.name}",
            bind=spec.name == "n_clusters",
        )
        for spec in algorithm.params
    }

with view:
    try:
        data = load_dataset(dataset_name, n_samples, noise, int(seed), standardize)
        result = run_algorithm(algorithm_name, data.X, int(seed), params)
    except (ValueError, TypeError) as error:
        st.error(f"{error}")
        st.stop()

    xy, axis_titles = projection(data.X, data.feature_names)
    hover = [f"class {label}" for label in data.y]
    found, truth = st.tabs([f"{algorithm.label}: {result.n_clusters} clusters", "True classes"])
    with found:
        st.plotly_chart(
            cluster_scatter(xy, result.labels, axis_titles=axis_titles, hover_text=hover),
            key="scatter_clustering",
        )
    with truth:
        st.plotly_chart(
            cluster_scatter(xy, data.y, axis_titles=axis_titles), key="scatter_truth"
        )

    values = compare(data.y, result.labels, measures=SCORES)
    scores = pd.DataFrame(
        {
            "measure": [MEASURES[key].label for key in SCORES],
            "value": [values[key] for key in SCORES],
            "meaning": [MEASURES[key].description for key in SCORES],
        }
    )
    st.dataframe(
        scores, hide_index=True, key="scores",
        column_config={"value": st.column_config.NumberColumn(format="%.4f")},
    )
