"""The lessons' live demos (:mod:`explorer.demos`), cached: a rerun that changes nothing
costs nothing."""

import streamlit as st

from experiments import choose_k
from explorer import demos

random_baseline = st.cache_data(max_entries=16, show_spinner="Scoring random clusterings…")(
    demos.random_baseline)
mixing_curve = st.cache_data(max_entries=8, show_spinner=False)(demos.mixing_curve)
k_sweep = st.cache_data(max_entries=16, show_spinner="Running k-means for every K…")(
    choose_k.k_sweep)
