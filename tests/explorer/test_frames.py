"""The data behind the charts: every number drawn, in long form."""

import numpy as np

from explorer.frames import cells_frame, points_frame


def test_heat_map_and_scatter_data_hold_every_number_drawn():
    table = np.array([[5, 0, 1], [0, 4, 2]])
    cells = cells_frame(table, ["a", "b"], ["x", "y", "z"])
    assert len(cells) == 6 and cells["count"].sum() == table.sum()
    assert cells.set_index(["row", "column"]).loc[("b", "z"), "count"] == 2
    xy = np.array([[0.0, 1.0], [2.0, 3.0]])
    points = points_frame(xy, cluster=[0, -1])
    assert list(points.columns) == ["x", "y", "cluster"]
    assert points["y"].tolist() == [1.0, 3.0]
