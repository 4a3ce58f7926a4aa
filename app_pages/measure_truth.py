"""Compare with ground truth: a clustering scored by every measure, external and internal."""

from functools import partial

import numpy as np
import streamlit as st

from clustering import ALGORITHMS
from datasets import DATASETS
from explorer.alignment import align_labels
from explorer.frames import points_frame
from explorer.report import class_names, cluster_names
from metrics.alignment import score_noise
from plots.describe import counted
from plots.framed import scrubbed_scatter
from plots.panels import clusters_beside_classes, k_sweep_beside_classes
from ui.cache import every_measure, k_sweep, noise_sweep, projection, run_algorithm
from ui.controls import algorithm_controls
from ui.explore_controls import data_choice, load_choice
from ui.export import show_chart
from ui.figure_cache import shared_figure
from ui.lesson import result_text
from ui.measures import random_model_controls
from ui.notebook import notebook_download
from ui.report import noise_policy_choice, show_contingency, show_internal, show_measures
from ui.scrub import scrub_to_widget
from ui.text import show_error

# The K the chart's scrubber offers (the page's K is added when it is larger).
K_GRID = 10
# Frames of the noise chart: every fifth step of the noise slider (each frame is a fresh draw
# and a run of the algorithm, so all 51 steps cost five times the server time), plus the
# page's own noise.
NOISE_FRAMES = 10
# The clusters and the classes side by side fill the first screen of a 1280x720 projector.
PAIR_HEIGHT = 560

st.title("Compare with ground truth")
st.caption(
    "Cluster a dataset whose classes are known, then see how every measure scores the "
    "result, how the random model changes the adjusted ones, and what the internal indices "
    "say without looking at the truth."
)

controls, view = st.columns([1, 2.8], gap="large")
with controls:
    choice = data_choice(
        "mt", names=tuple(DATASETS), standardize=False, dataset_key="dataset",
        seed_label="Seed",
        seed_help="Fixes every random draw (data and algorithm): the same seed, the same result.",
        draw_on="mt_pair",
    )
    seed = choice.seed
    data_label = DATASETS[choice.name].label
    algorithm_name, params = algorithm_controls("mt")
    algorithm = ALGORITHMS[algorithm_name]
    policy = noise_policy_choice("mt_noise_policy")
    model, one_sided = random_model_controls("mt")

with view:
    data = load_choice(choice)
    if data is None:
        st.stop()
    try:
        result = run_algorithm(algorithm_name, data.X, int(seed), params)
        # Clusters named after their matched classes everywhere (colours, contingency
        # table, every CSV); the partition, hence every measure, is unchanged.
        aligned = align_labels(data.y, result.labels)
        truth, found = score_noise(data.y, aligned, policy)
        values = every_measure(truth, found, model, one_sided)
    except (ValueError, TypeError) as error:
        show_error(error)
        st.stop()

    notebook_download("mt", "compare_with_truth", dict(
        kind="clustering", title=f"{algorithm.label} on {data_label}: every measure",
        summary="A clustering scored against the true classes by every registered measure.",
        data=data.source, algorithm=algorithm_name, algorithm_params=params,
        algorithm_seed=int(seed), noise_policy=policy, measures=list(values),
        options=dict(random_model=model, one_sided=one_sided)))
    n_noise = int((result.labels == -1).sum())
    st.markdown(result_text(
        f"**{algorithm.label}** found **{result.n_clusters}** "
        + ("cluster" if result.n_clusters == 1 else "clusters")
        + (f" and **{n_noise}** noise points" if n_noise else "")
        + f" among {data.n_samples} points in {data_label} "
        f"({np.unique(data.y).size} classes). Seed {int(seed)}."
    ))
    # Only the open tab is drawn: the browser redrew every tab's charts on each slider move.
    scatter_tab, table_tab, measures_tab, internal_tab = st.tabs(
        ["Clusters and classes", "Contingency table", "Every measure", "Internal indices"],
        key="mt_tab", on_change="rerun",
    )


def show_scatters() -> None:
    """The clusters found beside the true classes: one chart whose two panels share their
    axes, so that a zoom in one zooms the other. Built once for every session
    (`ui.figure_cache.shared_figure`): a class following its teacher asks for the same."""
    xy, axis_titles = projection(data.X, data.feature_names)
    if "n_clusters" in params:
        # Every K of the grid is shipped with the chart: its slider redraws in the
        # browser, and the K reached comes back to the K control (and the link).
        ks = tuple(sorted({*range(1, K_GRID + 1), int(params["n_clusters"])}))
        sweep, titles = k_sweep(algorithm_name, data.X, data.y, int(seed), params, ks)
        pair = shared_figure(k_sweep_beside_classes, xy, data.y, sweep, ks,
                             ks.index(int(params["n_clusters"])), titles, axis_titles,
                             PAIR_HEIGHT)
    else:
        pair = shared_figure(
            clusters_beside_classes, xy, data.y, aligned,
            f"{algorithm.label}: {counted(result.n_clusters, 'cluster')}", axis_titles,
            PAIR_HEIGHT)
    show_chart(pair, key="mt_pair", shared=True,
               data=points_frame(xy, cluster=cluster_names(aligned),
                                 true_class=class_names(data.y)),
               filename="clusters_and_classes",
               under=partial(scrub_to_widget, "mt_pair", "K", "mt_k", ks, [str(k) for k in ks])
               if "n_clusters" in params else None)
    st.caption(
        "Each cluster takes the colour of the class it is matched to (Hungarian matching "
        "on the contingency table); unmatched clusters get new colours, noise is grey."
    )
    if choice.noise is not None:
        show_noise_scrub()


def show_noise_scrub() -> None:
    """The clusters found at every noise of the noise slider: the data are drawn again at
    each (same seed), clustered, and shipped as frames the browser scrubs through."""
    top = DATASETS[choice.name].max_noise
    grid = {round(i * top / NOISE_FRAMES, 12) for i in range(NOISE_FRAMES + 1)}
    noises = tuple(sorted(grid | {round(float(choice.noise), 12)}))
    labels = [f"{v:g}" for v in noises]
    try:
        xys, sweep, titles = noise_sweep(algorithm_name, choice.name, choice.n_samples,
                                         noises, int(seed), choice.standardize, params)
    except (ValueError, TypeError) as error:
        show_error(error)
        return
    active = int(np.abs(np.array(noises) - choice.noise).argmin())
    _, axis_titles = projection(data.X, data.feature_names)
    figure = shared_figure(scrubbed_scatter, xys, sweep, labels, name="noise", active=active,
                           titles=titles, axis_titles=axis_titles)
    show_chart(figure, key="mt_scatter_noise", shared=True,
               data=points_frame(xys[active], cluster=cluster_names(sweep[active])),
               filename="clusters_by_noise",
               under=partial(scrub_to_widget, "mt_scatter_noise", "noise",
                             f"mt_noise_{choice.name}", noises, labels))
    st.caption("Drag the noise slider under the chart: the data are drawn again at each noise "
               "with the same seed and clustered with the same parameters; the noise reached "
               "comes back to the Noise control and the link.")


if scatter_tab.open:
    with scatter_tab:
        show_scatters()
if table_tab.open:
    with table_tab:
        show_contingency(truth, found, "mt_heatmap", noise_named=policy == "cluster")
if measures_tab.open:
    with measures_tab:
        show_measures(values, "mt_scores", truth, found)
if internal_tab.open:
    with internal_tab:
        show_internal(data.X, aligned, "mt", seed=int(seed),
                      k_now=result.n_clusters if algorithm_name == "kmeans" else None)
