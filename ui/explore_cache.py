"""Cached calls behind the explorer pages: a slider move that changes nothing costs nothing."""

import numpy as np
import pandas as pd
import streamlit as st

import clustering
import metrics
from clustering.dbscan import k_distance
from clustering.density_peaks import DensityPeaks
from clustering.hierarchical import cut_tree
from explorer.alignment import align_labels
from explorer.compare import Panel, cell_params, parameter_grid, run_panel
from explorer.dbscan_growth import DbscanGrowth, dbscan_growth
from explorer.dbscan_sweep import dbscan_min_samples_sweep, dbscan_sweep
from explorer.density_peaks import (
    decision_graph,
    threshold_clusterings,
    top_gamma,
    with_centers,
)
from explorer.em import (
    MAX_COMPONENTS,
    em_run,
    information_criteria,
    kmeans_from_same_start,
    step_view,
)
from explorer.fuzzy import fpc_curve, fuzzy_rounds, shown_rounds
from explorer.kmeans import KMeansStep, fit_stepper, kmeans_steps
from explorer.threads import one_thread
from plots.describe import counted

SCORES = ("ari", "ami_arithmetic")


@st.cache_data(max_entries=32, show_spinner=False)
def kmeans_frames(X: np.ndarray, n_clusters: int, init: str, random_state: int,
                  centers: tuple[tuple[float, ...], ...] | None) -> list[KMeansStep]:
    """The step-through frames of k-means on ``X`` (see `explorer.kmeans.kmeans_steps`)."""
    placed = None if centers is None else np.array(centers, dtype=float)
    est = fit_stepper(X, n_clusters, init, random_state, placed)
    return kmeans_steps(X, est.history_)


@st.cache_data(max_entries=16, show_spinner=False)
def kmeans_k_frames(X: np.ndarray, y: np.ndarray, ks: tuple[int, ...], init: str,
                    random_state: int) -> tuple[np.ndarray, list[np.ndarray], list[str]]:
    """k-means run to convergence at each K of ``ks``, from the page's init and seed
    (`explorer.kmeans.fit_stepper`: each is the last move of the step-through at that K): the
    labels renamed after the classes they match, the centres, and a title with the inertia
    and the ARI."""
    fits = [fit_stepper(X, k, init, random_state) for k in ks]
    titles = [f"K = {k}: inertia {est.inertia_:.4g}, ARI vs truth "
              f"{metrics.adjusted_rand_index(y, est.labels_):.3f}"
              for k, est in zip(ks, fits, strict=True)]
    return (_aligned_rows(y, np.array([est.labels_ for est in fits])),
            [est.cluster_centers_ for est in fits], titles)


@st.cache_data(max_entries=16, show_spinner=False)
def em_fit(X: np.ndarray, n_components: int, covariance_type: str, init: str,
           random_state: int) -> clustering.ClusteringResult:
    """EM with every step kept (`explorer.em.em_run`)."""
    with one_thread():
        return em_run(X, n_components, covariance_type, init, random_state)


@st.cache_data(max_entries=16, show_spinner=False)
def em_steps(X: np.ndarray, n_components: int, covariance_type: str, init: str,
             random_state: int) -> tuple[list[np.ndarray], list[list[dict]], list[str]]:
    """What every EM step shows (`explorer.em.step_view`): responsibilities, ellipses (48
    points a curve: they travel with the chart) and a title with the log-likelihood."""
    history = em_fit(X, n_components, covariance_type, init, random_state).extras["history"]
    views = [step_view(X, entry, n_points=48) for entry in history]
    last = len(history) - 1
    titles = [f"step {i} / {last}: log-likelihood {entry['log_likelihood']:.6g}"
              for i, entry in enumerate(history)]
    return [v[0] for v in views], [v[1] for v in views], titles


