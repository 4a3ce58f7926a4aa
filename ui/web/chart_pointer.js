// Shared by the components that work on a plotly chart of the page (ui/scrub.py, ui/drag.py,
// ui/draw.py), put before each one's own script: find the chart by the key Streamlit drew it
// with, follow it into the new element a rerun draws it in, and read the data coordinates
// under a pixel and the pixel of a point.

function chartOf(chartKey) {
  const box = document.querySelector(".st-key-" + CSS.escape(chartKey));
  return box ? box.querySelector(".js-plotly-plot") : null;
}

// Calls onChart(gd) with the chart's element now and each time a rerun draws it in a new one
// (checked every 200 ms while the component is on the page); returns the cleanup.
function followChart(record, chartKey, onChart) {
  clearInterval(record.poll);
  const attach = () => {
    const gd = chartOf(chartKey);
    if (!gd || typeof gd.on !== "function" || record.gd === gd) return;
    record.gd = gd;
    onChart(gd);
  };
  attach();
  record.poll = setInterval(attach, 200);
  return () => { clearInterval(record.poll); };
}

// Each cartesian subplot's rectangle in pixels from the chart's top left, with its axes.
function subplotsOf(gd) {
  const plots = (gd._fullLayout && gd._fullLayout._plots) || {};
  return Object.values(plots).filter((p) => p.xaxis && p.yaxis).map((p) => ({
    xa: p.xaxis, ya: p.yaxis, left: p.xaxis._offset, top: p.yaxis._offset,
    width: p.xaxis._length, height: p.yaxis._length,
  }));
}

// The data coordinates at pixel (px, py) of a subplot's rectangle (plotly's own pixel to
// data mapping of each axis).
function dataAt(sub, px, py) {
  return [sub.xa.p2d(px), sub.ya.p2d(py)];
}

// Its inverse: the pixel of a subplot's rectangle at data coordinates (x, y).
function pixelAt(sub, x, y) {
  return [sub.xa.d2p(x), sub.ya.d2p(y)];
}
