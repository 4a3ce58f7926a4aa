"""Compare with ground truth: a clustering scored by every measure, external and internal."""

import numpy as np
import pandas as pd
import streamlit as st

import metrics
from clustering import ALGORITHMS
from datasets import DATASETS
from metrics.alignment import NOISE_POLICIES, align_labels, match_clusters, score_noise
from plots import cluster_scatter
from plots.heatmap import contingency_heatmap
from plots.lines import line_chart
from plots.silhouette import silhouette_plot
from ui.cache import load_dataset, projection, run_algorithm
from ui.export import show_chart
from ui.measures import random_model_controls, show_formulas, show_measure_table
from ui.scoring import elbow, indices, silhouette_values
from ui.widgets import param_widget

st.title("Compare with ground truth")
st.caption(
    "Cluster a dataset whose classes are known, then see how every measure scores the "
    "result, how the random model changes the adjusted ones, and what the internal indices "
    "say without looking at the truth."
)

controls, view = st.columns([1, 2.8], gap="large")
with controls:
    dataset_name = st.selectbox(
        "Dataset", list(DATASETS), format_func=lambda key: DATASETS[key].label,
        key="mt_dataset", bind="query-params",
        help="Generated shapes have a known answer; the real sets come with their classes.",
    )
    data_spec = DATASETS[dataset_name]
    n_samples = noise = None
    if data_spec.kind == "generator":
        n_samples = st.slider(
            "Points", 50, 2000, min(data_spec.default_n, 2000), 50, key="mt_n",
            bind="query-params", help="How many points to generate.",
        )
    if data_spec.has_noise:
        noise = st.slider(
            "Noise", 0.0, float(data_spec.max_noise), float(data_spec.default_noise),
            float(data_spec.max_noise) / 50, key=f"mt_noise_{dataset_name}",
            bind="query-params", help="How much the generator blurs the shapes.",
        )
    seed = st.number_input(
        "Seed", 0, 2**31 - 1, 0, key="mt_seed", bind="query-params",
        help="Fixes every random draw (data and algorithm): the same seed, the same result.",
    )
    algorithm_name = st.selectbox(
        "Algorithm", list(ALGORITHMS), format_func=lambda key: ALGORITHMS[key].label,
        key="mt_algorithm", bind="query-params", help="The clustering method to score.",
    )
    algorithm = ALGORITHMS[algorithm_name]
    with st.expander("Parameters", expanded=True):
        params = {
            spec.name: param_widget(
                spec, "mt_k" if spec.name == "n_clusters" else f"mt_{algorithm_name}_{spec.name}",
                bind=spec.name == "n_clusters",
            )
            for spec in algorithm.params
        }
    policy = st.radio(
        "Noise points are scored as", list(NOISE_POLICIES), key="mt_noise_policy",
        bind="query-params", format_func=lambda p: {
            "cluster": "one more cluster", "singletons": "singletons", "exclude": "left out",
        }[p],
        help=" ".join(f"{p}: {text}" for p, text in NOISE_POLICIES.items())
        + " Only matters for algorithms that mark noise (DBSCAN, HDBSCAN, OPTICS, ...).",
    )
    model, one_sided = random_model_controls("mt")

with view:
    try:
        data = load_dataset(dataset_name, n_samples, noise, int(seed), False)
        result = run_algorithm(algorithm_name, data.X, int(seed), params)
        truth, found = score_noise(data.y, result.labels, policy)
        values = metrics.compare(truth, found, random_model=model, one_sided=one_sided)
        ct = metrics.contingency_table(truth, found)
        matching = match_clusters(contingency=ct)
    except (ValueError, TypeError) as error:
        st.error(f"{error}")
        st.stop()

    n_noise = int((result.labels == -1).sum())
    st.markdown(
        f"**{algorithm.label}** found **{result.n_clusters}** clusters"
        + (f" and **{n_noise}** noise points" if n_noise else "")
        + f" among {data.n_samples} points in {data_spec.label} ({np.unique(data.y).size} "
        f"classes). Seed {int(seed)}."
    )
    scatter_tab, table_tab, measures_tab, internal_tab = st.tabs(
        ["Clusters and classes", "Contingency table", "Every measure", "Internal indices"]
    )

