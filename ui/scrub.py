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
any other change of the frame's layout goes through ``Plotly.relayout``. plotly's animation
recomputes every trace of the figure, whatever the frame names, and its per-point colour
conversion of the WebGL traces is most of a step: a frame that changes WebGL markers' colours,
sizes or hover numbers and nothing else (no SVG trace, no opacity) skips it, its colours
(a stepped colour scale, `plots.framed.code_marker`'s) and sizes handed to plotly's WebGL
scenes directly. Any other frame is left to ``Plotly.animate`` as before.
tests/browser/test_scrub_quick.py checks the result against plotly's own redraw.
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

// WebGL draws over what the canvas holds: the canvas, shared by every subplot, is cleared
// and each scene drawn again (else the old points show around the new ones).
function drawScenes(gd) {
  gd._fullLayout._glcanvas.each((canvas) => {
    if (canvas.regl) canvas.regl.clear({color: true, depth: true});
  });
  for (const plotinfo of Object.values(gd._fullLayout._plots)) {
    if (plotinfo._scene) plotinfo._scene.draw();
  }
}

// RGBA in [0, 1] of a "#rgb" or "#rrggbb" colour (the form of plots.palette's colours), as
// plotly's colour parser gives it; null for any other form.
function hexRgba(color) {
  const match = typeof color === "string" && /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color);
  if (!match) return null;
  const hex = match[1].length === 3 ? match[1].replace(/./g, "$&$&") : match[1];
  return [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).concat(1);
}

// The RGBA of value v on a stepped colour scale (plots.framed.code_marker's: v inside a step
// whose two ends hold one colour), so no interpolation is involved; null otherwise.
function steppedRgba(marker, v) {
  const at = (v - marker.cmin) / (marker.cmax - marker.cmin);
  const scale = marker.colorscale;
  for (let k = 0; k + 1 < scale.length; k++) {
    if (at > scale[k][0] && at < scale[k + 1][0]) {
      return scale[k][1] === scale[k + 1][1] ? hexRgba(scale[k][1]) : null;
    }
  }
  return null;
}

// Each point's RGBA for colour values `codes` as plotly's WebGL scatter computes it (the
// scale's colour, its alpha times the marker's opacity), or null if the marker is not of
// the kind handled here (a stepped scale of hex colours, filled symbols).
function markerColors(marker, codes) {
  if (marker.coloraxis || marker.reversescale || !Array.isArray(marker.colorscale) ||
      !Number.isFinite(marker.cmin) || !Number.isFinite(marker.cmax) ||
      typeof marker.symbol !== "string" || marker.symbol.includes("open")) return null;
  const opacity = marker.opacity, perPoint = ArrayBuffer.isView(opacity) ||
    Array.isArray(opacity);
  const palette = new Map(), colors = new Array(codes.length);
  for (let i = 0; i < codes.length; i++) {
    let rgba = palette.get(codes[i]);
    if (rgba === undefined) palette.set(codes[i], rgba = steppedRgba(marker, codes[i]));
    if (rgba === null) return null;
    const alpha = perPoint ? opacity[i] : opacity;
    colors[i] = [rgba[0], rgba[1], rgba[2], rgba[3] * (Number.isFinite(alpha) ? alpha : 1)];
  }
  return colors;
}

// Marker sizes as plotly's WebGL scatter takes them, for the default size mode only.
function markerSizes(marker, values) {
  if (marker.sizemode !== "diameter" || (marker.sizeref || 1) !== 1 || marker.sizemin) {
    return null;
  }
  return Array.from(values, (v) => (v > 0 ? v : 0));
}

const same = (a, b) => a.length === b.length &&
  a.every((x, i) => (Array.isArray(x) ? same(x, b[i]) : Math.abs(x - b[i]) < 1e-9));

// Full traces whose colours and sizes, computed here, matched those of plotly's own last
// computation (a new computation makes new full traces, checked again at their first step).
const checked = new WeakSet();

