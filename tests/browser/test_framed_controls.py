"""The Play and Pause buttons of an animated step-through (plots/framed.py) stay clear of its
slider: neither meets the slider's current-value label nor its rail, on a phone (390x844)
and on a projector (1280x720).

The chart is `plots.framed.framed_figure` with Play, drawn alone in chromium by the plotly.js
that plotly.py ships (no app, no network), with the page's layout (`plane_layout`).
"""

import numpy as np
import plotly.graph_objects as go
import pytest

from plots.framed import framed_figure, plane_layout
from tests.browser.conftest import PHONE
from tests.browser.pageutils import screenshot

pytestmark = pytest.mark.browser

# The boxes of the buttons, the current-value label (plotly draws it as the slider group's
# own text.slider-label) and the rail, and the pairs that meet
# (by more than a pixel: borders may touch).
CONTROL_BOXES = """() => {
  const box = (el, name) => { const r = el.getBoundingClientRect();
    return {name, left: r.left, right: r.right, top: r.top, bottom: r.bottom}; };
  const boxes = [
    ...[...document.querySelectorAll('.updatemenu-button')].map(
      (el) => box(el, 'button ' + el.textContent)),
    ...[...document.querySelectorAll('.slider-group > text.slider-label')].map(
      (el) => box(el, 'label ' + el.textContent)),
    ...[...document.querySelectorAll('.slider-rail-rect')].map((el) => box(el, 'rail')),
  ].filter((b) => b.right > b.left && b.bottom > b.top);
  const met = [];
  boxes.forEach((a, i) => boxes.slice(i + 1).forEach((b) => {
    if (a.name.startsWith('button') && b.name.startsWith('button')) return;
    if (a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1
        && b.top < a.bottom - 1) met.push([a.name, b.name]);
  }));
  return {names: boxes.map((b) => b.name), met,
          width: document.documentElement.clientWidth};
}"""


def step_through() -> go.Figure:
    """A k-means-like step-through: 30 steps, Play and Pause, the explorers' layout."""
    rng = np.random.default_rng(0)
    xy = rng.normal(size=(200, 2))
    base = go.Figure(go.Scatter(x=xy[:, 0], y=xy[:, 1], mode="markers"))
    plane_layout(base, ("x1", "x2"), 600)
    labels = [str(i) for i in range(30)]
    updates = [{0: {"marker": {"color": np.full(200, i % 3)}}} for i in range(30)]
    return framed_figure(base, labels, updates, name="step", active=12, play_ms=900,
                         transition_ms=500, slider_y=-0.12)


@pytest.mark.parametrize("viewport", [PHONE, {"width": 1280, "height": 720}],
                         ids=["phone-390", "projector-1280"])
def test_play_and_pause_stay_clear_of_the_slider(tabs, tmp_path, viewport):
    html = tmp_path / "chart.html"
    step_through().write_html(html, include_plotlyjs=True, full_html=True,
                              default_width="100%", auto_play=False, config={"responsive": True})
    page, = tabs(viewport)
    page.goto(html.as_uri())
    page.locator(".slider-group > text.slider-label").first.wait_for(state="attached")
    screenshot(page, f"framed-controls-{viewport['width']}")
    m = page.evaluate(CONTROL_BOXES)
    # The controls must all be there for the check to mean anything.
    assert sorted(m["names"]) == ["button Pause", "button Play", "label step = 12", "rail"], m
    assert not m["met"], m
