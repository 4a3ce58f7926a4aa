"""Cached computations behind the Features, Dimensionality and Distances lessons."""

import warnings

import numpy as np
import pandas as pd
import streamlit as st

from clustering.distances import distance_matrix
from explorer.dimension import IntrinsicDimension, intrinsic_dimension, pca_scores, pca_spectrum
from explorer.distances import GeodesicPath, geodesic_path
from explorer.features import (
    RANKINGS,
    StumpResult,
    forward_selection,
    rank_features,
    single_variable_classifier,
)


@st.cache_data(max_entries=16, show_spinner="Ranking the features…")
def rankings(X: np.ndarray, y: np.ndarray, names: tuple[str, ...]) -> dict[str, pd.DataFrame]:
    """`explorer.features.rank_features` under every criterion."""
    return {method: rank_features(X, y, method, names) for method in RANKINGS}


@st.cache_data(max_entries=32, show_spinner=False)
def stump(x: np.ndarray, y: np.ndarray) -> StumpResult:
    """`explorer.features.single_variable_classifier`, cached."""
    return single_variable_classifier(x, y)


@st.cache_data(max_entries=8, show_spinner="Searching subsets…")
def selections(X: np.ndarray, y: np.ndarray, names: tuple[str, ...],
               max_features: int) -> dict[int, pd.DataFrame]:
    """Forward selection one feature at a time and with pairs (lookahead 1 and 2)."""
    return {lookahead: forward_selection(X, y, max_features, lookahead=lookahead,
                                         feature_names=names) for lookahead in (1, 2)}


@st.cache_data(max_entries=16, show_spinner="Estimating the dimension…")
def dimension_study(X: np.ndarray, variance: float, fraction: float
                    ) -> tuple[pd.DataFrame, np.ndarray, IntrinsicDimension, IntrinsicDimension]:
    """PCA spectrum and scores, and the PCA and TwoNN estimates of the intrinsic dimension."""
    return (pca_spectrum(X), pca_scores(X, 2), intrinsic_dimension(X, "pca", variance=variance),
            intrinsic_dimension(X, "twonn", fraction=fraction))


@st.cache_data(max_entries=16, show_spinner="Computing distances…")
def distances(X: np.ndarray, metric: str, **params) -> tuple[np.ndarray, tuple[str, ...]]:
    """`clustering.distance_matrix`, cached, with the warnings it raised (for `st.warning`)."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        D = distance_matrix(X, metric, **params)
    return D, tuple(dict.fromkeys(str(w.message) for w in caught))


@st.cache_data(max_entries=16, show_spinner=False)
def path(X: np.ndarray, n_neighbors: int, source: int, target: int) -> GeodesicPath:
    """`explorer.distances.geodesic_path`, cached; a joined graph's warning is shown by the
    page from `distances`, so it is not repeated here."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        return geodesic_path(X, n_neighbors, source, target)
