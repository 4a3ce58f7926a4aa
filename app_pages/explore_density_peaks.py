"""Density peaks: pick the centres on the decision graph, see the gamma plot and the halo, and
watch the points join their clusters, densest first (played in the browser)."""

from functools import partial

import numpy as np
import streamlit as st

from clustering.density_peaks import DECISION_GRAPH_FORMULA
from explorer.alignment import align_labels
from explorer.density_peaks import joining_steps, parse_indices, top_gamma
from plots.density_peaks import (
    DELTA_LINE,
    RHO_LINE,
    assignment_figure,
    decision_graph_figure,
    decision_scrub_figure,
    density_peaks_data,
    density_peaks_figure,
    gamma_figure,
    with_decision_frames,
)
from ui import presenter
from ui.drag import drag_to_widget, snapped
from ui.explore_cache import (
    SCORES,
    density_clusters,
    density_graph,
    density_k_frames,
    density_threshold_frames,
    scores,
)
from ui.explore_controls import dataset_controls
from ui.export import selected_points, show_chart
from ui.figure_cache import shared_figure
from ui.lesson import key_number, result_text
from ui.notebook import notebook_download
from ui.scrub import carrier, scrub_to_widget
from ui.stepper import step_controls, step_scrub
from ui.text import show_error

GRAPH = "dp_graph"
K_MAX = 10
MODES = {"gamma": "K largest γ", "thresholds": "thresholds ρ_min, δ_min",
         "picked": "my selection"}
# The thresholds the chart's sliders offer, as shares of the largest ρ and δ (below 1: the
# densest point, largest in both, is always a centre); ρ's coarser, to keep the page under
# 2 MB at 2,000 points (the page's own value is always one of them).
RHO_SHARES = tuple(round(v, 2) for v in np.arange(0.0, 0.97, 0.04))
DELTA_SHARES = tuple(round(v, 2) for v in np.arange(0.02, 0.99, 0.02))


def absorb_selection() -> None:
    """A new box or lasso on the decision graph becomes the centres."""
    # Only points of the decision graph (the chart's first trace) can be centres.
    points = [p for p in selected_points(st.session_state.get(GRAPH))
              if p.get("curve_number", 0) == 0]
    picked = sorted({int(p.get("point_index", p.get("point_number"))) for p in points})
    if not picked or picked == st.session_state.get("dp_last_pick"):
        return
    st.session_state["dp_last_pick"] = picked
    st.session_state["dp_centres"] = ", ".join(map(str, picked))
    st.session_state["dp_mode"] = "picked"


def thresholds_figure(X, rho, delta, by_delta, by_rho, values, delta_at, rho_at, axis_titles):
    """The decision graph with both threshold sliders: every δ_min share
    (`plots.density_peaks.decision_scrub_figure`) and every ρ_min share
    (`with_decision_frames`); one builder, so that the shared figure
    (`ui.figure_cache.shared_figure`) is never changed after it is cached."""
    figure = decision_scrub_figure(X, rho, delta, *by_delta[:2], by_delta[2], values[0],
                                   delta_at, titles=by_delta[3], name="δ_min share",
                                   axis_titles=axis_titles)
    return with_decision_frames(figure, X, rho, delta, *by_rho[:2], by_rho[2], values[1],
                                rho_at, titles=by_rho[3], name="ρ_min share")


st.title("Density peaks")
st.caption(
    "Rodriguez & Laio (2014): a cluster centre is **denser than its neighbours** (large local "
    "density ρ) and **far from any denser point** (large δ). On the decision graph the centres "
    "stand out at the top right: drag a box or a lasso around them. Every other point joins "
    "the cluster of its nearest denser neighbour."
)
st.latex(DECISION_GRAPH_FORMULA)

