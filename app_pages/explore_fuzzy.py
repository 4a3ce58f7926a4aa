"""Fuzzy c-means: memberships as shading, the fuzzifier m, the run round by round (played in
the browser), and the partition coefficient."""

from functools import partial

import streamlit as st

from explorer.fuzzy import m_grid
from plots.fuzzy import (
    fpc_figure,
    fuzzy_scrub_figure,
    membership_figure,
    objective_data,
    objective_figure,
)
from plots.tables import points_table
from ui import presenter
from ui.explore_cache import (
    SCORES,
    fuzzy_fpc_curve,
    fuzzy_m_frames,
    fuzzy_round_frames,
    fuzzy_run,
    scores,
)
from ui.explore_controls import dataset_controls
from ui.export import show_chart
from ui.figure_cache import shared_figure
from ui.lesson import key_number
from ui.notebook import notebook_download
from ui.scrub import carrier, scrub_to_widget
from ui.stepper import step_controls, step_scrub
from ui.text import show_error
from ui.widgets import seed_input

FPC_TAB = "Partition coefficient against c"

st.title("Fuzzy c-means")
st.caption(
    "Every point belongs to every cluster with a membership u between 0 and 1 (summing to 1). "
    "Fuzzy c-means alternates the two updates below (Bezdek 1984, eqs. 11a-b) to lower "
    "J_m = Σ u^m d²; the fuzzifier m > 1 sets how soft the borders are."
)
st.latex(
    r"c_j = \frac{\sum_i u_{ij}^m\, x_i}{\sum_i u_{ij}^m}, \qquad "
    r"u_{ij} = \Bigg[\sum_{l=1}^{c} \left(\frac{\lVert x_i - c_j \rVert}"
    r"{\lVert x_i - c_l \rVert}\right)^{2/(m-1)}\Bigg]^{-1}"
)

controls, view = st.columns([1, 2.6], gap="large")
with controls:
    data = dataset_controls("fc", default="blobs", draw_on="fc_scatter")
    c = st.slider("c (number of clusters)", 2, 10, 3, key="fc_c", bind="query-params",
                  help="How many fuzzy clusters.")
    with carrier("fc_m"):
        m = st.slider("m (fuzzifier)", 1.05, 5.0, 2.0, 0.05, key="fc_m", bind="query-params",
                      help="Close to 1: memberships almost 0 or 1, as in k-means. Larger: softer, "
                           "more shared memberships.")
    seed = seed_input("Fuzzy c-means seed", "fc_rs",
        help="Fixes the random initial memberships: same seed, same run.")
    shades = {"all": "All clusters (mixed colours)",
              **{j: f"Membership of cluster {j}" for j in range(c)}}
    shade = st.selectbox("Shading", tuple(shades), key="fc_shade", bind="query-params",
                         format_func=shades.__getitem__,
                         help="Mix the cluster colours by membership, or show one cluster's "
                              "membership from white (0) to its colour (1).")

if data is None:
    st.stop()
X = data.X[:, :2]
with view:
    try:
        result = fuzzy_run(X, min(c, len(X)), m, int(seed))
    except ValueError as error:
        show_error(error)
        st.stop()
    notebook_download("fc", "explore_fuzzy", dict(
        kind="clustering", title="Fuzzy c-means", summary="Fuzzy memberships, hardened.",
        data=data.source, columns=2, algorithm="fuzzy_cmeans", algorithm_params=result.params,
        algorithm_seed=int(seed), measures=SCORES,
        figure=dict(kind="memberships", cluster=None if shade == "all" else int(shade))))
    u = result.extras["membership"]
    cols = presenter.number_columns(4, beside=controls)
    key_number("FPC", f"{result.extras['fpc']:.3f}",
               help="Partition coefficient (1/n) Σ u²: 1 for hard clusters, 1/c when every "
                    "point is shared equally.", where=cols[0])
    key_number("Rounds", result.extras["n_iter"], where=cols[1],
               help="Rounds until memberships settled.")
    key_number("Objective J_m", f"{result.extras['objective'][-1]:.4g}",
               help="Σ u^m d², the quantity fuzzy c-means lowers.", where=cols[2])
    key_number("ARI vs truth", f"{scores(data.y, result.labels)['ari']:.3f}",
               help="Adjusted Rand index of the largest-membership clusters against the "
                    "true classes: 1 = identical, 0 = chance level.", where=cols[3])
    if shade == "all":
        # Every m of the grid is shipped with the chart: its slider redraws in the browser.
        ms = m_grid(min(c, len(X)), m)
        us, centers, titles = fuzzy_m_frames(X, data.y, min(c, len(X)), ms, int(seed))
        figure = shared_figure(fuzzy_scrub_figure, X, us, centers, [f"{v:g}" for v in ms],
                               ms.index(round(float(m), 2)), titles=titles,
                               axis_titles=data.feature_names[:2])
    else:
        figure = shared_figure(membership_figure, X, u, result.extras["centers"],
                               cluster=int(shade), axis_titles=data.feature_names[:2])
    show_chart(figure, "fc_scatter", shared=True, data=points_table(
        X, result.labels, **{f"u{j}": u[:, j] for j in range(u.shape[1])}),
        under=partial(scrub_to_widget, "fc_scatter", "m", "fc_m", ms, [f"{v:g}" for v in ms])
        if shade == "all" else None)
    rounds, round_us, round_centres, round_titles = fuzzy_round_frames(
        X, data.y, min(c, len(X)), m, int(seed))
    last = len(rounds) - 1

    # Above the fragment: inside it, the chart-first style puts the chart before the text.
    st.markdown(f"**The run round by round** (c = {min(c, len(X))}, m = {m:g}): each round "
                "moves the centres to the weighted means, then shares every point out again")

    @st.fragment
    def run_by_round() -> None:
        step = step_controls(
            "fc", last, "Shown round", "Which of the shown rounds (0 is the start; a long run "
            "shows fewer, spaced rounds after the first ones: the chart's title gives the "
            "round).")
        # Every shown round travels with the chart: Play, Pause and its slider move in the
        # browser; the round reached goes into the link.
        show_chart(
            shared_figure(fuzzy_scrub_figure, X, round_us, round_centres,
                          [str(t) for t in rounds], step, titles=round_titles,
                          axis_titles=data.feature_names[:2], name="round", play_ms=500),
            "fc_rounds",
            shared=True,
            data=points_table(X, round_us[step].argmax(axis=1),
                              **{f"u{j}": round_us[step][:, j]
                                 for j in range(round_us[step].shape[1])}),
            under=step_scrub("fc_rounds", "fc", last, slider="round",
                             labels=[str(t) for t in rounds]))

    run_by_round()

# Only the open tab is computed: the FPC curve fits nine runs, a sixth of a first visit's
# work. The tab is in the link, so a lesson step can open it.
objective_tab, fpc_tab = st.tabs(["Objective after each round", FPC_TAB], key="fc_tab",
                                 on_change="rerun", bind="query-params")
if objective_tab.open:
    with objective_tab:
        objective = result.extras["objective"]
        show_chart(shared_figure(objective_figure, objective), "fc_objective",
                   data=objective_data(objective), shared=True)
if fpc_tab.open:
    with fpc_tab:
        st.markdown(f"Fuzzy c-means at c = 2 … 10 (m = {m:.2f}): the partition coefficient is "
                    "highest where the memberships are crispest.")
        try:
            curve = fuzzy_fpc_curve(X, m, int(seed))
        except ValueError as error:
            show_error(error)
            st.stop()
        show_chart(shared_figure(fpc_figure, curve, c), "fc_fpc", data=curve, shared=True)
