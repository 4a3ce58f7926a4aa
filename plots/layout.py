"""Layout rules shared by every figure: a legend that never covers an axis title, and the
large, dark type a projector needs (presenter mode)."""

import numpy as np
import plotly.graph_objects as go

from plots.describe import plain
from plots.framed import set_frames

#: Near-black text: full contrast on white without the glare of pure black.
INK = "#111111"
#: Presenter-mode sizes in CSS pixels (read from the back of a classroom at 1280x720).
TICK_SIZE = 20
AXIS_TITLE_SIZE = 24
TITLE_SIZE = 24
# Height of a line of type, in font sizes, and the space between the title and the plot.
LINE_HEIGHT = 1.3
TITLE_GAP = 8
#: A title takes at most this many lines (a page's caption says the rest).
TITLE_LINES = 2
#: The plotly toolbar's row at the top of a chart (px: 2 + 26, and a title's glyphs reach 5
#: above the line plotly places): a title starts below it, so the toolbar (shown on hover,
#: and on a tap on a phone) never covers it.
MODEBAR_ROW = 34
# The widest toolbar of a chart (px: six buttons, with box and lasso select), and the space
# a title leaves before it, at the left of the toolbar's row.
_MODEBAR_WIDTH = 210
_MODEBAR_GAP = 20
# A title set in the toolbar's row starts this far below the chart's top (px).
_TITLE_TOP = 4
# Characters per title line at TITLE_SIZE in the narrowest chart a projector shows (about
# 420 px: two charts side by side beside the controls at 1280 px), and at the default mode's
# title size in a chart about 330 px wide (two charts side by side beside the sidebar). A
# longer title is set smaller, down to the least size, so that it still takes two lines.
TITLE_WIDTH = 32
# A chart that spans a page's whole chart column (a figure of panels side by side: no page
# puts one in half a row; or a chart its page shows alone in its row) gets in presenter mode
# the room of two of those narrowest charts for its title, and its panels' titles together.
_COLUMN_TITLE_WIDTH = 2 * TITLE_WIDTH
SCREEN_TITLE_SIZE = 16
SCREEN_TITLE_WIDTH = 40
_LEAST_TITLE_SCALE = 0.75
#: The least height of a plot in the default mode (px): with the title, the legend's row and
#: the page's title above it, a plot of a chart beside the controls reaches the bottom of a
#: 1280x720 screen.
SCREEN_PLOT_HEIGHT = 580
# Room under a plot for its axis (ticks and title), and for a slider with its value and
# Play row (px).
_AXIS_ROOM = 45
_SLIDER_ROOM = 130
# The tick labels of an equal-aspect y axis in presenter mode whose values are not known
# (not numbers): at most this many characters, such as "-0.25" or "-1000".
_EQUAL_ASPECT_LABEL_CHARS = 5
# How far such an axis's range may reach past its values (it grows to keep the aspect).
_EQUAL_ASPECT_REACH = 1.5


def wrap_title(title: str, width: int = 60) -> str:
    """``title`` broken into lines of at most ``width`` characters (plotly never wraps a
    title; it cuts it at the figure's edge). A title that already has ``<br>`` is kept.

    Examples
    --------
    >>> wrap_title("Information measures of random clusterings", width=20)
    'Information measures<br>of random<br>clusterings'
    """
    if "<br>" in title:
        return title
    lines = [""]
    for word in title.split(" "):
        if lines[-1] and len(lines[-1]) + 1 + len(word) > width:
            lines.append(word)
        else:
            lines[-1] = f"{lines[-1]} {word}".strip()
    return "<br>".join(line for line in lines if line)


def two_line_width(titles: list[str], width: int, lines: int = TITLE_LINES) -> int:
    """The least line width, at least ``width`` characters, at which `wrap_title` breaks
    every one of ``titles`` into at most ``lines`` lines (a word longer than the width
    stays whole on its line).

    Examples
    --------
    >>> two_line_width(["one two three four five six"], 10)
    13
    >>> two_line_width(["short"], 10)
    10
    """
    wide = max((len(title) for title in titles), default=0)
    for candidate in range(width, max(width, wide) + 1):
        if all(wrap_title(t, candidate).count("<br>") < lines for t in titles):
            return candidate
    return max(width, wide)


