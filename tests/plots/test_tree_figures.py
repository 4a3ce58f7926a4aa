"""plots.dendrogram and plots.linkage: links coloured by the cut, a tree grown merge by merge."""

import numpy as np
from scipy.cluster.hierarchy import linkage

from plots.dendrogram import dendrogram_data, dendrogram_figure, dendrogram_layout
from plots.linkage import growing_dendrogram, similarity_heatmap

# Two tight pairs far apart: merges (0, 1) at 1, (2, 3) at 1, then both pairs at the top.
POINTS = np.array([[0.0], [1.0], [10.0], [11.0]])
Z = linkage(POINTS, method="single")


def test_links_under_the_cut_take_their_clusters_colour_and_the_top_is_grey(okabe_ito):
    labels = np.array([0, 0, 1, 1])
    layout = dendrogram_layout(Z, labels, n_clusters=2)
    fig = dendrogram_figure(layout, cut=5.0, linkage_name="single")
    links = fig.data[:-1]
    assert len(links) == 3
    by_height = {max(t.y): t.line.color for t in links}
    assert by_height[9.0] == "#888888"
    low = sorted(t.line.color for t in links if max(t.y) == 1.0)
    assert low == sorted([okabe_ito[0], okabe_ito[1]])
    leaves = fig.data[-1]
    np.testing.assert_array_equal(leaves.x, [5, 15, 25, 35])
    assert sorted(leaves.text) == ["0", "1", "2", "3"]
    assert fig.layout.shapes[0].y0 == 5.0
    assert fig.layout.yaxis.title.text == "merge height (single linkage)"


def test_a_large_tree_is_cut_to_its_last_merges():
    points = np.arange(12, dtype=float)[:, None] ** 1.5
    layout = dendrogram_layout(linkage(points, "average"), np.zeros(12, dtype=int), 1,
                               max_leaves=5)
    assert len(layout["ivl"]) == 5


def test_the_table_is_the_linkage_matrix():
    table = dendrogram_data(Z)
    assert table["node"].tolist() == [4, 5, 6]
    assert table["height"].tolist() == [1.0, 1.0, 9.0]
    assert table["size"].tolist() == [2, 2, 4]
    assert sorted(zip(table["a"], table["b"], strict=True))[0] == (0, 1)


def test_similarity_heatmap_writes_each_value_and_frames_the_pair_and_the_merged_row():
    matrix = np.array([[1.0, 0.25, 0.5], [0.25, 1.0, 0.75], [0.5, 0.75, 1.0]])
    fig = similarity_heatmap(matrix, ["a", "b", "c"], pair=(1, 2), merged=0)
    np.testing.assert_array_equal(fig.data[0].z, matrix)
    assert list(fig.data[0].text[1]) == ["0.25", "1.00", "0.75"]
    assert list(fig.data[0].x) == ["a", "b", "c"]
    merged, pair = fig.layout.shapes[:2], fig.layout.shapes[2:]
    assert [(s.x0, s.x1) for s in merged] == [(-0.5, 0.5), (-0.5, 2.5)]
    assert {(s.x0, s.y0) for s in pair} == {(1.5, 0.5), (0.5, 1.5)}
    assert {s.line.color for s in pair} == {"#D55E00"}


def test_growing_dendrogram_draws_only_the_first_merges_the_newest_in_vermillion(okabe_ito):
    fig = growing_dendrogram(Z, ["p", "q", "r", "s"], shown=2, height=9.0)
    links = fig.data[:-1]
    assert len(links) == 2
    assert all(max(t.y) == 1.0 for t in links)
    assert sorted(t.line.color for t in links) == sorted([okabe_ito[0], "#D55E00"])
    assert fig.layout.shapes[0].y0 == 9.0
    assert sorted(fig.layout.xaxis.ticktext) == ["p", "q", "r", "s"]
    assert len(growing_dendrogram(Z, "pqrs", shown=3).data) == 4
