"""Drawing points on a chart: the page's main chart, or while a drawing has too few points
to cluster, a chart of the drawing alone (the canvas). A components v2 element (its HTML,
CSS and JavaScript are ui/web/draw.*, after ui/web/chart_pointer.js; no iframe, nothing
fetched from elsewhere) holds the class picker, Undo and Clear, and lays a layer over the
chart's plot area that takes clicks and drags. The keyboard's way is the same layer: a Tab stop
with a cross-hair cursor that arrow keys move, where Enter adds a point and Delete undoes.

The browser only maps the pointer or the cursor to the chart's data coordinates (plotly's own
axes) and batches the points of one gesture; they go to Python once per click, drag or key,
where `datasets.drawn` turns them into grid cells and the link text that a URL-bound text
box keeps. Every algorithm runs in Python on the decoded points.
"""

import numpy as np
import streamlit as st

from datasets import MIN_SAMPLES
from datasets.drawn import (
    MAX_CLASSES,
    MAX_POINTS,
    cells_at,
    decode_points,
    drawn_dataset,
    encode_points,
    surface_on_chart,
)
from plots.palette import CLUSTER_COLORS, POINT_LINE, cluster_symbol
from plots.scatter import as_classes, cluster_scatter
from ui import web
from ui.a11y import CSS as PAGE_CSS
from ui.export import plot
from ui.links import quoted
from ui.text import plain

# Share of the plot area's width between two points painted by one drag (as the old
# surface's 24 grid steps of 1,024).
PAINT_SHARE = 0.024

# Each class's button shows its clusters' marker symbol (plots.palette), drawn from these
# SVG paths in a box of radius 1 (y pointing down, as on the screen). Indexing by the
# palette's names fails at import if a class's symbol has no path.
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

# The tools live in a shadow root that the page's style does not reach: they take the app's
# own accessibility sheet (the focus ring, reduced motion) after their own.
_TOOLS = st.components.v2.component(
    "clusterlab_draw_points", html=web.source("draw.html"),
    css=web.source("draw.css") + PAGE_CSS,
    js=web.source("chart_pointer.js") + web.source("draw.js"),
)


def _edited(text_key: str) -> str:
    return f"{text_key}_edited"


def canvas_key(prefix: str) -> str:
    """The key of the chart of the drawing alone (drawn while it has too few points)."""
    return f"{prefix}_drawing"


def edited_by_hand(prefix: str) -> bool:
    """True on the run that a change of the drawing on a chart or in its text box started
    (not one a link started); asked once per run."""
    return bool(st.session_state.pop(_edited(f"{prefix}_drawn"), False))


def apply_edit(text: str, edit: object, undo: list[int], standardized: bool = False
               ) -> str | None:
    """The link text after the tools' message ``edit`` on the drawing ``text``, or None
    for a message that asks nothing.

    ``edit`` is ``{"add": [[x, y], ...], "cls": c}`` (points in the coordinates of the chart
    they were drawn on: the drawn data as loaded, standardized when ``standardized``, see
    `datasets.drawn.cells_at`), ``{"undo": True}`` or ``{"clear": True}``. ``undo`` holds
    the drawing's size before each addition (changed in place): Undo takes back the last
    addition, a whole drag, or one point when it is empty (a drawing opened from a link).

    Raises
    ------
    ValueError
        If the drawing would pass `datasets.drawn.MAX_POINTS` (its message names the limit).

    Examples
    --------
    >>> undo = []
    >>> text = apply_edit("", {"add": [[0, 0], [10, 10]], "cls": 1}, undo)
    >>> decode_points(text)[0].tolist(), undo
    ([[0, 0], [1023, 1023]], [0])
    >>> apply_edit(text, {"undo": True}, undo), undo
    ('', [])
    >>> apply_edit(text, {"add": [[0, float("nan")]], "cls": 0}, undo) is None
    True
    """
    if not isinstance(edit, dict):
        return None
    try:
        cells, classes = decode_points(text)
    except (ValueError, TypeError):  # a damaged link's text: the drawing starts afresh
        text, cells, classes = "", np.empty((0, 2), dtype=int), np.empty(0, dtype=int)
    if edit.get("clear"):
        undo.clear()
        return ""
    if edit.get("undo"):
        keep = max(undo.pop() if undo else len(cells) - 1, 0)
        return encode_points(cells[:keep], classes[:keep])
    try:
        added = np.asarray(edit.get("add"), dtype=float).reshape(-1, 2)
        cls = int(edit.get("cls", 0))
    except (ValueError, TypeError):  # not numbers: nothing the tools send
        return None
    added = added[np.isfinite(added).all(axis=1)]
    if not len(added) or not 0 <= cls < MAX_CLASSES:
        return None
    new = encode_points(np.concatenate([cells, cells_at(added, text, standardized)]),
                        np.concatenate([classes, np.full(len(added), cls)]))
    undo.append(len(cells))
    return new


