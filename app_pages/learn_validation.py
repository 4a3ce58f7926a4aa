"""Lesson: internal and external validation, and what clusterings of random data look like."""

import numpy as np
import pandas as pd
import streamlit as st

from clustering import ALGORITHMS
from clustering.internal import silhouettes
from datasets import DATASETS
from experiments.choose_k import JUMP
from explorer.frames import points_frame
from plots import cluster_scatter
from plots.describe import counted
from plots.lines import line_chart
from ui.cache import load_dataset, projection, run_algorithm
from ui.demo_cache import k_sweep
from ui.export import show_chart
from ui.figure_cache import shared_figure
from ui.lesson import exercise, key_number, predict_then_reveal, table
from ui.scoring import indices
from ui.widgets import seed_input

KS = tuple(range(2, 9))
RANDOM_DATA_METHODS = {
    "kmeans": {"n_clusters": 3},
    "dbscan": {"eps": 0.3},
    "hierarchical": {"n_clusters": 3, "linkage": "complete"},
}

st.title("Internal and external validation")
st.markdown(
    "A clustering algorithm always returns clusters. Validation asks whether they mean "
    "anything (Rodriguez's course, after Jain & Dubes):\n"
    "1. Is there any non-random structure in the data at all?\n"
    "2. Does the clustering agree with known classes? — **external** validation, with "
    "measures such as ARI and AMI (next lessons).\n"
    "3. Does it fit the data well, without any outside information? — **internal** "
    "validation: compact clusters far apart.\n"
    "4. Which of two clusterings is better?\n"
    "5. How many clusters are there?"
)
st.markdown("The internal indices of this app:")
st.latex(r"\mathrm{SSE} = \sum_i \lVert x_i - c_{p(i)}\rVert^2,\qquad "
         r"s(x) = \frac{b(x) - a(x)}{\max(a(x), b(x))}")
st.markdown(
    "with $a(x)$ the mean distance from x to its own cluster and $b(x)$ the smallest mean "
    "distance to another cluster: the silhouette is near 1 when x sits well inside its "
    "cluster, near 0 on a border, negative when x would fit better elsewhere. "
    "Calinski-Harabasz (between- over within-cluster spread) and Davies-Bouldin (cluster "
    "spread over distance to the nearest cluster) complete the set on the Measure pages."
)
st.markdown("The slides add two more that read the sums of squares: the **F-ratio** (WB "
            "index, lower is better) and the **jump method** of Sugar & James (2003), which "
            "picks K where the powered MSE jumps most (d = the number of features):")
st.latex(r"F = \frac{K \cdot SSW}{SSB} = \frac{K \cdot SSW}{\sigma(X) - SSW},\qquad "
         r"J(K) = \mathrm{MSE}(K)^{-d/2} - \mathrm{MSE}(K-1)^{-d/2}")

st.subheader("Clusters in random data")


# The question names the method chosen in the demo below it, so it is drawn into this slot
# once the method is known; its answer is the option nearest the live silhouette.
QUIZ_OPTIONS = {"about 0: random data has no clusters": 0.0, "0.3 to 0.4": 0.35, "0.9": 0.9}
quiz = st.container()

left, right = st.columns([1, 2.6], gap="large")
with left:
    method = st.selectbox(
        "Method", list(RANDOM_DATA_METHODS), format_func=lambda key: ALGORITHMS[key].label,
        key="lv_method", bind="query-params",
        help="k-means and complete linkage with K = 3; DBSCAN with eps = 0.3.",
    )
    seed = seed_input("Seed", "lv_seed", help="Fixes the random points and the algorithm.")
noise_data = load_dataset("no_structure", 300, None, int(seed), True)
result = run_algorithm(method, noise_data.X, int(seed), RANDOM_DATA_METHODS[method])
scores = indices(noise_data.X, result.labels)
setting = ", ".join(f"{name} = {value}" for name, value in RANDOM_DATA_METHODS[method].items())
label = ALGORITHMS[method].label


def noise_answer() -> None:
    silhouette = "undefined" if scores.silhouette is None else f"{scores.silhouette:.3f}"
    st.markdown(
        f"{label} ({setting}) returns {counted(result.n_clusters, 'cluster')} on these 300 uniform "
        f"points (seed {int(seed)}); their silhouette is {silhouette}. A middling "
        "silhouette alone does not prove structure: compare it with the same index on "
        "random data. Try the other methods and seeds below."
    )


with quiz:
    live = 0.0 if scores.silhouette is None else scores.silhouette
    options = list(QUIZ_OPTIONS)
    predict_then_reveal(
        f"Uniform random points, {label} with {setting} (the demo below). The mean "
        "silhouette of the clusters it finds will be about…",
        options, min(range(len(options)), key=lambda i: abs(QUIZ_OPTIONS[options[i]] - live)),
        noise_answer, key=f"lv_q1_{method}",
    )

