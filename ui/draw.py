"""The "Draw points" surface, a Streamlit components v2 element: inline HTML, CSS and
JavaScript, no iframe, no build step, nothing fetched from elsewhere.

The browser only records where a student clicked or painted and in which class; the points
go to Python once per gesture (a click, a drag, undo, clear), where `datasets.drawn`
encodes them into the link text that a URL-bound text box keeps. Every algorithm runs in
Python on the decoded points.
"""

import numpy as np
import streamlit as st

from datasets.drawn import GRID, MAX_CLASSES, MAX_POINTS, decode_points, encode_points
from plots.palette import CLUSTER_COLORS
from ui.links import quoted
from ui.text import plain

# Grid steps between two points painted by one drag (about 2 % of the surface).
PAINT_SPACING = 24

_HTML = """
<div class="draw">
  <div class="tools" role="toolbar" aria-label="Drawing tools">
    <span class="classes" role="group" aria-label="Class of new points"></span>
    <button type="button" class="undo" aria-label="Undo">Undo</button>
    <button type="button" class="clear" aria-label="Clear">Clear</button>
  </div>
  <svg class="surface" role="img" aria-label="Draw points" viewBox="0 0 1023 1023"
       preserveAspectRatio="none" xmlns="http://www.w3.org/2000/svg"></svg>
  <div class="count" aria-live="polite"></div>
</div>
"""

_CSS = """
.draw { font-family: var(--st-font, sans-serif); font-size: 0.85rem; }
.tools { display: flex; flex-wrap: wrap; gap: 0.25rem; margin-bottom: 0.35rem; }
.tools button { min-height: 2rem; min-width: 2rem; border-radius: 0.4rem; cursor: pointer;
  border: 1px solid var(--st-border-color, #ccc); background: var(--st-background-color, #fff);
  color: var(--st-text-color, #111); }
.classes button { color: #fff; font-weight: 600; border: 2px solid transparent; }
.classes button[aria-pressed="true"] { border-color: var(--st-text-color, #111);
  box-shadow: 0 0 0 2px var(--st-background-color, #fff) inset; }
.surface { display: block; width: 100%; aspect-ratio: 1; touch-action: none; cursor: crosshair;
  border: 1px solid var(--st-border-color, #ccc); border-radius: 0.4rem;
  background: var(--st-secondary-background-color, #f6f6f6); }
.count { color: var(--st-text-color, #555); opacity: 0.75; margin-top: 0.2rem; }
"""

