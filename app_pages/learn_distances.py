"""Lesson: which distance, and what it does to neighbourhoods and to a clustering."""

import numpy as np
import pandas as pd
import streamlit as st

from clustering import ALGORITHMS
from clustering.distances import DISTANCES, GEODESIC_NEIGHBORS, inverse_covariance
from datasets import DATASETS
from datasets.stones import stone_binary_features
from explorer.alignment import align_labels
from explorer.distances import (
    correlated_cloud,
    farthest_pair,
    most_central,
    nearest,
    triangle_check,
    unit_ball,
)
from explorer.frames import points_frame
from metrics import adjusted_rand_index
from plots import cluster_scatter
from plots.distances import (
    distance_heatmap,
    graph_path_figure,
    neighbourhood_figure,
    unit_balls_figure,
)
from ui.cache import load_dataset, run_algorithm
from ui.export import show_chart
from ui.feature_space_cache import distances, path
from ui.lesson import exercise, predict_then_reveal, result_text, table
from ui.text import show_error, show_warning

P_VALUES = (0.5, 1.0, 1.5, 2.0, 3.0, 4.0, 8.0, float("inf"))
PAYOFF_SETS = ("swiss_roll", "moons", "spirals")
# The coordinates drawn: the Swiss roll's spiral cross-section (x, z); the others are 2-D.
VIEW = {"swiss_roll": [0, 2]}
PAYOFF_ALGORITHMS = ("kmedoids", "hierarchical", "density_peaks")
# The slides' qualitative example: i = 10001001, j = 01001011.
SLIDES_PAIR = np.array([[1, 0, 0, 0, 1, 0, 0, 1], [0, 1, 0, 0, 1, 0, 1, 1]], dtype=float)

st.title("Distances: what does 'near' mean?")
st.markdown("A **metric** d satisfies symmetry, non-negativity, d(x, y) = 0 only for x = y, "
            "and the triangle inequality d(x, z) <= d(x, y) + d(y, z). Every algorithm of the "
            "app with a distance accepts the ones below; the choice changes which points are "
            "neighbours, and so the clusters.")
with st.expander("The distances of the app, with their formulas"):
    table(pd.DataFrame([{"distance": s.label, "for": s.kind,
                         "metric": "yes" if s.is_metric else "no",
                         "what it measures": s.description}
                        for s in DISTANCES.values()]),
          hide_index=True, key="dist_registry")
    for spec in DISTANCES.values():
        st.markdown(f"**{spec.label}**")
        st.latex(r"d(x, y) = " + spec.formula)

st.subheader("Minkowski distances: the unit ball as p moves")
left, right = st.columns([1, 1.6], gap="large")
with left:
    p = st.select_slider("p", P_VALUES, 2.0, key="dist_p", bind="query-params",
                         format_func=lambda v: "∞" if np.isinf(v) else f"{v:g}",
                         help="1: city block (a diamond); 2: Euclidean (a circle); "
                              "infinity: Chebyshev (a square).")
    direct, detour = triangle_check(p)
    if p < 1:
        st.warning(result_text(
            f"p = {p:g} < 1 is **not a metric**: from (0, 0) to (1, 1) directly is "
            f"{direct:.3f}, but via (1, 0) only {detour:.3f}; the triangle inequality fails "
            "and the unit ball is not convex."))
    else:
        st.caption(result_text(
            f"From (0, 0) to (1, 1): {direct:.3f} directly, {detour:.3f} via (1, 0)."))
label = "p = ∞" if np.isinf(p) else f"p = {p:g}"
balls = {"p = 1": unit_ball(1.0), "p = 2": unit_ball(2.0), "p = ∞": unit_ball(np.inf),
         label: unit_ball(p)}
with right:
    show_chart(unit_balls_figure(balls, label, title="Points at distance 1 from the origin"),
               key="dist_balls", filename="unit-balls",
               data=pd.concat([pd.DataFrame(xy, columns=["x", "y"]).assign(p=name)
                               for name, xy in balls.items()]))

st.subheader("Mahalanobis against Euclidean on correlated data")
left, right = st.columns([1, 2.6], gap="large")
with left:
    rho = st.slider("Correlation", -0.95, 0.95, 0.8, 0.05, key="dist_rho", bind="query-params",
                    help="Correlation of the two features of the Gaussian cloud.")
    k = st.slider("Neighbours shown", 10, 100, 40, 5, key="dist_k", bind="query-params",
                  help="How many nearest points of the centre to colour.")
cloud = correlated_cloud(400, rho, 0)
center = most_central(cloud)
with right:
    cols = st.columns(2)
    for col, metric in zip(cols, ("euclidean", "mahalanobis"), strict=True):
        near = nearest(cloud, center, k, metric)
        with col:
            show_chart(neighbourhood_figure(cloud, center, near,
                                            title=f"{DISTANCES[metric].label}: {k} nearest"),
                       key=f"dist_{metric}", filename=f"neighbours-{metric}",
                       data=points_frame(cloud, nearest=np.isin(np.arange(400), near)))
    st.caption("Mahalanobis divides by the covariance"
               + result_text(
                   f" (inverse here: {np.round(inverse_covariance(cloud), 2).tolist()})",
                   instead="")
               + ": its neighbourhood is an ellipse along the data, as if the features were "
               "decorrelated and rescaled first.")

st.subheader("Qualitative features: the stones as yes/no answers")
binary = stone_binary_features()
left, right = st.columns([1.2, 1.6], gap="large")
with left:
    qualitative = st.radio("Distance", ("hamming", "jaccard", "cosine"),
                           format_func=lambda m: DISTANCES[m].label, key="dist_qual",
                           bind="query-params",
                           help="Hamming counts every disagreement; Jaccard ignores features "
                                "both stones lack; cosine compares the directions.")
    table(binary, key="dist_binary")
    st.latex(DISTANCES[qualitative].formula)
