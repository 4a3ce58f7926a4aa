"""The scrub listener's quick path (ui/scrub.py) draws what plotly's own redraw draws.

For one chart of WebGL points only and two that mix WebGL points with SVG traces (centres,
threshold lines), a slider step is drawn by the listener, then the same frame is drawn by
plotly itself from the figure as shipped (``Plotly.react`` with the data held before the
step, then ``Plotly.animate`` with its full redraw). The traces plotly holds, the colours and
sizes its WebGL scenes were handed (each point's RGBA, each point's symbol texture) and the
two renderings must agree: a wrong colour, opacity, size, symbol, position or trace fails the
test. Clusters differ by symbol as well as colour on these WebGL charts (WCAG 1.4.1): the
step first plays the frame once and goes back, since the quick path takes a symbol's
texture from plotly's own first drawing of it.
"""

import io

import numpy as np
import pytest
from PIL import Image

from tests.browser.pageutils import open_app, screenshot, wait_until_idle

pytestmark = [pytest.mark.browser, pytest.mark.slow]

GD = "(key) => document.querySelector('.st-key-' + key + ' .js-plotly-plot')"
# The traces and trace updates of chart `gd`'s frame `name`: its base's for a frame that
# repeats another's (plots.framed.framed_figure's `reuse`: plotly plays the two merged).
FRAME_DATA = """(gd, name) => {
  const hash = gd._transitionData._frameHash, frame = hash[name];
  const held = frame.baseframe == null ? frame : hash[frame.baseframe];
  return {traces: held.traces, data: held.data, layout: frame.layout};
}"""

# Plays slider `name`'s step `index` the way plotly's slider announces a drag's step, and
# waits for the listener to have drawn it (or, with `anyDraw`, for plotly's own redraw, the
# listener's fallback). The drag never ends (no plotly_sliderend): the listener sends no
# value to the server, whose rerun would redraw the chart with plotly's own redraw during
# the test.
PLAY = f"""([key, name, index, anyDraw]) => new Promise((resolve, reject) => {{
  const gd = ({GD})(key);
  const slider = gd._fullLayout.sliders.find((s) => s.name === name);
  const step = slider.steps[index];
  const frame = step.args[0][0];
  const drawn = (event) => {{
    if (event.name !== frame) return;
    gd.removeListener("clusterlab_framedrawn", drawn);
    resolve(frame);
  }};
  gd.on("clusterlab_framedrawn", drawn);
  if (anyDraw) gd.on("plotly_animated", () => drawn({{name: frame}}));
  gd.emit("plotly_sliderstart", {{slider}});
  gd.emit("plotly_sliderchange", {{slider, step, interaction: true,
                                   previousActive: slider.active}});
  // plotly's full redraw (the fallback) announces no clusterlab_framedrawn.
  setTimeout(() => reject(new Error("the listener did not draw " + frame)), 60000);
}})"""

# Keeps the data as shipped, then plays slider `name`'s step `index` (PLAY), counting the
# traces plotly recomputes during the step (its WebGL traces' `calc`).
QUICK_STEP = f"""async ([key, name, index]) => {{
  const gd = ({GD})(key);
  window.__shipped = structuredClone(gd.data);
  const gl = gd._fullData.find((t) => t.type === "scattergl")._module;
  const calc = gl.calc;
  window.__glCalcs = 0;
  gl.calc = (...args) => {{ window.__glCalcs += 1; return calc(...args); }};
  try {{
    return await ({PLAY})([key, name, index, false]);
  }} finally {{
    gl.calc = calc;
  }}
}}"""

