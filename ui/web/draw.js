// The browser side of ui/draw.py (after ui/web/chart_pointer.js). A layer over each plot
// area of the chart takes a click (one point) or a drag (a point every `spacing` of the
// plot's width); the gesture's points are shown at once and sent to Python, in the chart's
// data coordinates, when the pointer is let go. Python keeps the drawing and redraws it.
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
  return mark;
}

// One layer per subplot, over its plot area only (the legend, toolbar and sliders stay
// reachable); laid again after every redraw of the chart, which may move the axes.
function layOver(gd, record) {
  gd.querySelectorAll("." + LAYER).forEach((old) => old.remove());
  if (getComputedStyle(gd).position === "static") gd.style.position = "relative";
  for (const sub of subplotsOf(gd)) {
    const layer = document.createElement("div");
    layer.className = LAYER;
    layer.setAttribute("aria-hidden", "true");  // the tools' form is the keyboard's way
    Object.assign(layer.style, {
      position: "absolute", left: `${sub.left}px`, top: `${sub.top}px`,
      width: `${sub.width}px`, height: `${sub.height}px`, cursor: "crosshair",
      touchAction: "none", zIndex: 5,
    });
    const dots = document.createElementNS(SVG, "svg");
    Object.assign(dots.style, {position: "absolute", inset: 0, width: "100%", height: "100%",
                               overflow: "visible", pointerEvents: "none"});
    layer.appendChild(dots);
    gd.appendChild(layer);
    const at = (event) => {
      const box = layer.getBoundingClientRect();
      return [event.clientX - box.left, event.clientY - box.top];
    };
    const add = ([px, py]) => {
      const d = record.data;
      if (d.count + record.pending.length >= d.max_points) return;
      record.pending.push(dataAt(sub, px, py));
      record.last = [px, py];
      dots.appendChild(shape(d, record.cls, px, py, 6));
    };
    layer.addEventListener("pointerdown", (event) => {
      event.preventDefault();
      event.stopPropagation();
      layer.setPointerCapture(event.pointerId);
      record.down = true;
      record.pending = [];
      record.last = null;  // stays so on a full drawing: nothing to paint from
      record.said = "";  // what the last typed point or button said
      add(at(event));
    });
    layer.addEventListener("pointermove", (event) => {
      if (!record.down || !record.last) return;
      const p = at(event);
      if (Math.hypot(p[0] - record.last[0], p[1] - record.last[1])
          >= record.data.spacing * sub.width) add(p);
    });
    const end = () => {
      if (!record.down) return;
      record.down = false;
      if (record.pending.length) record.send({add: record.pending, cls: record.cls});
      record.pending = [];
    };
    layer.addEventListener("pointerup", end);
    layer.addEventListener("pointercancel", end);
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
    record = { gd: null, poll: null, cls: 0, down: false, pending: [], last: null, said: "" };
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
  root.querySelector(".undo").onclick = () => {
    if (!record.data.count) return;
    record.said = "Undone";
    record.send({undo: true});
  };
  root.querySelector(".clear").onclick = () => {
    if (!record.data.count) return;
    record.said = "Cleared";
    record.send({clear: true});
  };
  const form = root.querySelector(".typed");
  form.onsubmit = (event) => {
    event.preventDefault();
    const x = Number(form.querySelector(".x").value);
    const y = Number(form.querySelector(".y").value);
    if (!Number.isFinite(x) || !Number.isFinite(y)) return;
    record.said = `Point added at (${x}, ${y}), class ${record.cls + 1}`;
    record.send({add: [[x, y]], cls: record.cls});
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
  // New ranges (a standardized drawing's scale follows its points) on the same chart.
  if (record.gd && record.gd.clusterlabSurface !== JSON.stringify(data.ranges)) {
    showSurface(record.gd, data.ranges);
  }
  // Gone with the tools (another dataset): the chart takes its own clicks again.
  return () => {
    stop();
    if (record.gd) record.gd.querySelectorAll("." + LAYER).forEach((old) => old.remove());
    record.gd = null;
  };
}
