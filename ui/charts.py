"""Charts a student can take away: PNG/SVG from the plotly toolbar and the data as CSV."""

from typing import Any

import pandas as pd
import plotly.graph_objects as go
import streamlit as st

# Large enough to stay sharp on a slide; plotly scales the on-screen layout to this size.
EXPORT_WIDTH, EXPORT_HEIGHT, EXPORT_SCALE = 1200, 800, 2
# Session key of the explorer pages' "image format" control (PNG or SVG).
IMAGE_FORMAT_KEY = "img_fmt"


def export_config(filename: str, image_format: str = "png") -> dict[str, Any]:
    """Plotly ``config`` whose camera button saves the chart as ``filename.<format>``."""
    return {
        "displaylogo": False,
        "toImageButtonOptions": {
            "format": image_format,
            "filename": filename,
            "width": EXPORT_WIDTH,
            "height": EXPORT_HEIGHT,
            "scale": EXPORT_SCALE,
        },
    }


def show_chart(
    fig: go.Figure,
    data: pd.DataFrame,
    key: str,
    *,
    alt: str,
    on_select: str = "ignore",
    selection_mode: str | tuple[str, ...] = ("points", "box", "lasso"),
) -> Any:
    """Draw ``fig`` with PNG export in its toolbar and a CSV download of ``data`` below it.

    Returns the chart's selection state when ``on_select="rerun"`` (read it with item access:
    ``state["selection"]["points"]``), else None.
    """
    image_format = st.session_state.get(IMAGE_FORMAT_KEY) or "png"
    kwargs: dict[str, Any] = {"key": key, "config": export_config(key, image_format), "alt": alt}
    if on_select != "ignore":
        kwargs.update(on_select=on_select, selection_mode=selection_mode)
    state = st.plotly_chart(fig, **kwargs)
    st.download_button(
        "Data (CSV)", data.to_csv(index=False).encode(), file_name=f"{key}.csv",
        mime="text/csv", key=f"{key}_csv", on_click="ignore", type="tertiary",
        icon=":material/download:", help="Download the numbers behind this chart.",
    )
    return state if on_select != "ignore" else None


def selected_points(state: Any) -> list[dict[str, Any]]:
    """The points of a plotly selection state (empty when nothing is selected)."""
    if not state:
        return []
    return list(state["selection"]["points"] or [])
