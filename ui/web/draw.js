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
    const full = state.points.length >= data.max_points;
    root.querySelector(".count").textContent = `${state.points.length} / ${data.max_points} points`
      + (full ? ": the limit of a drawing (a link carries at most this many); Undo or Clear "
        + "to draw elsewhere" : "");
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
