"""plots.panels: figures laid out as panels of one, frames and all."""

import numpy as np
import plotly.graph_objects as go
import pytest

from plots.framed import scrubbed_scatter
from plots.linkage import animated_dendrogram, similarity_heatmap
from plots.panels import panels
from plots.scatter import cluster_scatter
from tests.plots.conftest import validated_frames


def test_shared_panels_match_axes_and_keep_each_panels_points():
    xy = np.array([[0.0, 1.0], [2.0, 3.0], [4.0, 5.0]])
    left = cluster_scatter(xy, [0, 1, 1])
    right = cluster_scatter(xy, [1, 1, 0])
    fig = panels([left, right], titles=["found", "truth"], shared=True)
    assert [(t.name, t.xaxis, t.yaxis) for t in fig.data] == [
        ("cluster 0", "x", "y"), ("cluster 1", "x", "y"),
        ("cluster 0", "x2", "y2"), ("cluster 1", "x2", "y2")]
    np.testing.assert_array_equal(fig.data[3].x, [0.0, 2.0])
    assert (fig.layout.xaxis2.matches, fig.layout.yaxis2.matches) == ("x", "y")
    # The equal-scale rule stays on the first panel, the others follow it by matching.
    assert fig.layout.yaxis.scaleanchor == "x" and fig.layout.yaxis2.scaleanchor is None
    assert [a.text for a in fig.layout.annotations] == ["found", "truth"]
    # The inputs are left as they were.
    assert left.data[0].xaxis is None and len(left.layout.annotations) == 0


def test_a_framed_panel_keeps_its_frames_on_its_own_traces():
    labels = np.array([[0, 0, 0], [0, 1, 1]])
    framed = scrubbed_scatter(np.zeros((3, 2)), labels, ["1", "2"], name="K", active=0)
    fig = panels([cluster_scatter(np.zeros((3, 2)), [0, 1, 2]), framed])
    # The framed panel's one trace comes after the three clusters of the first panel.
    assert [f.name for f in validated_frames(fig)] == ["K=1", "K=2"]
    assert [list(f.traces) for f in validated_frames(fig)] == [[3], [3]]
    np.testing.assert_array_equal(validated_frames(fig)[1].data[0].marker.color, [0, 1, 1])
    assert [s.name for s in fig.layout.sliders] == ["K"]


def test_a_heat_map_and_a_tree_keep_their_outlines_buttons_and_colour_bar_place():
    heat = similarity_heatmap(np.eye(3), ["a", "b", "c"], pair=(0, 1))
    tree = animated_dendrogram(np.array([[0, 1, 0.2, 2], [2, 3, 0.5, 3]]), ["a", "b", "c"], 1)
    fig = panels([heat, tree], horizontal_spacing=0.2)
    assert len(fig.layout.shapes) == len(heat.layout.shapes) == 2
    assert {(s.xref, s.yref) for s in fig.layout.shapes} == {("x", "y")}
    assert fig.layout.yaxis.autorange == "reversed" and fig.layout.xaxis.type == "category"
    assert fig.layout.yaxis2.title.text == tree.layout.yaxis.title.text
    # The tree's traces follow the heat map's one trace; its frames follow them.
    assert all(t >= 1 for f in validated_frames(fig) for t in f.traces)
    assert [f.name for f in validated_frames(fig)] == [f.name for f in validated_frames(tree)]
    assert [b.label for b in fig.layout.updatemenus[0].buttons] == ["Play", "Pause"]
    assert fig.data[0].colorbar.x == pytest.approx(fig.layout.xaxis.domain[1] + 0.01)


def test_panels_needs_figures_and_one_title_each():
    with pytest.raises(ValueError, match="at least one figure"):
        panels([])
    with pytest.raises(ValueError, match="one title per figure"):
        panels([go.Figure()], titles=["a", "b"])
    with pytest.raises(ValueError, match="columns must be at least 1"):
        panels([go.Figure()], columns=-1)
