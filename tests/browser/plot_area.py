"""How much of the first screen a room can read: the plot areas of the charts shown (issue 38).

Measured in the browser, in a tab already open on a page, by tests/browser/test_pages.py (at
each visit's size and mode) and by benchmarks/bench_plot_area.py (every page, three views).
"""

# Charts a room can read (issue 38): the plot areas (the axes' rectangles, inside the
# charts' boxes, clipped to the window) cover at least this share of the first screen, added
# up over every chart on it, in the default mode and in presenter mode at 1280x720 and on a
# 390x844 phone, on every lesson, Explore and Measure page.
MIN_PLOT_SHARE = {"default": 0.30, "present": 0.40, "390": 0.25}
# Lines a chart's title may take.
MAX_TITLE_LINES = 2
# Per chart shown: its plot areas' share of the first screen, the lines of its title (plotly
# writes one tspan.line per line of a wrapped title), and whether its toolbar (plotly's mode
# bar, shown on hover or a tap, but laid out all along) would cover its title. A chart without
# cartesian axes (a table) counts its whole plotting rectangle.
PLOT_AREAS = """() => {
  const W = innerWidth, H = innerHeight;
  const seen = (x, y, w, h) => Math.max(0, Math.min(x + w, W) - Math.max(x, 0))
                             * Math.max(0, Math.min(y + h, H) - Math.max(y, 0));
  const meet = (a, b) => a.width > 0 && b.width > 0 && a.left < b.right && b.left < a.right
                         && a.top < b.bottom && b.top < a.bottom;
  let area = 0;
  const charts = [];
  for (const gd of document.querySelectorAll('[data-testid="stPlotlyChart"] .js-plotly-plot')) {
    const full = gd._fullLayout;
    if (!full || !full._size || !gd.checkVisibility({visibilityProperty: true})) continue;
    const box = gd.getBoundingClientRect();
    const ids = (full._subplots && full._subplots.cartesian) || [];
    let plot = 0;
    for (const id of ids) {
      const x = full._plots[id].xaxis, y = full._plots[id].yaxis;
      plot += seen(box.left + x._offset, box.top + y._offset, x._length, y._length);
    }
    if (!ids.length) {
      const s = full._size;
      plot = seen(box.left + s.l, box.top + s.t, s.w, s.h);
    }
    area += plot;
    const title = gd.querySelector('.gtitle');
    const bar = gd.querySelector('.modebar');
    charts.push({
      title: title ? title.textContent.slice(0, 60) : "",
      lines: title ? Math.max(1, title.querySelectorAll('tspan.line').length) : 0,
      covered: !!(title && bar && meet(title.getBoundingClientRect(), bar.getBoundingClientRect())),
      share: Math.round(1000 * plot / (W * H)) / 1000});
  }
  return {share: area / (W * H), charts};
}"""


def plot_areas(page) -> dict:
    """``page``'s plot areas as `PLOT_AREAS` measures them: their share of the first screen
    and, per chart shown, its share, its title's lines and whether its toolbar covers it."""
    return page.evaluate(PLOT_AREAS)
