"""Show a chart with its text alternative and exports: its summary as its accessible name
(`ui.chart_alt`), its data as a table a keyboard reaches, PNG or SVG from the plotly toolbar,
and its data as CSV."""

from collections.abc import Callable, Mapping
from typing import Any

import pandas as pd
import plotly.graph_objects as go
import streamlit as st

from explorer.alignment import align_labels
from plots.describe import chart_summary, chart_table
from plots.layout import layout_for
from ui import presenter
from ui.chart_alt import chart_alt
from ui.figure_cache import laid_out, summary
from ui.lesson import CHART_CAPTION, covered_figure, lesson_question_waiting

# Shared with the explorer pages (teach-explore uses the same session key).
FORMAT_KEY = "img_fmt"
IMAGE_FORMATS = ("png", "svg")
# Toolbar buttons that a drag or the reset button already stand for.
FEWER_BUTTONS = ("zoomIn2d", "zoomOut2d", "autoScale2d")


def chart_config(filename: str, image_format: str = "png", *,
                 shapes_editable: bool = False) -> dict:
    """The ``config`` of ``st.plotly_chart``: the camera button saves ``filename.<format>``;
    the toolbar keeps one row in a narrow chart (zoom in, zoom out and autoscale go: a drag
    zooms, and the house button resets); with ``shapes_editable`` the figure's shapes follow
    a drag (`ui.drag`)."""
    if image_format not in IMAGE_FORMATS:
        raise ValueError(f"image_format must be one of {IMAGE_FORMATS}, got {image_format!r}")
    config = {
        "displaylogo": False,
        "modeBarButtonsToRemove": list(FEWER_BUTTONS),
        "toImageButtonOptions": {
            "format": image_format, "filename": filename, "scale": 2,
        },
    }
    if shapes_editable:
        config["edits"] = {"shapePosition": True}
    return config


def image_format_choice() -> str:
    """The sidebar control choosing what the charts' camera button saves."""
    return st.radio(
        "Chart images", IMAGE_FORMATS, horizontal=True, key=FORMAT_KEY,
        format_func=str.upper,
        help="What the camera button of every chart's toolbar saves: PNG for slides, "
        "SVG for print or further editing.",
    )


def plot(
    fig: go.Figure,
    key: str,
    *,
    filename: str | None = None,
    on_select: str = "ignore",
    selection_mode: str | tuple[str, ...] = ("points", "box", "lasso"),
    shared: bool = False,
    table: pd.DataFrame | None = None,
    shapes_editable: bool = False,
    under: Callable[[], None] | None = None,
    alone: bool = False,
) -> Any:
    """Draw ``fig``: its camera button saves ``filename`` (default ``key``) in the sidebar's
    image format at twice the size; its title takes two lines at most, below the toolbar,
    and its legend a row above the plot (`plots.layout.screen_layout`); in presenter mode
    and the focus view the figure also takes large type and the height the page style gives
    it (`plots.layout.presenter_layout`; when ``fig`` is ``shared``, a cached figure other
    sessions draw too, its laid-out copy made once for all, `ui.figure_cache.laid_out`;
    ``alone``: no chart stands beside it in the page's chart column, so its title may take
    that width). With ``on_select="rerun"`` return the selection state.

    The chart's summary (`plots.describe.chart_summary`) is its accessible name, and its
    numbers (``table``, by default those the figure draws) are a table under it, in a
    "Data table" expander. While a lesson's question waits, neither is sent, nor the figure:
    a stand-in of its height (`ui.lesson.covered_figure`) takes its place, with no selection,
    and its name says the chart comes on Reveal. With ``shapes_editable`` the figure's
    shapes can be dragged (`ui.drag` sends where they were dropped). ``under`` draws what
    belongs right under the chart, before the table (`ui.scrub.scrub_to_widget`'s step
    buttons), but not under a covered one."""
    covered = lesson_question_waiting()
    if covered:
        on_select, shapes_editable = "ignore", False
        chart_alt(key, CHART_CAPTION)
    else:
        chart_alt(key, summary(fig) if shared else chart_summary(fig))
    large = presenter.is_on() or presenter.focus()
    if shared:
        drawn = laid_out(fig, large, alone=alone, covered=covered)
    else:
        drawn = layout_for(covered_figure(fig) if covered else fig, large, alone=alone)
    selection = {"on_select": on_select, "selection_mode": selection_mode}
    state = st.plotly_chart(
        drawn, key=key, height="stretch" if large else "content",
        config=chart_config(filename or key, st.session_state.get(FORMAT_KEY) or "png",
                            shapes_editable=shapes_editable),
        **(selection if on_select != "ignore" else {}),
    )
    if not lesson_question_waiting():  # the numbers would answer the question
        if under is not None:  # a covered chart has no slider to move
            under()
        data_table(chart_table(fig) if table is None else table)
    return state if on_select != "ignore" else None


