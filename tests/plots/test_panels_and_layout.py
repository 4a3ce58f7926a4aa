"""plots.compare panels, plots.tables, the trace type switch and the presenter layout."""

import numpy as np
import plotly.graph_objects as go
from plotly.subplots import make_subplots

from plots.compare import panel_figure
from plots.layout import (
    MODEBAR_ROW,
    SCREEN_PLOT_HEIGHT,
    place_legend,
    presenter_layout,
    screen_layout,
    wrap_title,
)
from plots.scatter import points_trace
from plots.tables import points_table


def test_a_panel_keeps_each_clusters_points_and_shrinks_its_markers(okabe_ito):
    xy = np.array([[0.0, 1.0], [2.0, 3.0], [4.0, 5.0]])
    fig = panel_figure(xy, np.array([1, 0, 1]), ("a", "b"), height=300)
    assert [t.name for t in fig.data] == ["cluster 0", "cluster 1"]
    np.testing.assert_array_equal(fig.data[1].x, [0.0, 4.0])
    assert fig.data[1].marker.color == okabe_ito[1] and fig.data[1].marker.size == 6
    assert fig.layout.showlegend is False and fig.layout.height == 300
    assert fig.layout.yaxis.scaleanchor == "x"
    tall = panel_figure(xy, np.zeros(3, dtype=int), ("a", "b"), height=500, legend=True,
                        equal_scales=False)
    assert tall.data[0].marker.size == 8 and tall.layout.yaxis.scaleanchor is None


def test_points_table_one_row_per_point_with_extra_columns():
    table = points_table(np.array([[1.0, 2.0, 9.0], [3.0, 4.0, 9.0]]), [0, -1], rho=[0.5, 0.25])
    assert table.to_dict("list") == {"point": [0, 1], "x1": [1.0, 3.0], "x2": [2.0, 4.0],
                                     "cluster": [0, -1], "rho": [0.5, 0.25]}


def test_webgl_only_past_a_thousand_points():
    assert points_trace(1000) is go.Scatter and points_trace(1001) is go.Scattergl


def test_wrap_title_never_exceeds_the_width_and_keeps_every_word():
    title = "the adjusted mutual information of two random clusterings of the same points"
    lines = wrap_title(title, width=20).split("<br>")
    assert max(len(line) for line in lines) <= 20
    assert " ".join(lines) == title
    assert wrap_title("a<br>b", width=1) == "a<br>b"


def test_presenter_layout_moves_a_lone_subplot_title_into_the_wrapped_title():
    fig = go.Figure([go.Scatter(x=[0, 1], y=[0, 1], name="s"),
                     go.Scatter(x=[0, 1], y=[1, 0], name="t")])
    fig.update_layout(title="a title long enough to need two lines on a projector", height=300)
    fig.add_annotation(text="panel", x=0.5, y=1.02, xref="paper", yref="paper",
                       showarrow=False)
    presenter_layout(fig)
    # Two lines at most: the title (set smaller to fit one line), then the panel's title.
    assert fig.layout.title.text == ("a title long enough to need two lines on a projector"
                                     "<br><span style='font-size:20px'>panel</span>")
    assert fig.layout.title.font.size == 18 == 24 * 3 / 4
    assert len(fig.layout.annotations) == 0
    # The toolbar's row, the title's line at 18 px and the panel's at 20 px (1.3 line
    # height), a gap, the legend's row at 20 px and a gap: nothing overlaps.
    assert fig.layout.margin.t == round(MODEBAR_ROW + 18 * 1.3 + 20 * 1.3 + 8 + 20 * 1.3 + 8)
    # Plotly centres the two lines on the one it places: they come down half a line.
    assert fig.layout.title.pad.t == round(MODEBAR_ROW + 20 * 1.3 / 2)
    assert fig.layout.title.yanchor == "top"
    assert (fig.layout.legend.orientation, fig.layout.legend.y) == ("h", 1.0)
    assert fig.layout.height is None
    untitled = place_legend(go.Figure(go.Scatter(x=[0], y=[0])))
    assert (untitled.layout.legend.orientation, untitled.layout.legend.y) == ("h", 1.02)


def test_presenter_layout_wraps_each_frame_s_title_in_two_lines_and_fits_the_longest():
    fig = go.Figure(go.Scatter(x=[0, 1], y=[0, 1]), layout={"title": "K = 1", "height": 300},
                    frames=[go.Frame(name="1", layout={"title": {"text": "K = 1"}}),
                            go.Frame(name="2", layout={"title": {"text": (
                                "K = 2: a title that a projector would show on three lines "
                                "at its full size")}}),
                            go.Frame(name="3", data=[{"y": [1, 0]}])])
    before = fig.frames  # a cached figure's frames, drawn by other sessions too
    presenter_layout(fig)
    assert before[1].layout.title.text.startswith("K = 2: a title that a projector")
    long = fig.frames[1].layout.title.text.split("<br>")
    text = "K = 2: a title that a projector would show on three lines at its full size"
    assert len(long) == 2 and " ".join(long) == text
    # Wrapped wider than 32 characters, so set smaller in proportion, for every frame.
    width = max(len(line) for line in long)
    assert width > 32 and fig.layout.title.font.size == round(24 * 32 / width)
    assert fig.frames[0].layout.title.text == "K = 1" and fig.layout.title.text == "K = 1"
    assert fig.frames[2].layout.title.text is None  # a frame without a title keeps none
    assert fig.frames[2].data[0].y == (1, 0)
    # The top margin holds the toolbar's row and the longest title's two lines.
    size = 24 * 32 / width
    assert fig.layout.margin.t == round(MODEBAR_ROW + 2 * size * 1.3 + 8)


