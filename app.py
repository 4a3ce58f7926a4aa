"""ClusterLab: entry point. Run with ``python -m streamlit run app.py``."""

import streamlit as st

from ui import links, presenter
from ui.lesson_bar import lesson_bar, lesson_builder
from ui.navigation import PAGES, SECTIONS
from ui.renamed_links import rename_old_params
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
rename_old_params()
drop_unreadable_params()
current = page.url_path or PAGES[0].url_path  # the default page has an empty URL path
links.apply_pending()
link_slot = render_sidebar()
with st.sidebar:
    lesson_builder(current)
presenter.apply_style()
notices = st.container()
lesson_bar(current)
links.show_notices(notices)
links.copy_link(link_slot, this_run_only=False)
try:
    page.run()
finally:
    # Again after the page, so the link holds every control the page drew on this run (a
    # page that stops early keeps the link drawn above, from the previous run).
    links.copy_link(link_slot)
    links.check_request(notices, current)
