"""The scrubber's way back: a framed chart's slider or animation tells Python where it stopped.

A chart built by `plots.framed.framed_figure` moves between its frames in the browser alone.
This component (components v2, inline, no iframe) finds that chart on the page and listens to
plotly's events; while the slider is dragged or the animation plays it sends nothing, and once
the gesture ends (or the animation stops) it sends the step reached, once. Python then writes
the value into the widget that owns it, so the URL, Copy link and the numbers beside the
chart follow in one rerun.

It also draws the scrubbed slider's steps itself: plotly's own step (``Plotly.animate`` with a
full redraw) recomputes and redraws the whole figure, 90-180 ms at n = 2,000 in chromium
(benchmarks/results/scrub_browser.md). A frame that changes only the colours, sizes or hover
numbers of WebGL markers is written into the trace and its WebGL scene is drawn again, and a
frame of SVG traces only is played without the full redraw; the frame's layout (its title)
goes through ``Plotly.relayout``. Any other frame, or a WebGL scene that does not hold the
colours this code expects, is left to ``Plotly.animate`` as before.
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

// The RGBA of each colour code of plots.framed.code_marker's stepped colour scale.
function codeColors(marker) {
  const scale = marker.colorscale;
  if (!Array.isArray(scale) || scale.length % 2 || typeof marker.opacity !== "number") return null;
  const lut = [];
  for (let i = 0; i < scale.length; i += 2) {
    const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(scale[i][1]);
    if (!m || scale[i][1] !== scale[i + 1][1]) return null;
    lut.push([...[1, 2, 3].map((j) => parseInt(m[j], 16) / 255), marker.opacity]);
  }
  return marker.cmin === -0.5 && marker.cmax === lut.length - 0.5 ? lut : null;
}

const near = (a, b) => Math.abs(a - b) < 1e-6;

// The WebGL scene options of trace t, when frame update `update` only recolours, resizes or
// relabels its markers and the colours plotly drew are the ones codeColors gives.
function glTarget(gd, t, update) {
  const full = gd._fullData[t];
  const cd = gd.calcdata && gd.calcdata[t];
  if (!full || full.type !== "scattergl" || full.mode !== "markers" || !cd || !cd[0] ||
      !cd[0].t || Array.isArray(full.selectedpoints)) return null;
  const marker = update.marker || {};
  if (Object.keys(update).some((k) => !["type", "marker", "customdata"].includes(k)) ||
      Object.keys(marker).some((k) => k !== "color" && k !== "size")) return null;
  const plot = gd._fullLayout._plots[full.xaxis + full.yaxis];
  const scene = plot && plot._scene;
  const opts = scene && scene.markerOptions && scene.markerOptions[cd[0].t.index];
  if (!opts || !Array.isArray(opts.colors) || !scene.scatter2d ||
      (scene.selectBatch || []).some((b) => b && b.length)) return null;
  const lut = codeColors(full.marker);
  const codes = full.marker.color, n = opts.colors.length;
  if (!lut || !codes || codes.length !== n) return null;
  for (let k = 0; k < n; k += Math.max(1, Math.floor(n / 64))) {
    const want = lut[codes[k]], got = opts.colors[k];
    if (!want || !got || want.some((v, j) => !near(v, got[j]))) return null;
    if (marker.size && !(opts.sizes && near(opts.sizes[k], full.marker.size[k]))) return null;
  }
  return {full, scene, opts, lut, n};
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

function relayout(gd, changed) {
  return Object.keys(changed).length ? window.Plotly.relayout(gd, changed) : Promise.resolve();
}

// Draws frame `name` without plotly's full redraw; null when the frame is not of a kind
// handled here.
function drawQuickly(gd, name) {
  const frame = gd._transitionData && gd._transitionData._frameHash[name];
  if (!frame || !gd._fullData) return null;
  const kinds = frame.traces.map((t) => gd._fullData[t] && gd._fullData[t].type);
  if (kinds.every((kind) => kind === "scatter")) {
    // SVG traces follow a frame without a redraw; the title does not, so it is relaid out.
    const changed = layoutChanges(gd, frame);
    return window.Plotly.animate(gd, [name], {
      mode: "immediate", frame: {duration: 0, redraw: false}, transition: {duration: 0},
    }).then(() => relayout(gd, changed));
  }
  const targets = frame.traces.map((t, i) => glTarget(gd, t, frame.data[i]));
  if (targets.some((target) => target === null)) return null;
  const scenes = new Set();
  frame.traces.forEach((t, i) => {
    const {full, scene, opts, lut, n} = targets[i];
    const update = frame.data[i], marker = update.marker || {};
    const custom = decoded(update.customdata);
    const codes = decoded(marker.color), sizes = decoded(marker.size);
    // Written where plotly keeps them too: hover, a zoom and the next redraw read them.
    if (custom) gd.data[t].customdata = full.customdata = custom;
    if (codes) {
      gd.data[t].marker.color = full.marker.color = codes;
      opts.colors = Array.from(codes, (c) => lut[c]);
    }
    if (sizes) {
      gd.data[t].marker.size = full.marker.size = sizes;
      opts.sizes = Array.from(sizes);
    }
    scenes.add(scene);
  });
  for (const scene of scenes) {
    scene.scatter2d.update(scene.markerOptions);
    scene.draw();
  }
  return relayout(gd, layoutChanges(gd, frame));
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
