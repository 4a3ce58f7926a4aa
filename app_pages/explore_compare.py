"""Compare algorithms: a live gallery on one dataset, and a parameter grid to click through."""

import textwrap

import streamlit as st

from clustering import ALGORITHMS
from datasets import DATASETS
from explorer.alignment import align_labels
from explorer.compare import DEFAULT_GALLERY, GRIDS, cell_params, grid_axes
from explorer.frames import points_frame
from plots.compare import GRID_VALUES, grid_heatmap, panel_figure
from plots.describe import counted
from plots.panels import panels
from plots.tables import points_table
from ui import web
from ui.cache import projection
from ui.explore_cache import gallery_panel, grid, grid_cell
from ui.explore_controls import dataset_controls
from ui.export import selected_points, show_chart
from ui.layout import PHONE_WIDTH_PX
from ui.lesson import result_text
from ui.notebook import notebook_download
from ui.text import show_error
from ui.widgets import seed_input

HEAT = "cmp_heat"
GRID_LABELS = {"dbscan": "DBSCAN: eps × min_samples", "kmeans": "k-means: K × seed"}
PANELS_PER_ROW = 3
# A row of panels with its titles covers more than a third of a 1280x720 screen.
GALLERY_HEIGHT = 500
# A panel's title line holds at most this many characters: three panels share a phone's
# 358 px, about 90 px each, and a longer line met its neighbour's (the full numbers go in
# the caption under the row).
TITLE_CHARS = 12
# On a phone the titles' type is smaller too (on a 1280x720 projector they keep 14 px).
PHONE_TITLE_CSS = web.filled("compare_gallery.css", PHONE_WIDTH_PX=PHONE_WIDTH_PX)


def panel_caption(panel, gap: str = " · ") -> str:
    return (f"{counted(panel.n_clusters, 'cluster')} · {1000 * panel.seconds:.0f} ms{gap}"
            f"ARI {panel.scores['ari']:.3f} · AMI {panel.scores['ami_arithmetic']:.3f}")


def panel_title(name: str, panel) -> str:
    """A gallery panel's title: the algorithm's name (without its parenthesis, in lines of
    at most `TITLE_CHARS` characters) in bold, then its ARI.

    Examples
    --------
    >>> from types import SimpleNamespace
    >>> panel_title("hierarchical", SimpleNamespace(scores={"ari": 0.4671}))
    '<b>Hierarchical</b><br>ARI 0.467'
    >>> panel_title("affinity_propagation", SimpleNamespace(scores={"ari": 1.0}))
    '<b>Affinity<br>propagation</b><br>ARI 1.000'
    """
    short = ALGORITHMS[name].label.split(" (")[0]
    lines = textwrap.wrap(short, TITLE_CHARS, break_long_words=False)
    return f"<b>{'<br>'.join(lines)}</b><br>ARI {panel.scores['ari']:.3f}"


def show_gallery_row(row, key: str) -> None:
    """One chart of ``row``'s panels (algorithm, its result, its labels named after the
    classes), their axes linked: a zoom into one algorithm's result zooms its neighbours.
    A row per chart keeps each row as tall in presenter mode, where a chart takes the
    height of the screen. Each panel's title holds its name and ARI; the caption under the
    row, every panel's clusters, time, ARI and AMI."""
    figure = panels(
        [panel_figure(xy, labels, axis_titles, equal_scales=False) for _, _, labels in row],
        titles=[panel_title(name, panel) for name, panel, _ in row], shared=True,
        horizontal_spacing=0.03)  # shared axes: the inner panels have no tick labels
    figure.update_layout(height=GALLERY_HEIGHT, showlegend=False, font={"size": 13},
                         margin={"l": 50, "r": 10, "t": 95, "b": 45})
    figure.update_annotations(font={"size": 14})
    show_chart(figure, key, data=points_frame(
        xy, **{ALGORITHMS[name].label: labels for name, _, labels in row}))
    st.caption(result_text("  \n".join(f"**{ALGORITHMS[name].label}**: {panel_caption(panel)}"
                                       for name, panel, _ in row)))


