// Every plotly chart's own controls are SVG without a tab stop: each slider gets one, as an
// ARIA slider whose arrow keys move it one step a key, and each Play/Pause button one, as an
// ARIA button Enter and Space press (2.1.1, 4.1.2). A key goes the mouse's way: it drags the
// grip one step (the mouse events plotly's own drag listens to), so plotly moves the slider and
// announces the drag, ui/web/scrub.js draws each step, and the value is sent once the keys are
// released, as after a drag.
// With prefers-reduced-motion, Play steps from frame to frame without tweening.
// Run by ui/a11y.py as a plain script on every page; once per browser tab.
(() => {
const WIN = window.parent || window;
const REDUCED = WIN.matchMedia("(prefers-reduced-motion: reduce)");
const KEYS = {ArrowRight: 1, ArrowUp: 1, ArrowLeft: -1, ArrowDown: -1, PageUp: 5,
              PageDown: -5};
const wired = new WeakSet();

function stepText(opts, index) {
  const step = opts.steps[index];
  const prefix = (opts.currentvalue && opts.currentvalue.prefix) || "";
  return step ? `${prefix}${step.label}`.trim() : "";
}

function describeSlider(group) {
  const opts = group.__data__;
  if (!opts || !opts._visibleSteps || !opts._visibleSteps.length) return;
  const shown = Math.max(0, opts._visibleSteps.findIndex((step) => step._index === opts.active));
  group.setAttribute("tabindex", "0");
  group.setAttribute("role", "slider");
  group.setAttribute("aria-label", opts.name || "frame");
  group.setAttribute("aria-valuemin", "0");
  group.setAttribute("aria-valuemax", String(opts._visibleSteps.length - 1));
  group.setAttribute("aria-valuenow", String(shown));
  group.setAttribute("aria-valuetext", stepText(opts, opts.active));
  group.setAttribute("aria-orientation", "horizontal");
}

// A mouse event at the centre of the tick of visible step `index`, on the rail's touch area
// where plotly listens for a drag (it follows the move and the release on the chart).
function pointAt(group, type, index) {
  const rail = group.querySelector(".slider-rail-touch-rect");
  const tick = group.querySelectorAll(".slider-tick-rect")[index];
  if (!rail || !tick) return;
  const box = tick.getBoundingClientRect(), area = rail.getBoundingClientRect();
  rail.dispatchEvent(new WIN.MouseEvent(type, {
    bubbles: true, cancelable: true, view: WIN,
    clientX: box.left + box.width / 2, clientY: area.top + area.height / 2}));
}

// Each key drags the grip one step further; the keys' release lets it go.
function moveSlider(group, delta, absolute) {
  const opts = group.__data__;
  const last = opts._visibleSteps.length - 1;
  const from = group.__keyIndex ?? Math.max(
    0, opts._visibleSteps.findIndex((step) => step._index === opts.active));
  const index = Math.max(0, Math.min(last, absolute ?? from + delta));
  if (index === from) return;
  pointAt(group, group.__keyIndex === undefined ? "mousedown" : "mousemove", index);
  group.__keyIndex = index;
  describeSlider(group);
}

function endKeys(group) {
  if (group.__keyIndex === undefined) return;
  pointAt(group, "mouseup", group.__keyIndex);
  delete group.__keyIndex;
  describeSlider(group);
}

// The step buttons beside a chart's slider (ui/web/scrub.js) move it this same way: a press
// is a key held down, and their pause is the keys' release.
WIN.clusterlabSliders = {move: moveSlider, release: endKeys};

function calm(button) {
  const args = button.__data__ && button.__data__.args;
  const options = Array.isArray(args) && args[1];
  if (options && options.transition) options.transition.duration = 0;
}

function describeChart(gd) {
  for (const group of gd.querySelectorAll(".slider-group")) {
    describeSlider(group);
    if (group.__keyed) continue;
    group.__keyed = true;
    group.addEventListener("keydown", (event) => {
      const opts = group.__data__;
      if (event.altKey || event.ctrlKey || event.metaKey || !opts) return;
      const delta = KEYS[event.key];
      const absolute = {Home: 0, End: opts._visibleSteps.length - 1}[event.key];
      if (delta === undefined && absolute === undefined) return;
      event.preventDefault();
      event.stopPropagation();
      moveSlider(group, delta, absolute);
    });
    group.addEventListener("keyup", (event) => {
      if (KEYS[event.key] !== undefined || event.key === "Home" || event.key === "End") {
        endKeys(group);
      }
    });
    group.addEventListener("blur", () => endKeys(group));
  }
  for (const button of gd.querySelectorAll(".updatemenu-button")) {
    const label = button.__data__ && button.__data__.label;
    button.setAttribute("tabindex", "0");
    button.setAttribute("role", "button");
    if (label) button.setAttribute("aria-label", label);
    if (REDUCED.matches) calm(button);
    if (button.__keyed) continue;
    button.__keyed = true;
    button.addEventListener("keydown", (event) => {
      if (event.key !== "Enter" && event.key !== " ") return;
      event.preventDefault();
      button.dispatchEvent(new WIN.MouseEvent("click", {bubbles: true}));
    });
  }
}

function wireCharts(root) {
  for (const gd of root.querySelectorAll(".js-plotly-plot")) {
    if (typeof gd.on !== "function") continue;
    if (!wired.has(gd)) {
      wired.add(gd);
      // plotly draws its sliders and buttons again on a new figure, a relayout or a frame.
      const again = () => describeChart(gd);
      for (const name of ["plotly_afterplot", "plotly_animated", "plotly_sliderchange"]) {
        gd.on(name, again);
      }
    }
    describeChart(gd);
  }
}

// A formula wider than its column scrolls sideways inside its own box (KaTeX's display
// math): such a box is made focusable, so a keyboard can scroll it (WCAG 2.1.1; axe-core's
// scrollable-region-focusable), and loses its tab stop once it fits again.
const FORMULA = ".katex-display";

function markFormulas(root) {
  for (const box of root.querySelectorAll(FORMULA)) {
    const scrolls = box.scrollWidth > box.clientWidth;
    // No name of its own: a screen reader reads the formula's MathML inside.
    if (scrolls && !box.hasAttribute("tabindex")) box.setAttribute("tabindex", "0");
    else if (!scrolls && box.getAttribute("tabindex") === "0") box.removeAttribute("tabindex");
  }
}

(() => {
  const win = WIN;
  if (win.__clusterlabA11y) return;
  win.__clusterlabA11y = true;
  let queued = false;
  const later = () => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(() => { queued = false; markFormulas(win.document); wireCharts(win.document); });
  };
  // A chart's own redraws (every frame of a scrub) are followed by its plotly events.
  const outsideCharts = (records) => records.some(
    (record) => !record.target.closest || !record.target.closest(".js-plotly-plot"));
  new MutationObserver((records) => { if (outsideCharts(records)) later(); })
    .observe(win.document.body, {childList: true, subtree: true});
  win.addEventListener("resize", later);
  later();
})();
})();
