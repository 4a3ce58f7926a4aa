// The browser side of ui/draw.py (after ui/web/chart_pointer.js). A layer over each plot
// area of the chart takes a click (one point) or a drag (a point every `spacing` of the
// plot's width); the gesture's points are shown at once and sent to Python, in the chart's
// data coordinates, when the pointer is let go. The first layer is also a Tab stop with a
// cursor moved by arrow keys, where Enter adds a point. Python keeps the drawing and
// redraws it.
const SVG = "http://www.w3.org/2000/svg";
const LAYER = "clusterlab-draw-layer";
const tools = new WeakMap();
const followed = new WeakSet();  // charts whose redraws lay the layers again

// A class's shape (its clusters' marker symbol, from Python) of radius r at (x, y).
function shape(data, c, x, y, r) {
  const mark = document.createElementNS(SVG, "path");
  mark.setAttribute("class", "shape");
  mark.setAttribute("d", data.shapes[c].path);
  mark.setAttribute("data-symbol", data.shapes[c].symbol);
  mark.setAttribute("transform", `translate(${x} ${y}) scale(${r})`);
  mark.setAttribute("fill", data.colors[c]);
  mark.setAttribute("stroke", data.outline);
  mark.setAttribute("stroke-width", "1.5");
  // Its outline keeps 1.5 px at any size (the style sheet does not reach into the chart).
  mark.setAttribute("vector-effect", "non-scaling-stroke");
  return mark;
}

// The keyboard's way: the first subplot's layer is a Tab stop whose cursor moves by a share of
// the axis ranges per arrow key (Shift: BIG of them); Enter or Space adds a point of the
// picked class there, Delete or Backspace undoes, as the Undo button.
const STEP = 1 / 40;
const BIG = 5;
const MOVES = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] };
const HELP = "Drawing area: arrow keys move a cursor (Shift+arrow by bigger steps), Enter or "
  + "Space adds a point of the picked class at the cursor, Delete undoes the last point";

// How long after the last key a lost focus comes back to a new layer: the rerun the key
// started, which a loaded server took over 10 s to draw (CI).
const REFOCUS_MS = 60000;
let lastPointerDown = -Infinity;
document.addEventListener("pointerdown", () => { lastPointerDown = performance.now(); }, true);
const shown = (v) => (+v.toFixed(2) || 0).toFixed(2);  // no "-0.00"

// The cross-hair: each line drawn twice, white under dark, so that it shows on any point
// (3:1 against what lies behind it); the picked class's shape marks where a point would go.
function crossHair() {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("class", "clusterlab-draw-cursor");
  Object.assign(svg.style, {position: "absolute", inset: 0, width: "100%", height: "100%",
                            overflow: "visible", pointerEvents: "none", display: "none"});
  for (const [color, width] of [["#fff", 4], ["#111", 1.5]]) {
    for (const axis of ["x", "y"]) {
      const line = document.createElementNS(SVG, "line");
      line.setAttribute("class", `${axis}-line`);
      line.setAttribute("stroke", color);
      line.setAttribute("stroke-width", String(width));
      svg.appendChild(line);
    }
  }
  return svg;
}

function drawCursor(layer, record) {
  const svg = layer.querySelector(".clusterlab-draw-cursor");
  const sub = layer.clusterlabSub;
  if (!svg || !record.cursor || !record.keys) {
    if (svg) svg.style.display = "none";
    return;
  }
  const [px, py] = pixelAt(sub, ...record.cursor);
  svg.querySelectorAll(".x-line").forEach((line) => {
    line.setAttribute("x1", px); line.setAttribute("x2", px);
    line.setAttribute("y1", 0); line.setAttribute("y2", sub.height);
  });
  svg.querySelectorAll(".y-line").forEach((line) => {
    line.setAttribute("x1", 0); line.setAttribute("x2", sub.width);
    line.setAttribute("y1", py); line.setAttribute("y2", py);
  });
  svg.querySelectorAll(".shape").forEach((old) => old.remove());
  svg.appendChild(shape(record.data, record.cls, px, py, 7));
  svg.style.display = "";
}

// The cursor kept inside the subplot's ranges (it starts at their middle).
function placeCursor(record, sub, x, y) {
  const [x0, x1] = sub.xa.range, [y0, y1] = sub.ya.range;
  const within = (v, a, b) => Math.min(Math.max(v, Math.min(a, b)), Math.max(a, b));
  record.cursor = [within(x, x0, x1), within(y, y0, y1)];
}

function middle(record, sub) {
  placeCursor(record, sub, (sub.xa.range[0] + sub.xa.range[1]) / 2,
              (sub.ya.range[0] + sub.ya.range[1]) / 2);
}

function sayCursor(record) {
  const [x, y] = record.cursor;
  record.root.querySelector(".cursor").textContent = `Cursor x ${shown(x)}, y ${shown(y)}`;
}