# Plotly's own path to the same frame, in a new chart laid over the live one (touching the
# live chart would let Streamlit rerun the page): the figure as shipped, then the frame with
# plotly's full redraw.
PLOTLY_STEP = f"""async ([key, frame]) => {{
  const gd = ({GD})(key);
  const box = gd.getBoundingClientRect();
  const div = document.createElement("div");
  div.id = "plotly-reference";
  Object.assign(div.style, {{position: "fixed", left: box.left + "px", top: box.top + "px",
    width: box.width + "px", height: box.height + "px", zIndex: 100000,
    background: "white"}});
  document.body.appendChild(div);
  const layout = structuredClone(gd.layout);
  layout.width = gd._fullLayout.width;
  layout.height = gd._fullLayout.height;
  await window.Plotly.newPlot(div, {{data: window.__shipped, layout,
    frames: Object.values(gd._transitionData._frameHash).map((f) => structuredClone(f)),
    config: {{displayModeBar: false}}}});
  await window.Plotly.animate(div, [frame], {{mode: "immediate",
    frame: {{duration: 0, redraw: true}}, transition: {{duration: 0}}}});
  await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
}}"""

# plotly's full redraw of the live chart's data as it now stands, the reference chart gone:
# the frame's content applied again, without its name (a named frame would move the slider
# and send its value to the server). The reference chart is no pixel reference: its margins
# and axes may fall a pixel apart from the live chart's.
FULL_REDRAW = f"""async ([key, frame]) => {{
  document.getElementById("plotly-reference").remove();
  const gd = ({GD})(key);
  const {{data, traces, layout}} = ({FRAME_DATA})(gd, frame);
  await window.Plotly.animate(gd, [{{data, traces, layout}}], {{mode: "immediate",
    frame: {{duration: 0, redraw: true}}, transition: {{duration: 0}}}});
  await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
}}"""

# What plotly holds of the frame's traces (input and full data), as plain lists, and what
# its WebGL scenes were handed for them: each point's RGBA and size (null for SVG traces).
HELD = f"""([key, frame]) => {{
  const gd = document.getElementById("plotly-reference") || ({GD})(key);
  const typed = {{i1: Int8Array, u1: Uint8Array, i2: Int16Array, u2: Uint16Array,
                 i4: Int32Array, u4: Uint32Array, f4: Float32Array, f8: Float64Array}};
  // plotly.py's base64 arrays as numbers: the same values are held decoded or not.
  const decode = (v) => new typed[v.dtype](
    Uint8Array.from(atob(v.bdata), (c) => c.charCodeAt(0)).buffer);
  const plain = (v) => (v && v.bdata ? Array.from(decode(v))
    : v && typeof v === "object" && v.length !== undefined ? Array.from(v) : v ?? null);
  const keys = (t) => [t.x, t.y, t.customdata, t.marker && t.marker.color,
                       t.marker && t.marker.opacity, t.marker && t.marker.size,
                       t.marker && t.marker.symbol].map(plain);
  const traces = ({FRAME_DATA})(gd, frame).traces;
  const rows = (v) => (v ? Array.from(v, (row) => Array.from(row)) : null);
  // A symbol's texture as a number, the same for the same texture object in any chart of
  // the page (plotly keeps one texture a symbol); null for plotly's plain circle.
  window.__textures = window.__textures || new Map();
  const textureId = (m) => {{
    if (!m) return null;
    if (!window.__textures.has(m)) window.__textures.set(m, window.__textures.size);
    return window.__textures.get(m);
  }};
  // Everything plotly's WebGL scene draws a trace from (colours, borders, sizes, the
  // points' and the line's positions, the dimmed opacity of unselected points) and what
  // its hover reads (the stash's coordinates and point numbers); null for an SVG trace or
  // a trace plotly hides for want of points.
  const scene = (t) => {{
    const stash = gd.calcdata[t][0].t, full = gd._fullData[t];
    if (full.type !== "scattergl" || full.visible !== true) return null;
    const at = stash._scene, i = stash.index;
    const options = at.markerOptions[i] || {{}}, line = at.lineOptions[i] || {{}};
    return {{colors: rows(options.colors), color: plain(options.color),
             borderColors: rows(options.borderColors), sizes: plain(options.sizes),
             size: plain(options.size), symbols: plain(options.symbols),
             markers: options.markers ? Array.from(options.markers, textureId) : null,
             markerPositions: plain(options.positions),
             unselectedOpacity: plain((at.markerUnselectedOptions[i] || {{}}).opacity),
             linePositions: plain(line.positions), dashes: plain(line.dashes),
             positions: plain(stash.positions), x: plain(stash.x), y: plain(stash.y),
             ids: plain(stash.ids), length: full._length}};
  }};
  return {{data: traces.map((t) => keys(gd.data[t])),
           scenes: traces.map(scene),
           full: traces.map((t) => keys(gd._fullData[t])),
           title: gd._fullLayout.title.text,
           kinds: traces.map((t) => gd._fullData[t].type)}};
}}"""

