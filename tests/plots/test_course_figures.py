"""The lessons' figure builders: the data they are given is what they draw."""

import numpy as np
import pandas as pd
import plotly.graph_objects as go
import pytest

from explorer.dimension import intrinsic_dimension, pca_spectrum
from plots.dimension import scree_figure, twonn_figure
from plots.distances import (
    distance_heatmap,
    graph_path_figure,
    neighbourhood_figure,
    unit_balls_figure,
)
from plots.features import feature_by_class, ranking_bars

RNG = np.random.default_rng(0)
X = RNG.normal(size=(60, 3))


def test_ranking_bars_best_on_top():
    table = pd.DataFrame({"feature": ["a", "b", "c"], "score": [0.9, 0.5, 0.1]})
    bar = ranking_bars(table, top=2).data[0]
    assert list(bar.y) == ["b", "a"] and list(bar.x) == [0.5, 0.9]
    with pytest.raises(ValueError, match="score"):
        ranking_bars(table.drop(columns="score"))


def test_feature_by_class_one_histogram_per_class_and_a_line_per_cut():
    fig = feature_by_class(X[:, 0], np.arange(60) % 3, [0.0, 1.0])
    assert len(fig.data) == 3
    # Each cut is the full-height dashed line that plotly's own add_vline draws there.
    reference = go.Figure(go.Histogram(x=[0.0]))
    for cut in (0.0, 1.0):
        reference.add_vline(x=cut, line={"dash": "dash", "color": "#333333", "width": 2})
    assert ([shape.to_plotly_json() for shape in fig.layout.shapes]
            == [shape.to_plotly_json() for shape in reference.layout.shapes])
    with pytest.raises(ValueError, match="same length"):
        feature_by_class(X[:, 0], [0, 1], [])


def test_scree_and_twonn_figures_draw_their_numbers():
    spectrum = pca_spectrum(X)
    fig = scree_figure(spectrum, 0.9)
    np.testing.assert_allclose(fig.data[0].y, spectrum["explained"])
    result = intrinsic_dimension(X)
    twonn = twonn_figure(result.details, result.dimension)
    line = twonn.data[-1]
    assert line.y[1] == pytest.approx(result.dimension * line.x[1])
    assert len(twonn.data[0].x) == result.details["used"].sum()


def test_distance_figures():
    D = np.abs(X[:4, :1] - X[:4, :1].T)
    assert distance_heatmap(D, list("abcd")).data[0].z.shape == (4, 4)
    with pytest.raises(ValueError, match="square"):
        distance_heatmap(D, list("abc"))
    fig = neighbourhood_figure(X[:, :2], 0, [1, 2, 3])
    assert len(fig.data[1].x) == 3 and len(fig.data[0].x) == 56
    balls = {"p = 1": np.zeros((3, 2)), "p = 2": np.ones((3, 2))}
    assert unit_balls_figure(balls, "p = 2").data[1].line.width == 5
    with pytest.raises(ValueError, match="highlight"):
        unit_balls_figure(balls, "p = 3")
    path = graph_path_figure(X[:, :2], np.zeros(60, int), np.array([[0, 1], [1, 2]]),
                             np.array([0, 1, 2]))
    assert [t.name for t in path.data] == ["graph edges", "class 0", "geodesic path",
                                           "straight line"]
