"""Chart exports: the toolbar's image format and the legend of true classes."""

import numpy as np
import pytest

from ui.export import chart_config


def test_camera_button_saves_the_chosen_format_under_the_charts_name():
    config = chart_config("elbow", "svg")
    assert config["toImageButtonOptions"]["format"] == "svg"
    assert config["toImageButtonOptions"]["filename"] == "elbow"
    with pytest.raises(ValueError, match="image_format"):
        chart_config("elbow", "gif")


def test_only_a_chart_asking_for_it_lets_its_shapes_be_dragged():
    assert "edits" not in chart_config("elbow")
    assert chart_config("tree", shapes_editable=True)["edits"] == {"shapePosition": True}


def test_true_labels_are_named_classes_in_the_legend():
    from plots import as_classes, cluster_scatter

    fig = as_classes(cluster_scatter(np.zeros((3, 2)), [0, 1, 1]))
    assert [trace.name for trace in fig.data] == ["class 0", "class 1"]