controls, view = st.columns([1, 2.6], gap="large")
with controls:
    data = dataset_controls("dp", default="blobs")
    percent = st.slider(
        "d_c percentile (%)", 0.5, 10.0, 2.0, 0.1, key="dp_pct", bind="query-params",
        help="The cutoff distance d_c is this percentile of all pair distances: each point "
             "has about this share of the others as neighbours (the paper uses 1-2 %).",
    )
    kernel = st.selectbox(
        "Density kernel", ("gaussian", "cutoff"), key="dp_kernel", bind="query-params",
        help="ρ_i = Σ exp(-(d_ij/d_c)²) (gaussian, no ties) or the number of points closer "
             "than d_c (cutoff, as in the paper's eq. 1).",
    )
    absorb_selection()
    mode = st.radio("Centres", tuple(MODES), format_func=MODES.__getitem__, key="dp_mode",
                    bind="query-params",
                    help="Let the K largest γ be the centres, or every point beyond two "
                         "thresholds of the decision graph (the paper's way), or choose them "
                         "yourself on the decision graph (a new selection switches to it).")
    if mode == "gamma":
        with carrier("dp_k"):
            n_centres = st.slider("K (number of centres)", 1, K_MAX, 3, key="dp_k",
                                  bind="query-params",
                                  help="How many of the largest γ are centres.")
    elif mode == "thresholds":
        with carrier("dp_rho"):
            rho_share = round(st.slider(
                "ρ_min (share of the largest ρ)", 0.0, 0.98, 0.2, 0.02, key="dp_rho",
                bind="query-params",
                help="Centres must be denser than this share of the densest point's ρ."), 2)
        with carrier("dp_delta"):
            delta_share = round(st.slider(
                "δ_min (share of the largest δ)", 0.02, 0.98, 0.3, 0.02, key="dp_delta",
                bind="query-params",
                help="Centres must be farther than this share of the largest δ from any denser "
                     "point."), 2)
    else:
        text = st.text_input("Centres (point numbers)", key="dp_centres", bind="query-params",
                             placeholder="select on the decision graph",
                             help="The point numbers of the centres, filled in by your "
                                  "selection on the decision graph; you may edit them.")
    halo = st.toggle("Show the halo", False, key="dp_halo", bind="query-params",
                     help="Grey out the halo: points of a cluster less dense than its border "
                          "region, which the paper treats as possible noise.")

if data is None:
    st.stop()
