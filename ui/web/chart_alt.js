// A chart's text alternative in the page (ui/chart_alt.py): its summary is the chart's
// accessible name (role "figure" with an aria-label) and the text of a polite live region.
// A framed chart (plots.framed) keeps one summary per frame in layout.meta.frame_summaries;
// when its slider moves or an animation plays, that frame's summary replaces the chart's.
// Text only: it is written with textContent and setAttribute, never parsed as markup.

// A drag passes many steps: the region is written once the slider has rested this long, so
// that a screen reader announces where it stopped, not every step on the way. A playing
// animation renames the chart at each frame and is announced where it stops.
const SETTLE_MS = 300;
const records = new WeakMap();

// The chart's element; during a rerun Streamlit may keep the old one (marked stale) beside it.
function chartBox(chartKey) {
  const selector = ".st-key-" + CSS.escape(chartKey);
  return document.querySelector(selector + ':not([data-stale="true"])') ||
    document.querySelector(selector);
}

function frameSummary(gd, frame) {
  const meta = gd.layout && gd.layout.meta;
  const summaries = meta && typeof meta === "object" ? meta.frame_summaries : null;
  const text = summaries && frame !== null ? summaries[frame] : undefined;
  return typeof text === "string" ? text : null;
}

// The frame a slider step plays (plots.framed.framed_figure's steps animate one frame).
function stepFrame(step) {
  return step && step.method === "animate" && Array.isArray(step.args) &&
    Array.isArray(step.args[0]) && step.args[0].length === 1 ? step.args[0][0] : null;
}

// Names the chart `text`; `announce` is "now", "settled" (after SETTLE_MS without another
// change) or "later" (the live region keeps its text: an animation is playing).
function describe(record, text, announce) {
  record.box.setAttribute("aria-label", text);
  clearTimeout(record.timer);
  const write = () => { if (record.live.textContent !== text) record.live.textContent = text; };
  if (announce === "now") write();
  else if (announce === "settled") record.timer = setTimeout(write, SETTLE_MS);
}

function watch(gd, record) {
  const follow = (frame, announce) => {
    const text = frameSummary(gd, frame);
    if (text !== null) describe(record, text, announce);
  };
  gd.on("plotly_sliderchange", (event) => follow(stepFrame(event && event.step), "settled"));
  gd.on("plotly_animatingframe", (event) => {
    record.frame = event ? event.name : null;
    follow(record.frame, "later");
  });
  // The animation's end (Pause, or its last frame): say where it stopped.
  gd.on("plotly_animated", () => follow(record.frame, "now"));
}

export default function (component) {
  const { data, parentElement } = component;
  const host = parentElement.host || parentElement;
  const live = parentElement.querySelector(".clusterlab-chart-alt");
  let record = records.get(host);
  if (!record) {
    record = { gd: null, box: null, poll: null, timer: null, frame: null };
    records.set(host, record);
  }
  record.live = live;
  const attach = () => {
    const box = chartBox(data.chart);
    const gd = box ? box.querySelector(".js-plotly-plot") : null;
    if (!gd || typeof gd.on !== "function") return false;
    record.box = box;
    box.setAttribute("role", "figure");
    describe(record, data.summary, "now");
    if (record.gd !== gd) {
      record.gd = gd;
      watch(gd, record);
    }
    return true;
  };
  clearInterval(record.poll);
  if (!attach()) {
    // The chart may be drawn after this component: look for it until it is there.
    live.textContent = data.summary;
    record.poll = setInterval(() => { if (attach()) clearInterval(record.poll); }, 100);
  }
  return () => { clearInterval(record.poll); clearTimeout(record.timer); };
}
