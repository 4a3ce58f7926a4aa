"""k-means step by step: start, assign, update, ... played, stepped and scrubbed in the
browser, or one button press at a time."""

from functools import partial

import numpy as np
import streamlit as st

from explorer.kmeans import (
    INITS,
    format_centers,
    nearest_center_grid,
    padded_bounds,
    parse_centers,
)
from plots.framed import scrubbed_scatter
from plots.handles import handle_name, point_handles
from plots.kmeans import (
    add_click_grid,
    inertia_data,
    inertia_figure,
    kmeans_animation_figure,
    kmeans_step_data,
    kmeans_step_figure,
)
from plots.tables import points_table
from ui.drag import drag_to_widget
from ui.explore_cache import SCORES, kmeans_frames, kmeans_k_frames, scores
from ui.explore_controls import dataset_controls
from ui.export import selected_points, show_chart
from ui.figure_cache import shared_figure
from ui.lesson import key_number
from ui.notebook import notebook_download
from ui.scrub import carrier, scrub_to_widget
from ui.stepper import step_controls, step_scrub
from ui.text import show_error
from ui.widgets import seed_input

CHART = "km_chart"
INIT_LABELS = {"k-means++": "k-means++", "random": "random points", "placed": "placed by you"}
# Voronoi tint resolution in the animation: one grid per step travels with the chart.
CELLS_RESOLUTION = 80
K_MAX = 10


def new_click(state) -> tuple[float, float] | None:
    """The point of the chart's latest selection, unless it was already taken."""
    points = selected_points(state)
    if not points:
        return None
    click = (float(points[-1]["x"]), float(points[-1]["y"]))
    return None if click == st.session_state.get("km_last_click") else click


def absorb_click() -> None:
    """Append the point a student clicked (in placement mode) to the typed centres."""
    click = new_click(st.session_state.get(CHART))
    if click is None:
        return
    st.session_state["km_last_click"] = click
    try:
        placed = parse_centers(st.session_state.get("km_centres", ""))
    except ValueError:
        placed = np.empty((0, 2))
    st.session_state["km_centres"] = format_centers(np.vstack([placed, [click]]))


def animated_figure(X: np.ndarray, k: int, init: str, seed: int,
                    placed: tuple[tuple[float, ...], ...] | None, step: int,
                    axis_titles: tuple[str, str], regions: bool):
    """The whole run as one animated chart (`plots.kmeans.kmeans_animation_figure`, with
    each move's nearest-centre regions when ``regions``) and the first centres' rings to
    drag; one builder for `ui.figure_cache.shared_figure`, by the run's own inputs."""
    frames = kmeans_frames(X, k, init, seed, placed)
    bounds = padded_bounds(X)
    cells = [nearest_center_grid(bounds, f.centers, CELLS_RESOLUTION)
             for f in frames] if regions else None
    fig = kmeans_animation_figure(X, frames, step, axis_titles=axis_titles, cells=cells)
    return fig.update_layout(shapes=point_handles(frames[0].centers))


def moved_centre(centres: np.ndarray, i: int, point: tuple[float, float]) -> str:
    """The centres as the "Centres" box holds them, centre ``i`` moved to ``point`` (a
    dropped ring: `ui.drag.drag_to_widget`)."""
    centres = np.array(centres, dtype=float)
    centres[i] = point
    text = format_centers(centres)
    if st.session_state.get("km_init") != "placed":
        # Streamlit puts a value set from code into the link only for a widget drawn
        # before; the box is drawn for the first time in the next run.
        st.query_params["km_centres"] = text
    return text


def clear_centres() -> None:
    st.session_state["km_centres"] = ""
    st.session_state.pop("km_last_click", None)


st.title("k-means step by step")
st.caption(
    "Lloyd's algorithm alternates two moves until nothing changes: **assign** every point to "
    "its nearest centre, then **update** every centre to the mean of its points. Each move "
    "can only lower the inertia J, the sum of squared distances to the centres."
)
st.latex(
    r"J = \sum_{i=1}^{n} \lVert x_i - c_{z_i} \rVert^2, \qquad "
    r"z_i = \arg\min_l \lVert x_i - c_l \rVert, \qquad c_l = \operatorname{mean}\{x_i : z_i = l\}"
)

controls, view = st.columns([1, 2.6], gap="large")
with controls:
    data = dataset_controls("km", default="blobs", draw_on=CHART)
    init = st.selectbox(
        "First centres", INITS, format_func=INIT_LABELS.__getitem__, key="km_init",
        bind="query-params",
        help="k-means++ draws each new centre with probability proportional to its squared "
             "distance from the centres already chosen; random takes K distinct points; or "
             "you place the centres yourself by clicking the plot.",
    )
    placed = None
    if init == "placed":
        absorb_click()
        text = st.text_input(
            "Centres (x, y; x, y; ...)", key="km_centres", bind="query-params",
            placeholder="click the plot, or type e.g. 0, 0; 3, 4",
            help="One centre per ';'. Clicking the plot adds a centre where you click; their "
                 "number sets K.",
        )
        st.button("Clear centres", on_click=clear_centres, icon=":material/delete:",
                  key="km_centres_clear",
                  help="Remove every placed centre and start again.")
        try:
            placed = parse_centers(text)
        except ValueError as error:
            show_error(error)
            placed = np.empty((0, 2))
        k = len(placed)
    else:
        with carrier("km_k"):
            k = st.slider("K (number of clusters)", 1, K_MAX, 3, key="km_k", bind="query-params",
                          help="How many centres k-means uses.")
        seed = seed_input("k-means seed", "km_rs",
            help="Fixes the random choice of the first centres: same seed, same run.")
    regions = st.toggle("Show nearest-centre regions", True, key="km_regions",
                        bind="query-params",
                        help="Tint the plane by the nearest centre: the cells every point is "
                             "assigned by.")

