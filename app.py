"""ClusterLab: entry point. Run with ``python -m streamlit run app.py``."""

import streamlit as st

from ui.navigation import PAGES, SECTIONS
from ui.sidebar import render_sidebar

st.set_page_config(page_title="ClusterLab", page_icon=":material/bubble_chart:", layout="wide")

navigation = {
    section: [
        st.Page(
            entry.path,
            title=entry.title,
            icon=entry.icon,
            url_path=entry.url_path,
            default=entry is PAGES[0],
            help=entry.help,
        )
        for entry in PAGES
        if entry.section == section
    ]
    for section in SECTIONS
}
page = st.navigation({section: pages for section, pages in navigation.items() if pages})
render_sidebar()
page.run()
