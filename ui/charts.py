"""Selectable charts with the same exports as `ui.export.show_chart` (PNG/SVG, CSV)."""

from typing import Any

import pandas as pd
import plotly.graph_objects as go
import streamlit as st

from ui import export, presenter


def show_chart(
    fig: go.Figure,
    data: pd.DataFrame,
    key: str,
    *,
    on_select: str = "ignore",
    selection_mode: str | tuple[str, ...] = ("points", "box", "lasso"),
) -> Any:
    """Draw ``fig`` with its exports; with ``on_select="rerun"`` return its selection state.

    Charts without selection go through `ui.export.show_chart`. A selection state is read
    with item access (``state["selection"]["points"]``), which also works for the plain dicts
    a test puts in ``st.session_state``.
    """
    if on_select == "ignore":
        export.show_chart(fig, key, data=data)
        return None
    if presenter.is_on():
        fig.update_layout(font={"size": presenter.CHART_FONT_SIZE})
    state = st.plotly_chart(
        fig, key=key, on_select=on_select, selection_mode=selection_mode,
        config=export.chart_config(key, st.session_state.get(export.FORMAT_KEY) or "png"),
    )
    st.download_button(
        "Chart data (CSV)", data.to_csv(index=False).encode(), file_name=f"{key}.csv",
        mime="text/csv", key=f"{key}_csv", on_click="ignore", icon=":material/download:",
        help="The numbers behind this chart, as a CSV file.",
    )
    return state


def selected_points(state: Any) -> list[dict[str, Any]]:
    """The points of a plotly selection state (empty when nothing is selected)."""
    if not state:
        return []
    return list(state["selection"]["points"] or [])
