// Why a delay: a slider's release and the end of its last frame's animation come as two
// plotly events a few milliseconds apart; the value is sent once both have passed.
const SETTLE_MS = 150;
const charts = new WeakMap();

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

const MARKER_KEYS = ["color", "size", "opacity", "symbol"];

// Whether frame update `update` of trace t only recolours, fades, resizes or relabels the
// markers of a WebGL trace (no positions, no selection).
function glRestyle(gd, t, update) {
  const full = gd._fullData[t];
  const marker = update.marker || {};
  return full && full.type === "scattergl" && full.mode === "markers" &&
    !Array.isArray(full.selectedpoints) &&
    Object.keys(update).every((k) => ["type", "marker", "customdata"].includes(k)) &&
    Object.keys(marker).every((k) => MARKER_KEYS.includes(k));
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
  for (const key of MARKER_KEYS) {
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

// RGBA in [0, 1] of a "#rgb" or "#rrggbb" colour (the form of plots.palette's colours) or an
// "rgb(r, g, b)" or "rgba(r, g, b, a)" one (plotly's defaults), as plotly's colour parser
// gives it; null for any other form.
function rgbaOf(color) {
  if (typeof color !== "string") return null;
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color);
  if (hex) {
    const six = hex[1].length === 3 ? hex[1].replace(/./g, "$&$&") : hex[1];
    return [0, 2, 4].map((i) => parseInt(six.slice(i, i + 2), 16) / 255).concat(1);
  }
  const rgb = /^rgba?[(]([0-9]+), *([0-9]+), *([0-9]+)(, *[0-9.]+)?[)]$/.exec(color);
  return rgb ? [rgb[1] / 255, rgb[2] / 255, rgb[3] / 255,
                rgb[4] === undefined ? 1 : Number(rgb[4].slice(1))] : null;
}

// The RGBA of value v on a stepped colour scale (plots.framed.code_marker's: v inside a step
// whose two ends hold one colour), so no interpolation is involved; null otherwise.
function steppedRgba(marker, v) {
  const at = (v - marker.cmin) / (marker.cmax - marker.cmin);
  const scale = marker.colorscale;
  for (let k = 0; k + 1 < scale.length; k++) {
    if (at > scale[k][0] && at < scale[k + 1][0]) {
      return scale[k][1] === scale[k + 1][1] ? rgbaOf(scale[k][1]) : null;
    }
  }
  return null;
}

// RGBA in [0, 1] of any CSS colour (a name such as "black" as well), read back in one of
// rgbaOf's forms from a canvas, which parses colours as plotly's colour parser does; null for
// a value that is no colour.
const canvasStyle = document.createElement("canvas").getContext("2d");
function cssRgba(color) {
  const rgba = rgbaOf(color);
  if (rgba || typeof color !== "string") return rgba;
  canvasStyle.fillStyle = "#010203";
  canvasStyle.fillStyle = color;
  const read = canvasStyle.fillStyle;
  return read === "#010203" && color.trim().toLowerCase() !== "#010203" ? null : rgbaOf(read);
}

const isArray = (value) => Array.isArray(value) || ArrayBuffer.isView(value);
// plotly's RGBA times an opacity (a number, else 1), per point for an array of opacities.
const faded = (rgba, opacity, i) => {
  const alpha = isArray(opacity) ? opacity[i] : opacity;
  return [rgba[0], rgba[1], rgba[2], rgba[3] * (Number.isFinite(alpha) ? alpha : 1)];
};

// Whether plotly's WebGL scatter draws symbol `symbol` open (src/traces/scattergl/helpers.js
// of plotly.js 4: a name with "-open", a number whose remainder by 200 is 100 or more).
const isOpen = (symbol) => (typeof symbol === "string" ? symbol.includes("-open")
  : symbol % 200 >= 100);

// Each point's fill and border RGBA for colour values `codes`, opacities `opacity` (one, or
// one a point) and symbols `symbols` (one, or one a point) as plotly's WebGL scatter computes
// them beside per-point colours (src/traces/scattergl/convert.js with
// src/lib/gl_format_color.js: the scale's colour, its alpha times the opacity; the border
// the marker line's one colour, faded alike; an open symbol's fill transparent, its border
// the fill's colour), or null if the marker is not of the kind handled here (a stepped
// scale of hex colours, a line of one colour).
function markerStyle(marker, codes, opacity, symbols) {
  if (marker.coloraxis || marker.reversescale || !Array.isArray(marker.colorscale) ||
      !Number.isFinite(marker.cmin) || !Number.isFinite(marker.cmax) || !isArray(codes) ||
      (isArray(symbols) && symbols.length !== codes.length)) return null;
  const line = !marker.line.colorscale && !marker.line.coloraxis && cssRgba(marker.line.color);
  if (!line) return null;
  const palette = new Map(), n = codes.length;
  const colors = new Array(n), borderColors = new Array(n);
  for (let i = 0; i < n; i++) {
    let rgba = palette.get(codes[i]);
    if (rgba === undefined) palette.set(codes[i], rgba = steppedRgba(marker, codes[i]));
    if (rgba === null) return null;
    const fill = faded(rgba, opacity, i);
    if (isOpen(isArray(symbols) ? symbols[i] : symbols)) {
      colors[i] = [fill[0], fill[1], fill[2], 0];
      borderColors[i] = fill;
    } else {
      colors[i] = fill;
      borderColors[i] = faded(line, opacity, i);
    }
  }
  return {colors, borderColors};
}

// Symbol textures (plotly's signed-distance images) by symbol, as plotly's WebGL scatter
// made them: it keeps one texture a symbol for the page (src/traces/scattergl/convert.js,
// getSymbolSdf), so the texture it gave a point of one symbol serves every later point of
// that symbol. Learnt from each of plotly's computations of a trace of per-point markers.
const TEXTURES = new Map();

// Records the textures plotly gave trace `full`'s points; false when one symbol got two
// (a texture depending on more than its symbol: then none is taken from here).
function learnTextures(full, options) {
  const symbols = full.marker.symbol, markers = options.markers;
  if (!isArray(symbols) || !Array.isArray(markers) || markers.length !== symbols.length ||
      isArray(full.marker.angle) || full.marker.angle) return false;
  const seen = new Map();
  for (let i = 0; i < symbols.length; i++) {
    const known = seen.get(symbols[i]);
    if (known === undefined) seen.set(symbols[i], markers[i]);
    else if (known !== markers[i]) return false;
  }
  for (const [symbol, texture] of seen) TEXTURES.set(symbol, texture);
  return true;
}

// Each point's texture for symbols `symbols`; null if plotly has not yet drawn one of them.
function markerTextures(symbols) {
  const out = new Array(symbols.length);
  for (let i = 0; i < symbols.length; i++) {
    if (!TEXTURES.has(symbols[i])) return null;
    out[i] = TEXTURES.get(symbols[i]);
  }
  return out;
}

// plotly's DESELECTDIM (src/constants/interactions.ts): beside per-point opacities and no
// `unselected` style, a point left out of a selection keeps this share of its opacity.
const DESELECTDIM = 0.2;
const dimmed = (opacity) => Array.from(opacity, (o) => DESELECTDIM * o);

// Marker sizes as plotly's WebGL scatter takes them, for the default size mode only.
function markerSizes(marker, values) {
  if (marker.sizemode !== "diameter" || (marker.sizeref || 1) !== 1 || marker.sizemin ||
      !isArray(values)) return null;
  return Array.from(values, (v) => (v > 0 ? v : 0));
}

// The points of coordinates x and y as plotly's WebGL scatter lays them out on linear axes
// (x0, y0, x1, y1, ...); null unless every coordinate is a finite number (plotly would
// leave a gap, not handled here).
function positionsOf(x, y) {
  if (!isArray(x) || !isArray(y) || x.length !== y.length) return null;
  const out = new Array(2 * x.length);
  for (let i = 0; i < x.length; i++) {
    if (!Number.isFinite(x[i]) || !Number.isFinite(y[i])) return null;
    out[2 * i] = x[i];
    out[2 * i + 1] = y[i];
  }
  return out;
}

const same = (a, b) => a.length === b.length &&
  Array.from(a).every((x, i) => (isArray(x) ? same(x, b[i]) : Math.abs(x - b[i]) < 1e-9));
// Equal values, or both absent (undefined); null (not computable here) never matches.
const matches = (ours, held) => (ours === undefined ? held === undefined
  : ours !== null && held !== undefined && held !== null && same(ours, held));

// What plotly's WebGL scatter holds for trace `full` that frame update `update` changes,
// recomputed here from the trace's current data the way drawDirectly computes a frame's:
// true when it equals plotly's own (the colours, borders, symbols and unselected opacities
// of the markers, their sizes, the points' and the line's positions).
function computedAsPlotly(full, scene, stash, update) {
  const marker = update.marker || {}, index = stash.index, pairs = [];
  const options = scene.markerOptions[index] || {}, opacity = full.marker && full.marker.opacity;
  if (["color", "opacity", "symbol"].some((k) => marker[k] !== undefined)) {
    const style = markerStyle(full.marker, full.marker.color, opacity, full.marker.symbol);
    pairs.push([style && style.colors, options.colors],
               [style && style.borderColors, options.borderColors]);
  }
  if (marker.symbol !== undefined) {
    if (!learnTextures(full, options)) return false;
    // The same textures, point by point (compared as objects: plotly's own).
    const textures = markerTextures(full.marker.symbol);
    if (!textures || textures.some((texture, i) => texture !== options.markers[i])) return false;
  }
  if (marker.opacity !== undefined) {
    if (!full.unselected) {
      pairs.push([isArray(opacity) ? dimmed(opacity) : null,
                  scene.markerUnselectedOptions[index].opacity]);
    }
  }
  if (marker.size !== undefined) pairs.push([markerSizes(full.marker, full.marker.size),
                                             options.sizes]);
  if (update.x !== undefined) {
    const positions = positionsOf(full.x, full.y);
    pairs.push([positions, stash.positions]);
    if (full.mode === "lines") {
      // plotly gives a line its positions from one point on (src/traces/scattergl/calc.js).
      pairs.push([positions && positions.length ? positions : undefined,
                  scene.lineOptions[index].positions]);
    } else {
      pairs.push([positions, options.positions]);
    }
  }
  return pairs.every(([ours, held]) => matches(ours, held));
}

// Full traces whose drawing computed here matched plotly's own last computation, with the
// frame keys checked (a new computation makes new full traces, checked again at their first
// step).
const checked = new WeakMap();
const UPDATED = ["type", "marker", "customdata", "x", "y"];

// What the direct drawing of frame update `update` of WebGL trace t needs: plotly's scene,
// the trace's stash and option lists in it, and the new colours, borders, sizes and
// positions; null when the trace or its scene is not in the state handled here (a drawn
// selection, a scene not yet drawn, markers or points whose drawing here would differ from
// plotly's).
function directGl(gd, t, update) {
  const full = gd._fullData[t], cd = gd.calcdata && gd.calcdata[t];
  const marker = update.marker || {};
  // A trace without points (plotly hides it) that stays without any: nothing to draw.
  if (full && full.visible === false &&
      Object.keys(update).every((k) => ["type", "x", "y"].includes(k)) &&
      [update.x, update.y].every((v) => isArray(decoded(v)) && !decoded(v).length)) {
    return {empty: true};
  }
  if (!full || full.type !== "scattergl" || full.visible !== true || full.selectedpoints ||
      !["markers", "lines"].includes(full.mode) ||
      !Object.keys(update).every((k) => UPDATED.includes(k)) ||
      !Object.keys(marker).every((k) => MARKER_KEYS.includes(k)) ||
      ("x" in update) !== ("y" in update) || (full.mode === "lines" && update.marker)) {
    return null;
  }
  const plotinfo = gd._fullLayout._plots[full.xaxis + full.yaxis];
  const scene = plotinfo && plotinfo._scene;
  const stash = cd && cd[0] && cd[0].t;
  if (!scene || scene.dirty || !scene.scatter2d || !stash || stash._scene !== scene ||
      cd[0].trace !== full || stash.tree ||
      [...scene.selectBatch, ...scene.unselectBatch].some((batch) => batch.length)) return null;
  const index = stash.index, options = scene.markerOptions[index];
  const line = scene.lineOptions[index];
  // The selection layer (drag mode select or lasso) holds the markers again, below any
  // style of its own for selected points: only an opacity is handled here.
  if (scene.select2d && options &&
      !Object.keys(scene.markerSelectedOptions[index] || {}).every((k) => k === "opacity")) {
    return null;
  }
  if (!checked.has(full)) checked.set(full, new Set());
  const done = checked.get(full), keys = JSON.stringify([Object.keys(update).sort(),
                                                          Object.keys(marker).sort()]);
  if (!done.has(keys)) {
    if (!computedAsPlotly(full, scene, stash, update)) return null;
    done.add(keys);
  }
  const plan = {full, scene, index, stash, plotinfo, batch: {}, line: null};
  let n = full._length;
  if (update.x !== undefined) {
    const x = decoded(update.x), y = decoded(update.y), positions = positionsOf(x, y);
    if (!positions || (full.mode === "lines" && !positions.length && line.positions)) {
      return null;
    }
    n = x.length;
    // Per-point styles keep their length: a trace whose points come and go has one style.
    if (n !== full._length && options && ["colors", "borderColors", "sizes", "borderSizes",
                                          "markers"].some((k) => isArray(options[k]))) {
      return null;
    }
    plan.moved = {x, y, positions};
    if (full.mode === "lines") {
      // No gap and no marker: plotly joins the line's segments round.
      if (positions.length) plan.line = {positions, join: "round"};
    } else {
      Object.assign(plan.batch, {positions, snap: n});
    }
  }
  const opacity = marker.opacity === undefined ? full.marker && full.marker.opacity
    : decoded(marker.opacity);
  const fits = (array) => isArray(array) && array.length === n;
  if (marker.opacity !== undefined && (!fits(opacity) || !options)) return null;
  const symbols = marker.symbol === undefined ? full.marker && full.marker.symbol
    : decoded(marker.symbol);
  if (marker.symbol !== undefined) {
    plan.batch.markers = fits(symbols) && Array.isArray(options.markers) &&
      markerTextures(symbols);
    if (!plan.batch.markers) return null;
    plan.symbols = symbols;
  }
  if (["color", "opacity", "symbol"].some((k) => marker[k] !== undefined)) {
    const codes = marker.color === undefined ? full.marker.color : decoded(marker.color);
    const style = fits(codes) && isArray(options.colors) && isArray(options.borderColors) &&
      markerStyle(full.marker, codes, opacity, symbols);
    if (!style) return null;
    Object.assign(plan.batch, style);
  }
  if (marker.opacity !== undefined && !full.unselected) plan.unselected = dimmed(opacity);
  if (marker.size !== undefined) {
    const values = decoded(marker.size);
    plan.batch.sizes = fits(values) && isArray(options.sizes) && markerSizes(full.marker, values);
    if (!plan.batch.sizes) return null;
  }
  return plan;
}

// Writes plan `plan` of frame update `update` of trace t where plotly's own computation
// puts it: the figure's data and full data, the trace's stash (hover, selection), the
// scene's option lists (a later draw by plotly); returns the plan's markers and line.
function writeDirect(gd, t, update, plan) {
  const {full, scene, index, stash, plotinfo, batch} = plan;
  writeGl(gd, t, update);
  const trace = gd.data[t];
  if (update.customdata) full.customdata = trace.customdata;
  for (const key of ["color", "size", "opacity"]) {
    if ((update.marker || {})[key] !== undefined) full.marker[key] = trace.marker[key];
  }
  if (plan.moved) {
    const {x, y, positions} = plan.moved;
    trace.x = full.x = x;
    trace.y = full.y = y;
    full._length = x.length;
    full._x = stash.x = Array.from(x);
    full._y = stash.y = Array.from(y);
    stash.positions = positions;
    if (stash.ids) stash.ids = Array.from(x, (_, i) => i);
    // Pixel places, kept by plotly for a box or lasso selection.
    if (stash.xpx) {
      stash.xpx = stash.x.map((v) => plotinfo.xaxis.c2p(v));
      stash.ypx = stash.y.map((v) => plotinfo.yaxis.c2p(v));
    }
    if (plan.line) Object.assign(scene.lineOptions[index], plan.line);
  }
  const options = scene.markerOptions[index];
  if (options) Object.assign(options, batch);
  // plotly keeps each point's symbol beside its texture.
  if (plan.symbols) options.symbols = plan.symbols;
  if (batch.sizes) options.sizeAvg = batch.sizes.reduce((a, b) => a + b, 0) / batch.sizes.length;
  if (plan.unselected) scene.markerUnselectedOptions[index].opacity = plan.unselected;
  return {markers: Object.keys(batch).length ? batch : null, line: plan.line};
}

// Draws frame `name` (WebGL traces whose markers change colour, opacity, size or hover
// numbers, or whose points or line move, no other trace) straight into plotly's WebGL
// scenes: plotly recomputes every trace of the figure at any animation step, and its
// per-point colour conversion of the WebGL traces is most of a step's time. The frame's
// values go where plotly's own step would put them (writeDirect), so hover, selection,
// Play, a later redraw and the server's next figure find plotly's state as after its own
// step; what plotly's scene takes in (RGBA per point, sizes, positions) is what its own
// computation gives, checked against it at the first step after each of plotly's
// computations. The axes keep their ranges (as in plotly's animation without a redraw).
// Null when the frame is not of that kind.
function drawDirectly(gd, name, frame, changed) {
  const plans = frame.traces.map((t, i) => directGl(gd, t, frame.data[i]));
  if (plans.some((plan) => plan === null)) return null;
  const batches = new Map();
  // regl's scatter and line keep a group they are given no options for (undefined, not a
  // hole).
  const batchOf = (scene) => {
    if (!batches.has(scene)) {
      const empty = () => Array.from({length: scene.count}, () => undefined);
      batches.set(scene, {markers: empty(), lines: empty()});
    }
    return batches.get(scene);
  };
  plans.forEach((plan, i) => {
    if (plan.empty) return;
    const drawn = writeDirect(gd, frame.traces[i], frame.data[i], plan);
    const batch = batchOf(plan.scene);
    batch.markers[plan.index] = drawn.markers || undefined;
    batch.lines[plan.index] = drawn.line || undefined;
  });
  for (const [scene, batch] of batches) {
    scene.scatter2d.update(batch.markers);
    if (scene.select2d) scene.select2d.update(batch.markers);
    if (scene.line2d && batch.lines.some((b) => b)) scene.line2d.update(batch.lines);
  }
  drawScenes(gd);
  // What plotly's own step sets and announces: Play's "from current" starts from this frame,
  // and the slider (bound to the current frame) and this listener follow the announcements.
  gd._fullLayout._currentFrame = name;
  const animation = {frame: {duration: 0, redraw: false}, transition: {duration: 0}};
  gd.emit("plotly_animatingframe", {name, frame, animation});
  return relayout(gd, changed).then(() => gd.emit("plotly_animated"));
}

// Frame `name` as plotly plays it: a frame repeating an earlier frame's traces carries only
// its layout and names that frame as its baseframe (plots/framed.py's `reuse`, one level, the
// two layouts of one shape: the merge is the frame's own layout); null for other forms.
function frameOf(gd, name) {
  const hash = gd._transitionData && gd._transitionData._frameHash;
  const frame = hash && hash[name];
  if (!frame || frame.baseframe == null) return frame || null;
  const base = hash[frame.baseframe];
  if (!base || base.baseframe != null || frame.data != null) return null;
  return {traces: base.traces, data: base.data, layout: frame.layout, name};
}

// Draws frame `name` without plotly's full redraw; null when the frame is not of a kind
// handled here. A frame of WebGL marker changes alone is drawn directly (drawDirectly).
// Otherwise the WebGL traces' new marker data is written into the figure; plotly's animation
// without a redraw then moves the SVG traces (centres, threshold lines) and recomputes every
// trace, WebGL scenes included, which plotly's own WebGL plot then draws. The axes, grid,
// legend and other SVG layers are not redrawn.
function drawQuickly(gd, name) {
  const frame = frameOf(gd, name);
  if (!frame || !gd._fullData) return null;
  const kinds = frame.traces.map((t) => gd._fullData[t] && gd._fullData[t].type);
  if (kinds.some((kind) => kind !== "scatter" && kind !== "scattergl")) return null;
  const gl = [], svg = [];
  kinds.forEach((kind, i) => (kind === "scattergl" ? gl : svg).push(i));
  // The title does not follow an animation without a redraw: it is relaid out.
  const changed = layoutChanges(gd, frame);
  if (!svg.length && !gd._transitioning) {
    const drawn = drawDirectly(gd, name, frame, changed);
    if (drawn) return drawn;
  }
  if (!gl.every((i) => glRestyle(gd, frame.traces[i], frame.data[i]))) return null;
  gl.forEach((i) => writeGl(gd, frame.traces[i], frame.data[i]));
  return window.Plotly.animate(gd, [{
    name, traces: svg.map((i) => frame.traces[i]), data: svg.map((i) => frame.data[i]),
  }], {mode: "immediate", frame: {duration: 0, redraw: false}, transition: {duration: 0}})
    .then(() => {
      // A chart of SVG traces alone has no WebGL canvas to draw (its title still follows).
      if (gl.length) {
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
  gd.on("plotly_animated", () => { holdOn(record); settle(); });
  gd.on("plotly_animationinterrupted", settle);
}

// The step buttons: a press moves the chart's slider one step (or to an end) the keyboard's
// way (ui/web/a11y.js: a drag of the grip, so plotly moves the slider, play() draws the frame
// and nothing is sent while it lasts); a pause of HOLD_MS with no press lets the grip go,
// which sends the step reached as the end of a drag does.
const HOLD_MS = 600;
const MOVES = {first: [undefined, 0], back: [-1], next: [1], last: [undefined, Infinity]};

function sliderGroup(gd, sliderName) {
  return [...gd.querySelectorAll(".slider-group")].find(
    (group) => group.__data__ && group.__data__.name === sliderName) || null;
}

function press(record, move, said) {
  const sliders = window.clusterlabSliders;
  const group = record.gd && sliderGroup(record.gd, record.data.slider);
  if (!sliders || !group || !group.__data__._visibleSteps) return;
  const [delta, end] = MOVES[move];
  const last = group.__data__._visibleSteps.length - 1;
  if (record.held && record.held !== group) sliders.release(record.held);
  sliders.move(group, delta, end === undefined ? undefined : Math.min(end, last));
  record.held = group;
  said.textContent = group.getAttribute("aria-valuetext") || "";
  holdOn(record);
}

// The pause counts from the later of the last press and the last frame drawn: a frame slower
// to draw than the pause (plotly's full redraw of a large chart) does not end the presses.
function holdOn(record) {
  clearTimeout(record.hold);
  if (!record.held) return;
  record.hold = setTimeout(() => {
    window.clusterlabSliders.release(record.held);
    record.held = null;
  }, HOLD_MS);
}

// Names the buttons after the slider they move and wires them (once: the markup stays).
function drawButtons(root, record) {
  const name = record.data.slider;
  const said = root.querySelector(".clusterlab-steps-said");
  root.querySelector(".clusterlab-steps").setAttribute("aria-label", `Steps of ${name}`);
  root.querySelector(".clusterlab-steps-name").textContent = record.data.through ? "" : name;
  for (const button of root.querySelectorAll("button[data-move]")) {
    const move = button.dataset.move;
    button.hidden = !record.data.through && (move === "first" || move === "last");
    // [visible text, accessible name]
    const [text, label] = (record.data.through
      ? {first: ["« First", "First"], back: ["‹ Back", "Step back"], next: ["Step ›", "Step"],
         last: ["Last »", "Last"]}
      : {back: ["‹", `Previous ${name}`], next: ["›", `Next ${name}`]})[move] || [];
    if (label) {
      button.textContent = text;
      button.setAttribute("aria-label", label);
    }
    if (button.dataset.wired) continue;
    button.dataset.wired = "1";
    button.addEventListener("click", () => press(record, move, said));
  }
}

export default function (component) {
  const { data, parentElement, setTriggerValue } = component;
  const host = parentElement.host || parentElement;
  let record = charts.get(host);
  if (!record) {
    record = { dragging: false, sent: null, timer: null, gd: null, poll: null, hold: null,
               held: null };
    charts.set(host, record);
  }
  record.data = data;
  record.sent = null;
  record.send = (label) => setTriggerValue("value", label);
  drawButtons(parentElement, record);
  // The chart may be drawn after this component, and a rerun for another chart of the page
  // can draw this one in a new element without running this function again (then Play
  // played there and nothing was sent): keep following the chart's element.
  const stop = followChart(record, data.chart, (gd) => watch(gd, record));
  return () => { stop(); clearTimeout(record.timer); };
}
