"""The sidebar shared by every page."""

import streamlit as st

ABOUT = (
    "ClusterLab runs clustering algorithms on sample data and measures the result against "
    "the ground truth, with chance-corrected measures."
)


def render_sidebar() -> None:
    """Draw the part of the sidebar that every page shares, below the navigation."""
    with st.sidebar:
        st.caption(ABOUT)
        st.caption(
            "Every view is in the page's URL: copy it from the address bar to share it."
        )
