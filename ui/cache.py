"""Cached calls into the computing packages: reruns that change nothing cost nothing."""

from typing import Any

import numpy as np
import streamlit as st

import clustering
import datasets
import metrics
from datasets.projection import project_2d
from explorer.alignment import align_labels
from plots.describe import counted
from ui.budget import check_budget, out_of_memory_message
from ui.text import figure_text


@st.cache_data(max_entries=32, show_spinner=False)
def load_dataset(
    name: str, n_samples: int | None, noise: float | None, random_state: int, standardize: bool,
    points: str = "",
) -> datasets.Dataset:
    """`datasets.load`, cached by its arguments (``points``: drawn points' link text)."""
    drawn = {"points": points} if datasets.DATASETS[name].kind == "drawn" else {}
    return datasets.load(
        name, n_samples=n_samples, noise=noise, random_state=random_state,
        standardize=standardize, **drawn,
    )


@st.cache_data(max_entries=32, show_spinner=False)
def projection(X: np.ndarray, feature_names: tuple[str, ...]):
    """`datasets.projection.project_2d`, cached by the data; the axis titles (an uploaded
    file's headers) are escaped for plotly."""
    xy, titles = project_2d(X, feature_names)
    return xy, tuple(figure_text(title) for title in titles)


@st.cache_data(max_entries=16, show_spinner="Clustering at every K…")
def k_sweep(name: str, X: np.ndarray, y: np.ndarray, random_state: int, params: dict[str, Any],
            ks: tuple[int, ...]) -> tuple[np.ndarray, list[str]]:
    """The algorithm run at every ``n_clusters`` of ``ks`` (`run_algorithm` each): the labels,
    renamed after the classes they match, and a title with the clusters found and the ARI."""
    results = [run_algorithm(name, X, random_state, {**params, "n_clusters": k}) for k in ks]
    labels = np.array([align_labels(y, r.labels) for r in results])
    titles = [f"K = {k}: {counted(r.n_clusters, 'cluster')}, ARI vs truth "
              f"{metrics.adjusted_rand_index(y, r.labels):.3f}"
              for k, r in zip(ks, results, strict=True)]
    return labels, titles


@st.cache_data(max_entries=16, show_spinner="Clustering at every noise level…")
def noise_sweep(name: str, data_name: str, n_samples: int | None, noises: tuple[float, ...],
                random_state: int, standardize: bool, params: dict[str, Any]
                ) -> tuple[np.ndarray, np.ndarray, list[str]]:
    """The dataset drawn at every noise of ``noises`` (`load_dataset` each, same seed) and
    the algorithm run on it (`run_algorithm`): the plotted points of each noise (`projection`,
    shape (noises, n, 2)), the clusters renamed after the classes they match, and a title
    with the clusters found and the ARI."""
    xys, labels, titles = [], [], []
    for noise in noises:
        data = load_dataset(data_name, n_samples, noise, random_state, standardize)
        result = run_algorithm(name, data.X, random_state, params)
        xys.append(projection(data.X, data.feature_names)[0])
        labels.append(align_labels(data.y, result.labels))
        titles.append(f"noise = {noise:g}: {counted(result.n_clusters, 'cluster')}, ARI vs truth "
                      f"{metrics.adjusted_rand_index(data.y, result.labels):.3f}")
    return np.array(xys), np.array(labels), titles


@st.cache_data(max_entries=64, show_spinner="Clustering…")
def run_algorithm(
    name: str, X: np.ndarray, random_state: int, params: dict[str, Any]
) -> clustering.ClusteringResult:
    """`clustering.run`, cached by algorithm, data, seed and parameters, within the server's
    budget (`ui.budget.check_budget`); running out of memory is a ValueError too."""
    check_budget(name, X.shape, params)
    try:
        return clustering.run(name, X, random_state=random_state, **params)
    except MemoryError:
        raise ValueError(out_of_memory_message(name, X.shape)) from None


@st.cache_data(max_entries=64, show_spinner=False)
def every_measure(labels_true: np.ndarray, labels_pred: np.ndarray, random_model: str,
                  one_sided: bool) -> dict[str, float]:
    """Every registered measure of ``labels_pred`` against ``labels_true``
    (`metrics.compare`), computed once for every session that scores the same pair."""
    return metrics.compare(labels_true, labels_pred, random_model=random_model,
                           one_sided=one_sided)