def place_legend(fig: go.Figure, above: bool = False) -> go.Figure:
    """Put the legend where it covers neither an axis title, the data nor the title.

    Below the plot a legend sits on the x-axis title, and inside it covers data. A figure
    without a title, or one whose top margin leaves a row for it under the title
    (``above``, `fit_top`), gets it in one row above the plotting area; another titled one at
    the right (above, it would share the top margin with the title). Plotly widens the
    margin to fit it (``margin.autoexpand``).

    Examples
    --------
    >>> fig = place_legend(go.Figure(go.Scatter(x=[0, 1], y=[1, 0], name="a")))
    >>> fig.layout.legend.orientation, fig.layout.legend.yanchor
    ('h', 'bottom')
    >>> place_legend(fig.update_layout(title="A title")).layout.legend.xanchor
    'left'
    """
    if fig.layout.title.text and not above:
        legend = {"orientation": "v", "x": 1.02, "xanchor": "left", "y": 1, "yanchor": "top"}
    else:
        legend = {"orientation": "h", "x": 0, "xanchor": "left", "y": 1.0 if above else 1.02,
                  "yanchor": "bottom"}
    return fig.update_layout(legend={**legend, "title": {"text": ""}})


def _wrap_frame_titles(fig: go.Figure, width: int, subtitle: str) -> list[str]:
    """Give each frame of ``fig`` that sets a title that title wrapped at ``width``
    characters, with ``subtitle`` after it; return the new titles.

    The frames are replaced, never edited: a figure's frames may be shared with a cached
    figure that other sessions draw (`plots.framed.set_frames`), and frames built unvalidated
    are read through ``to_plotly_json`` only.
    """
    frames, titles = [], []
    for frame in fig.frames:
        content = frame.to_plotly_json()
        text = content.get("layout", {}).get("title", {}).get("text")
        if text:
            titles.append(wrap_title(text, width) + subtitle)
            layout = content["layout"]
            content["layout"] = {**layout, "title": {**layout["title"], "text": titles[-1]}}
            frame = go.Frame(content, _validate=False)
        frames.append(frame)
    if titles:
        set_frames(fig, frames)
    return titles


def _frame_title_texts(fig: go.Figure) -> list[str]:
    """The titles the frames of ``fig`` set (read as the browser receives them)."""
    texts = (frame.to_plotly_json().get("layout", {}).get("title", {}).get("text")
             for frame in fig.frames)
    return [text for text in texts if text]


# Trace types plotly keeps out of the legend unless told otherwise.
_NO_LEGEND_ENTRY = frozenset({"heatmap", "contour", "histogram2d", "histogram2dcontour",
                              "table", "image", "surface"})


def _shown_legend(fig: go.Figure) -> bool:
    """Whether plotly may draw a legend for ``fig``: a trace goes in it, among two traces or
    more (plotly drew one for a single entry beside a trace kept out of it)."""
    if fig.layout.showlegend is not None:
        return bool(fig.layout.showlegend)
    return len(fig.data) >= 2 and any(trace.showlegend is not False and trace.type not in
                                      _NO_LEGEND_ENTRY for trace in fig.data)


def _legend_rows(fig: go.Figure, size: float, room: float) -> int:
    """The rows a one-row legend of ``size`` px type takes when plotly wraps it in ``room``
    px (an entry: its symbol, about 40 px, and its name at about 0.6 of the type size a
    character)."""
    names = [trace.name or f"trace {i}" for i, trace in enumerate(fig.data)
             if trace.showlegend is not False]
    rows, used = 1, 0.0
    for name in names:
        entry = 40 + 0.6 * size * len(name)
        if used and used + entry > room:
            rows, used = rows + 1, 0.0
        used += entry
    return rows