def _take_edit(prefix: str, standardized: bool) -> None:
    """Apply the tools' message to the URL-bound link text (see `apply_edit`; the chart
    drawn on shows the drawing ``standardized`` or not)."""
    text_key, tools_key = f"{prefix}_drawn", f"{prefix}_draw"
    edit = st.session_state[tools_key].edit
    try:
        text = apply_edit(st.session_state.get(text_key, "") or "", edit,
                          st.session_state.setdefault(f"{tools_key}_undo", []), standardized)
    except ValueError as error:
        st.session_state[f"{text_key}_error"] = str(error)
        return
    if text is not None:
        st.session_state[_edited(text_key)] = True
        st.session_state[text_key] = text


def _canvas(prefix: str, text: str) -> None:
    """The chart of the drawing alone, on the surface's scale, to draw the first points on."""
    data = drawn_dataset(text)
    figure = as_classes(cluster_scatter(data.X, data.y, title="Your drawing: click or drag "
                                        "to add points"))
    figure.update_layout(xaxis_fixedrange=True, yaxis_fixedrange=True)
    plot(figure, canvas_key(prefix))


def drawn_points(prefix: str) -> str | None:
    """Draw the URL-bound box of the drawing's link text (``<prefix>_drawn``); return the
    text, or None after a warning when the link's text cannot be read."""
    text_key = f"{prefix}_drawn"
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
        decode_points(text)
    except (ValueError, TypeError) as error:
        st.warning(f"Link parameter {quoted(text_key)}: the drawn points cannot be used "
                   f"({plain(str(error), 200)}), so the page shows its default data.",
                   icon=":material/link_off:")
        return None
    return text


def drawing_tools(prefix: str, text: str, chart: str | None, standardized: bool) -> None:
    """Draw the tools that draw the points of ``text`` (read by `drawn_points`) on the
    page's chart of key ``chart``, whose axes show the drawn data as the page loads them
    (``standardized`` or not), once the drawing has `datasets.MIN_SAMPLES` points; before
    that, and without ``chart``, on a chart of the drawing alone drawn here. The chart
    shows the whole surface, so that a point can go anywhere on it.
    """
    count = len(decode_points(text)[0])
    on = chart if chart is not None and count >= MIN_SAMPLES else canvas_key(prefix)
    on_canvas = on == canvas_key(prefix)
    st.caption("Click or drag on the chart to add points of the class picked here; by "
               "keyboard, Tab to the chart, move its cursor with the arrow keys and press "
               "Enter (Delete undoes).")
    _TOOLS(
        key=f"{prefix}_draw",
        data={"chart": on, "count": count, "classes": MAX_CLASSES,
              "max_points": MAX_POINTS, "spacing": PAINT_SHARE,
              "ranges": surface_on_chart(text, standardized and not on_canvas),
              "colors": list(CLUSTER_COLORS[:MAX_CLASSES]), "shapes": _SHAPES,
              "outline": POINT_LINE["color"]},
        # The coordinates are those of the chart drawn in this run.
        on_edit_change=lambda: _take_edit(prefix, standardized and not on_canvas),
    )
    if on_canvas:
        _canvas(prefix, text)
