// The browser side of ui/drag.py (after ui/web/chart_pointer.js): plotly moves the shape (a
// line, or a handle) while it is dragged (its shape editing) and reports the drop in one
// plotly_relayout; the position goes to Python once.
const charts = new WeakMap();

function lineIndex(gd, name) {
  return ((gd.layout && gd.layout.shapes) || []).findIndex((s) => s && s.name === name);
}

// The line's coordinate on its axis ("y" for a horizontal line), or a handle's centre
// [x, y] (axis "xy"; a handle sized in pixels sits at its anchor): plotly has already
// written the drop into the layout when it reports it.
function coordinate(shape, axis) {
  if (shape[axis + "sizemode"] === "pixel") return Number(shape[axis + "anchor"]);
  return (Number(shape[axis + "0"]) + Number(shape[axis + "1"])) / 2;
}
function position(shape, axis) {
  return axis === "xy" ? [coordinate(shape, "x"), coordinate(shape, "y")]
    : coordinate(shape, axis);
}
const ENDS = ["x0", "x1", "y0", "y1", "xanchor", "yanchor"];
const finite = (at) => [].concat(at).every(Number.isFinite);
const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

// The shape's place as the server drew it (a drag moves every end of it).
function keepHome(gd, record) {
  const i = lineIndex(gd, record.data.line);
  if (i < 0) return;
  const shape = gd.layout.shapes[i];
  record.home = Object.fromEntries(ENDS.filter((k) => shape[k] !== undefined)
    .map((k) => [k, shape[k]]));
}

// Back where the server put it: after a drop that left the value as it was, the server's
// figure is the one already drawn and would not move the shape.
function putBack(gd, record) {
  const i = lineIndex(gd, record.data.line);
  if (i < 0 || !record.home) return;
  const update = {};
  for (const [k, v] of Object.entries(record.home)) update[`shapes[${i}].${k}`] = v;
  record.moved = false;
  window.Plotly.relayout(gd, update);
}

function watch(gd, record) {
  keepHome(gd, record);
  // A new figure from the server (Plotly.react) draws the shape where the value puts it.
  gd.on("plotly_react", () => { record.moved = false; keepHome(gd, record); });
  gd.on("plotly_relayout", (event) => {
    const i = lineIndex(gd, record.data.line);
    if (i < 0 || !Object.keys(event || {}).some((k) => k.startsWith(`shapes[${i}]`))) return;
    const at = position(gd.layout.shapes[i], record.data.axis);
    if (!finite(at) || same(at, record.data.at)) return;  // putBack's own move
    record.moved = true;
    record.send(at);
    gd.emit("clusterlab_dragsent", {line: record.data.line, at});
  });
}

export default function (component) {
  const { data, parentElement, setTriggerValue } = component;
  const host = parentElement.host || parentElement;
  let record = charts.get(host);
  if (!record) {
    record = { gd: null, poll: null, home: null, moved: false };
    charts.set(host, record);
  }
  record.data = data;
  record.send = (at) => setTriggerValue("value", at);
  // The chart may be drawn after this component, and Streamlit draws a new figure in a new
  // element: followed while the component is on the page.
  const stop = followChart(record, data.chart, (gd) => {
    record.moved = false;  // a new element holds the server's new figure
    watch(gd, record);
  });
  if (record.moved && record.gd && window.Plotly) putBack(record.gd, record);
  return stop;
}
