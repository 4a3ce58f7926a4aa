"""Figures of the Measure pages: the data drawn is the data given."""

import numpy as np
import pandas as pd
import pytest

from plots.heatmap import contingency_heatmap
from plots.lines import bar_chart, line_chart
from plots.palette import cluster_color
from plots.silhouette import silhouette_plot


def test_heatmap_shows_every_count_and_outlines_the_matching():
    counts = np.array([[5, 0, 1], [0, 4, 2]])
    fig = contingency_heatmap(counts, ["a", "b"], ["x", "y", "z"], matched=[(0, 0), (1, 1)])
    np.testing.assert_array_equal(np.asarray(fig.data[0].z), counts)
    assert list(fig.data[0].x) == ["x", "y", "z"]
    assert len(fig.layout.shapes) == 2
    with pytest.raises(ValueError, match="row names"):
        contingency_heatmap(counts, ["a"], ["x", "y", "z"])


def test_silhouette_bars_are_sorted_per_cluster_in_cluster_colours():
    values = np.array([0.5, 0.1, 0.9, -0.2, 0.3])
    labels = np.array([0, 0, 1, 1, -1])
    fig = silhouette_plot(values, labels)
    assert [trace.name for trace in fig.data] == ["cluster 0", "cluster 1"]
    # The outline of the bars [0, s] of height 1, stacked from y = -0.5 (cluster 0) and,
    # after a gap of 2, from y = 3.5 (cluster 1).
    assert list(fig.data[0].x) == [0, 0.1, 0.1, 0.5, 0.5, 0]
    assert list(fig.data[0].y) == [-0.5, -0.5, 0.5, 0.5, 1.5, 1.5]
    assert list(fig.data[1].x) == [0, -0.2, -0.2, 0.9, 0.9, 0]
    assert list(fig.data[1].y) == [3.5, 3.5, 4.5, 4.5, 5.5, 5.5]
    assert fig.data[1].fill == "toself" and fig.data[1].fillcolor == cluster_color(1)


def test_line_and_bar_charts_check_their_columns():
    data = pd.DataFrame({"k": [1, 2, 3], "v": [3.0, 2.0, 1.5], "g": ["a", "a", "b"]})
    fig = line_chart(data, "k", "v", group="g", vline=2)
    assert [trace.name for trace in fig.data] == ["a", "b"]
    assert list(bar_chart(data, "g", "v").data[0].y) == [3.0, 2.0, 1.5]
    with pytest.raises(ValueError, match="no column"):
        line_chart(data, "k", "missing")