def picked_cell(table) -> tuple[float, float] | None:
    """The grid cell a student clicked, matched by its axis labels."""
    points = selected_points(st.session_state.get(HEAT))
    if not points:
        return None
    x, y = str(points[-1]["x"]), str(points[-1]["y"])
    hit = table[(table["col"].map(lambda v: f"{v:.3g}") == x)
                & (table["row"].map(lambda v: f"{v:.3g}") == y)]
    return None if hit.empty else (hit["row"].iloc[0], hit["col"].iloc[0])


st.title("Compare algorithms")
st.caption(
    "Every algorithm on the same data, side by side, each with its fitting time and its "
    "agreement with the true classes (ARI and AMI: 1 = identical, 0 = chance). Algorithms "
    "that need K are given the true number of classes; the others keep their defaults."
)

controls, view = st.columns([1, 2.6], gap="large")
with controls:
    data = dataset_controls("cmp", default="moons", names=tuple(DATASETS), standardize=True,
                            draw_on="cmp_gallery_0")
    names = st.multiselect(
        "Algorithms", list(ALGORITHMS), default=list(DEFAULT_GALLERY), key="cmp_algos",
        bind="query-params", format_func=lambda k: ALGORITHMS[k].label,
        help="Which algorithms to run; each gets a panel. Affinity propagation and spectral "
             "clustering are slow beyond a thousand points.",
    )
    seed = seed_input("Algorithm seed", "cmp_rs",
        help="Fixes the random starts of the algorithms that draw.")

if data is None:
    st.stop()
xy, axis_titles = projection(data.X, data.feature_names)
with view:
    if not names:
        st.info("Pick at least one algorithm.")
    gallery = []
    for name in names:
        try:
            panel = gallery_panel(name, data.X, data.y, int(seed))
        except ValueError as error:
            show_error(error, f"{ALGORITHMS[name].label}: ")
            continue
        gallery.append((name, panel, align_labels(data.y, panel.labels)))
    st.html(f"<style>{PHONE_TITLE_CSS}</style>")
    for row, start in enumerate(range(0, len(gallery), PANELS_PER_ROW)):
        show_gallery_row(gallery[start:start + PANELS_PER_ROW], f"cmp_gallery_{row}")

    st.subheader("One algorithm over a grid of parameters")
    st.caption("Each cell is a whole clustering. Click a cell to see it.")
    left, right = st.columns(2)
    kind = left.selectbox("Grid", GRIDS, format_func=GRID_LABELS.__getitem__, key="cmp_grid",
                          bind="query-params",
                          help="DBSCAN over eps (scaled to the data's spacing) and "
                               "min_samples, or k-means over K and the seed of its start.")
    value = right.selectbox("Colour by", tuple(GRID_VALUES), format_func=GRID_VALUES.__getitem__,
                            key="cmp_value", bind="query-params",
                            help="Score against the true classes, or the number of clusters "
                                 "found.")
    table = grid(kind, data.X, data.y)
    best = table.loc[table["ari"].idxmax()]
    clicked = picked_cell(table)
    cell = clicked or (best["row"], best["col"])
    axes = grid_axes(kind)
    show_chart(
        grid_heatmap(table, value, axes, selected=cell),
        HEAT,
        data=table.rename(columns={"row": axes[0], "col": axes[1]}),
        on_select="rerun",
        selection_mode="points",
    )
    chosen = grid_cell(kind, data.X, data.y, float(cell[0]), float(cell[1]))
    params, cell_seed = cell_params(kind, data.X, *cell)
    settings = ", ".join(f"{k} = {v:.3g}" for k, v in params.items())
    settings += f", seed {cell_seed}" if kind == "kmeans" else ""
    st.markdown(result_text(f"**{'Selected' if clicked else 'Best ARI'}: {settings}** · "
                            + panel_caption(chosen)))
    labels = align_labels(data.y, chosen.labels)
    show_chart(
        panel_figure(xy, labels, axis_titles),
        "cmp_cell_scatter",
        data=points_table(xy, labels),
    )
    notebook_download("cmp", "compare_algorithms", dict(
        kind="clustering", title=f"{ALGORITHMS[chosen.name].label}: {settings}",
        summary="The selected cell of the parameter grid.", data=data.source,
        algorithm=chosen.name, algorithm_params=chosen.params, algorithm_seed=cell_seed,
        measures=tuple(chosen.scores)))
