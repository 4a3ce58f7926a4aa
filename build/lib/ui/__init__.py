"""Streamlit glue shared by the pages: navigation registry, sidebar, widgets, cached calls.

This is the only layer besides ``app_pages/`` and ``app.py`` that imports streamlit.
"""
