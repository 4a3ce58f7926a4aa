"""The lessons' live demos (:mod:`explorer.lessons`), cached: a rerun that changes nothing
costs nothing."""

import streamlit as st

from explorer import lessons

random_baseline = st.cache_data(max_entries=16, show_spinner="Scoring random clusterings…")(
    lessons.random_baseline)
mixing_curve = st.cache_data(max_entries=8, show_spinner=False)(lessons.mixing_curve)
k_sweep = st.cache_data(max_entries=16, show_spinner="Running k-means for every K…")(
    lessons.k_sweep)
