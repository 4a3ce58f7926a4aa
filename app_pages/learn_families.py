"""Lesson: the families of clustering methods, side by side on one dataset."""

import pandas as pd
import streamlit as st

import metrics
from clustering import ALGORITHMS
from datasets import DATASETS
from explorer.alignment import align_labels
from explorer.frames import points_frame
from plots import cluster_scatter
from ui.cache import load_dataset, projection, run_algorithm
from ui.export import show_chart
from ui.figure_cache import shared_figure
from ui.lesson import predict_then_reveal, table
from ui.navigation import PAGES
from ui.widgets import seed_input

CHOICES = ("moons", "blobs", "circles", "anisotropic", "varied_variance")
# One representative per family, with the settings that show its character.
FAMILIES = (
    ("Flat", "kmeans", {}, "Each point in exactly one cluster; K is given. k-means minimises "
     "the squared distances to the cluster means, so its clusters are round and convex."),
    ("Fuzzy", "fuzzy_cmeans", {}, "Each point belongs to every cluster with a membership "
     "between 0 and 1 (summing to 1); shown here by its strongest membership. Hover a point "
     "near a border: its memberships are split."),
    ("Hierarchical", "hierarchical", {"linkage": "single"}, "A tree of nested merges "
     "(dendrogram); cutting it gives a flat clustering for any K. Single linkage follows "
     "chains of close points, so it can trace curved shapes."),
    ("Density-based", "dbscan", {"eps": 0.3}, "Clusters are dense regions separated by "
     "sparse ones; K is not given and isolated points are noise (grey)."),
)
EXPLORERS = {
    "kmeans": "app_pages/explore_kmeans.py",
    "fuzzy_cmeans": "app_pages/explore_fuzzy.py",
    "hierarchical": "app_pages/explore_hierarchical.py",
    "dbscan": "app_pages/explore_dbscan.py",
}

st.title("Clustering families")
st.markdown(
    "Clustering groups similar points without being told the groups. Methods differ in what "
    "they call a cluster (Rodriguez's course): a **flat** method returns one hard partition, "
    "a **fuzzy** one soft memberships, a **hierarchical** one a tree of partitions, a "
    "**density-based** one the dense regions (and leaves noise out). Each definition finds "
    "some shapes and misses others."
)

def moons_answer() -> None:
    moons = load_dataset("moons", 300, None, 0, True)
    rows = []
    for _family, algorithm, params, _ in FAMILIES:
        settings = dict(params)
        if any(spec.name == "n_clusters" for spec in ALGORITHMS[algorithm].params):
            settings["n_clusters"] = 2
        labels = run_algorithm(algorithm, moons.X, 0, settings).labels
        rows.append({"method": ALGORITHMS[algorithm].label,
                     "ARI on two moons": metrics.adjusted_rand_index(moons.y, labels)})
    table(pd.DataFrame(rows), hide_index=True, key="lf_moons")
    st.markdown("k-means and fuzzy c-means cut the moons with a straight border; single "
                "linkage and DBSCAN follow the chains of close points.")


predict_then_reveal(
    "Two interleaved moons, K = 2: which family separates them?",
    ["Flat (k-means)", "Fuzzy (c-means)", "Hierarchical (single linkage) and density-based",
     "None of them"], 2, moons_answer, key="lf_q1",
)

st.subheader("See for yourself")
left, right = st.columns([1, 3], gap="large")
with left:
    name = st.selectbox(
        "Dataset", CHOICES, format_func=lambda key: DATASETS[key].label, key="lf_dataset",
        bind="query-params", help="Shapes with a known answer: the true classes.",
    )
    k = st.slider("K for the methods that need it", 2, 6, 2, key="lf_k", bind="query-params",
                  help="Flat, fuzzy and hierarchical methods are told K; DBSCAN is not.")
    seed = seed_input("Seed", "lf_seed", help="Fixes the data and the algorithms' random draws.")
data = load_dataset(name, 300, None, int(seed), True)
xy, axis_titles = projection(data.X, data.feature_names)
with right:
    tabs = st.tabs([family for family, *_ in FAMILIES])
registered = {entry.path for entry in PAGES}
scores = []
for tab, (family, algorithm, params, text) in zip(tabs, FAMILIES, strict=True):
    settings = dict(params)
    if any(spec.name == "n_clusters" for spec in ALGORITHMS[algorithm].params):
        settings["n_clusters"] = k
    result = run_algorithm(algorithm, data.X, int(seed), settings)
    ari = metrics.adjusted_rand_index(data.y, result.labels)
    scores.append({"family": family, "method": ALGORITHMS[algorithm].label, "ARI": ari,
                   "clusters": result.n_clusters})
    hover = None
    if "membership" in result.extras:
        hover = [", ".join(f"{u:.2f}" for u in row) for row in result.extras["membership"]]
    with tab:
        st.caption(text)
        show_chart(
            shared_figure(cluster_scatter, xy, align_labels(data.y, result.labels),
                          axis_titles=axis_titles, hover_text=hover,
                          title=f"{ALGORITHMS[algorithm].label}: ARI {ari:.2f}"),
            key=f"lf_{algorithm}", filename=f"family-{algorithm}", shared=True,
            data=points_frame(xy, true_class=data.y, cluster=result.labels),
        )
        if EXPLORERS[algorithm] in registered:
            st.page_link(EXPLORERS[algorithm], label="Explore it in depth",
                         icon=":material/arrow_forward:",
                         help="This algorithm's own page, with its teaching view.")

with right:
    table(pd.DataFrame(scores), hide_index=True, key="lf_scores",
          column_config={"ARI": st.column_config.NumberColumn(format="%.2f")})


st.subheader("Every algorithm of the app, by family")
table(
    pd.DataFrame([{"family": spec.family, "algorithm": spec.label,
            "what it does": spec.description} for spec in ALGORITHMS.values()])
    .sort_values(["family", "algorithm"]),
    hide_index=True, key="lf_registry",
)
