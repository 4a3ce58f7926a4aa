"""Streamlit glue shared by the pages: navigation registry, sidebar, widgets, cached calls.

This is the only layer besides ``pages/`` and ``app.py`` that imports streamlit.
"""
