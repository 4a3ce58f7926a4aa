"""Home: what ClusterLab is, a five-minute tour, and a link to every page."""

import streamlit as st

from ui.lesson_bar import lesson_list
from ui.navigation import PAGES, SECTIONS

# The tour: (page script, what to do there, URL parameters presetting the page).
TOUR = (
    ("app_pages/learn_families.py",
     "Meet the families: flat, fuzzy, hierarchical and density-based clustering on one "
     "dataset. Predict which one separates two moons.", {}),
    ("app_pages/explore.py",
     "Run k-means on two moons and move K: the clusters are round whatever the data.",
     {"dataset": "Two moons", "algorithm": "k-means", "k": "2"}),
    ("app_pages/measure_truth.py",
     "Score k-means on the iris flowers against the botanists' classes: the contingency "
     "table, every measure, the internal indices.",
     {"mt_dataset": "Iris", "mt_algorithm": "k-means", "mt_k": "3"}),
    ("app_pages/measure_sandbox.py",
     "Do the course's Rand exercise: four pair counts in, every pair-counting measure out, "
     "worked step by step.", {"sb_mode": "Pair counts"}),
    ("app_pages/learn_chance.py",
     "See why chance correction matters: random clusterings get a higher NMI the more "
     "clusters they have, while AMI stays at 0.", {}),
)

st.title("ClusterLab")
st.markdown(
    "An interactive lab for **clustering** and for **comparing clusterings**. Run k-means, "
    "DBSCAN, density peaks, hierarchical clustering, fuzzy c-means and more on sample data "
    "or your own, move every parameter, and measure the result against the ground truth with "
    "pair-counting and information-theoretic measures, raw and corrected for chance."
)
st.markdown(
    "- **Teachers**: every view lives in its URL (*Copy link* in the sidebar), seeds make "
    "every run repeatable, and *Presenter mode* enlarges everything for the projector.\n"
    "- **Students**: every control says what it does (hover its question mark); predict what will "
    "happen, then look.\n"
    "- **Researchers**: the same measures are a documented Python API (`metrics`) and the "
    "experiments a command line (`python -m experiments`)."
)

registered = {entry.path: entry for entry in PAGES}
tour = [(registered[path], text, params) for path, text, params in TOUR if path in registered]
if tour:
    st.subheader("A five-minute tour")
    for number, (entry, text, params) in enumerate(tour, start=1):
        st.page_link(entry.path, label=f"{number}. {entry.title}", icon=entry.icon,
                     help=entry.help, query_params=params or None)
        st.caption(text)

st.subheader("Lessons")
st.caption("Ready-made lessons: each step opens a page on a prepared view, with a prompt and "
           "sometimes a question to predict before the reveal. Add present=true to a step's "
           "link for the projector.")
lesson_list()

st.subheader("Every page")
sections = [s for s in SECTIONS if any(e.section == s and e is not PAGES[0] for e in PAGES)]
columns = st.columns(len(sections))
for column, section in zip(columns, sections, strict=True):
    with column:
        st.markdown(f"**{section}**")
        for entry in PAGES:
            if entry.section == section and entry is not PAGES[0]:
                st.page_link(entry.path, label=entry.title, icon=entry.icon, help=entry.help)