// What the direct drawing of frame update `update` of WebGL trace t needs: plotly's scene
// and the trace's marker options in it, the new colours and sizes; null when the trace or
// its scene is not in the state handled here (a selection, a scene not yet drawn, a marker
// whose colours or sizes here would differ from plotly's).
function directGl(gd, t, update) {
  const full = gd._fullData[t], cd = gd.calcdata && gd.calcdata[t];
  const plotinfo = gd._fullLayout._plots[full.xaxis + full.yaxis];
  const scene = plotinfo && plotinfo._scene;
  const stash = cd && cd[0] && cd[0].t;
  const layout = gd._fullLayout;
  // plotly draws selections from other option lists (and a second scatter) than these.
  if (!scene || scene.dirty || !scene.scatter2d || scene.select2d || !stash ||
      stash._scene !== scene || cd[0].trace !== full || full.selectedpoints ||
      ["select", "lasso"].includes(layout.dragmode) || layout.clickmode.includes("select") ||
      (update.marker || {}).opacity !== undefined) return null;
  const options = scene.markerOptions[stash.index];
  if (!options || !Array.isArray(options.colors)) return null;
  const marker = update.marker || {};
  const codes = marker.color === undefined ? null : decoded(marker.color);
  const values = marker.size === undefined ? null : decoded(marker.size);
  const fits = (array) => array === null || ((Array.isArray(array) || ArrayBuffer.isView(array)) &&
    array.length === full._length);
  if ((marker.color !== undefined && !codes) || (marker.size !== undefined && !values) ||
      !fits(codes) || !fits(values) || (values && !Array.isArray(options.sizes))) return null;
  if (!checked.has(full)) {
    const colors = markerColors(full.marker, full.marker.color);
    const sizes = Array.isArray(options.sizes) && markerSizes(full.marker, full.marker.size);
    if (!colors || !same(colors, options.colors) ||
        (Array.isArray(options.sizes) && !(sizes && same(sizes, options.sizes)))) return null;
    checked.add(full);
  }
  const colors = codes && markerColors(full.marker, codes);
  const sizes = values && markerSizes(full.marker, values);
  if ((codes && !colors) || (values && !sizes)) return null;
  return {full, scene, index: stash.index, options, colors, sizes};
}

// Draws frame `name` (WebGL traces whose markers change colour, size or hover numbers, no
// other trace) straight into plotly's WebGL scenes: plotly recomputes every trace of the
// figure at any animation step, and its per-point colour conversion of the WebGL traces is
// most of a step's time. The frame's values go where plotly's own step would put them (the
// figure's data and full data, the scenes' marker options, the current frame), so hover,
// Play, a later redraw and the server's next figure find plotly's state as after its own
// step; what plotly's scene takes in (RGBA per point) is what its own conversion gives,
// checked against it at the first step after each of plotly's computations. Null when the
// frame is not of that kind.
function drawDirectly(gd, name, frame, changed) {
  const plans = frame.traces.map((t, i) => directGl(gd, t, frame.data[i]));
  if (plans.some((plan) => plan === null)) return null;
  const batches = new Map();
  plans.forEach((plan, i) => {
    const t = frame.traces[i], update = frame.data[i];
    writeGl(gd, t, update);
    const trace = gd.data[t], full = plan.full;
    if (update.customdata) full.customdata = trace.customdata;
    if (plan.colors) {
      full.marker.color = trace.marker.color;
      plan.options.colors = plan.colors;
    }
    if (plan.sizes) {
      full.marker.size = trace.marker.size;
      plan.options.sizes = plan.sizes;
      plan.options.sizeAvg = plan.sizes.reduce((a, b) => a + b, 0) / plan.sizes.length;
    }
    // regl-scatter2d keeps a group it is given no options for (undefined, not a hole).
    if (!batches.has(plan.scene)) {
      batches.set(plan.scene, Array.from({length: plan.scene.count}, () => undefined));
    }
    const batch = {};
    if (plan.colors) batch.colors = plan.colors;
    if (plan.sizes) batch.sizes = plan.sizes;
    batches.get(plan.scene)[plan.index] = batch;
  });
  for (const [scene, batch] of batches) scene.scatter2d.update(batch);
  drawScenes(gd);
  // What plotly's own step sets and announces: Play's "from current" starts from this frame,
  // and the slider (bound to the current frame) and this listener follow the announcements.
  gd._fullLayout._currentFrame = name;
  const animation = {frame: {duration: 0, redraw: false}, transition: {duration: 0}};
  gd.emit("plotly_animatingframe", {name, frame, animation});
  return relayout(gd, changed).then(() => gd.emit("plotly_animated"));
}

// Draws frame `name` without plotly's full redraw; null when the frame is not of a kind
// handled here. A frame of WebGL marker changes alone is drawn directly (drawDirectly).
// Otherwise the WebGL traces' new marker data is written into the figure; plotly's animation
// without a redraw then moves the SVG traces (centres, threshold lines) and recomputes every
// trace, WebGL scenes included, which plotly's own WebGL plot then draws. The axes, grid,
// legend and other SVG layers are not redrawn.
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
  if (!svg.length && !gd._transitioning) {
    const drawn = drawDirectly(gd, name, frame, changed);
    if (drawn) return drawn;
  }
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
      drawScenes(gd);
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
