"""Layout rules shared by every figure: a legend that never covers an axis title, and the
large, dark type a projector needs (presenter mode)."""

import plotly.graph_objects as go

from plots.framed import set_frames

#: Near-black text: full contrast on white without the glare of pure black.
INK = "#111111"
#: Presenter-mode sizes in CSS pixels (read from the back of a classroom at 1280x720).
TICK_SIZE = 20
AXIS_TITLE_SIZE = 24
TITLE_SIZE = 24
# Height of a line of type, in font sizes, and the space between the title and the plot.
LINE_HEIGHT = 1.3
TITLE_GAP = 24
# Characters per title line at TITLE_SIZE in a chart about 340 px wide (two charts side by
# side beside the controls at 1280 px).
TITLE_WIDTH = 30


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


def place_legend(fig: go.Figure) -> go.Figure:
    """Put the legend where it covers neither an axis title, the data nor the title.

    Below the plot a legend sits on the x-axis title, and inside it covers data. A figure
    without a title gets it in one row above the plotting area; a titled one at the right
    (above, it would share the top margin with the title). Plotly widens the margin to fit
    it (``margin.autoexpand``).

    Examples
    --------
    >>> fig = place_legend(go.Figure(go.Scatter(x=[0, 1], y=[1, 0], name="a")))
    >>> fig.layout.legend.orientation, fig.layout.legend.yanchor
    ('h', 'bottom')
    >>> place_legend(fig.update_layout(title="A title")).layout.legend.xanchor
    'left'
    """
    if fig.layout.title.text:
        legend = {"orientation": "v", "x": 1.02, "xanchor": "left", "y": 1, "yanchor": "top"}
    else:
        legend = {"orientation": "h", "x": 0, "xanchor": "left", "y": 1.02,
                  "yanchor": "bottom"}
    return fig.update_layout(legend={**legend, "title": {"text": ""}})


def _wrap_frame_titles(fig: go.Figure, subtitle: str) -> list[str]:
    """Give each frame of ``fig`` that sets a title that title wrapped for a projector, with
    ``subtitle`` after it; return the new titles.

    The frames are replaced, never edited: a figure's frames may be shared with a cached
    figure that other sessions draw (`plots.framed.set_frames`), and frames built unvalidated
    are read through ``to_plotly_json`` only.
    """
    frames, titles = [], []
    for frame in fig.frames:
        content = frame.to_plotly_json()
        text = content.get("layout", {}).get("title", {}).get("text")
        if text:
            titles.append(wrap_title(text, TITLE_WIDTH) + subtitle)
            layout = content["layout"]
            content["layout"] = {**layout, "title": {**layout["title"], "text": titles[-1]}}
            frame = go.Frame(content, _validate=False)
        frames.append(frame)
    if titles:
        set_frames(fig, frames)
    return titles


def presenter_layout(fig: go.Figure) -> go.Figure:
    """Large, near-black type on every axis, legend and annotation of ``fig``, and no fixed
    height, so the figure takes the size of the box it is drawn in.

    Tick labels and legend text are ``TICK_SIZE`` px, axis titles ``AXIS_TITLE_SIZE`` px,
    the title ``TITLE_SIZE`` px; axes grow their margins to fit their labels
    (``automargin``), so nothing is cut.

    Examples
    --------
    >>> fig = presenter_layout(go.Figure(go.Scatter(x=[0, 1], y=[1, 0]), {"height": 300}))
    >>> fig.layout.height is None, fig.layout.xaxis.tickfont.size, fig.layout.font.color
    (True, 20, '#111111')
    """
    ink = {"color": INK}
    fig.update_layout(
        font={"size": TICK_SIZE, **ink}, height=None, autosize=True,
        title_font={"size": TITLE_SIZE, **ink}, legend_font={"size": TICK_SIZE, **ink},
        hoverlabel_font_size=TICK_SIZE,
    )
    if fig.layout.title.text:
        # Just above the plot area, in a top margin sized for its lines: plotly's title
        # automargin does not count every line of a wrapped title, which then sat on the
        # plot. A lone subplot title would sit on it too: it joins the title. A frame that
        # sets its own title (a step's numbers) gets the same wrap and subtitle, and the
        # margin fits the longest: unwrapped, plotly cut it at the figure's edge.
        subtitle = ""
        tops = [a for a in fig.layout.annotations if a.yref == "paper" and (a.y or 0) >= 1]
        if len(tops) == 1:
            subtitle = f"<br><span style='font-size:{TICK_SIZE}px'>{tops[0].text}</span>"
            fig.layout.annotations = [a for a in fig.layout.annotations if a is not tops[0]]
        title = wrap_title(fig.layout.title.text, TITLE_WIDTH) + subtitle
        frame_titles = _wrap_frame_titles(fig, subtitle)
        lines = max(text.count("<br>") + 1 for text in [title, *frame_titles])
        fig.update_layout(
            title={"text": title, "yref": "container", "y": 1, "yanchor": "top",
                   "pad": {"t": TITLE_GAP}},
            margin={"t": round(lines * TITLE_SIZE * LINE_HEIGHT) + 2 * TITLE_GAP},
        )
    place_legend(fig)
    axis = {"tickfont": {"size": TICK_SIZE, **ink}, "title_font": {"size": AXIS_TITLE_SIZE, **ink},
            "automargin": True}
    # A top x-axis (a contingency table's clusters) would share the top margin with the
    # title: below the plot, the two never meet.
    fig.update_xaxes(side="bottom", **axis)
    fig.update_yaxes(**axis)
    fig.update_annotations(font={"size": TICK_SIZE, **ink})
    fig.update_coloraxes(colorbar_tickfont={"size": TICK_SIZE, **ink})
    return fig
