"""The app's navigation: every page of :data:`ui.navigation.PAGES`, drawn in the sidebar as
one link a page under a heading a section.

Streamlit's own sidebar navigation marks its links as list items inside a ``<ul>`` whose
children are ``<div>`` wrappers, so axe-core reports the list and each of its 25 items as a
WCAG 1.3.1 violation (docs/accessibility.md). The app registers its pages with
``st.navigation(..., position="hidden")`` (same URL paths, titles and order) and draws this
navigation itself: plain links a screen reader lists as links, the sections as headings it
can jump between.
"""

import streamlit as st

from ui.navigation import PAGES, SECTIONS


def register_pages():
    """Register every page with Streamlit, the first as the default, its own navigation
    hidden; return the page to run and the page objects by URL path, in `PAGES`' order."""
    pages = {
        entry.url_path: st.Page(
            entry.path,
            title=entry.title,
            icon=entry.icon,
            url_path=entry.url_path,
            default=entry is PAGES[0],
            help=entry.help,
        )
        for entry in PAGES
    }
    return st.navigation(list(pages.values()), position="hidden"), pages


def draw_navigation(pages: dict) -> None:
    """Draw, in the sidebar, each section's heading and a link to each of its pages (with the
    page's help as the link's tooltip)."""
    with st.sidebar, st.container(key="page_nav"):
        for section in SECTIONS:
            entries = [entry for entry in PAGES if entry.section == section]
            if not entries:
                continue
            st.subheader(section, anchor=False)
            for entry in entries:
                st.page_link(pages[entry.url_path], help=entry.help, width="stretch")
