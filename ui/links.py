"""The "copy link" control: the page's full URL with every bound parameter, for teachers."""

from collections.abc import Mapping, Sequence
from urllib.parse import urlencode

import streamlit as st

# AppTest and a few embedded contexts report no browser URL; links then show this base.
FALLBACK_BASE = "http://localhost:8501/"


def share_url(base: str | None, params: Mapping[str, str | Sequence[str]]) -> str:
    """``base`` (the page URL without its query) followed by ``params`` as a query string.

    Repeated parameters (lists) are kept in order; parameters are sorted by name so the same
    view always gives the same link.
    """
    base = base or FALLBACK_BASE
    base = base.split("?", 1)[0].split("#", 1)[0]
    pairs = []
    for name in sorted(params):
        values = params[name]
        if isinstance(values, str):
            values = [values]
        pairs.extend((name, value) for value in values)
    return f"{base}?{urlencode(pairs)}" if pairs else base


def current_url() -> str:
    """The URL of the page being shown, with the query parameters bound so far."""
    params = {name: st.query_params.get_all(name) for name in st.query_params}
    return share_url(st.context.url, params)


def copy_link(slot) -> None:
    """Fill ``slot`` (an ``st.empty``) with a popover holding the current URL and its copy
    button; calling it again replaces the popover with an up-to-date one."""
    with slot.container(), st.popover(
        "Copy link", icon=":material/link:",
        help="A link to this page as it is now (dataset, algorithm, parameters, seed): "
        "paste it in your slides to open the same view in class.",
    ):
        st.code(current_url(), language=None, wrap_lines=True)
        st.caption("Copy it with the button at the right of the box.")