function onKey(event, layer, record) {
  if (event.ctrlKey || event.altKey || event.metaKey) return;
  const sub = layer.clusterlabSub;
  if (!record.cursor) middle(record, sub);  // focused by a click, then keys
  const move = MOVES[event.key];
  if (move) {
    const [x0, x1] = sub.xa.range, [y0, y1] = sub.ya.range;
    const steps = STEP * (event.shiftKey ? BIG : 1);
    placeCursor(record, sub, record.cursor[0] + move[0] * steps * (x1 - x0),
                record.cursor[1] + move[1] * steps * (y1 - y0));
    sayCursor(record);
  } else if (event.key === "Enter" || event.key === " ") {
    const d = record.data;
    if (d.count >= d.max_points) {
      record.root.querySelector(".cursor").textContent = "No point added: the drawing has "
        + `its limit of ${d.max_points} points`;
    } else {
      const [px, py] = pixelAt(sub, ...record.cursor);
      layer.querySelector(".clusterlab-draw-dots").appendChild(shape(d, record.cls, px, py, 6));
      record.said = `Point ${d.count + 1} added, class ${record.cls + 1}`;
      record.send({add: [record.cursor.slice()], cls: record.cls});
    }
  } else if (event.key === "Delete" || event.key === "Backspace") {
    record.undo();
  } else {
    return;
  }
  event.preventDefault();  // no page scroll, no browser's Back
  record.keys = true;
  record.keyTime = performance.now();
  drawCursor(layer, record);
}

function newLayer(gd, record, focusable) {
  const layer = document.createElement("div");
  layer.className = LAYER;
  Object.assign(layer.style, {position: "absolute", cursor: "crosshair", touchAction: "none",
                              zIndex: 5});
  if (focusable) {
    layer.tabIndex = 0;
    layer.setAttribute("role", "application");
    layer.setAttribute("aria-roledescription", "drawing area");
    layer.setAttribute("aria-label", HELP);
  } else {
    layer.setAttribute("aria-hidden", "true");  // the first subplot's layer is the keys' way
  }
  const dots = document.createElementNS(SVG, "svg");
  dots.setAttribute("class", "clusterlab-draw-dots");
  dots.setAttribute("aria-hidden", "true");
  Object.assign(dots.style, {position: "absolute", inset: 0, width: "100%", height: "100%",
                             overflow: "visible", pointerEvents: "none"});
  const cursor = crossHair();
  cursor.setAttribute("aria-hidden", "true");
  layer.append(dots, cursor);
  gd.appendChild(layer);
  const at = (event) => {
    const box = layer.getBoundingClientRect();
    return [event.clientX - box.left, event.clientY - box.top];
  };
  const add = ([px, py]) => {
    const d = record.data;
    if (d.count + record.pending.length >= d.max_points) return;
    record.pending.push(dataAt(layer.clusterlabSub, px, py));
    record.last = [px, py];
    dots.appendChild(shape(d, record.cls, px, py, 6));
  };
  layer.addEventListener("pointerdown", (event) => {
    event.preventDefault();  // the mouse does not focus the layer: its cursor is the keys'
    event.stopPropagation();
    record.keyTime = -Infinity;
    layer.setPointerCapture(event.pointerId);
    record.down = true;
    record.pending = [];
    record.last = null;  // stays so on a full drawing: nothing to paint from
    record.said = "";  // what the last key or button said
    add(at(event));
  });
  layer.addEventListener("pointermove", (event) => {
    if (!record.down || !record.last) return;
    const p = at(event);
    if (Math.hypot(p[0] - record.last[0], p[1] - record.last[1])
        >= record.data.spacing * layer.clusterlabSub.width) add(p);
  });
  const end = () => {
    if (!record.down) return;
    record.down = false;
    if (record.pending.length) record.send({add: record.pending, cls: record.cls});
    record.pending = [];
  };
  layer.addEventListener("pointerup", end);
  layer.addEventListener("pointercancel", end);
  if (!focusable) return layer;
  layer.addEventListener("keydown", (event) => onKey(event, layer, record));
  layer.addEventListener("focus", () => {
    record.keyTime = performance.now();
    if (!layer.matches(":focus-visible")) return;
    record.keys = true;
    if (!record.cursor) middle(record, layer.clusterlabSub);
    sayCursor(record);
    drawCursor(layer, record);
  });
  // Left for another control, the cursor hides; lost to no element (a rerun that draws the
  // chart anew takes the layer out of the page), the focus comes back with the next layer
  // (layOver).
  layer.addEventListener("blur", (event) => {
    if (event.relatedTarget) record.keyTime = -Infinity;
    record.keys = false;
    drawCursor(layer, record);
  });
  return layer;
}