# A stone answering no to every question has no direction: cosine leaves it out.
compared = binary[binary.any(axis=1)] if qualitative == "cosine" else binary
with right:
    if len(compared) < len(binary):
        st.caption("Cosine compares directions; stone(s) "
                   f"{', '.join(map(str, binary.index.difference(compared.index)))} answer no "
                   "to every question, have none, and are left out.")
    try:
        D, _ = distances(compared.to_numpy(float), qualitative)
    except ValueError as error:
        show_error(error)
    else:
        names = [f"stone {i}" for i in compared.index]
        show_chart(distance_heatmap(D, names, title=f"{DISTANCES[qualitative].label} distances"),
                   key="dist_stone_matrix", filename=f"stones-{qualitative}",
                   data=pd.DataFrame(D, index=names, columns=names).reset_index())

st.subheader("Geodesic distance, and what it does to a clustering")
left, right = st.columns([1, 2.6], gap="large")
with left:
    name = st.selectbox("Dataset", PAYOFF_SETS, format_func=lambda s: DATASETS[s].label,
                        key="dist_data", bind="query-params",
                        help="Curved shapes, where the straight line cuts across.")
    n_neighbors = st.slider("Neighbours in the graph (k)", 2, 30, GEODESIC_NEIGHBORS,
                            key="dist_nn", bind="query-params",
                            help=DISTANCES["geodesic"].params[0].help)
    algorithm = st.selectbox("Algorithm", PAYOFF_ALGORITHMS,
                             format_func=lambda a: ALGORITHMS[a].label, key="dist_algo",
                             bind="query-params",
                             help="The same algorithm runs twice, with each distance.")
data = load_dataset(name, 400, None, 0, False)
view = VIEW.get(name, [0, 1])
xy, axes = data.X[:, view], tuple(data.feature_names[j] for j in view)
try:
    geodesic, notes = distances(data.X, "geodesic", n_neighbors=n_neighbors)
except ValueError as error:
    show_error(error)
    st.stop()
for note in notes:
    show_warning(note)
source, target = farthest_pair(geodesic)
route = path(data.X, n_neighbors, source, target)
with right:
    show_chart(graph_path_figure(xy, data.y, route.edges, route.path,
                                 title=f"Geodesic {route.geodesic:.2f} against straight "
                                       f"line {route.euclidean:.2f}", axis_titles=axes),
               key="dist_graph", filename="geodesic-path",
               data=points_frame(xy, true_class=data.y,
                                 on_path=np.isin(np.arange(len(xy)), route.path)))
settings = {"n_clusters": int(data.y.max()) + 1}
if algorithm == "hierarchical":
    settings["linkage"] = "average"
results = {metric: run_algorithm(algorithm, data.X, 0, {**settings, "metric": metric,
                                                        "n_neighbors": n_neighbors})
           for metric in ("euclidean", "geodesic")}
scores = {metric: adjusted_rand_index(data.y, r.labels) for metric, r in results.items()}
cols = st.columns(2)
for col, (metric, result) in zip(cols, results.items(), strict=True):
    with col:
        show_chart(cluster_scatter(xy, align_labels(data.y, result.labels), axis_titles=axes,
                                   title=f"{ALGORITHMS[algorithm].label}, {metric}: "
                                         f"ARI {scores[metric]:.2f}"),
                   key=f"dist_payoff_{metric}", filename=f"payoff-{metric}",
                   data=points_frame(xy, cluster=result.labels, true_class=data.y))


def roll_answer() -> None:
    roll = load_dataset("swiss_roll", 400, None, 0, False)
    rows = [{"distance": metric, "ARI against the truth": adjusted_rand_index(
        roll.y, run_algorithm("kmedoids", roll.X, 0, {"n_clusters": 4, "metric": metric,
                                                      "n_neighbors": GEODESIC_NEIGHBORS}
                              ).labels)} for metric in ("euclidean", "geodesic")]
    table(pd.DataFrame(rows), hide_index=True, key="dist_q_ari")
    st.markdown("In straight lines, points on neighbouring turns of the roll are close, so "
                "the medoids gather points across the turns. Along the graph, the distance "
                "follows the sheet, and the four stretches come out.")


predict_then_reveal(
    "A Swiss roll cut into four stretches along the sheet; k-medoids with K = 4 (400 points, "
    "k = 10 neighbours for the geodesic distance): which distance recovers the stretches?",
    ["Euclidean", "Geodesic", "Both about equally", "Neither"], 1, roll_answer, key="dist_q1",
)


def slides_solution() -> None:
    jaccard = distances(SLIDES_PAIR, "jaccard")[0][0, 1]
    hamming = distances(SLIDES_PAIR, "hamming")[0][0, 1]
    st.markdown(f"Both have a 1 at 2 positions (i ∩ j) and one of them at 5 (i ∪ j): "
                f"S = 2/5, and the Jaccard distance is 1 - S = {jaccard:.2f}. They differ at "
                f"5 - 2 = 3 positions: the Hamming distance is 3 changes, or "
                f"{hamming:.3f} = 3/8 as the share of the {SLIDES_PAIR.shape[1]} positions "
                "(scipy's convention).")


exercise(
    "Jaccard and Hamming by hand (the slides' example)",
    "i = 10001001 and j = 01001011. Compute the Jaccard similarity |i ∩ j| / |i ∪ j| and the "
    "Hamming distance (the number of positions that differ).",
    slides_solution, key="dist_ex1",
)
