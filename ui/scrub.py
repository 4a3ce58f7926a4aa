"""The scrubber's way back: a framed chart's slider or animation tells Python where it stopped.

A chart built by `plots.framed.framed_figure` moves between its frames in the browser alone.
This component (components v2, inline, no iframe) finds that chart on the page and listens to
plotly's events; while the slider is dragged or the animation plays it sends nothing, and once
the gesture ends (or the animation stops) it sends the step reached, once. Python then writes
the value into the widget that owns it, so the URL, Copy link and the numbers beside the
chart follow in one rerun.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import streamlit as st

# Why a delay: a slider's release and the end of its last frame's animation come as two
# plotly events a few milliseconds apart; the value is sent once both have passed.
_JS = """
const SETTLE_MS = 150;
const charts = new WeakMap();

function chartOf(chartKey) {
  const box = document.querySelector(".st-key-" + CSS.escape(chartKey));
  return box ? box.querySelector(".js-plotly-plot") : null;
}

function stepLabel(gd, sliderName) {
  const sliders = (gd.layout && gd.layout.sliders) || [];
  const slider = sliders.find((s) => s.name === sliderName);
  if (!slider || !slider.steps || !slider.steps.length) return null;
  const step = slider.steps[slider.active || 0];
  return step ? step.label : null;
}

function watch(gd, record) {
  const settle = () => {
    clearTimeout(record.timer);
    record.timer = setTimeout(() => {
      if (record.dragging) return;
      const label = stepLabel(gd, record.data.slider);
      if (label === null || label === record.sent || label === record.data.current) return;
      record.sent = label;
      record.send(label);
    }, SETTLE_MS);
  };
  gd.on("plotly_sliderstart", () => { record.dragging = true; clearTimeout(record.timer); });
  gd.on("plotly_sliderend", () => { record.dragging = false; settle(); });
  gd.on("plotly_animated", settle);
  gd.on("plotly_animationinterrupted", settle);
}

export default function (component) {
  const { data, parentElement, setTriggerValue } = component;
  const host = parentElement.host || parentElement;
  let record = charts.get(host);
  if (!record) {
    record = { dragging: false, sent: null, timer: null, gd: null, poll: null };
    charts.set(host, record);
  }
  record.data = data;
  record.sent = null;
  record.send = (label) => setTriggerValue("value", label);
  const attach = () => {
    const gd = chartOf(data.chart);
    if (!gd || typeof gd.on !== "function") return false;
    if (record.gd !== gd) {
      record.gd = gd;
      watch(gd, record);
    }
    return true;
  };
  clearInterval(record.poll);
  if (!attach()) {
    // The chart may be drawn after this component: look for it until it is there.
    record.poll = setInterval(() => { if (attach()) clearInterval(record.poll); }, 100);
  }
  return () => { clearInterval(record.poll); clearTimeout(record.timer); };
}
"""

_COMPONENT = st.components.v2.component(
    "clusterlab_scrub",
    html="""
<span class="clusterlab-scrub" hidden></span>
""",
    js=_JS,
)


def scrub_to_widget(chart_key: str, slider: str, widget_key: str,
                    values: Sequence[Any], labels: Sequence[str]) -> None:
    """Listen to the slider ``slider`` of the framed chart drawn with key ``chart_key``.

    When a scrub or an animation ends on the step labelled ``labels[i]``, the widget stored
    under ``widget_key`` (bound to the URL) takes ``values[i]`` and the page reruns once.

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
    """
    values, labels = list(values), [str(label) for label in labels]
    if len(values) != len(labels):
        raise ValueError(f"scrub_to_widget needs one label per value, got {len(labels)} "
                         f"labels and {len(values)} values")
    key = f"{chart_key}_{slider}_scrub"  # a chart may have two sliders
    current = st.session_state.get(widget_key)
    shown = labels[values.index(current)] if current in values else None

    def settle() -> None:
        label = st.session_state[key].value
        if label in labels:
            st.session_state[widget_key] = values[labels.index(label)]

    _COMPONENT(key=key, data={"chart": chart_key, "slider": slider, "current": shown},
               on_value_change=settle)
