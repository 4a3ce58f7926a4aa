"""Chart exports: the toolbar's image format and the CSV data of heat maps and scatters."""

import numpy as np
import pytest

from ui.export import cells_frame, chart_config, points_frame


def test_camera_button_saves_the_chosen_format_under_the_charts_name():
    config = chart_config("elbow", "svg")
    assert config["toImageButtonOptions"]["format"] == "svg"
    assert config["toImageButtonOptions"]["filename"] == "elbow"
    with pytest.raises(ValueError, match="image_format"):
        chart_config("elbow", "gif")


def test_heat_map_and_scatter_data_hold_every_number_drawn():
    table = np.array([[5, 0, 1], [0, 4, 2]])
    cells = cells_frame(table, ["a", "b"], ["x", "y", "z"])
    assert len(cells) == 6 and cells["count"].sum() == table.sum()
    assert cells.set_index(["row", "column"]).loc[("b", "z"), "count"] == 2
    xy = np.array([[0.0, 1.0], [2.0, 3.0]])
    points = points_frame(xy, cluster=[0, -1])
    assert list(points.columns) == ["x", "y", "cluster"]
    assert points["y"].tolist() == [1.0, 3.0]


def test_true_labels_are_named_classes_in_the_legend():
    from plots import cluster_scatter
    from ui.export import as_classes

    fig = as_classes(cluster_scatter(np.zeros((3, 2)), [0, 1, 1]))
    assert [trace.name for trace in fig.data] == ["class 0", "class 1"]
