"""The "Notebook" download every Explore, Measure and Experiments page offers.

A page passes the view description it computed its view from (see
:mod:`explorer.notebook`); the button hands out the notebook that reproduces it, with the
page's current link in its first cell.
"""

from collections.abc import Mapping
from typing import Any

import streamlit as st

from explorer.notebook import view_notebook
from ui.links import current_url

HELP = (
    "A Jupyter notebook (.ipynb) that redoes this view with ClusterLab's Python API (same data, "
    "parameters and seeds) and draws its figure; its first cell links back here."
)


def notebook_download(key: str, filename: str, view: Mapping[str, Any], slot=None) -> None:
    """Draw the download button of the notebook of ``view`` (in ``slot`` if given), made
    when pressed.

    The description is kept in ``st.session_state[f"{key}_view"]`` too, so tests can run
    the very notebook the page hands out.
    """
    view = {**view, "url": current_url()}
    st.session_state[f"{key}_view"] = view
    (slot or st).download_button(
        "Notebook", lambda: view_notebook(view), f"{filename}.ipynb",
        "application/x-ipynb+json", key=f"{key}_ipynb", on_click="ignore", help=HELP,
        icon=":material/menu_book:",
    )
