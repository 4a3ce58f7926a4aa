"""Cached internal-validation calls: silhouettes and elbow curves cost O(n^2) and K runs."""

import numpy as np
import pandas as pd
import streamlit as st

from clustering.internal import InternalIndices, elbow_curve, internal_indices, silhouettes

#: K values of the elbow curve.
ELBOW_KS = tuple(range(1, 11))


@st.cache_data(max_entries=32, show_spinner=False)
def indices(X: np.ndarray, labels: np.ndarray) -> InternalIndices:
    """`clustering.internal.internal_indices`, cached by data and labels."""
    return internal_indices(X, labels)


@st.cache_data(max_entries=32, show_spinner=False)
def silhouette_values(X: np.ndarray, labels: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """`clustering.internal.silhouettes`, cached by data and labels."""
    return silhouettes(X, labels)


@st.cache_data(max_entries=16, show_spinner="Running k-means for K = 1 … 10…")
def elbow(X: np.ndarray, random_state: int) -> pd.DataFrame:
    """`clustering.internal.elbow_curve` over :data:`ELBOW_KS`, cached by data and seed."""
    return elbow_curve(X, ELBOW_KS, random_state=random_state)