# A pixel counts as different when a channel differs by more than this (of 255): WebGL's
# antialiasing of the same points may round differently between two draws.
CHANNEL_TOLERANCE = 24
# Share of the chart's pixels allowed to differ between the two renderings: far below what
# a wrong colour of one cluster, or points moved, changes (checked against the step's own
# change below).
SHARE_TOLERANCE = 0.002


def chart_pixels(page, key: str) -> np.ndarray:
    page.mouse.move(0, 0)  # no hover label, no mode bar
    box = page.locator(f".st-key-{key} .js-plotly-plot").bounding_box()
    shot = page.screenshot(clip=box)
    return np.asarray(Image.open(io.BytesIO(shot)).convert("RGB")).astype(int)


def differing_share(a: np.ndarray, b: np.ndarray) -> float:
    assert a.shape == b.shape
    return float((np.abs(a - b).max(axis=2) > CHANNEL_TOLERANCE).mean())


# The base of the frame a case below plays, where the frame repeats an earlier frame's traces
# and carries only its layout (plots.framed.framed_figure's `reuse`): the quick path must
# draw what plotly draws of the two merged.
REUSED = {"dp_thresholds": "δ_min share=0.3"}


# Above plots.scatter.WEBGL_THRESHOLD points, every trace of these charts is WebGL, and the
# listener draws each frame without plotly recomputing a trace (`direct`); with SVG traces
# (the played rounds' gliding centres) it lets plotly recompute them.
@pytest.mark.parametrize(("path", "chart", "slider", "index", "kinds", "pixels", "direct"), [
    # Colours (all 17 colour codes at eps = 0.03), symbols (noise an open ring), sizes and
    # hover numbers. Data only: plotly's full redraw of the live chart draws the translucent
    # noise rings over those already drawn (grey 147 where one ring at 0.7 gives 172, as the
    # quick path draws; measured at 1280x720).
    ("explore_dbscan?db_eps=0.1&db_n=1200", "db_scatter", "eps", 4, {"scattergl"}, False,
     True),
    # Points faded by membership (per-point opacity) and moving centres. Data only: plotly's
    # full redraw of the live chart draws its translucent WebGL points over those already
    # drawn (darker than a fresh chart of the same frame, checked by eye at 1280x720).
    ("explore_fuzzy?fc_m=1.5&fc_n=1200", "fc_scatter", "m", 20, {"scattergl"}, False, True),
    # Decision graph and points recoloured, the centres move and so do the dashed threshold
    # lines (shapes: the frame's layout, through Plotly.relayout, which recomputes no trace).
    # δ_min share 0.32 picks 0.3's centres: its frame names 0.3's as its base (REUSED).
    # Data only: the unassigned points' grey rings, as on the DBSCAN chart (0.21 % of the
    # pixels differed).
    ("explore_density_peaks?dp_mode=thresholds+%CF%81_min%2C+%CE%B4_min&dp_delta=0.1"
     "&dp_n=1200", "dp_thresholds", "δ_min share", 15, {"scattergl"}, False, True),
    # k-means run to the end at K = 2 and 6: points recoloured, centres come and go.
    ("explore_kmeans?km_k=2&km_n=1200", "km_k_scatter", "K", 5, {"scattergl"}, True, True),
    # K from 3 to 6: centres come and go.
    ("explore_density_peaks?dp_k=3&dp_n=1200", "dp_graph", "K", 5, {"scattergl"}, True,
     True),
    # Every point moves with the noise, and is recoloured.
    ("measure_truth?mt_dataset=Moons&mt_algorithm=dbscan&mt_n=1200&mt_noise_moons=0.05",
     "mt_scatter_noise", "noise", 3, {"scattergl"}, True, True),
    # The played rounds' centres stay SVG (plotly glides them): plotly's recompute.
    ("explore_fuzzy?fc_n=1200&fc_step=0", "fc_rounds", "round", 3,
     {"scattergl", "scatter"}, False, False),
])
def test_the_quick_path_draws_what_plotly_draws(page, app_url, path, chart, slider, index,
                                                kinds, pixels, direct):
    page.set_viewport_size({"width": 1280, "height": 720})
    open_app(page, app_url, path)
    page.wait_for_selector(f".st-key-{chart} .js-plotly-plot .slider-rail-touch-rect",
                           timeout=60_000)
    # One chart under the key (a rerun may briefly show the old one beside the new).
    page.wait_for_function(f"document.querySelectorAll('.st-key-{chart} .js-plotly-plot')"
                           ".length === 1")
    wait_until_idle(page)
    page.locator(f".st-key-{chart}").scroll_into_view_if_needed()
    shipped_pixels = chart_pixels(page, chart)
    # The step's symbols drawn once, and back: the quick path takes a symbol's texture from
    # plotly's own computation, so a frame with a symbol not drawn yet is drawn by plotly.
    active = page.evaluate(f"({GD})('{chart}')._fullLayout.sliders"
                           f".find((s) => s.name === '{slider}').active")
    for at in (index, active):
        page.evaluate(PLAY, [chart, slider, at, True])
    frame = page.evaluate(QUICK_STEP, [chart, slider, index])
    assert page.evaluate(f"([key, name]) => ({GD})(key)._transitionData._frameHash[name]"
                         ".baseframe ?? null", [chart, frame]) == REUSED.get(chart)
    quick = page.evaluate(HELD, [chart, frame])
    gl_calcs = page.evaluate("window.__glCalcs")
    quick_pixels = chart_pixels(page, chart)
    screenshot(page, f"scrub-quick-{chart}")
    page.evaluate(PLOTLY_STEP, [chart, frame])
    reference = page.evaluate(HELD, [chart, frame])
    page.evaluate(FULL_REDRAW, [chart, frame])
    redrawn = page.evaluate(HELD, [chart, frame])
    reference_pixels = chart_pixels(page, chart)

    assert set(quick["kinds"]) == kinds
    assert quick["data"] == reference["data"]
    assert quick["full"] == reference["full"]
    assert quick["title"] == reference["title"]
    # plotly's full redraw of the same data hands its scenes the same colours and sizes.
    assert quick["scenes"] == redrawn["scenes"]
    assert redrawn["data"] == reference["data"]
    assert (gl_calcs == 0) == direct
    # The clusters differ by symbol too: each trace of per-point symbols holds one texture a
    # symbol.
    symbolled = [(data[6], scene) for data, scene in zip(quick["data"], quick["scenes"],
                                                          strict=True)
                 if isinstance(data[6], list)]
    assert symbolled
    for symbols, scene in symbolled:
        assert len(set(scene["markers"])) == len(set(symbols))
    if not pixels:
        return
    # The step changed the chart well beyond the tolerance, and the two drawings agree (5
    # times: on the larger charts of issue 38 a step changes a smaller share of the chart).
    assert differing_share(shipped_pixels, reference_pixels) > 5 * SHARE_TOLERANCE
    assert differing_share(quick_pixels, reference_pixels) < SHARE_TOLERANCE
