"""The "Draw points" surface, a Streamlit components v2 element: its HTML, CSS and JavaScript
are ui/web/draw.*; no iframe, no build step, nothing fetched from elsewhere.

The browser only records where a student clicked, painted or pressed Enter with the keyboard's
cursor, and in which class; the points go to Python once per gesture (a click, a drag, a
placing or undoing key, undo, clear), where `datasets.drawn`
encodes them into the link text that a URL-bound text box keeps. Every algorithm runs in
Python on the decoded points.
"""

import numpy as np
import streamlit as st

from datasets.drawn import GRID, MAX_CLASSES, MAX_POINTS, decode_points, encode_points
from plots.palette import CLUSTER_COLORS, POINT_LINE, cluster_symbol
from ui import web
from ui.a11y import CSS as PAGE_CSS
from ui.links import quoted
from ui.text import plain

# Grid steps between two points painted by one drag (about 2 % of the surface).
PAINT_SPACING = 24
# Grid steps the keyboard's cursor moves per arrow key (about 3 % of the surface), and with
# Shift held.
KEY_STEP = 32
FINE_STEP = 4

# Each class's dots take its clusters' marker symbol (plots.palette), drawn from these SVG
# paths in a box of radius 1 (y pointing down, as on the screen). Indexing by the palette's
# names fails at import if a class's symbol has no path.
_SHAPE_PATHS = {
    "circle": "M1,0A1,1 0 1,1 -1,0A1,1 0 1,1 1,0Z",
    "square": "M-0.85,-0.85H0.85V0.85H-0.85Z",
    "diamond": "M0,-1.2L1.2,0L0,1.2L-1.2,0Z",
    "triangle-up": "M0,-1.2L1.15,0.85H-1.15Z",
    "triangle-down": "M0,1.2L1.15,-0.85H-1.15Z",
    "cross": "M-0.4,-1.1H0.4V-0.4H1.1V0.4H0.4V1.1H-0.4V0.4H-1.1V-0.4H-0.4Z",
    "pentagon": "M0,-1.1L1.05,-0.34L0.65,0.89H-0.65L-1.05,-0.34Z",
}
_SHAPES = [{"symbol": cluster_symbol(c), "path": _SHAPE_PATHS[cluster_symbol(c)]}
           for c in range(MAX_CLASSES)]

# The surface lives in a shadow root that the page's style does not reach: it takes the
# app's own accessibility sheet (the focus ring, reduced motion) after its own.
_SURFACE = st.components.v2.component(
    "clusterlab_draw_points", html=web.source("draw.html"),
    css=web.source("draw.css") + PAGE_CSS, js=web.source("draw.js"),
)


def _edited(text_key: str) -> str:
    return f"{text_key}_edited"


def edited_by_hand(prefix: str) -> bool:
    """True on the run that a change of the drawing on the surface or in its text box
    started (not one a link started); asked once per run."""
    return bool(st.session_state.pop(_edited(f"{prefix}_drawn"), False))


def _take_drawing(surface_key: str, text_key: str) -> None:
    """Turn the points the surface sent into the link text (checked by the codec)."""
    st.session_state[_edited(text_key)] = True
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
            on_change=lambda: st.session_state.update({_edited(text_key): True}),
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
              "step": KEY_STEP, "fine_step": FINE_STEP,
              "colors": list(CLUSTER_COLORS[:MAX_CLASSES]), "shapes": _SHAPES,
              "outline": POINT_LINE["color"]},
        on_points_change=lambda: _take_drawing(surface_key, text_key),
    )
    return text