@st.cache_data(max_entries=16, show_spinner=False)
def em_kmeans(X: np.ndarray, means: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Labels and centres of k-means from EM's first means (`explorer.em`)."""
    est = kmeans_from_same_start(X, means)
    return est.labels_, est.cluster_centers_


@st.cache_data(max_entries=16, show_spinner=f"Fitting K = 1 … {MAX_COMPONENTS}…")
def em_criteria(X: np.ndarray, covariance_type: str, init: str,
                random_state: int) -> pd.DataFrame:
    """BIC and AIC against K (`explorer.em.information_criteria`)."""
    with one_thread():
        return information_criteria(X, range(1, MAX_COMPONENTS + 1), covariance_type, init,
                                    random_state)


@st.cache_data(max_entries=256, show_spinner=False)
def scores(labels_true: np.ndarray, labels_pred: np.ndarray) -> dict[str, float]:
    """ARI and AMI of a clustering against the true classes (`metrics.compare`)."""
    return metrics.compare(labels_true, labels_pred, SCORES)


@st.cache_data(max_entries=64, show_spinner=False)
def dbscan_view(X: np.ndarray, eps: float, min_samples: int
                ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """DBSCAN labels, the type of each point and the sorted k-distance curve (k = min_samples).
    """
    result = clustering.run("dbscan", X, eps=eps, min_samples=min_samples)
    k_dist = k_distance(X, min(min_samples, X.shape[0]))
    return result.labels, result.extras["point_types"], k_dist


@st.cache_data(max_entries=16, show_spinner=False)
def dbscan_eps_frames(X: np.ndarray, y: np.ndarray | None, eps_values: tuple[float, ...],
                      min_samples: int) -> tuple[np.ndarray, np.ndarray]:
    """DBSCAN at every eps (`explorer.dbscan_sweep.dbscan_sweep`), each row's clusters
    renamed after the classes they match when ``y`` is given; one computation shared by
    every session at the same data."""
    labels, kinds = dbscan_sweep(X, eps_values, min_samples)
    return labels if y is None else _aligned_rows(y, labels), kinds


@st.cache_data(max_entries=16, show_spinner=False)
def dbscan_min_samples_frames(X: np.ndarray, y: np.ndarray | None, eps: float,
                              min_samples: tuple[int, ...]) -> tuple[np.ndarray, np.ndarray]:
    """DBSCAN at ``eps`` for every value of ``min_samples``
    (`explorer.dbscan_sweep.dbscan_min_samples_sweep`): labels (renamed after the classes
    they match when ``y`` is given) and point types as indices into
    `clustering.dbscan.POINT_TYPES`, one row per value."""
    labels, kinds = dbscan_min_samples_sweep(X, eps, min_samples)
    return labels if y is None else _aligned_rows(y, labels), kinds


@st.cache_data(max_entries=16, show_spinner=False)
def dbscan_growth_frames(X: np.ndarray, y: np.ndarray | None, eps: float,
                         min_samples: int) -> DbscanGrowth:
    """DBSCAN's clusters growing wave by wave (`explorer.dbscan_growth.dbscan_growth`), every
    frame's clusters renamed as the result's are after the classes they match."""
    growth = dbscan_growth(X, eps, min_samples)
    final = growth.labels[-1]
    if y is None or final.max() < 0:
        return growth
    aligned = align_labels(y, final)
    names = np.zeros(final.max() + 1, dtype=final.dtype)
    names[final[final >= 0]] = aligned[final >= 0]
    renamed = np.where(growth.labels >= 0, names[np.maximum(growth.labels, 0)], growth.labels)
    return DbscanGrowth(renamed, growth.titles)


def _aligned_rows(y: np.ndarray, labels: np.ndarray) -> np.ndarray:
    """Each row of ``labels`` renamed after the classes it matches (`align_labels`); a row
    equal to the one before it is renamed once (neighbouring values of a sweep mostly give
    the same clusters: 19 distinct rows among DBSCAN's 149 eps values on the moons)."""
    rows = []
    for i, row in enumerate(labels):
        same = i > 0 and np.array_equal(row, labels[i - 1])
        rows.append(rows[-1] if same else align_labels(y, row))
    return np.array(rows)


@st.cache_data(max_entries=16, show_spinner=False)
def hierarchical_cuts(X: np.ndarray, y: np.ndarray, linkage: str, metric: str,
                      ks: tuple[int, ...], metric_params: dict | None = None
                      ) -> tuple[np.ndarray, np.ndarray]:
    """The tree cut into each K of ``ks`` (`clustering.hierarchical.cut_tree` of one linkage),
    clusters renamed after the classes they match, and the ARI of each cut."""
    Z = hierarchical_run(X, linkage, metric, 1, None, metric_params).extras["linkage_matrix"]
    labels = np.array([align_labels(y, cut_tree(Z, k)) for k in ks])
    return labels, np.array([metrics.adjusted_rand_index(y, row) for row in labels])


@st.cache_data(max_entries=16, show_spinner="Computing densities…")
def density_graph(X: np.ndarray, percent: float, kernel: str) -> DensityPeaks:
    """Decision graph of density peaks (see `explorer.density_peaks.decision_graph`)."""
    return decision_graph(X, percent, kernel)


@st.cache_data(max_entries=64, show_spinner=False)
def density_clusters(X: np.ndarray, percent: float, kernel: str,
                     centers: tuple[int, ...]) -> tuple[DensityPeaks, bool]:
    """Density peaks with the given centres (see `explorer.density_peaks.with_centers`)."""
    return with_centers(density_graph(X, percent, kernel), X, list(centers))


@st.cache_data(max_entries=16, show_spinner=False)
def density_k_frames(X: np.ndarray, y: np.ndarray, percent: float, kernel: str,
                     ks: tuple[int, ...]) -> tuple[np.ndarray, list[np.ndarray], list[str]]:
    """Density peaks with the K largest gamma as centres, for each K of ``ks``: the labels
    (renamed after the classes they match), the centres' point numbers, and a title with the
    number of clusters and the ARI."""
    graph = density_graph(X, percent, kernel)
    models = [density_clusters(X, percent, kernel, tuple(int(c) for c in top_gamma(graph, k)))[0]
              for k in ks]
    labels = np.array([align_labels(y, model.labels_) for model in models])
    titles = [f"K = {k}: {counted(model.n_clusters_, 'cluster')}, ARI vs truth "
              f"{metrics.adjusted_rand_index(y, model.labels_):.3f}"
              for k, model in zip(ks, models, strict=True)]
    return labels, [model.centers_ for model in models], titles


@st.cache_data(max_entries=16, show_spinner=False)
def density_threshold_frames(X: np.ndarray, y: np.ndarray, percent: float, kernel: str,
                             shares: tuple[tuple[float, float], ...]
                             ) -> tuple[np.ndarray, np.ndarray, list[np.ndarray], list[str]]:
    """Density peaks with the centres above thresholds of the decision graph, for each pair
    (rho share, delta share) of ``shares`` (`explorer.density_peaks.threshold_clusterings`):
    the thresholds (rho_min, delta_min) of each pair, the labels (renamed after the classes
    they match), the centres' point numbers, and a title with the centres and the ARI."""
    runs = threshold_clusterings(density_graph(X, percent, kernel), shares)
    labels = np.array([align_labels(y, run[3]) for run in runs])
    titles = [f"ρ > {rho_min:.3g}, δ > {delta_min:.3g}: {len(centers)} centres, ARI vs truth "
              f"{metrics.adjusted_rand_index(y, row):.3f}"
              for (rho_min, delta_min, centers, _), row in zip(runs, labels, strict=True)]
    return (np.array([run[:2] for run in runs]), labels, [run[2] for run in runs], titles)


@st.cache_data(max_entries=64, show_spinner=False)
def hierarchical_run(X: np.ndarray, linkage: str, metric: str, n_clusters: int | None,
                     height: float | None, metric_params: dict | None = None
                     ) -> clustering.ClusteringResult:
    """Hierarchical clustering cut into ``n_clusters``, or at ``height`` when that is None;
    ``metric_params`` are the metric's own parameters (``p``, ``n_neighbors``)."""
    extra = metric_params or {}
    if n_clusters is not None:
        return clustering.run("hierarchical", X, cut="n_clusters", n_clusters=n_clusters,
                              linkage=linkage, metric=metric, **extra)
    return clustering.run("hierarchical", X, cut="distance_threshold",
                          distance_threshold=height, linkage=linkage, metric=metric, **extra)


@st.cache_data(max_entries=32, show_spinner=False)
def fuzzy_run(X: np.ndarray, n_clusters: int, m: float, random_state: int
              ) -> clustering.ClusteringResult:
    """Fuzzy c-means through the registry (`clustering.run`)."""
    # Small matrices in a long loop: BLAS threads cost more than they save (on a busy
    # two-core machine, seven times more).
    with one_thread():
        return clustering.run("fuzzy_cmeans", X, random_state=random_state,
                              n_clusters=n_clusters, m=m)


@st.cache_data(max_entries=16, show_spinner=False)
def fuzzy_m_frames(X: np.ndarray, y: np.ndarray, n_clusters: int, ms: tuple[float, ...],
                   random_state: int) -> tuple[list[np.ndarray], list[np.ndarray], list[str]]:
    """Fuzzy c-means at every m of ``ms`` (`fuzzy_run` each): the memberships, the centres,
    and a title for each m with its partition coefficient and the ARI of the hardened
    clusters against ``y``."""
    runs = [fuzzy_run(X, n_clusters, m, random_state) for m in ms]
    titles = [f"m = {m:g}: FPC {r.extras['fpc']:.3f}, ARI vs truth "
              f"{metrics.adjusted_rand_index(y, r.labels):.3f}" for m, r in zip(ms, runs,
                                                                                strict=True)]
    return [r.extras["membership"] for r in runs], [r.extras["centers"] for r in runs], titles


@st.cache_data(max_entries=16, show_spinner=False)
def fuzzy_round_frames(X: np.ndarray, y: np.ndarray, n_clusters: int, m: float,
                       random_state: int
                       ) -> tuple[np.ndarray, list[np.ndarray], list[np.ndarray], list[str]]:
    """The run of `fuzzy_run` round by round (`explorer.fuzzy.fuzzy_rounds` at
    `explorer.fuzzy.shown_rounds`): the rounds, memberships and centres, and a title for each
    with the ARI of the hardened clusters against ``y``."""
    extras = fuzzy_run(X, n_clusters, m, random_state).extras
    rounds = shown_rounds(extras["n_iter"])
    us, centers = fuzzy_rounds(X, extras["initial_membership"], extras["centers_history"], m,
                               rounds)
    last = int(rounds[-1])
    # Two lines at most in presenter type; the text above the chart says what a round does.
    titles = [("start, random memberships" if t == 0 else f"round {t} / {last}") +
              f": ARI vs truth {metrics.adjusted_rand_index(y, u.argmax(axis=1)):.3f}"
              for t, u in zip(rounds, us, strict=True)]
    return rounds, us, centers, titles


@st.cache_data(max_entries=32, show_spinner="Fitting c = 2 … 10…")
def fuzzy_fpc_curve(X: np.ndarray, m: float, random_state: int) -> pd.DataFrame:
    """FPC of fuzzy c-means for c = 2 … 10 (`explorer.fuzzy.fpc_curve`)."""
    return fpc_curve(X, m, range(2, 11), random_state)


@st.cache_data(max_entries=128, show_spinner=False)
def gallery_panel(name: str, X: np.ndarray, y: np.ndarray, random_state: int) -> Panel:
    """One algorithm of the gallery, timed and scored (`explorer.compare.run_panel`)."""
    with one_thread():
        return run_panel(name, X, y, random_state)


@st.cache_data(max_entries=16, show_spinner="Running the whole grid…")
def grid(kind: str, X: np.ndarray, y: np.ndarray) -> pd.DataFrame:
    """Scores over a parameter grid (`explorer.compare.parameter_grid`)."""
    return parameter_grid(kind, X, y)


@st.cache_data(max_entries=64, show_spinner=False)
def grid_cell(kind: str, X: np.ndarray, y: np.ndarray, row: float, col: float) -> Panel:
    """The clustering of one grid cell, through the registry (`clustering.run`)."""
    params, seed = cell_params(kind, X, row, col)
    return run_panel("dbscan" if kind == "dbscan" else "kmeans", X, y, seed, params)
