"""Hierarchical clustering: the dendrogram, every linkage, and a cut line that sets the clusters."""

from functools import partial

import streamlit as st

from clustering.catalog import METRICS
from clustering.distances import DISTANCES
from clustering.hierarchical import EUCLIDEAN_ONLY, LINKAGES
from explorer.alignment import align_labels
from explorer.hierarchical import clusters_below, cut_height, is_monotone
from plots.compare import panel_figure
from plots.dendrogram import CUT_LINE, dendrogram_data, dendrogram_figure, dendrogram_layout
from plots.framed import scrubbed_scatter
from plots.tables import points_table
from ui import presenter
from ui.drag import drag_to_widget
from ui.explore_cache import SCORES, hierarchical_cuts, hierarchical_run, scores
from ui.explore_controls import dataset_controls
from ui.export import show_chart
from ui.figure_cache import shared_figure
from ui.lesson import key_number
from ui.notebook import notebook_download
from ui.scrub import carrier, scrub_to_widget
from ui.text import show_error, show_warning
from ui.widgets import param_widget

LINKAGE_HELP = (
    "Distance between two clusters: single = closest pair, complete = farthest pair, average "
    "= mean of all pairs, weighted = mean of the two merged parts' distances, centroid = "
    "distance of the means, median = of the merged parts' midpoints, ward = increase of the "
    "within-cluster sum of squares."
)

K_MAX = 20

st.title("Hierarchical clustering")
st.caption(
    "Start with every point alone and repeatedly merge the two closest clusters; the "
    "dendrogram records each merge at its height. A horizontal **cut** undoes the merges "
    "above it: the branches it crosses are the clusters. Drag the cut line up or down."
)

controls, view = st.columns([1, 2.6], gap="large")
with controls:
    data = dataset_controls("hc", default="moons", default_n=300, draw_on="hc_scatter")
    linkage = st.selectbox("Linkage", LINKAGES, index=LINKAGES.index("single"), key="hc_link",
                           bind="query-params", help=LINKAGE_HELP)
    euclidean_only = linkage in EUCLIDEAN_ONLY
    metric = st.selectbox("Distance", METRICS, key="hc_metric", bind="query-params",
                          disabled=euclidean_only,
                          help="Distance between points (cityblock = Manhattan; see the "
                               "Distances lesson). Centroid, median and ward need euclidean.")
    metric_params = {} if euclidean_only else {
        spec.name: param_widget(spec, f"hc_{spec.name}")
        for spec in DISTANCES[metric].params}
    cut_by = st.radio("Cut", ("clusters", "height"), key="hc_cut", bind="query-params",
                      format_func={"clusters": "into K clusters",
                                   "height": "at a height"}.__getitem__, horizontal=True,
                      help="Choose the number of clusters, or the height of the cut line.")
    if cut_by == "clusters":
        with carrier("hc_k"):
            k = st.slider("K (number of clusters)", 1, K_MAX, 2, key="hc_k", bind="query-params",
                          help="Undo the K - 1 highest merges.")
    max_leaves = st.slider("Leaves shown", 10, 100, 40, 5, key="hc_leaves", bind="query-params",
                           help="Above this many points the dendrogram shows only its last "
                                "merges; a leaf '(m)' stands for m points.")

if data is None:
    st.stop()
X = data.X[:, :2]
metric = "euclidean" if euclidean_only else metric
with view:
    try:
        Z = hierarchical_run(X, linkage, metric, 1, None, metric_params).extras["linkage_matrix"]
        if cut_by == "height":
            top = float(Z[:, 2].max()) * 1.05 or 1.0
            height = st.slider("Cut height", 0.0, top, cut_height(Z, min(3, len(X))), top / 500,
                               format="%.4g", key="hc_h", bind="query-params",
                               help="Merges at or above this height are undone.")
            result = hierarchical_run(X, linkage, metric, None, max(height, 1e-12),
                                      metric_params)
            k = result.n_clusters
        else:
            result = hierarchical_run(X, linkage, metric, min(k, len(X)), None, metric_params)
            height = cut_height(Z, result.n_clusters)
    except ValueError as error:
        show_error(error)
        st.stop()
    for note in result.warnings:  # e.g. a neighbour graph in pieces, joined
        show_warning(note)
    if not is_monotone(Z):
        st.warning(f"With {linkage} linkage a merge can be lower than an earlier one "
                   "(an inversion), so a horizontal line may cross more branches than there "
                   "are clusters: the clusters follow the merge order.")
    # Cluster colours follow the true classes they match, as on every page.
    labels = align_labels(data.y, result.labels)
    cols = presenter.number_columns(3, beside=controls)
    key_number("Clusters", result.n_clusters, help="Branches kept below the cut.", where=cols[0])
    key_number("Cut height", f"{height:.4g}", help="Height of the dashed line.", where=cols[1])
    key_number("ARI vs truth", f"{scores(data.y, result.labels)['ari']:.3f}",
               help="Adjusted Rand index against the true classes: 1 = identical, "
                    "0 = chance level.", where=cols[2])
    notebook_download("hc", "explore_hierarchical", dict(
        kind="clustering", title=f"Hierarchical clustering, {linkage} linkage",
        summary="The dendrogram cut into clusters.", data=data.source, columns=2,
        algorithm="hierarchical", algorithm_params=result.params, measures=SCORES,
        figure=dict(kind="dendrogram", height=height, max_leaves=max_leaves, linkage=linkage)))
    layout = dendrogram_layout(Z, labels, result.n_clusters, max_leaves)
    show_chart(
        shared_figure(dendrogram_figure, layout, height, linkage_name=linkage, draggable=True),
        "hc_dendrogram",
        data=dendrogram_data(Z),
        shared=True,
        shapes_editable=True,
    )
    # Where the line is dropped sets the K of that cut (or the height, on the slider's grid).
    if cut_by == "clusters":
        k_top = min(K_MAX, len(X))
        drag_to_widget("hc_dendrogram", CUT_LINE, "y", height, "hc_k",
                       lambda y: min(clusters_below(Z, y), k_top))
    else:
        drag_to_widget("hc_dendrogram", CUT_LINE, "y", height, "hc_h",
                       lambda y: min(max(round(y / (top / 500)) * (top / 500), 0.0), top))
    if cut_by == "clusters":
        # Every K is shipped with the chart: its slider recolours the points in the browser.
        ks = tuple(range(1, min(K_MAX, len(X)) + 1))
        cuts, aris = hierarchical_cuts(X, data.y, linkage, metric, ks, metric_params)
        figure = shared_figure(scrubbed_scatter, X, cuts, [str(v) for v in ks], name="K",
                               active=ks.index(result.n_clusters), height=520,
                               titles=[f"K = {v}: ARI vs truth {a:.3f}"
                                       for v, a in zip(ks, aris, strict=True)],
                               axis_titles=data.feature_names[:2])
    else:
        figure = shared_figure(panel_figure, X, labels, data.feature_names[:2], height=460,
                               legend=True)
    show_chart(figure, "hc_scatter", data=points_table(X, labels), shared=True,
               under=partial(scrub_to_widget, "hc_scatter", "K", "hc_k", ks,
                             [str(v) for v in ks]) if cut_by == "clusters" else None)
