"""The sidebar shared by every page."""

import streamlit as st

from ui.export import image_format_choice
from ui.presenter import presenter_toggle

ABOUT = (
    "ClusterLab runs clustering algorithms on sample data and measures the result against "
    "the ground truth, with chance-corrected measures."
)


def render_sidebar():
    """Draw the part of the sidebar that every page shares, below the navigation.

    Returns the slot of the "copy link" control: ``app.py`` fills it before the page runs
    and again after, so the link holds the parameters the page bound on this run (and
    still exists when the page stops early on an error).
    """
    with st.sidebar:
        st.caption(ABOUT)
        presenter_toggle()
        image_format_choice()
        return st.empty()
