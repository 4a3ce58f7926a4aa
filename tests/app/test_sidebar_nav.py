"""The sidebar's navigation (ui.sidebar_nav): every page of ui.navigation.PAGES, in its order
and under its section's heading, with its title, URL path and help. That Streamlit's own page list
is hidden, and what the links are in a browser (links and headings axe-core accepts):
tests/browser/test_pages.py."""

from tests.app.conftest import open_page
from ui.navigation import PAGES, SECTIONS


def test_the_sidebar_links_every_page_in_order_under_its_section_s_heading():
    at = open_page("app_pages/explore_kmeans.py")
    assert not at.exception
    headings = [heading.value for heading in at.sidebar.subheader]
    assert headings[:len(SECTIONS)] == list(SECTIONS)
    links = at.sidebar.get("page_link")[:len(PAGES)]
    assert [(link.proto.page, link.proto.label, link.proto.help) for link in links] == [
        ("" if entry is PAGES[0] else entry.url_path, entry.title, entry.help)
        for entry in PAGES]
