"""The "Draw points" surface, a Streamlit components v2 element: its HTML, CSS and JavaScript
are ui/web/draw.*; no iframe, no build step, nothing fetched from elsewhere.

The browser only records where a student clicked or painted and in which class; the points
go to Python once per gesture (a click, a drag, undo, clear), where `datasets.drawn`
encodes them into the link text that a URL-bound text box keeps. Every algorithm runs in
Python on the decoded points.
"""

import numpy as np
import streamlit as st

from datasets.drawn import GRID, MAX_CLASSES, MAX_POINTS, decode_points, encode_points
from plots.palette import CLUSTER_COLORS
from ui import web
from ui.links import quoted
from ui.text import plain

# Grid steps between two points painted by one drag (about 2 % of the surface).
PAINT_SPACING = 24

_SURFACE = st.components.v2.component(
    "clusterlab_draw_points", html=web.source("draw.html"), css=web.source("draw.css"),
    js=web.source("draw.js"),
)


def _take_drawing(surface_key: str, text_key: str) -> None:
    """Turn the points the surface sent into the link text (checked by the codec)."""
    drawn = st.session_state[surface_key].points or []
    cells = np.array([point[:2] for point in drawn], dtype=float).reshape(-1, 2)
    classes = np.array([point[2] for point in drawn], dtype=float)
    try:
        st.session_state[text_key] = encode_points(cells, classes)
    except ValueError as error:
        st.session_state[f"{text_key}_error"] = str(error)


def drawn_points(prefix: str) -> str | None:
    """Draw the surface and the URL-bound box of its link text (``<prefix>_drawn``); return
    the text, or None after a warning when the link's text cannot be read.
    """
    text_key, surface_key = f"{prefix}_drawn", f"{prefix}_draw"
    refused = st.session_state.pop(f"{text_key}_error", None)
    if refused:
        st.warning(f"Those points could not be kept: {plain(refused, 200)}",
                   icon=":material/warning:")
    with st.expander("Points as text (part of the link)"):
        text = st.text_input(
            "Drawn points", "", key=text_key, bind="query-params",
            help="Your points, 4 characters each: Copy link carries them, so a link "
                 "reopens the same drawing.",
        )
    try:
        cells, classes = decode_points(text)
    except (ValueError, TypeError) as error:
        st.warning(f"Link parameter {quoted(text_key)}: the drawn points cannot be used "
                   f"({plain(str(error), 200)}), so the page shows its default data.",
                   icon=":material/link_off:")
        return None
    st.caption("Click or drag on the surface to add points; pick a class first to give "
               "them a true class.")
    _SURFACE(
        key=surface_key,
        data={"points": np.column_stack([cells, classes]).tolist(), "grid": GRID,
              "classes": MAX_CLASSES, "max_points": MAX_POINTS, "spacing": PAINT_SPACING,
              "colors": list(CLUSTER_COLORS[:MAX_CLASSES])},
        on_points_change=lambda: _take_drawing(surface_key, text_key),
    )
    return text
