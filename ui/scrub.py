"""The scrubber's way back: a framed chart's slider or animation tells Python where it stopped.

A chart built by `plots.framed.framed_figure` moves between its frames in the browser alone.
This component (components v2, inline, no iframe) finds that chart on the page and listens to
plotly's events; while the slider is dragged or the animation plays it sends nothing, and once
the gesture ends (or the animation stops) it sends the step reached, once. Python then writes
the value into the widget that owns it, so the URL, Copy link and the numbers beside the
chart follow in one rerun.

It also draws the scrubbed slider's steps itself: plotly's own step (``Plotly.animate`` with a
full redraw) recomputes and redraws the whole figure, axes, grid and legend included, 90-550
ms at n = 2,000 in chromium (benchmarks/results/scrub_browser.md). A frame of scatter traces
whose WebGL ones change only their markers' colours, opacities, sizes or hover numbers is drawn
by plotly's own parts without that redraw: the WebGL traces' new data is written into the
figure, plotly's animation without a redraw moves the SVG traces (centres, lines) and
recomputes every trace, plotly's WebGL plot takes the new marker options, and the WebGL canvas
is cleared and drawn again; a new plain-text title is written into the title's SVG text,
any other change of the frame's layout goes through ``Plotly.relayout``.
Any other frame is left to ``Plotly.animate`` as before. tests/browser/test_scrub_quick.py
checks the result against plotly's own redraw.
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

// The slider's steps no longer run plotly's own command: the listener plays them.
function takeOver(gd, sliderName) {
  for (const layout of [gd.layout, gd._fullLayout]) {
    const slider = ((layout && layout.sliders) || []).find((s) => s.name === sliderName);
    for (const step of (slider && slider.steps) || []) step.execute = false;
  }
}

const TYPED = {i1: Int8Array, u1: Uint8Array, i2: Int16Array, u2: Uint16Array, i4: Int32Array,
               u4: Uint32Array, f4: Float32Array, f8: Float64Array};

// plotly.py ships arrays as base64 specs, decoded by plotly only when it applies a frame.
function decoded(value) {
  if (!value || Array.isArray(value) || ArrayBuffer.isView(value) || !value.bdata) return value;
  const Typed = TYPED[value.dtype];
  if (!Typed || value.shape) return null;
  return new Typed(Uint8Array.from(atob(value.bdata), (c) => c.charCodeAt(0)).buffer);
}

// Whether frame update `update` of trace t only recolours, fades, resizes or relabels the
// markers of a WebGL trace (no positions, no selection).
function glRestyle(gd, t, update) {
  const full = gd._fullData[t];
  const marker = update.marker || {};
  return full && full.type === "scattergl" && full.mode === "markers" &&
    !Array.isArray(full.selectedpoints) &&
    Object.keys(update).every((k) => ["type", "marker", "customdata"].includes(k)) &&
    Object.keys(marker).every((k) => ["color", "size", "opacity"].includes(k));
}

function flat(obj, prefix, out) {
  for (const [key, value] of Object.entries(obj)) {
    if (value && typeof value === "object" && !Array.isArray(value)) {
      flat(value, prefix + key + ".", out);
    } else {
      out[prefix + key] = value;
    }
  }
  return out;
}

// The frame's layout keys whose values differ from the figure's.
function layoutChanges(gd, frame) {
  const changed = {};
  for (const [key, value] of Object.entries(frame.layout ? flat(frame.layout, "", {}) : {})) {
    const now = key.split(".").reduce((o, k) => (o == null ? o : o[k]), gd.layout);
    if (JSON.stringify(now) !== JSON.stringify(value)) changed[key] = value;
  }
  return changed;
}

// A new plain title (no tag, entity, formula or line break for plotly to convert) is
// written into the title's SVG text, which holds no tspans; anything else goes through
// Plotly.relayout, whose supplyDefaults and restyle of the whole layout take 10-20 ms a step.
function relayout(gd, changed) {
  const keys = Object.keys(changed);
  if (!keys.length) return Promise.resolve();
  const text = changed["title.text"];
  const node = gd.querySelector(".g-gtitle .gtitle");
  const plain = (value) => typeof value === "string" && value !== "" && !/[<&$\\n\\r]/.test(value);
  if (keys.length === 1 && plain(text) && node && !node.firstElementChild &&
      gd.layout.title && typeof gd.layout.title === "object" &&
      plain(gd._fullLayout.title.text)) {
    gd.layout.title.text = text;
    gd._fullLayout.title.text = text;
    node.textContent = text;
    node.setAttribute("data-unformatted", text);
    return Promise.resolve();
  }
  return window.Plotly.relayout(gd, changed);
}

// Writes frame update `update` of WebGL trace t into the trace's input data.
function writeGl(gd, t, update) {
  const trace = gd.data[t], marker = update.marker || {};
  if (update.customdata) trace.customdata = decoded(update.customdata);
  for (const key of ["color", "size", "opacity"]) {
    if (marker[key] !== undefined) trace.marker[key] = decoded(marker[key]);
  }
}

// Draws frame `name` without plotly's full redraw; null when the frame is not of a kind
// handled here. The WebGL traces' new marker data is written into the figure; plotly's
// animation without a redraw then moves the SVG traces (centres, threshold lines) and
// recomputes every trace, WebGL scenes included, which plotly's own WebGL plot then draws.
// The axes, grid, legend and other SVG layers are not redrawn.
function drawQuickly(gd, name) {
  const frame = gd._transitionData && gd._transitionData._frameHash[name];
  if (!frame || !gd._fullData) return null;
  const kinds = frame.traces.map((t) => gd._fullData[t] && gd._fullData[t].type);
  if (kinds.some((kind) => kind !== "scatter" && kind !== "scattergl")) return null;
  const gl = [], svg = [];
  kinds.forEach((kind, i) => (kind === "scattergl" ? gl : svg).push(i));
  if (!gl.every((i) => glRestyle(gd, frame.traces[i], frame.data[i]))) return null;
  // The title does not follow an animation without a redraw: it is relaid out.
  const changed = layoutChanges(gd, frame);
  gl.forEach((i) => writeGl(gd, frame.traces[i], frame.data[i]));
  return window.Plotly.animate(gd, [{
    name, traces: svg.map((i) => frame.traces[i]), data: svg.map((i) => frame.data[i]),
  }], {mode: "immediate", frame: {duration: 0, redraw: false}, transition: {duration: 0}})
    .then(() => {
      const subplots = new Set(gl.map((i) => {
        const full = gd._fullData[frame.traces[i]];
        return full.xaxis + full.yaxis;
      }));
      for (const id of subplots) {
        const cds = gd.calcdata.filter((cd) => cd[0] && cd[0].trace.type === "scattergl" &&
          cd[0].trace.xaxis + cd[0].trace.yaxis === id);
        cds[0][0].trace._module.plot(gd, gd._fullLayout._plots[id], cds);
      }
      // WebGL draws over what the canvas holds: the canvas, shared by every subplot, is
      // cleared and each scene drawn again (else the old points show around the new ones).
      gd._fullLayout._glcanvas.each((canvas) => {
        if (canvas.regl) canvas.regl.clear({color: true, depth: true});
      });
      for (const plotinfo of Object.values(gd._fullLayout._plots)) {
        if (plotinfo._scene) plotinfo._scene.draw();
      }
      return relayout(gd, changed);
    });
}

function play(gd, event) {
  const step = event.step;
  const name = step && step.method === "animate" && Array.isArray(step.args[0]) &&
    step.args[0].length === 1 ? step.args[0][0] : null;
  let drawn = null;
  try {
    drawn = name === null ? null : drawQuickly(gd, name);
  } catch (error) {
    console.warn("clusterlab scrub: plotly's own redraw instead", error);
    drawn = null;
  }
  if (drawn === null) {
    if (step && step.method) window.Plotly[step.method](gd, ...step.args);
    return;
  }
  drawn.then(() => gd.emit("clusterlab_framedrawn", {name}));
}

function watch(gd, record) {
  const own = () => takeOver(gd, record.data.slider);
  own();
  // A new figure from the server (Plotly.react) or a full redraw brings the steps back.
  gd.on("plotly_react", own);
  gd.on("plotly_afterplot", own);
  gd.on("plotly_sliderchange", (event) => {
    if (event.interaction && event.slider && event.slider.name === record.data.slider) {
      play(gd, event);
    }
  });
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