X = data.X[:, :2]
with view:
    try:
        graph = density_graph(X, percent, kernel)
        if mode == "thresholds":
            # Both sweeps are shipped with the chart and meet at the page's thresholds.
            deltas = tuple(sorted({*DELTA_SHARES, delta_share}))
            rhos = tuple(sorted({*RHO_SHARES, rho_share}))
            by_delta = density_threshold_frames(X, data.y, percent, kernel,
                                                tuple((rho_share, d) for d in deltas))
            by_rho = density_threshold_frames(X, data.y, percent, kernel,
                                              tuple((r, delta_share) for r in rhos))
            centres = by_delta[2][deltas.index(delta_share)]
        else:
            centres = (top_gamma(graph, min(n_centres, len(X))) if mode == "gamma"
                       else parse_indices(text))
        if len(centres) == 0:
            st.info("Drag a box or a lasso on the decision graph around the points that stand "
                    "out at the top right: they become the centres.")
            model, added = None, False
        else:
            model, added = density_clusters(X, percent, kernel, tuple(int(c) for c in centres))
    except ValueError as error:
        show_error(error)
        st.stop()
    if added:
        st.warning(result_text(f"The densest point ({model.order_[0]}) was added as a centre: "
                               "it has no denser neighbour to follow, so it always heads a "
                               "cluster."))
    # Colours follow the classes the clusters match.
    labels = None if model is None else align_labels(data.y, model.labels_)
    chosen = np.empty(0, dtype=int) if model is None else model.centers_
    table = density_peaks_data(
        X, graph.rho_, graph.delta_, np.full(len(X), -1) if model is None else labels, chosen,
        np.zeros(len(X), dtype=bool) if model is None else model.halo_,
    )
    if model is not None:
        notebook_download("dp", "explore_density_peaks", dict(
            kind="density_peaks", title="Density peaks", summary="Centres picked on the "
            "decision graph, every other point joining its nearest denser neighbour.",
            data=data.source, columns=2, percent=percent, kernel=kernel,
            centers=[int(c) for c in centres], measures=SCORES))
        cols = presenter.number_columns(4, beside=controls)
        key_number("Clusters", model.n_clusters_, help="One per centre.", where=cols[0])
        key_number("d_c", f"{graph.dc_:.3g}", help="Cutoff distance of the density.", where=cols[1])
        key_number("Halo points", int(model.halo_.sum()),
                   help="Points less dense than their cluster's border density.", where=cols[2])
        key_number("ARI vs truth", f"{scores(data.y, labels)['ari']:.3f}",
                   help="Adjusted Rand index against the true classes (halo included): "
                        "1 = identical, 0 = chance level.", where=cols[3])
    if mode == "thresholds" and not halo:
        st.markdown("**Thresholds on the decision graph**: drag the dashed lines, or δ_min "
                    "(upper slider) or ρ_min (lower slider); every point beyond both is a "
                    "centre")
        values = [f"{v:g}" for v in deltas], [f"{v:g}" for v in rhos]
        figure = shared_figure(thresholds_figure, X, graph.rho_, graph.delta_, by_delta,
                               by_rho, values, deltas.index(delta_share), rhos.index(rho_share),
                               data.feature_names[:2])
        def scrubbers() -> None:
            scrub_to_widget("dp_thresholds", "δ_min share", "dp_delta", deltas, values[0])
            scrub_to_widget("dp_thresholds", "ρ_min share", "dp_rho", rhos, values[1])
            # A dropped line takes the sliders' value nearest to it (the sliders stay the
            # keyboard's way to the thresholds).
            top = graph.rho_.max(), graph.delta_.max()
            drag_to_widget("dp_thresholds", RHO_LINE, "x", rho_share * top[0], "dp_rho",
                           partial(snapped, grid=rhos, scale=top[0]))
            drag_to_widget("dp_thresholds", DELTA_LINE, "y", delta_share * top[1], "dp_delta",
                           partial(snapped, grid=deltas, scale=top[1]))

        show_chart(figure, "dp_thresholds", data=table, shared=True, shapes_editable=True,
                   under=scrubbers)
    elif mode == "gamma" and not halo:
        st.markdown("**Decision graph and clusters**: drag the K slider, or a box or a lasso "
                    "around the centres on the decision graph")
        # Every K is shipped with the chart: its slider redraws in the browser.
        ks = tuple(range(1, min(K_MAX, len(X)) + 1))
        sweep, centre_sets, titles = density_k_frames(X, data.y, percent, kernel, ks)
        figure = shared_figure(decision_scrub_figure, X, graph.rho_, graph.delta_, None, sweep,
                               centre_sets, [str(v) for v in ks],
                               ks.index(min(n_centres, len(X))), titles=titles, name="K",
                               axis_titles=data.feature_names[:2])
        show_chart(figure, GRAPH, data=table, on_select="rerun", shared=True,
                   selection_mode=("box", "lasso"),
                   under=partial(scrub_to_widget, GRAPH, "K", "dp_k", ks, [str(v) for v in ks]))
    else:
        left, right = st.columns(2)
        with left:
            st.markdown("**Decision graph**: select the centres")
            show_chart(
                shared_figure(decision_graph_figure, graph.rho_, graph.delta_, chosen, labels),
                GRAPH,
                data=table,
                shared=True,
                on_select="rerun",
                selection_mode=("box", "lasso"),
            )
        with right:
            st.markdown("**Clusters**: centres are stars")
            show_chart(shared_figure(density_peaks_figure, X, labels, chosen,
                                     model.halo_ if halo and model else None,
                                     data.feature_names[:2]),
                       "dp_scatter", data=table, shared=True)
    st.markdown("**γ = ρ·δ in decreasing order**: centres are the few values far above the rest")
    show_chart(
        shared_figure(gamma_figure, graph.gamma_, chosen, labels),
        "dp_gamma",
        data=table.sort_values("gamma", ascending=False),
        shared=True,
    )

if model is not None:
    joined_at = joining_steps(model)
    last = int(joined_at.max())

    # Above the fragment: inside it, the chart-first style puts the chart before the text.
    st.markdown("**The assignment, densest first**: each point joins the cluster of its "
                "nearest denser neighbour (the line), which has always joined before it")

    @st.fragment
    def assignment() -> None:
        step = step_controls(
            "dp", last, "Assignment step", "How far the pass in decreasing density has gone: "
            "0 is the centres alone.")
        # Every step travels with the chart: Play, Pause and its slider move in the browser;
        # the step reached goes into the link.
        show_chart(shared_figure(assignment_figure, X, labels, joined_at,
                                 model.nearest_higher_, model.centers_, step,
                                 axis_titles=data.feature_names[:2]),
                   "dp_assign", data=table.assign(joins_at_step=joined_at), shared=True,
                   under=step_scrub("dp_assign", "dp", last))
        st.caption("Grey points have not joined yet; stars are the centres. Following the "
                   "lines back from any point always ends at a centre.")

    assignment()
