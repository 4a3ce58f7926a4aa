// The browser side of ui/drag.py (after ui/web/chart_pointer.js): plotly moves the line
// while it is dragged (its shape editing) and reports the drop in one plotly_relayout; the
// position goes to Python once.
const charts = new WeakMap();

function lineIndex(gd, name) {
  return ((gd.layout && gd.layout.shapes) || []).findIndex((s) => s && s.name === name);
}

// The line's coordinate on its axis ("y" for a horizontal line): plotly has already written
// the drop into the layout when it reports it.
function position(shape, axis) {
  return (Number(shape[axis + "0"]) + Number(shape[axis + "1"])) / 2;
}

// The other axis' ends as the server drew them (a drag moves them too).
function keepCross(gd, record) {
  const i = lineIndex(gd, record.data.line);
  if (i < 0) return;
  const cross = record.data.axis === "y" ? "x" : "y";
  const shape = gd.layout.shapes[i];
  record.cross = {[cross + "0"]: shape[cross + "0"], [cross + "1"]: shape[cross + "1"]};
}

// Back where the server put it: after a drop that left the value as it was, the server's
// figure is the one already drawn and would not move the line.
function putBack(gd, record) {
  const i = lineIndex(gd, record.data.line);
  if (i < 0) return;
  const {axis, at} = record.data;
  const update = {[`shapes[${i}].${axis}0`]: at, [`shapes[${i}].${axis}1`]: at};
  for (const [k, v] of Object.entries(record.cross || {})) update[`shapes[${i}].${k}`] = v;
  record.moved = false;
  window.Plotly.relayout(gd, update);
}

function watch(gd, record) {
  keepCross(gd, record);
  // A new figure from the server (Plotly.react) draws the line where the value puts it.
  gd.on("plotly_react", () => { record.moved = false; keepCross(gd, record); });
  gd.on("plotly_relayout", (event) => {
    const i = lineIndex(gd, record.data.line);
    if (i < 0 || !Object.keys(event || {}).some((k) => k.startsWith(`shapes[${i}]`))) return;
    const at = position(gd.layout.shapes[i], record.data.axis);
    if (!Number.isFinite(at) || at === record.data.at) return;  // putBack's own move
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
    record = { gd: null, poll: null, cross: null, moved: false };
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