with left:
    key_number("Clusters found", result.n_clusters,
               help="On points drawn uniformly in a square: there is nothing to find.")
    key_number("Silhouette", "—" if scores.silhouette is None else f"{scores.silhouette:.3f}",
               help="Mean silhouette of the clusters found: not far from what real data gets.")
with right:
    xy, axis_titles = projection(noise_data.X, noise_data.feature_names)
    show_chart(
        shared_figure(cluster_scatter, xy, result.labels, axis_titles=axis_titles,
                      title=f"{ALGORITHMS[method].label} on uniform random points"),
        key="lv_random", shared=True, filename="clusters-in-noise",
        data=points_frame(xy, cluster=result.labels),
    )


st.subheader("How many clusters? Internal and external views")
st.markdown(
    "Three answers without the classes: the silhouette, the elbow of the SSE, and "
    "**stability** — run k-means B times with different seeds and ask how much the runs "
    "agree. Vinh, Epps & Bailey (2009) call the mean agreement over all pairs the "
    "Consensus Index: a K that splits a group arbitrarily gives runs that disagree, a K the "
    "data support gives the same clusters every time. Merging the two closest groups is "
    "stable too, so K = 2 often scores high when groups lie at unequal distances. The "
    "agreement must be adjusted for chance (AMI), or the index favours large K "
    "(Experiments → Vinh et al.)."
)
st.latex(r"\mathrm{CI}(K) = \frac{2}{B(B-1)} \sum_{i<j} \mathrm{AMI}(U_i, U_j),\qquad "
         r"K^* = \arg\max_K \mathrm{CI}(K)")
left, right = st.columns([1, 2.6], gap="large")
with left:
    name = st.selectbox(
        "Dataset", ["blobs", "varied_variance", "anisotropic", "moons"],
        format_func=lambda key: DATASETS[key].label, key="lv_dataset", bind="query-params",
        help="Datasets with known classes, so the external view can be drawn too.",
    )
data = load_dataset(name, 500, None, int(seed), True)
sweep = k_sweep(data.X, data.y, KS, int(seed))
with right:
    internal = sweep[sweep["index"] == "silhouette"]
    stability = sweep[sweep["kind"] == "stability"]
    both = pd.concat([internal, stability, sweep[sweep["kind"] == "external"]])
    show_chart(
        shared_figure(line_chart, both, "k", "value", group="index",
                      title=f"k-means on {DATASETS[name].label}: scores against K",
                      x_title="K", y_title="score"),
        key="lv_sweep", data=sweep, filename="choose-k", shared=True,
    )
    sse = sweep[sweep["index"] == "SSE (within)"]
    show_chart(
        shared_figure(line_chart, sse, "k", "value", title="SSE against K: look for the elbow",
                      x_title="K", y_title="SSE"),
        key="lv_elbow", shared=True, data=sse, filename="elbow",
    )
with left:
    best = internal.loc[internal["value"].idxmax(), "k"]
    key_number("K with the best silhouette", int(best),
               help="The internal answer to 'how many clusters', found without the classes.")
    key_number("K with the best CI", int(stability.loc[stability["value"].idxmax(), "k"]),
               help="CI: the Consensus Index of Vinh et al. 2009, the mean pairwise AMI of 20 "
                    "k-means runs with different seeds. The K whose runs agree most: stable "
                    "clusters are found again and again.")
    jumps = sweep[sweep["index"] == JUMP]
    if len(jumps):
        key_number("K with the largest jump", int(jumps.loc[jumps["value"].idxmax(), "k"]),
                   help="Sugar & James's jump method on the SSE curve: J(K) = MSE(K)^(-d/2) - "
                        "MSE(K-1)^(-d/2), K = 1 meaning no structure.")
    key_number("True number of classes", int(np.unique(data.y).size),
               help="Known here because the data were generated.")

points = np.array([[0.0], [1.0], [5.0], [6.0], [7.0]])
groups = np.array([0, 0, 1, 1, 1])


def silhouette_solution() -> None:
    values, _ = silhouettes(points, groups)
    st.markdown(
        "For x = 1: a(x) = |1 - 0| = 1, b(x) = (4 + 5 + 6) / 3 = 5, so "
        "s = (5 - 1) / 5 = 0.8."
    )
    table(pd.DataFrame({"x": points[:, 0], "cluster": groups, "s(x)": values}),
          hide_index=True, key="lv_silhouettes")
    st.caption("s(x) of every point, computed by scikit-learn's silhouette_samples.")


exercise(
    "a silhouette by hand",
    "Five points on a line, 0, 1, 5, 6 and 7, in the clusters {0, 1} and {5, 6, 7}. "
    "What is the silhouette of the point 1?",
    silhouette_solution, key="lv_ex1",
)
