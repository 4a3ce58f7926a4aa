"""ClusterLab: entry point. Run with ``python -m streamlit run app.py``."""

from pathlib import Path

import streamlit as st

from ui import a11y, links, presenter
from ui.classroom import class_bar, class_starter, in_class
from ui.history import keep_history
from ui.layout import apply_chart_first
from ui.lesson_bar import lesson_bar, lesson_builder
from ui.navigation import PAGES
from ui.renamed_links import rename_old_params
from ui.run_delivery import deliver_finished_runs
from ui.sidebar import render_sidebar
from ui.sidebar_nav import draw_navigation, register_pages
from ui.url_guard import drop_unreadable_params

# The icon is a local SVG, sent inline: a ":material/..." icon makes every browser fetch it
# from fonts.gstatic.com, which an offline classroom cannot reach.
st.set_page_config(
    page_title="ClusterLab", page_icon=Path(__file__).parent / "ui" / "favicon.svg",
    layout="wide",
    initial_sidebar_state="collapsed" if presenter.requested() else "auto",
)

deliver_finished_runs()
page, pages = register_pages()
keep_history()  # first: the page's own URL corrections below replace, not add
rename_old_params()
drop_unreadable_params()
current = page.url_path or PAGES[0].url_path  # the default page has an empty URL path
links.apply_pending()
draw_navigation(pages)
link_slot = render_sidebar()
tools_slot = st.sidebar.container()  # the lesson tools and the classes, drawn below


def draw_tools() -> None:
    with tools_slot:
        lesson_builder(current)
        class_starter()


if not in_class():
    draw_tools()
a11y.apply()
presenter.apply_style()
apply_chart_first(current)
notices = st.container()
if not in_class():
    lesson_bar(current)
# A student following a class has no use for the lesson tools or another class, and each of
# the class's pages runs again on the teacher's Next: about a tenth of that run's CPU.
elif not class_bar(current):
    draw_tools()
links.show_notices(notices)
links.copy_link(link_slot, this_run_only=False)
try:
    page.run()
finally:
    # Again after the page, so the link holds every control the page drew on this run (a
    # page that stops early keeps the link drawn above, from the previous run).
    links.copy_link(link_slot)
    links.check_request(notices, current)
