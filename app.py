"""ClusterLab: entry point. Run with ``python -m streamlit run app.py``."""

import streamlit as st

from ui import presenter
from ui.links import copy_link
from ui.navigation import PAGES, SECTIONS
from ui.sidebar import render_sidebar
from ui.url_guard import drop_unreadable_params

st.set_page_config(
    page_title="ClusterLab", page_icon=":material/bubble_chart:", layout="wide",
    initial_sidebar_state="collapsed" if presenter.requested() else "auto",
)

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
page = st.navigation(
    {section: pages for section, pages in navigation.items() if pages}, expanded=True
)
drop_unreadable_params()
link_slot = render_sidebar()
presenter.apply_style()
copy_link(link_slot)
page.run()
# Again after the page, so the link holds the parameters its widgets bound on this run (a
# page that stops early on an error keeps the link drawn above).
copy_link(link_slot)
