"""DBSCAN: core, border and noise points, and the k-distance curve to choose eps."""


import numpy as np
import streamlit as st

from clustering.dbscan import POINT_TYPES, suggested_eps
from explorer.alignment import align_labels
from plots.dbscan import (
    dbscan_data,
    dbscan_growth_figure,
    dbscan_scrub_figure,
    eps_circles,
    k_distance_data,
    k_distance_figure,
    with_min_samples_frames,
)
from ui import links, presenter
from ui.draw import edited_by_hand
from ui.explore_cache import (
    SCORES,
    dbscan_eps_frames,
    dbscan_growth_frames,
    dbscan_min_samples_frames,
    dbscan_view,
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

# Finer steps where eps is small: a change of 0.01 matters at 0.05, hardly at 2.
EPS_CHOICES = tuple(sorted({round(float(v), 3) for v in (*np.arange(0.01, 0.1, 0.005),
                                                         *np.arange(0.1, 1.0, 0.01),
                                                         *np.arange(1.0, 5.0001, 0.1))}))

MAX_MIN_SAMPLES = 50
DEFAULT_MIN_SAMPLES = 5
# A growth frame every 0.4 s: slow enough to follow one wave.
GROWTH_FRAME_MS = 400
# Whether the last run showed a drawing with enough points to cluster.
_DRAWING_SHOWN = "_db_drawing_shown"


def start_a_drawing_at_its_scale(data) -> None:
    """Give eps the value on a drawing's own scale (`clustering.suggested_eps`, the nearest
    step of the eps slider) when a drawing is first shown with enough points to cluster, by
    a student's hand or by a link that names no eps: at the default eps a drawing was all
    noise. A link that names eps keeps it, and every later point drawn keeps the eps."""
    drawing = data is not None and data.name == "drawn"
    by_hand = edited_by_hand("db")  # asked on every run: it is the run's flag
    first = drawing and not st.session_state.get(_DRAWING_SHOWN, False)
    if first and (by_hand or "db_eps" not in links.named()):
        min_samples = min(st.session_state.get("db_min", DEFAULT_MIN_SAMPLES), len(data.X))
        eps = suggested_eps(data.X[:, :2], min_samples)
        st.session_state["db_eps"] = min(EPS_CHOICES, key=lambda v: abs(v - eps))
    st.session_state[_DRAWING_SHOWN] = drawing


def scatter_figure(X, labels, kinds, eps_labels, eps_at, ms_labels, ms_kinds, eps_label,
                   ms_names, ms_at, circles, axis_titles):
    """The scatter with both sliders: every eps at this min_samples
    (`plots.dbscan.dbscan_scrub_figure`), every min_samples at this eps
    (`plots.dbscan.with_min_samples_frames`); one builder, so that the shared figure
    (`ui.figure_cache.shared_figure`) is never changed after it is cached."""
    figure = dbscan_scrub_figure(X, labels, kinds, eps_labels, eps_at, circles=circles,
                                 axis_titles=axis_titles)
    return with_min_samples_frames(figure, ms_labels, ms_kinds, eps_label, ms_names, ms_at,
                                   circles=circles)


st.title("DBSCAN: density-based clusters and noise")
st.caption(
    "A **core** point has at least min_samples points (itself included) within distance eps. "
    "Core points within eps of each other form a cluster; a **border** point is not core but "
    "lies within eps of a core point; every other point is **noise**."
)

controls, view = st.columns([1, 2.6], gap="large")
with controls:
    data = dataset_controls("db", default="moons", draw_on="db_scatter")
    start_a_drawing_at_its_scale(data)
    with carrier("db_eps"):
        eps = st.select_slider("eps (neighbourhood radius)", EPS_CHOICES, 0.1, key="db_eps",
                               bind="query-params",
                               help="Two points closer than eps are neighbours. Read a good value "
                                    "at the knee of the k-distance curve.")
    with carrier("db_min"):
        min_samples = st.slider("min_samples", 1, MAX_MIN_SAMPLES, DEFAULT_MIN_SAMPLES,
                                key="db_min",
                                bind="query-params",
                                help="Neighbours within eps (the point itself included) needed to "
                                     "be a core point.")
    circles = st.toggle("Draw eps-circles around core points", False, key="db_circles",
                        bind="query-params",
                        help="One circle of radius eps per core point (up to 400 points).")

if data is None:
    st.stop()
X = data.X[:, :2]
with view:
    try:
        labels, point_types, k_dist = dbscan_view(X, eps, min(min_samples, len(X)))
    except ValueError as error:
        show_error(error)
        st.stop()
    labels = align_labels(data.y, labels)  # colours follow the classes the clusters match
    counts = {kind: int((point_types == kind).sum()) for kind in POINT_TYPES}
    n_clusters = int(labels.max()) + 1
    cols = presenter.number_columns(5, beside=controls)
    key_number("Clusters", n_clusters, where=cols[0],
               help="Clusters found (noise is not a cluster).")
    key_number("Core", counts["core"], where=cols[1],
               help="Points with min_samples neighbours within eps.")
    key_number("Border", counts["border"],
               help="Not core, but within eps of a core point: joins that core's cluster.",
               where=cols[2])
    key_number("Noise", counts["noise"], help="Neither core nor border: label -1.", where=cols[3])
    if n_clusters:
        ari = scores(data.y, labels)["ari"]
        key_number("ARI vs truth", f"{ari:.3f}",
                   help="Adjusted Rand index against the true classes, noise counted as "
                        "one more group: 1 = identical, 0 = chance level.", where=cols[4])
    notebook_download("db", "explore_dbscan", dict(
        kind="clustering", title="DBSCAN", summary="Core, border and noise points of DBSCAN.",
        data=data.source, columns=2, algorithm="dbscan",
        algorithm_params=dict(eps=eps, min_samples=min(min_samples, len(X))),
        measures=SCORES, figure=dict(kind="dbscan")))
    # Every eps is shipped with the chart: its slider redraws in the browser, and the eps
    # reached comes back to the eps control (and the link) when the scrub ends.
    sweep_labels, sweep_kinds = dbscan_eps_frames(X, data.y, EPS_CHOICES, min(min_samples,
                                                                                len(X)))
    eps_labels = [f"{v:g}" for v in EPS_CHOICES]
    # The second slider: every min_samples at this eps (the page's eps and min_samples are
    # where both sweeps meet).
    ms_values = tuple(range(1, min(MAX_MIN_SAMPLES, len(X)) + 1))
    ms_sweep, ms_kinds = dbscan_min_samples_frames(X, data.y, eps, ms_values)
    shapes = eps_circles(X, labels, point_types, eps) if circles else None
    figure = shared_figure(scatter_figure, X, sweep_labels, sweep_kinds, eps_labels,
                           EPS_CHOICES.index(eps), ms_sweep, ms_kinds, f"{eps:g}",
                           [str(m) for m in ms_values],
                           ms_values.index(min(min_samples, len(X))), shapes,
                           data.feature_names[:2])

    def scrubbers() -> None:
        scrub_to_widget("db_scatter", "eps", "db_eps", EPS_CHOICES, eps_labels)
        scrub_to_widget("db_scatter", "min_samples", "db_min", ms_values,
                        [str(m) for m in ms_values])

    show_chart(figure, "db_scatter", data=dbscan_data(X, labels, point_types), shared=True,
               under=scrubbers)
    st.subheader("How DBSCAN grows its clusters")
    st.caption(
        "Press Play, or step. Each cluster starts at a core point and takes, wave after wave, "
        "every point within eps of one of its core points; a border point joins but reaches "
        "no further. Grey: not reached yet, and at the end, noise."
    )
    growth = dbscan_growth_frames(X, data.y, eps, min(min_samples, len(X)))
    kinds = (point_types[:, None] == np.array(POINT_TYPES)).argmax(axis=1)

    @st.fragment
    def growing() -> None:
        last = len(growth.labels) - 1
        step = step_controls("db", last, "Growth step", "How far the clusters have grown: 0 "
                             "is before the first core point.")
        # Every step travels with the chart: Play, Pause, its slider and step buttons move in
        # the browser; the step reached comes back to the step slider (and the link).
        show_chart(shared_figure(dbscan_growth_figure, X, growth.labels, kinds, growth.titles,
                                 step, axis_titles=data.feature_names[:2],
                                 play_ms=GROWTH_FRAME_MS),
                   "db_growth", data=growth.table(X, data.feature_names[:2]), shared=True,
                   under=step_scrub("db_growth", "db", last))

    growing()
    st.subheader("Choosing eps: the sorted k-distance curve")
    st.caption(
        f"For every point, the distance to its {min_samples}-th nearest neighbour (itself "
        "first), sorted from largest to smallest. Points under the dashed eps line are core "
        "points. Ester et al. (1996) suggest eps at the knee, where the curve flattens."
    )
    show_chart(
        shared_figure(k_distance_figure, k_dist, eps, min_samples),
        "db_kdist",
        data=k_distance_data(k_dist, eps),
        shared=True,
    )
