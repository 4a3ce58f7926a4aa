"""EM for Gaussian mixtures step by step, with k-means beside it and BIC/AIC against K."""


import streamlit as st

from clustering.gaussian_mixture import COVARIANCE_TYPES, INIT_METHODS
from explorer.em import MAX_COMPONENTS, best_k
from explorer.kmeans import nearest_center_grid, padded_bounds
from plots.em import em_animation_figure, log_likelihood_data, log_likelihood_figure
from plots.kmeans import kmeans_step_data, kmeans_step_figure
from plots.lines import line_chart
from plots.tables import points_table
from ui.explore_cache import SCORES, em_criteria, em_fit, em_kmeans, em_steps, scores
from ui.explore_controls import dataset_controls
from ui.export import show_chart
from ui.lesson import key_number, result_text
from ui.notebook import notebook_download
from ui.stepper import step_controls, step_scrub
from ui.text import show_error, show_warning
from ui.widgets import seed_input

CHART = "em_chart"
COVARIANCE_LABELS = {"full": "full (any ellipse)", "diag": "diagonal (axis-aligned ellipses)",
                     "spherical": "spherical (circles)", "tied": "tied (one shared ellipse)"}
INIT_LABELS = {"kmeans": "k-means clusters", "random": "random responsibilities"}

st.title("EM for Gaussian mixtures")
st.caption(
    "A Gaussian mixture says each point was drawn from one of K Gaussians, chosen with "
    "probabilities π_k. EM alternates two steps: **E** gives every point a responsibility "
    "w_ik for each Gaussian (a soft assignment); **M** refits each Gaussian to the points, "
    "weighted by w_ik. The log-likelihood L never goes down."
)
st.latex(
    r"\text{E step: } w_{ik} = \frac{\pi_k F(x_i \mid \mu_k, \Sigma_k)}"
    r"{\sum_j \pi_j F(x_i \mid \mu_j, \Sigma_j)}, \qquad "
    r"L = \sum_i \ln \sum_k \pi_k F(x_i \mid \mu_k, \Sigma_k)"
)
st.latex(
    r"\text{M step: } N_k = \sum_i w_{ik},\quad \mu_k = \frac{1}{N_k}\sum_i w_{ik} x_i,\quad "
    r"\Sigma_k = \frac{1}{N_k}\sum_i w_{ik}(x_i - \mu_k)(x_i - \mu_k)^T,\quad "
    r"\pi_k = \frac{N_k}{n}"
)

controls, view = st.columns([1, 2.6], gap="large")
with controls:
    data = dataset_controls("em", default="anisotropic", draw_on=CHART)
    k = st.slider("K (number of Gaussians)", 1, MAX_COMPONENTS, 3, key="em_k",
                  bind="query-params", help="How many Gaussian components the mixture has.")
    covariance_type = st.selectbox(
        "Covariance", COVARIANCE_TYPES, format_func=COVARIANCE_LABELS.__getitem__,
        key="em_cov", bind="query-params",
        help="How free each Gaussian's shape is: any ellipse, ellipses along the axes, "
             "circles, or one ellipse shared by all components.",
    )
    init = st.selectbox(
        "Start", INIT_METHODS, format_func=INIT_LABELS.__getitem__, key="em_init",
        bind="query-params",
        help="Step 0: weights, means and covariances of the clusters of one k-means run, or "
             "of random responsibilities (all means start near the centre of the data).",
    )
    seed = seed_input("EM seed", "em_rs", help="Fixes the random start: same seed, same run.")

if data is None:
    st.stop()
X = data.X[:, :2]