if data is None:
    st.stop()
X = data.X[:, :2]
bounds = padded_bounds(X)

with view:
    if init == "placed" and k == 0:
        st.info("Click anywhere on the plot to place a centre; every click adds one.")
        fig = kmeans_step_figure(X, None, np.empty((0, 2)), title="Place the first centres")
        add_click_grid(fig, bounds)
        state = show_chart(
            fig,
            CHART,
            data=kmeans_step_data(X, None, np.empty((0, 2))),
            on_select="rerun",
            selection_mode="points",
        )
        if new_click(state):
            st.rerun()
        st.stop()
    seed_used = 0 if init == "placed" else int(seed)
    placed_centres = None if placed is None else tuple(map(tuple, placed))
    try:
        frames = kmeans_frames(X, k, init, seed_used, placed_centres)
    except ValueError as error:
        show_error(error)
        st.stop()
    last = len(frames) - 1

    @st.fragment
    def stepper() -> None:
        step = step_controls("km", last, "Move", "Which move of the run to show: 0 is the "
                             "start.")
        frame = frames[step]
        clickable = init == "placed"
        if clickable:  # clicks place centres: the chart stays a plain, selectable one
            # The animated chart's title says what each move does; this one has none.
            st.markdown(f"**{frame.caption}**")
            trail = [f.centers for f in frames[: step + 1] if f.phase != "assign"]
            cells = nearest_center_grid(bounds, frame.centers) if regions else None
            fig = kmeans_step_figure(X, frame.labels, frame.centers,
                                     previous=frame.previous_centers, trail=trail,
                                     regions=cells, axis_titles=data.feature_names[:2])
            add_click_grid(fig, bounds)
        else:
            # The whole run travels with the chart: Play, Pause and its slider move in the
            # browser; the step reached comes back to the Move slider (and the link).
            fig = shared_figure(animated_figure, X, k, init, seed_used, placed_centres, step,
                                data.feature_names[:2], regions)
        if clickable:
            fig.update_layout(shapes=point_handles(frames[0].centers))
        state = show_chart(
            fig,
            CHART,
            data=kmeans_step_data(X, frame.labels, frame.centers),
            shared=not clickable,
            shapes_editable=True,
            on_select="rerun" if clickable else "ignore",
            selection_mode="points",
            under=None if clickable else step_scrub(CHART, "km", last),
        )
        if clickable and new_click(state):
            # The click belongs to the controls above the fragment: rerun the whole page.
            st.rerun()
        cols = st.columns(3)
        key_number("Move", f"{step} / {last}", where=cols[0],
                   help="Moves so far / moves to converge.")
        key_number("Inertia J", "—" if frame.inertia is None else f"{frame.inertia:.4g}",
                   help="Sum of squared distances from each point to its centre.", where=cols[1])
        if frame.labels is not None:
            ari = scores(data.y, frame.labels)["ari"]
            key_number("ARI vs truth", f"{ari:.3f}",
                       help="Adjusted Rand index of this assignment against the true "
                            "classes: 1 = identical, 0 = chance level.", where=cols[2])
        notebook_download("km", "explore_kmeans", dict(
            kind="kmeans_steps", title="k-means step by step",
            summary="One move of Lloyd's algorithm.", data=data.source, columns=2,
            n_clusters=k, init=init, seed=0 if init == "placed" else int(seed),
            centers=None if placed is None else placed.tolist(), step=step,
            measures=SCORES if frame.labels is not None else ()))
        inertia = [f.inertia for f in frames]
        show_chart(
            shared_figure(inertia_figure, inertia, step),
            "km_inertia",
            data=inertia_data([f.phase for f in frames], inertia),
            shared=True,
        )

    stepper()
    st.caption("The dotted rings are the first centres: drag one, and the run starts again "
               "from there (move 0), with the centres placed by you.")
    # Outside the fragment: a drop changes the controls above it, so the whole page reruns.
    first = frames[0].centers
    for i in range(len(first)):
        drag_to_widget(CHART, handle_name(i), "xy", first[i], "km_centres",
                       partial(moved_centre, first, i),
                       also={"km_init": "placed", "km_step": 0})

    if init != "placed":
        # Every K travels with the chart: its slider redraws in the browser, and the K it
        # stops at comes back to the K control (and the link), which reruns the moves above.
        ks = tuple(range(1, min(K_MAX, len(X)) + 1))
        k_labels, k_centres, k_titles = kmeans_k_frames(X, data.y, ks, init, int(seed))
        st.markdown("**Every K, each run to the end** from the same seed: drag the slider "
                    "under the chart to compare; where you let go becomes K above.")
        show_chart(shared_figure(scrubbed_scatter, X, k_labels, [str(v) for v in ks], name="K",
                                 active=ks.index(k), titles=k_titles, centers=k_centres,
                                 axis_titles=data.feature_names[:2], height=460),
                   "km_k_scatter", data=points_table(X, k_labels[ks.index(k)]), shared=True,
                   under=partial(scrub_to_widget, "km_k_scatter", "K", "km_k", ks,
                                 [str(v) for v in ks]))
