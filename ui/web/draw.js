const SVG = "http://www.w3.org/2000/svg";

export default function (component) {
  const { data, parentElement, setTriggerValue } = component;
  const root = parentElement.querySelector(".draw");
  const svg = root.querySelector(".surface");
  const top = data.grid - 1;
  const incoming = JSON.stringify(data.points);
  // Python's points replace the drawing when they change from elsewhere (a link); while a
  // gesture of ours is on its way, older points from a previous run are ignored.
  if (!root.state) {
    root.state = { points: [], undo: [], cls: 0, down: false, sent: null, incoming: null,
                   cursor: [data.grid / 2, data.grid / 2], said: "" };
  }
  if (incoming === root.state.sent) root.state.sent = null;
  if (root.state.sent === null && incoming !== root.state.incoming) {
    root.state.points = data.points.map(p => p.slice());
    root.state.undo = [];
  }
  root.state.incoming = incoming;
  const state = root.state;

  // A class's shape (its clusters' marker symbol, from Python) of radius r at (x, y).
  const shape = (c, x, y, r) => {
    const mark = document.createElementNS(SVG, "path");
    mark.setAttribute("class", "shape");
    mark.setAttribute("d", data.shapes[c].path);
    mark.setAttribute("data-symbol", data.shapes[c].symbol);
    mark.setAttribute("transform", `translate(${x} ${y}) scale(${r})`);
    mark.setAttribute("fill", data.colors[c]);
    mark.setAttribute("stroke", data.outline);
    return mark;
  };
  const where = ([x, y]) => `(${(x / top).toFixed(2)}, ${(y / top).toFixed(2)})`;
  const draw = () => {
    // Dots and cursor grow on a narrow surface, so that a dot stays 7 px or more in radius
    // and its shape can be told from the back of a room.
    const width = svg.getBoundingClientRect().width;
    const grow = width > 0 ? Math.max(1, 7 * top / width / 18) : 1;
    svg.querySelector(".dots").replaceChildren(
      ...state.points.map(([x, y, c]) => shape(c, x, top - y, 18 * grow)));
    svg.querySelector(".cursor").setAttribute(
      "transform", `translate(${state.cursor[0]} ${top - state.cursor[1]}) scale(${grow})`);
    const full = state.points.length >= data.max_points;
    root.querySelector(".count").textContent = (state.said ? `${state.said}. ` : "")
      + `${state.points.length} / ${data.max_points} points`
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
      b.type = "button";
      const icon = document.createElementNS(SVG, "svg");
      icon.setAttribute("viewBox", "-1.3 -1.3 2.6 2.6");
      icon.setAttribute("aria-hidden", "true");
      icon.appendChild(shape(c, 0, 0, 1));
      b.append(icon, String(c + 1));
      b.setAttribute("aria-label", `Class ${c + 1}`);
      b.onclick = () => { state.cls = c; mark(); };
      classes.appendChild(b);
    });
    root.querySelector(".keys").textContent = "Keys on the surface: arrows move the cursor "
      + `(Shift: small steps), Enter or Space places a point, 1 to ${data.classes} pick the `
      + "class, Delete or Backspace undoes.";
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
  const add = ([x, y]) => {
    if (state.points.length >= data.max_points) return false;
    state.points.push([x, y, state.cls]);
    state.last = [x, y];
    return true;
  };
  svg.onpointerdown = (event) => {
    event.preventDefault();
    svg.setPointerCapture(event.pointerId);
    state.down = true;
    state.undo.push(state.points.length);
    state.said = "";
    // The keys go on from the last click.
    state.cursor = cell(event);
    add(state.cursor);
    draw();
  };
  svg.onpointermove = (event) => {
    if (!state.down) return;
    const [x, y] = cell(event);
    if (Math.hypot(x - state.last[0], y - state.last[1]) >= data.spacing && add([x, y])) draw();
  };
  svg.onpointerup = svg.onpointercancel = () => {
    if (!state.down) return;
    state.down = false;
    send();
  };
  const undo = () => {
    if (!state.points.length) return;
    const keep = state.undo.length ? state.undo.pop() : state.points.length - 1;
    const before = state.points.length;
    state.points.length = Math.min(keep, state.points.length);
    const gone = before - state.points.length;
    state.said = `Undone: ${gone} point${gone === 1 ? "" : "s"} taken back`;
    draw(); send();
  };
  root.querySelector(".undo").onclick = undo;
  root.querySelector(".clear").onclick = () => {
    if (!state.points.length) return;
    state.undo = []; state.points = [];
    state.said = "Cleared";
    draw(); send();
  };

  // The keyboard's way: a cursor moved by arrows, the same points and undo as the pointer's.
  const moves = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] };
  const place = () => {
    if (state.points.length >= data.max_points) {
      state.said = `No point added: a drawing holds at most ${data.max_points}`;
      draw();
      return;
    }
    state.undo.push(state.points.length);
    add(state.cursor);
    state.said = `Point ${state.points.length} added at ${where(state.cursor)}, `
      + `class ${state.cls + 1}`;
    draw(); send();
  };
  svg.onkeydown = (event) => {
    if (event.ctrlKey || event.altKey || event.metaKey) return;
    const digit = Number(event.key);
    if (moves[event.key]) {
      const step = event.shiftKey ? data.fine_step : data.step;
      state.cursor = state.cursor.map((v, i) =>
        Math.min(top, Math.max(0, v + moves[event.key][i] * step)));
      state.said = `Cursor at ${where(state.cursor)}`;
      draw();
    } else if (event.key === "Enter" || event.key === " ") {
      place();
    } else if (event.key === "Delete" || event.key === "Backspace") {
      undo();
    } else if (Number.isInteger(digit) && digit >= 1 && digit <= data.classes) {
      state.cls = digit - 1;
      mark();
      state.said = `Class ${digit}`;
      draw();
    } else {
      return;
    }
    // A handled key neither scrolls the page nor reaches the page's own keys (a lesson's
    // arrows press Previous and Next, ui/web/lesson_keys.js); Tab and the rest pass.
    event.preventDefault();
    event.stopPropagation();
  };
  draw();
}