def fit_top(fig: go.Figure, size: float, width: int, subtitle_size: float | None = None,
            legend_size: float | None = None, beside_toolbar: bool = False) -> go.Figure:
    """Lay out the top of ``fig``: the toolbar's row, the title (and every frame's title) in
    at most `TITLE_LINES` lines, the legend's row, then the plot.

    The title is wrapped at ``width`` characters of ``size`` px type; one that needs more
    lines is wrapped wider and set smaller in proportion (not below three quarters of
    ``size``), so a step's long caption still takes two lines. A lone subplot title (an
    annotation just above the plot) joins the title as its last line, at ``subtitle_size``.
    The title starts below `MODEBAR_ROW` and at the chart's left edge (not the plot's: a
    long title in a narrow chart then ends short of the toolbar at the right), so the
    toolbar never covers it; with ``beside_toolbar``, a title whose lines all end short of
    the widest toolbar in the narrowest chart (``width`` characters wide) starts in the
    toolbar's row, at its left. Panels' titles (annotations above the plot) get rows under
    it, as many as the longest has lines, and a legend a row of ``legend_size`` px type
    just above the plot (`place_legend`). The top margin holds exactly these rows:
    plotly's title automargin does not count every line of a wrapped title.

    Examples
    --------
    >>> fig = go.Figure(go.Scatter(x=[0], y=[0]), {"title": {"text": "a b c d e f g h"}})
    >>> fit_top(fig, 20, 4).layout.title.text
    'a b c d<br>e f g h'
    >>> fig.layout.title.font.size, fig.layout.margin.t
    (15, 81)
    >>> short = go.Figure(go.Scatter(x=[0], y=[0]), {"title": {"text": "Eigenvalues"}})
    >>> fit_top(short, 24, 32, beside_toolbar=True).layout.margin.t  # 4 + 24 x 1.3 + 8 px
    43
    """
    # The narrowest chart the title's width was chosen for (a character of a title is about
    # 0.55 of its type size).
    room = 0.55 * width * size
    subtitle = ""
    tops = _panel_titles(fig)
    if len(tops) == 1 and fig.layout.title.text:
        sub = subtitle_size or size
        subtitle = f"<br><span style='font-size:{round(sub)}px'>{tops[0].text}</span>"
        fig.layout.annotations = [a for a in fig.layout.annotations if a is not tops[0]]
    top = MODEBAR_ROW
    texts = [t for t in [fig.layout.title.text, *_frame_title_texts(fig)] if t]
    if texts:
        lines = TITLE_LINES - bool(subtitle)
        wide = two_line_width(texts, width, lines)
        size = max(size * width / wide, size * _LEAST_TITLE_SCALE)
        own = fig.layout.title.text
        titles = [wrap_title(own, wide) + subtitle] if own else []
        titles += _wrap_frame_titles(fig, wide, subtitle)
        rows = max(text.count("<br>") + 1 for text in titles)
        height = (rows - bool(subtitle)) * size * LINE_HEIGHT
        height += bool(subtitle) * (subtitle_size or size) * LINE_HEIGHT
        # Plotly centres a title's lines on the line it places, half a line up for each line
        # after the first: they come down as far, so the first starts below the toolbar.
        drop = (height - size * LINE_HEIGHT) / 2
        longest = max(len(plain(line)) for text in titles for line in text.split("<br>"))
        if beside_toolbar and 0.55 * size * longest + 10 + _MODEBAR_GAP + _MODEBAR_WIDTH <= room:
            top = _TITLE_TOP
        fig.update_layout(title={
            "x": 0, "xref": "container", "xanchor": "left", "yref": "container", "y": 1,
            "yanchor": "top", "pad": {"t": round(top + drop), "l": 10},
            "font": {"size": round(size)}, **({"text": titles[0]} if own else {})})
        top += height + TITLE_GAP
    panels = _panel_titles(fig)
    if panels:
        # Plotly sets a panel's title on the panel's top edge and grows it upwards, a line
        # for each <br>: the row holds the longest.
        lines = max((a.text or "").count("<br>") + 1 for a in panels)
        top += lines * (subtitle_size or size) * LINE_HEIGHT + TITLE_GAP
    if _shown_legend(fig):
        place_legend(fig, above=True)
        legend = _legend_rows(fig, legend_size or size, room) * (
            legend_size or size) * LINE_HEIGHT + TITLE_GAP
        top += legend
        # Panels' titles go up over the legend's row, which spans the panels.
        for note in panels:
            note.yshift = (note.yshift or 0) + round(legend)
    fig.update_layout(margin={"t": round(top)})
    return fig


