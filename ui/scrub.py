"""The scrubber's way back: a framed chart's slider or animation tells Python where it stopped.

A chart built by `plots.framed.framed_figure` moves between its frames in the browser alone.
This component (components v2, inline, no iframe) finds that chart on the page and listens to
plotly's events; while the slider is dragged or the animation plays it sends nothing, and once
the gesture ends (or the animation stops) it sends the step reached, once. Python then writes
the value into the widget that owns it, so the URL, Copy link and the numbers beside the
chart follow in one rerun.

The component also draws the slider's step buttons (‹ ›, or First, Step back, Step, Last on a
step-through): a press moves the chart's slider as an arrow key does (ui/web/a11y.js), the
frame is drawn in the browser, and the step reached is sent once after 0.6 s without a press.
The widget that owns the value sits in a `carrier` box, not drawn while the buttons are: the
chart's slider and its buttons are the parameter's one control.

It also draws the scrubbed slider's steps itself: plotly's own step (``Plotly.animate`` with
a full redraw) recomputes and redraws the whole figure, axes, grid and legend included,
90-550 ms at n = 2,000 in chromium (benchmarks/results/scrub_browser.md), and even its
animation without a redraw recomputes every trace (its per-point colour conversion of the
WebGL traces is most of a step). A frame of WebGL traces alone (fuzzy c-means' m chart and
density peaks' decision charts draw their centres WebGL too, past
`plots.scatter.WEBGL_THRESHOLD` points; the decision graph's threshold lines are layout
shapes, moved by the layout step below) whose markers change colour
(`plots.framed.code_marker`'s stepped colour scale), per-point opacity, size or hover
numbers, and whose points or lines move, is drawn straight into plotly's WebGL scenes: the
values plotly's own computation would give (each point's RGBA, sizes, positions), computed
here and checked against plotly's at the first step after each of its computations, written
where plotly keeps them (data, full data, the traces' stash for hover and selection, the
scenes' option lists). Any other frame of scatter traces is drawn by plotly's parts without
the full redraw: the WebGL traces' new marker data is written into the figure, plotly's
animation without a redraw moves the SVG traces and recomputes every trace, plotly's WebGL
plot takes the new marker options, and the WebGL canvas is cleared and drawn again. A new
plain-text title is written into the title's SVG text, any other change of the frame's
layout goes through ``Plotly.relayout``. Other frames are left to ``Plotly.animate`` as
before.
tests/browser/test_scrub_quick.py checks the result against plotly's own redraw.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import streamlit as st

from ui import web

_COMPONENT = st.components.v2.component(
    "clusterlab_scrub",
    html=web.source("scrub.html"),
    css=web.source("scrub.css"),
    js=web.source("chart_pointer.js") + web.source("scrub.js"),
    # The page's focus ring (ui/web/a11y.css) reaches the buttons.
    isolate_styles=False,
)

# Boxes holding a widget whose value a chart's slider scrubs (`carrier`).
CARRIER_PREFIX = "scrub_carrier_"


def carrier(widget_key: str) -> Any:
    """A box for the widget stored under ``widget_key`` whose value a chart's slider may
    scrub. Once `scrub_to_widget` draws that slider's step buttons, the box is not drawn:
    the slider and its buttons are the one control the user sees and reaches, and the widget
    only carries the value to the URL, Copy link and the page's code. Where no such chart is
    drawn (another mode, a covered chart in a lesson), the widget stays the control.

    Use as ``with carrier("db_eps"): st.select_slider(..., key="db_eps", ...)``; the widget's
    values must hold every value of the slider.
    """
    return st.container(key=f"{CARRIER_PREFIX}{widget_key}")


def scrub_to_widget(chart_key: str, slider: str, widget_key: str,
                    values: Sequence[Any], labels: Sequence[str], *,
                    through: bool = False) -> None:
    """Listen to the slider ``slider`` of the framed chart drawn with key ``chart_key``, and
    draw its step buttons.

    When a scrub, an animation or a run of presses of the step buttons ends on the step
    labelled ``labels[i]``, the widget stored under ``widget_key`` (bound to the URL) takes
    ``values[i]`` and the page reruns once. The buttons (‹ and ›, or First, Step back, Step,
    Last for a step-through) move the slider in the browser; the step reached is sent after
    0.6 s without a press.

    Parameters
    ----------
    chart_key : str
        The ``key`` the chart was drawn with.
    slider : str
        The slider's ``name`` (the ``name`` given to `plots.framed.framed_figure`).
    widget_key : str
        Session-state key of the widget that owns the value.
    values, labels : sequences of equal length
        The widget's value of each step, and the step's label on the slider.
    through : bool
        Whether the slider steps through a run (First and Last buttons too, named as a
        step-through's) rather than over a parameter's values.
    """
    values, labels = list(values), [str(label) for label in labels]
    if len(values) != len(labels):
        raise ValueError(f"scrub_to_widget needs one label per value, got {len(labels)} "
                         f"labels and {len(values)} values")
    key = f"{chart_key}_{slider}_scrub"  # a chart may have two sliders
    current = st.session_state.get(widget_key)
    shown = labels[values.index(current)] if current in values else None

    def settle() -> None:
        # A page switch (a lesson's Next) may drop the component's state before its callback.
        state = st.session_state.get(key)
        if state is None:
            return
        label = state.value
        if label in labels:
            st.session_state[widget_key] = values[labels.index(label)]

    st.html(f"<style>{web.filled('scrub_carrier.css', CARRIER=CARRIER_PREFIX + widget_key)}"
            "</style>")
    _COMPONENT(key=key, data={"chart": chart_key, "slider": slider, "current": shown,
                                   "through": through},
               on_value_change=settle)