_JS = """
export default function (component) {
  const { data, parentElement, setTriggerValue } = component;
  const root = parentElement.querySelector(".draw");
  const svg = root.querySelector(".surface");
  const top = data.grid - 1;
  const incoming = JSON.stringify(data.points);
  // Python's points replace the drawing when they change from elsewhere (a link); while a
  // gesture of ours is on its way, older points from a previous run are ignored.
  if (!root.state) {
    root.state = { points: [], undo: [], cls: 0, down: false, sent: null, incoming: null };
  }
  if (incoming === root.state.sent) root.state.sent = null;
  if (root.state.sent === null && incoming !== root.state.incoming) {
    root.state.points = data.points.map(p => p.slice());
    root.state.undo = [];
  }
  root.state.incoming = incoming;
  const state = root.state;

  const draw = () => {
    svg.replaceChildren(...state.points.map(([x, y, c]) => {
      const dot = document.createElementNS("http://www.w3.org/2000/svg", "circle");
      dot.setAttribute("cx", x); dot.setAttribute("cy", top - y); dot.setAttribute("r", 16);
      dot.setAttribute("fill", data.colors[c]);
      return dot;
    }));
    root.querySelector(".count").textContent =
      `${state.points.length} / ${data.max_points} points`;
  };
  const send = () => {
    state.sent = JSON.stringify(state.points);
    setTriggerValue("points", state.points);
  };
  const classes = root.querySelector(".classes");
  if (!classes.children.length) {
    data.colors.slice(0, data.classes).forEach((color, c) => {
      const b = document.createElement("button");
      b.type = "button"; b.textContent = String(c + 1); b.style.background = color;
      b.setAttribute("aria-label", `Class ${c + 1}`);
      b.onclick = () => { state.cls = c; mark(); };
      classes.appendChild(b);
    });
  }
  const mark = () => [...classes.children].forEach((b, c) =>
    b.setAttribute("aria-pressed", String(c === state.cls)));
  mark();

  const cell = (event) => {
    const box = svg.getBoundingClientRect();
    const fx = (event.clientX - box.left) / box.width;
    const fy = (event.clientY - box.top) / box.height;
    const clamp = v => Math.min(top, Math.max(0, Math.round(v * top)));
    return [clamp(fx), clamp(1 - fy)];
  };
  const add = (event) => {
    if (state.points.length >= data.max_points) return;
    const [x, y] = cell(event);
    state.points.push([x, y, state.cls]);
    state.last = [x, y];
    draw();
  };
  svg.onpointerdown = (event) => {
    event.preventDefault();
    svg.setPointerCapture(event.pointerId);
    state.down = true;
    state.undo.push(state.points.length);
    add(event);
  };
  svg.onpointermove = (event) => {
    if (!state.down) return;
    const [x, y] = cell(event);
    if (Math.hypot(x - state.last[0], y - state.last[1]) >= data.spacing) add(event);
  };
  svg.onpointerup = svg.onpointercancel = () => {
    if (!state.down) return;
    state.down = false;
    send();
  };
  root.querySelector(".undo").onclick = () => {
    if (!state.points.length) return;
    const keep = state.undo.length ? state.undo.pop() : state.points.length - 1;
    state.points.length = Math.min(keep, state.points.length);
    draw(); send();
  };
  root.querySelector(".clear").onclick = () => {
    if (!state.points.length) return;
    state.undo = []; state.points = [];
    draw(); send();
  };
  draw();
}
"""

_SURFACE = st.components.v2.component(
    "clusterlab_draw_points", html=_HTML, css=_CSS, js=_JS,
)


def _take_drawing(surface_key: str, text_key: str) -> None:
    """Turn the points the surface sent into the link text (checked by the codec)."""
    drawn = st.session_state[surface_key].points or []
    cells = np.array([point[:2] for point in drawn], dtype=float).reshape(-1, 2)
    classes = np.array([point[2] for point in drawn], dtype=float)
    try:
        st.session_state[text_key] = encode_points(cells, classes)
    except ValueError as error:
        st.session_state[f"{text_key}_error"] = str(error)


def drawn_points(prefix: str) -> str | None:
    """Draw the surface and the URL-bound box of its link text (``<prefix>_drawn``); return
    the text, or None after a warning when the link's text cannot be read.
    """
    text_key, surface_key = f"{prefix}_drawn", f"{prefix}_draw"
    refused = st.session_state.pop(f"{text_key}_error", None)
    if refused:
        st.warning(f"Those points could not be kept: {plain(refused, 200)}",
                   icon=":material/warning:")
    with st.expander("Points as text (part of the link)"):
        text = st.text_input(
            "Drawn points", "", key=text_key, bind="query-params",
            max_chars=4 * MAX_POINTS,
            help="Your points, 4 characters each: Copy link carries them, so a link "
                 "reopens the same drawing.",
        )
    try:
        cells, classes = decode_points(text)
    except (ValueError, TypeError) as error:
        st.warning(f"Link parameter {quoted(text_key)}: the drawn points cannot be used "
                   f"({plain(str(error), 200)}), so the page shows its default data.",
                   icon=":material/link_off:")
        return None
    st.caption("Click or drag on the surface to add points; pick a class first to give "
               "them a true class.")
    _SURFACE(
        key=surface_key,
        data={"points": np.column_stack([cells, classes]).tolist(), "grid": GRID,
              "classes": MAX_CLASSES, "max_points": MAX_POINTS, "spacing": PAINT_SPACING,
              "colors": list(CLUSTER_COLORS[:MAX_CLASSES])},
        on_points_change=lambda: _take_drawing(surface_key, text_key),
    )
    return text