def test_screen_layout_keeps_a_plot_tall_enough_for_the_first_screen():
    fig = go.Figure([go.Scatter(x=[0], y=[0], name="a"), go.Scatter(x=[1], y=[1], name="b")],
                    {"title": {"text": "a " * 40}, "height": 300, "margin": {"b": 40},
                     "sliders": [{"y": -0.12, "steps": [{"label": "1"}]}]})
    screen_layout(fig)
    assert fig.layout.title.text.count("<br>") == 1
    assert fig.layout.legend.orientation == "h"
    under = round(0.12 * SCREEN_PLOT_HEIGHT) + 130  # the slider, its value and Play row
    assert fig.layout.height == fig.layout.margin.t + SCREEN_PLOT_HEIGHT + under
    tall = screen_layout(go.Figure(go.Scatter(x=[0], y=[0]), {"height": 2000}))
    assert tall.layout.height == 2000  # a taller chart keeps its height


def test_panel_titles_of_several_lines_get_as_many_rows_above_the_plot():
    # Plotly grows a panel's title upwards from the panel's top edge: a three-line title in
    # a one-row top margin ran above the chart (the compare gallery in presenter mode).
    fig = make_subplots(rows=1, cols=3, subplot_titles=(
        "<b>Affinity<br>propagation</b><br>ARI 1.000", "<b>k-means</b><br>ARI 0.9",
        "<b>Spectral<br>clustering</b><br>ARI 0.5"))
    for col in (1, 2, 3):
        fig.add_trace(go.Scatter(x=[0], y=[0]), row=1, col=col)
    fig.update_layout(showlegend=False)
    presenter_layout(fig)
    # A third of two narrow charts' titles (64 characters of 24 px type) holds 25 of 20 px:
    # "Affinity propagation ARI 1.000" keeps its lines, "k-means ARI 0.9" takes one.
    assert [note.text.count("<br>") for note in fig.layout.annotations] == [2, 0, 2]
    # The toolbar's row, then three lines of 20 px type (1.3 line height) and a gap.
    assert fig.layout.margin.t == round(MODEBAR_ROW + 3 * 20 * 1.3 + 8)


def test_a_pair_of_panels_gets_one_line_titles_and_a_short_title_beside_the_toolbar():
    # Density peaks' pair in presenter mode: two rows of panels' titles and a title wrapped
    # for a narrow chart kept its plots 60 px lower than the chart's width needs.
    fig = make_subplots(rows=1, cols=2, subplot_titles=(
        "Decision graph:<br>centres in colour", "Clusters:<br>centres are stars"))
    fig.add_trace(go.Scatter(x=[0], y=[0]), row=1, col=1)
    fig.add_trace(go.Scatter(x=[1], y=[1]), row=1, col=2)
    fig.update_layout(showlegend=False, title="K = 3: 3 clusters, ARI vs truth 0.762")
    presenter_layout(fig)
    assert [note.text for note in fig.layout.annotations] == [
        "Decision graph: centres in colour", "Clusters: centres are stars"]
    assert fig.layout.title.text == "K = 3: 3 clusters, ARI vs truth 0.762"
    # 37 characters of 24 px type (about 490 px) end before a 210 px toolbar in two 420 px
    # charts' width: the title shares the toolbar's row, 4 px from the top, then a gap, a
    # row of panels' titles (20 px type) and a gap.
    assert fig.layout.title.pad.t == 4
    assert fig.layout.margin.t == round(4 + 24 * 1.3 + 8 + 20 * 1.3 + 8)
    # A single chart's longer title stays under the toolbar's row.
    single = presenter_layout(go.Figure(go.Scatter(x=[0], y=[0]), {"title": "k-means: ARI 0.47"}))
    assert single.layout.title.pad.t == MODEBAR_ROW


def test_a_chart_alone_in_its_row_gets_the_column_s_width_for_its_title():
    # The Features lesson's ranking in presenter mode: a lone chart about 1,010 px wide whose
    # 22-character title (about 290 px of 24 px type) was kept under the toolbar's row, as
    # if the chart were 420 px wide.
    def bars(title: str) -> go.Figure:
        return go.Figure(go.Bar(x=[0.8, 0.5], y=["proline", "hue"], orientation="h"),
                         {"title": title})

    narrow = presenter_layout(bars("Linear correlation |R|"))
    alone = presenter_layout(bars("Linear correlation |R|"), alone=True)
    assert narrow.layout.title.pad.t == MODEBAR_ROW
    assert alone.layout.title.pad.t == 4
    # One line of 24 px type under a 4 px top, then a gap: the plot starts 30 px higher.
    assert alone.layout.margin.t == round(4 + 24 * 1.3 + 8)
    assert narrow.layout.margin.t - alone.layout.margin.t == MODEBAR_ROW - 4
    # A 36-character title fits one line of a lone chart, but not of a narrow one (32).
    long = "Single-variable classifier (F-score)"
    assert presenter_layout(bars(long), alone=True).layout.title.text == long
    assert "<br>" in presenter_layout(bars(long)).layout.title.text