def data_table(table: pd.DataFrame) -> None:
    """A chart's numbers as a table, closed in a "Data table" expander: its summary and then
    the grid's cells are reached by the keyboard (Tab, then the arrow keys)."""
    if not table.columns.is_unique:  # a grid needs unique names; "n (2)" for a second "n"
        seen: dict = {}
        names = []
        for name in table.columns:
            seen[name] = seen.get(name, 0) + 1
            names.append(name if seen[name] == 1 else f"{name} ({seen[name]})")
        table = table.set_axis(names, axis=1)
    with st.expander("Data table", icon=":material/table_view:"):
        st.dataframe(table, hide_index=True)


def show_chart(
    fig: go.Figure,
    key: str,
    *,
    data: pd.DataFrame,
    filename: str | None = None,
    on_select: str = "ignore",
    selection_mode: str | tuple[str, ...] = ("points", "box", "lasso"),
    more_data: Mapping[str, pd.DataFrame] | None = None,
    shared: bool = False,
    shapes_editable: bool = False,
    under: Callable[[], None] | None = None,
    alone: bool = False,
) -> Any:
    """Draw ``fig`` (`plot`: ``data`` is its data table, ``under`` what sits right under
    it, ``shared`` says it is a figure every session draws, `ui.figure_cache`, ``alone``
    whether it stands alone in its row) with export options: PNG/SVG from its toolbar,
    ``data`` (the chart's numbers) as a CSV download, and each table of ``more_data`` (file
    stem -> table: the numbers of a chart's other panel) as one more; the downloads are
    disabled while a lesson's question waits for its reveal. With ``on_select="rerun"``
    return the selection state; ``shapes_editable``: see `plot`."""
    filename = filename or key
    state = plot(fig, key, filename=filename, on_select=on_select,
                 selection_mode=selection_mode, shared=shared, table=data,
                 shapes_editable=shapes_editable, under=under, alone=alone)
    tables = {filename: ("Chart data (CSV)", data)}
    tables |= {stem: (f"{stem.replace('_', ' ').capitalize()} (CSV)", table)
               for stem, table in (more_data or {}).items()}
    for stem, (label, table) in tables.items():
        csv_download(label, table, stem, key=f"{key}_csv" if stem == filename
                     else f"{key}_{stem}_csv", help="The numbers behind this chart, as a CSV file.")
    return state


def csv_download(label: str, table: pd.DataFrame, stem: str, *, key: str, help: str) -> None:
    """A download of ``table`` as ``<stem>.csv``, disabled (and empty) while a lesson's
    question waits for its reveal: the numbers would answer it.

    The file is made when pressed: a page that runs again soon after (a class following its
    teacher) would otherwise draw a button whose earlier file is already gone."""
    waiting = lesson_question_waiting()
    st.download_button(
        # Disabled, it has no file to make or serve: Streamlit registers none (and revokes
        # an earlier run's).
        label, lambda: table.to_csv(index=False).encode(), file_name=f"{stem}.csv",
        mime="text/csv", key=key, on_click="ignore", icon=":material/download:", help=help,
        disabled=waiting,
    )


def selected_points(state: Any) -> list[dict[str, Any]]:
    """The points of a plotly selection state (empty when nothing is selected).

    Read with item access (``state["selection"]["points"]``), which also works for the plain
    dicts a test puts in ``st.session_state``.
    """
    if not state:
        return []
    return list(state["selection"]["points"] or [])


def stable_colors(labels, key: str):
    """Labels renamed to match the previous run's clusters (stored under ``key``), so that
    moving a parameter does not reshuffle the colours; the partition is unchanged."""
    previous = st.session_state.get(key)
    shown = labels
    if previous is not None and len(previous) == len(labels) and (previous >= 0).all():
        shown = align_labels(previous, labels)
    st.session_state[key] = shown
    return shown