with view:
    try:
        result = em_fit(X, min(k, len(X)), covariance_type, init, int(seed))
    except ValueError as error:
        show_error(error)
        st.stop()
    for message in result.warnings:
        show_warning(message)
    history = result.extras["history"]
    last = len(history) - 1
    resps, curves, titles = em_steps(X, min(k, len(X)), covariance_type, init, int(seed))

    @st.fragment
    def stepper() -> None:
        step = step_controls("em", last, "EM step", "Which step of the run to show: 0 is "
                             "the start.")
        entry = history[step]
        resp = resps[step]
        labels = resp.argmax(axis=1)
        # Every step travels with the chart: Play, Pause and its slider move in the browser;
        # the step reached comes back to the EM step slider (and the link).
        show_chart(
            em_animation_figure(X, resps, [h["means"] for h in history], curves, titles,
                                step, axis_titles=data.feature_names[:2]),
            CHART,
            data=points_table(X, labels, **{f"w{j}": resp[:, j] for j in range(resp.shape[1])}),
            under=step_scrub(CHART, "em", last),
        )
        st.caption("Each point takes the colour of its most responsible Gaussian (largest "
                   "w_ik), paler as the responsibility is shared. Ellipses enclose 1 and 2 "
                   "standard deviations (39 % and 86 % of each Gaussian in the plane).")
        cols = st.columns(4)
        key_number("Step", f"{step} / {last}", where=cols[0],
                   help="EM steps so far / steps to converge.")
        key_number("Log-likelihood L", f"{entry['log_likelihood']:.6g}",
                   help="Σ_i ln Σ_k π_k F(x_i | μ_k, Σ_k): how probable the data are "
                        "under the mixture. EM never lowers it.", where=cols[1])
        key_number("L per point", f"{entry['log_likelihood'] / len(X):.6g}",
                   help="L / n: scikit-learn's score().", where=cols[2])
        key_number("ARI vs truth", f"{scores(data.y, labels)['ari']:.3f}",
                   help="Adjusted Rand index of the hard labels against the true "
                        "classes: 1 = identical, 0 = chance level.", where=cols[3])
        notebook_download("em", "explore_em", dict(
            kind="em_steps", title="EM for a Gaussian mixture", summary="One step of EM.",
            data=data.source, columns=2, n_components=min(k, len(X)),
            covariance_type=covariance_type, init=init, seed=int(seed), step=step,
            measures=SCORES))
        curve = [h["log_likelihood"] for h in history]
        show_chart(log_likelihood_figure(curve, step), "em_loglik", data=log_likelihood_data(curve))

    stepper()

# Only the open tab is computed: the BIC and AIC curve fits eight mixtures, more than half
# of a first visit's work, so it waits until its tab is opened.
soft_tab, criteria_tab = st.tabs(["k-means from the same start", "BIC and AIC against K"],
                                 key="em_tab", on_change="rerun")
if soft_tab.open:
    with soft_tab:
        km_labels, km_centers = em_kmeans(X, history[0]["means"])
        show_chart(
            kmeans_step_figure(X, km_labels, km_centers, axis_titles=data.feature_names[:2],
                               regions=nearest_center_grid(padded_bounds(X), km_centers)),
            "em_kmeans",
            data=kmeans_step_data(X, km_labels, km_centers),
        )
        cols = st.columns(2)
        key_number("ARI k-means", f"{scores(data.y, km_labels)['ari']:.3f}",
                   help="k-means (hard assignment, round clusters of one size) against the "
                        "true classes.", where=cols[0])
        key_number("ARI EM", f"{scores(data.y, result.labels)['ari']:.3f}",
                   help="The converged mixture's hard labels against the true classes.",
                   where=cols[1])
        st.caption("k-means cuts the plane into nearest-centre cells: it cannot follow elongated "
                   "or unequal clusters, which EM's covariances fit.")
if criteria_tab.open:
    with criteria_tab:
        table = em_criteria(X, covariance_type, init, int(seed))
        show_chart(
            line_chart(table, "K", "value", group="criterion", vline=k,
                       x_title="K (number of Gaussians)", y_title="criterion (lower is better)"),
            "em_criteria",
            data=table,
        )
        best = best_k(table)
        st.caption("BIC = −2L + p ln n and AIC = −2L + 2p, p the mixture's free parameters: "
                   "lower is better. "
                   + result_text(f"Here BIC picks K = {best['BIC']}, AIC K = {best['AIC']}."))
