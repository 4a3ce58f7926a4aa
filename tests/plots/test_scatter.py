import numpy as np
import pytest

from plots.palette import NOISE_COLOR, cluster_color
from plots.scatter import cluster_scatter


def test_one_trace_per_cluster_with_all_points():
    rng = np.random.default_rng(0)
    xy = rng.normal(size=(30, 2))
    labels = np.repeat([-1, 0, 2], 10)
    fig = cluster_scatter(xy, labels, title="t")
    assert [trace.name for trace in fig.data] == ["noise", "cluster 0", "cluster 2"]
    assert sum(len(trace.x) for trace in fig.data) == 30
    assert fig.data[0].marker.color == NOISE_COLOR
    assert fig.data[2].marker.color == cluster_color(2)
    np.testing.assert_array_equal(fig.data[1].x, xy[labels == 0, 0])


def test_large_inputs_switch_to_webgl():
    xy = np.zeros((6000, 2))
    assert cluster_scatter(xy, np.zeros(6000, dtype=int)).data[0].type == "scattergl"
    assert cluster_scatter(xy[:10], np.zeros(10, dtype=int)).data[0].type == "scatter"


@pytest.mark.parametrize(
    ("xy", "labels"), [(np.zeros((5, 3)), np.zeros(5)), (np.zeros((5, 2)), np.zeros(4))]
)
def test_bad_shapes_are_rejected_with_the_shape_in_the_message(xy, labels):
    with pytest.raises(ValueError, match="shape"):
        cluster_scatter(xy, labels)
