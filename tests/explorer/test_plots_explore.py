import numpy as np
import pandas as pd
import pytest
from scipy.cluster.hierarchy import fcluster, linkage

from plots.compare import grid_heatmap
from plots.dendrogram import ABOVE_CUT_COLOR, dendrogram_layout
from plots.fuzzy import blend_colors
from plots.palette import cluster_color


def test_sure_memberships_get_their_clusters_colour():
    u = np.eye(3)
    expected = [cluster_color(j) for j in range(3)]
    assert blend_colors(u) == [c.upper() for c in expected]
    half = blend_colors([[0.5, 0.5, 0.0]])[0]
    first, second = (np.array([int(c[i:i + 2], 16) for i in (1, 3, 5)]) for c in expected[:2])
    assert half == "#{:02X}{:02X}{:02X}".format(*np.rint((first + second) / 2).astype(int))


def test_dendrogram_links_below_the_cut_take_their_clusters_colour():
    rng = np.random.default_rng(0)
    X = np.vstack([rng.normal(0, 0.1, (10, 2)), rng.normal(5, 0.1, (10, 2))])
    Z = linkage(X, "average")
    labels = fcluster(Z, 2, "maxclust") - 1
    layout = dendrogram_layout(Z, labels, 2)
    colours = layout["color_list"]
    assert colours.count(ABOVE_CUT_COLOR) == 1  # only the root merge is undone
    assert set(colours) - {ABOVE_CUT_COLOR} == {cluster_color(0), cluster_color(1)}
    assert len(layout["ivl"]) == 20


def test_heatmap_refuses_an_unknown_value():
    grid = pd.DataFrame({"row": [1, 1], "col": [0.1, 0.2], "ari": [0.0, 1.0], "ami": [0, 1],
                         "n_clusters": [1, 2]})
    fig = grid_heatmap(grid, "ari", ("min_samples", "eps"), selected=(1, 0.2))
    assert fig.data[0].z.shape == (1, 2)
    with pytest.raises(ValueError, match="value must be one of"):
        grid_heatmap(grid, "nmi", ("a", "b"))

