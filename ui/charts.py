"""Selectable charts: `ui.export.show_chart` with the argument order the explorer pages use."""

from typing import Any

import pandas as pd
import plotly.graph_objects as go

from ui import export


def show_chart(
    fig: go.Figure,
    data: pd.DataFrame,
    key: str,
    *,
    on_select: str = "ignore",
    selection_mode: str | tuple[str, ...] = ("points", "box", "lasso"),
) -> Any:
    """Draw ``fig`` with its exports; with ``on_select="rerun"`` return its selection state.

    A selection state is read with item access (``state["selection"]["points"]``), which
    also works for the plain dicts a test puts in ``st.session_state``.
    """
    return export.show_chart(
        fig, key, data=data, on_select=on_select, selection_mode=selection_mode
    )


def selected_points(state: Any) -> list[dict[str, Any]]:
    """The points of a plotly selection state (empty when nothing is selected)."""
    if not state:
        return []
    return list(state["selection"]["points"] or [])
