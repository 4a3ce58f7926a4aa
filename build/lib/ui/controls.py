"""Controls shared by the Measure pages: an algorithm with its parameters."""

from typing import Any

import streamlit as st

from clustering import ALGORITHMS
from ui.widgets import param_widgets


def algorithm_controls(prefix: str) -> tuple[str, dict[str, Any]]:
    """The algorithm selectbox and its parameters' widgets, keyed ``<prefix>_...``.

    The algorithm (``<prefix>_algorithm``) and K (``<prefix>_k``, shared by every algorithm
    that takes one) are bound to the URL; the other parameters are per algorithm.
    """
    name = st.selectbox(
        "Algorithm", list(ALGORITHMS), format_func=lambda key: ALGORITHMS[key].label,
        key=f"{prefix}_algorithm", bind="query-params",
        help="The clustering method to run; its parameters are below.",
    )
    st.caption(ALGORITHMS[name].description)
    with st.expander("Parameters", expanded=True):
        params = param_widgets(
            ALGORITHMS[name].params,
            lambda spec: (f"{prefix}_k" if spec.name == "n_clusters"
                          else f"{prefix}_{name}_{spec.name}"),
        )
    return name, params