def presenter_layout(fig: go.Figure, alone: bool = False) -> go.Figure:
    """Large, near-black type on every axis, legend and annotation of ``fig``, and no fixed
    height, so the figure takes the size of the box it is drawn in.

    Tick labels and legend text are ``TICK_SIZE`` px, axis titles ``AXIS_TITLE_SIZE`` px,
    the title ``TITLE_SIZE`` px in two lines at most with the legend in a row under it
    (`fit_top`); axes grow their margins to fit their labels (``automargin``), so nothing
    is cut, except equal-aspect ones (`fixed_label_room`). A figure of panels side by side,
    or one its page shows ``alone`` in its row of the chart column, wraps its title twice as
    wide; the panels set each panel's title that fits its share of that width in one line.
    A title that ends short of the toolbar in that width starts in the toolbar's row, at its
    left.

    Examples
    --------
    >>> fig = presenter_layout(go.Figure(go.Scatter(x=[0, 1], y=[1, 0]), {"height": 300}))
    >>> fig.layout.height is None, fig.layout.xaxis.tickfont.size, fig.layout.font.color
    (True, 20, '#111111')
    >>> from plotly.subplots import make_subplots
    >>> pair = make_subplots(rows=1, cols=2, subplot_titles=("Decision graph:<br>centres",
    ...                                                      "Clusters"))
    >>> pair = presenter_layout(pair.update_layout(title="K = 3: 3 clusters, ARI vs truth 0.762"))
    >>> pair.layout.title.text, pair.layout.annotations[0].text
    ('K = 3: 3 clusters, ARI vs truth 0.762', 'Decision graph: centres')
    >>> bars = go.Figure(go.Bar(x=[1], y=["a"]), {"title": "Linear correlation |R|"})
    >>> presenter_layout(bars, alone=True).layout.margin.t  # 4 + 24 x 1.3 + 8 px
    43
    """
    ink = {"color": INK}
    fig.update_layout(
        font={"size": TICK_SIZE, **ink}, height=None, autosize=True,
        title_font={"size": TITLE_SIZE, **ink}, legend_font={"size": TICK_SIZE, **ink},
        hoverlabel_font_size=TICK_SIZE,
    )
    columns = _panel_columns(fig)
    if columns > 1:
        _one_line_panel_titles(fig, _COLUMN_TITLE_WIDTH * TITLE_SIZE // TICK_SIZE // columns)
    fit_top(fig, TITLE_SIZE, _COLUMN_TITLE_WIDTH if columns > 1 or alone else TITLE_WIDTH,
            subtitle_size=TICK_SIZE, legend_size=TICK_SIZE, beside_toolbar=True)
    axis = {"tickfont": {"size": TICK_SIZE, **ink}, "title_font": {"size": AXIS_TITLE_SIZE, **ink},
            "automargin": True}
    # A top x-axis (a contingency table's clusters) would share the top margin with the
    # title: below the plot, the two never meet.
    fig.update_xaxes(side="bottom", **axis)
    fig.update_yaxes(**axis)
    fixed_label_room(fig)
    fig.update_annotations(font={"size": TICK_SIZE, **ink})
    fig.update_coloraxes(colorbar_tickfont={"size": TICK_SIZE, **ink})
    return fig


def _panel_columns(fig: go.Figure) -> int:
    """How many panels of ``fig`` stand side by side: its x axes' distinct domains."""
    return max(1, len({tuple(axis.domain or (0, 1)) for axis in fig.select_xaxes()}))


def _one_line_panel_titles(fig: go.Figure, chars: int) -> None:
    """Set each panel's title of ``fig`` (an annotation above its plot) in one line when it
    takes at most ``chars`` characters: a row of panels' titles less above the plots."""
    for note in _panel_titles(fig):
        if len(plain(note.text)) <= chars:
            note.text = (note.text or "").replace("<br>", " ")


def _panel_titles(fig: go.Figure) -> list:
    """The annotations of ``fig`` set above its plots (a panel's title, or a subtitle)."""
    return [a for a in fig.layout.annotations if a.yref == "paper" and (a.y or 0) >= 1]


def _tick_label_chars(fig: go.Figure, axis: str) -> int:
    """The characters of the widest tick label y axis ``axis`` ("y", "y2") may show: a minus
    sign, the digits of its values' magnitude times `_EQUAL_ASPECT_REACH`, and the decimals
    of the tick step plotly takes for their span (none from 5 units, ".5" from 1, ".25"
    below); `_EQUAL_ASPECT_LABEL_CHARS` when its values are not numbers."""
    try:
        values = [np.asarray(trace.y, dtype=float).ravel() for trace in fig.data
                  if getattr(trace, "y", None) is not None
                  and (getattr(trace, "yaxis", None) or "y") == axis]
    except (TypeError, ValueError):
        return _EQUAL_ASPECT_LABEL_CHARS
    y = np.concatenate(values) if values else np.empty(0)
    y = y[np.isfinite(y)]
    if y.size == 0:
        return _EQUAL_ASPECT_LABEL_CHARS
    span = float(y.max() - y.min())
    reach = _EQUAL_ASPECT_REACH * float(np.abs(y).max())
    decimals = 0 if span >= 5 else 2 if span >= 1 else 3
    return 1 + len(str(int(reach))) + decimals


def fixed_label_room(fig: go.Figure) -> go.Figure:
    """Give the equal-aspect y axes of ``fig`` (``scaleanchor``, not categories) a fixed room
    for their labels instead of ``automargin``: the left margin holds the widest tick label
    the axis may show (`_tick_label_chars`, characters of `TICK_SIZE` px type) and a line of
    the axis's title, if it has one, when such an axis is at the chart's left edge.

    An equal-aspect axis's range follows the plot's size, its tick labels follow its range,
    and with ``automargin`` the plot's size follows the labels: in a chart that stretches to
    its box, plotly drew such a figure again and again up to its limit ("Too many auto-margin
    redraws"), each time in full, which kept a loaded projector's browser busy for seconds
    (up to 13 s measured) and lost it its connection to the server.

    Examples
    --------
    >>> fig = go.Figure(go.Scatter(x=[0, 1], y=[-1, 0.5]),
    ...                 {"yaxis": {"scaleanchor": "x", "title": {"text": "x2"}}})
    >>> fig = fixed_label_room(fig)
    >>> fig.layout.yaxis.automargin, fig.layout.margin.l  # 4 x 0.6 x 20 + 24 x 1.3 + 8 px
    (False, 87)
    """
    room = 0

    def fix(axis) -> None:
        nonlocal room
        if not axis.scaleanchor or axis.type == "category":
            return
        axis.automargin = False
        anchor = fig.layout[f"xaxis{(axis.anchor or 'x')[1:]}"]
        if (anchor.domain or (0, 1))[0] == 0:
            title = AXIS_TITLE_SIZE * LINE_HEIGHT if axis.title.text else 0
            chars = _tick_label_chars(fig, axis.plotly_name.replace("axis", ""))
            room = max(room, round(chars * 0.6 * TICK_SIZE + title + TITLE_GAP))

    fig.for_each_yaxis(fix)
    if room:
        fig.update_layout(margin_l=max(fig.layout.margin.l or 0, room))
    return fig


def layout_for(fig: go.Figure, large: bool, alone: bool = False) -> go.Figure:
    """``fig`` laid out for the view it is drawn in: `presenter_layout` (with ``alone``) on a
    projector or in the focus view (``large``), `screen_layout` otherwise.

    Examples
    --------
    >>> bars = lambda: go.Figure(go.Bar(x=[1], y=["a"]), {"title": "Linear correlation |R|"})
    >>> layout_for(bars(), True, alone=True).layout.margin.t  # as presenter_layout's
    43
    >>> layout_for(bars(), False).layout.legend.orientation  # as screen_layout's
    'h'
    """
    return presenter_layout(fig, alone=alone) if large else screen_layout(fig)


def screen_layout(fig: go.Figure) -> go.Figure:
    """The default mode's chart: the title in two lines at most below the toolbar, the
    legend in a row above the plot rather than a column beside it, thin side margins (the
    axes grow theirs to fit their labels), and a plot at least `SCREEN_PLOT_HEIGHT` px
    high, so the plot takes the chart's width and most of a projector's first screen.

    The figure grows by what its top rows need and, when its plot would be lower than
    `SCREEN_PLOT_HEIGHT`, by the difference; what sits under the plot (the axis, and the
    sliders, placed in fractions of the plot's height) keeps its room.

    Examples
    --------
    >>> fig = go.Figure([go.Scatter(x=[0], y=[0], name="a"), go.Scatter(x=[1], y=[1], name="b")],
    ...                 {"title": {"text": "Two clusters"}, "height": 400})
    >>> fig = screen_layout(fig)
    >>> fig.layout.legend.orientation, fig.layout.margin.t, fig.layout.margin.r
    ('h', 89, 10)
    >>> fig.layout.height  # 89 px above the plot, 580 px of plot, 45 px under it
    714
    """
    size = fig.layout.title.font.size or SCREEN_TITLE_SIZE
    legend = fig.layout.legend.font.size or fig.layout.font.size or 14
    fit_top(fig, size, round(SCREEN_TITLE_WIDTH * SCREEN_TITLE_SIZE / size),
            legend_size=legend)
    below = max(fig.layout.margin.b or 0, _AXIS_ROOM)
    lowest = min((slider.y or 0 for slider in fig.layout.sliders), default=0)
    if fig.layout.sliders:
        below = max(below, round(-lowest * SCREEN_PLOT_HEIGHT) + _SLIDER_ROOM)
    least = fig.layout.margin.t + SCREEN_PLOT_HEIGHT + below
    fig.update_layout(height=max(fig.layout.height or 450, least), margin={"l": 10, "r": 10})
    # A top x-axis (a contingency table's clusters) would share the top rows with the title.
    fig.update_xaxes(automargin=True, side="bottom")
    fig.update_yaxes(automargin=True)
    return fig