// One layer per subplot, over its plot area only (the legend, toolbar and sliders stay
// reachable); laid again after every redraw of the chart, which may move the axes. The
// layers stay the same elements, so that the focus stays on the keys' layer while Python
// draws the point it added.
function layOver(gd, record) {
  if (getComputedStyle(gd).position === "static") gd.style.position = "relative";
  const old = [...gd.querySelectorAll("." + LAYER)];
  const subs = subplotsOf(gd);
  old.slice(subs.length).forEach((layer) => layer.remove());
  subs.forEach((sub, i) => {
    const layer = old[i] || newLayer(gd, record, i === 0);
    layer.clusterlabSub = sub;
    Object.assign(layer.style, {left: `${sub.left}px`, top: `${sub.top}px`,
                                width: `${sub.width}px`, height: `${sub.height}px`});
    layer.querySelector(".clusterlab-draw-dots").replaceChildren();
    if (i === 0 && record.cursor) placeCursor(record, sub, ...record.cursor);
    drawCursor(layer, record);
  });
  keepFocus(record);
}

// The keys' layer lost the focus to no element by a rerun a key started, which drew the
// chart anew: the new layer takes it back. Called when the layers are laid and every 200 ms,
// since the old chart may leave the page after the new one's layers were laid (CI); a click
// anywhere since the last key means the user left the chart.
function keepFocus(record) {
  const first = record.gd && record.gd.querySelector("." + LAYER);
  const active = document.activeElement;
  if (first && (!active || active === document.body) && record.keyTime > lastPointerDown
      && performance.now() - record.keyTime < REFOCUS_MS) {
    first.focus({preventScroll: true});
  }
}

// Every subplot shows the whole drawing surface (its ranges from Python), so that a point
// can go anywhere on it, not only inside the points drawn so far.
function showSurface(gd, ranges) {
  const update = {};
  for (const sub of subplotsOf(gd)) {
    update[`${sub.xa._name}.range`] = ranges[0].slice();
    update[`${sub.ya._name}.range`] = ranges[1].slice();
  }
  if (!Object.keys(update).length || !window.Plotly) return;
  gd.clusterlabSurface = JSON.stringify(ranges);
  window.Plotly.relayout(gd, update);
}

export default function (component) {
  const { data, parentElement, setTriggerValue } = component;
  const host = parentElement.host || parentElement;
  const root = parentElement.querySelector(".draw");
  let record = tools.get(host);
  if (!record) {
    record = { gd: null, poll: null, cls: 0, down: false, pending: [], last: null, said: "",
               cursor: null, keys: false, keyTime: -Infinity };
    tools.set(host, record);
  }
  record.data = data;
  record.send = (edit) => setTriggerValue("edit",
    {...edit, chart: record.data.chart, nonce: Date.now() + Math.random()});

  const count = () => {
    const full = data.count >= data.max_points;
    root.querySelector(".count").textContent = (record.said ? `${record.said}. ` : "")
      + `${data.count} / ${data.max_points} points drawn`
      + (full ? `: the limit of a drawing (a link carries at most ${data.max_points}); `
        + "Undo or Clear to draw elsewhere" : "");
  };
  const classes = root.querySelector(".classes");
  const mark = () => [...classes.children].forEach((b, c) =>
    b.setAttribute("aria-pressed", String(c === record.cls)));
  if (!classes.children.length) {
    data.colors.slice(0, data.classes).forEach((color, c) => {
      const b = document.createElement("button");
      b.type = "button";
      const icon = document.createElementNS(SVG, "svg");
      icon.setAttribute("viewBox", "-1.3 -1.3 2.6 2.6");
      icon.setAttribute("aria-hidden", "true");
      icon.appendChild(shape(data, c, 0, 0, 1));
      b.append(icon, String(c + 1));
      b.setAttribute("aria-label", `Class ${c + 1}`);
      b.onclick = () => { record.cls = c; mark(); };
      classes.appendChild(b);
    });
  }
  mark();
  record.root = root;
  record.undo = () => {
    if (!record.data.count) return;
    record.said = "Undone";
    record.send({undo: true});
  };
  root.querySelector(".undo").onclick = record.undo;
  root.querySelector(".clear").onclick = () => {
    if (!record.data.count) return;
    record.said = "Cleared";
    record.send({clear: true});
  };
  count();
  // The points of the last gesture stay shown until the chart is drawn again with them.
  const stop = followChart(record, data.chart, (gd) => {
    showSurface(gd, record.data.ranges);
    layOver(gd, record);
    if (followed.has(gd)) return;
    followed.add(gd);
    gd.on("plotly_afterplot", () => {
      if (record.gd === gd && !record.down) layOver(gd, record);
    });
    // A new figure from the server has the ranges of its points again.
    gd.on("plotly_react", () => { if (record.gd === gd) showSurface(gd, record.data.ranges); });
  });
  clearInterval(record.keeper);
  record.keeper = setInterval(() => keepFocus(record), 200);
  // New ranges (a standardized drawing's scale follows its points) on the same chart.
  if (record.gd && record.gd.clusterlabSurface !== JSON.stringify(data.ranges)) {
    showSurface(record.gd, data.ranges);
  }
  // Gone with the tools (another dataset): the chart takes its own clicks again.
  return () => {
    stop();
    clearInterval(record.keeper);
    if (record.gd) record.gd.querySelectorAll("." + LAYER).forEach((old) => old.remove());
    record.gd = null;
  };
}