with scatter_tab:
    xy, axis_titles = projection(data.X, data.feature_names)
    aligned = align_labels(data.y, result.labels)
    points = pd.DataFrame({"x": xy[:, 0], "y": xy[:, 1], "class": data.y, "cluster": aligned})
    left, right = st.columns(2)
    with left:
        show_chart(
            cluster_scatter(xy, aligned, title="Clusters (coloured as their matched class)",
                            axis_titles=axis_titles,
                            hover_text=[f"class {c}" for c in data.y]),
            key="mt_scatter_found", data=points, filename="clusters",
        )
    with right:
        show_chart(
            cluster_scatter(xy, data.y, title="True classes", axis_titles=axis_titles),
            key="mt_scatter_truth", filename="classes",
        )
    st.caption(
        "Each cluster takes the colour of the class it is matched to (Hungarian matching "
        "on the contingency table); unmatched clusters get new colours, noise is grey."
    )

with table_tab:
    table = ct.toarray()
    rows = [f"class {label}" for label in ct.true_labels.tolist()]
    cols = [
        "noise" if label == -1 and policy == "cluster" else f"cluster {label}"
        for label in ct.pred_labels.tolist()
    ]
    order = np.concatenate([matching.cols, np.setdiff1d(np.arange(table.shape[1]),
                                                        matching.cols)])
    matched_cells = [(int(r), int(np.flatnonzero(order == c)[0]))
                     for r, c in zip(matching.rows, matching.cols, strict=True)]
    cells = pd.DataFrame(
        [(rows[i], cols[j], int(table[i, j])) for i in range(table.shape[0]) for j in order],
        columns=["class", "cluster", "count"],
    )
    show_chart(
        contingency_heatmap(table[:, order], rows, [cols[j] for j in order],
                            matched=matched_cells if table.shape[1] <= 30 else ()),
        key="mt_heatmap", data=cells, filename="contingency",
    )
    st.caption(
        f"Clusters are reordered to sit under their matched class (outlined): "
        f"{matching.matched} of {ct.n} points are in matched cells, a classification error "
        f"of {1 - matching.matched / ct.n:.3f}."
    )

with measures_tab:
    show_measure_table(values, key="mt_scores")
    with st.expander("Formulas"):
        show_formulas(values)

with internal_tab:
    st.caption(
        "Internal indices judge the clustering from the data alone, without the classes. "
        + ("Noise points are left out. " if n_noise else "")
    )
    scores = indices(data.X, result.labels)
    cards = st.columns(4)
    cards[0].metric("SSE (within)", f"{scores.sse:.4g}",
                    help="Sum of squared distances to the cluster centroids: lower is tighter.")
    for card, label, value, text in (
        (cards[1], "Silhouette", scores.silhouette, "Mean silhouette in [-1, 1]: higher is "
         "better."),
        (cards[2], "Calinski-Harabasz", scores.calinski_harabasz, "Between- over "
         "within-cluster dispersion: higher is better."),
        (cards[3], "Davies-Bouldin", scores.davies_bouldin, "Average worst similarity of a "
         "cluster to another: lower is better."),
    ):
        card.metric(label, "—" if value is None else f"{value:.4g}",
                    help=text + ("" if value is not None else " Undefined here: it needs "
                                 "between 2 and n - 1 clusters."))
    left, right = st.columns(2)
    with left:
        if scores.silhouette is not None:
            sil, sil_labels = silhouette_values(data.X, aligned)
            show_chart(
                silhouette_plot(sil, sil_labels, title="Silhouette of every point"),
                key="mt_silhouette",
                data=pd.DataFrame({"cluster": sil_labels, "silhouette": sil}),
                filename="silhouette",
            )
    with right:
        curve = elbow(data.X, int(seed))
        k_now = result.n_clusters if algorithm_name == "kmeans" else None
        show_chart(
            line_chart(curve, "k", "sse", title="Elbow: k-means SSE against K",
                       x_title="K", y_title="SSE (within)", vline=k_now),
            key="mt_elbow", data=curve, filename="elbow",
        )
