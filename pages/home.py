"""Home: what ClusterLab is and where to start."""

import streamlit as st

from ui.navigation import PAGES

st.title("ClusterLab")
st.markdown(
    "An interactive lab for **clustering** and for **comparing clusterings**. Run k-means, "
    "DBSCAN, density peaks, hierarchical clustering, fuzzy c-means and more on sample data, "
    "move every parameter, and measure the result against the ground truth with pair-counting "
    "and information-theoretic measures, raw and corrected for chance."
)
st.markdown(
    "- **Teachers**: every view lives in its URL, so a link opens the app on the demo you "
    "prepared; seeds make every run repeatable.\n"
    "- **Students**: every control says what it does; try a parameter, predict what happens, "
    "and look.\n"
    "- **Researchers**: the same measures are a documented Python API and a command line."
)
st.subheader("Where to start")
for entry in PAGES[1:]:
    st.page_link(entry.path, label=f"{entry.section} — {entry.title}", icon=entry.icon,
                 help=entry.help)
