"""plots.describe: every chart's summary and data table come from its own data, and a framed
chart's frames each carry theirs (and their marker symbols)."""

import numpy as np
import pandas as pd
import plotly.graph_objects as go
from plotly.validator_cache import ValidatorCache

from plots.describe import chart_summary, chart_table, frame_summaries, plain
from plots.em import em_animation_figure
from plots.framed import scrubbed_scatter
from plots.heatmap import contingency_heatmap
from plots.lines import line_chart
from plots.scatter import cluster_scatter

RNG = np.random.default_rng(7)
SYMBOLS = ("circle", "square", "diamond", "triangle-up", "triangle-down", "cross", "pentagon")


def sizes_phrase(labels) -> str:
    """The summary's cluster phrase, from numpy's counts."""
    labels = np.asarray(labels)
    counts = np.bincount(labels[labels >= 0])
    counts = counts[counts > 0]
    noise = int((labels < 0).sum())
    listed = ", ".join(map(str, counts[:-1])) + " and " + str(counts[-1])
    text = f"{len(labels)} points: {len(counts)} clusters of {listed} points"
    return text + (f", {noise} grey (noise or not assigned)" if noise else "")


def test_a_scatter_summary_counts_points_and_cluster_sizes():
    labels = RNG.integers(-1, 4, 200)
    fig = cluster_scatter(RNG.normal(size=(200, 2)), labels,
                          title="K = 4<br>ARI <b>0.52</b>", axis_titles=("petal", "sepal"))
    summary = chart_summary(fig)
    assert summary == f"K = 4 ARI 0.52. Chart of sepal against petal. {sizes_phrase(labels)}."
    assert "<" not in summary


def test_a_line_chart_names_its_series_and_their_lengths():
    data = pd.DataFrame({"n": [1, 2, 3, 1, 2], "v": [0.1, 0.2, 0.3, 0.4, 0.5],
                         "m": ["ARI", "ARI", "ARI", "AMI", "AMI"]})
    summary = chart_summary(line_chart(data, "n", "v", group="m", title="Means"))
    assert summary == "Means. Chart of v against n. ARI: line of 3 points; AMI: line of 2 points."


def test_titles_lose_markup_and_entities():
    assert plain("a<br>b &lt;c&gt; <i>d</i>") == "a b <c> d"
    assert plain(None) == ""


def test_every_frame_of_a_sweep_has_its_own_summary():
    n, values = 60, ["2", "3", "4"]
    labels = np.stack([RNG.integers(-1, k, n) for k in (2, 3, 4)])
    titles = [f"K = {v}: silhouette 0.{v}" for v in values]
    fig = scrubbed_scatter(RNG.normal(size=(n, 2)), labels, values, name="K", active=1,
                           titles=titles, centers=[np.zeros((int(v), 2)) for v in values])
    summaries = frame_summaries(fig)
    assert list(summaries) == [f.name for f in fig.frames] == ["K=2", "K=3", "K=4"]
    for title, row, (name, summary) in zip(titles, labels, summaries.items(), strict=True):
        k = int(name.split("=")[1])
        assert summary == (f"{title}. Chart of x2 against x1. {sizes_phrase(row)}; "
                           f"centres: {k} points.")
    # The chart as first drawn is its active frame.
    assert chart_summary(fig) == summaries["K=3"]


def test_frames_carry_each_clusters_symbol_svg_and_webgl():
    numbers = ValidatorCache.get_validator("scatter.marker", "symbol").values
    number = {name: numbers[numbers.index(name) - 2] for name in (*SYMBOLS, "circle-open")}
    labels = np.array([[0, 1, 2, 7, 9, -1], [3, 3, 4, 5, 6, 8]])
    fig = scrubbed_scatter(RNG.normal(size=(6, 2)), labels, ["a", "b"], name="s", active=0)
    assert fig.data[0].type == "scatter"
    for frame, row in zip(fig.frames, labels, strict=True):
        shipped = frame.to_plotly_json()["data"][0]["marker"]["symbol"]
        expected = [number["circle-open"] if k < 0 else number[SYMBOLS[k % 7]] for k in row]
        assert list(shipped) == expected
    # The chart as drawn shows the active frame's symbols.
    assert list(fig.data[0].marker.symbol) == [0, 1, 2, 0, 2, 100]
    big_labels = np.tile(np.arange(-1, 10), (2, 92))[:, :1001]
    big_labels[1] = big_labels[1][::-1]
    big = scrubbed_scatter(RNG.normal(size=(1001, 2)), big_labels, ["a", "b"], name="s",
                           active=1)
    assert big.data[0].type == "scattergl"
    # WebGL frames carry the same symbols (the scrub listener's quick path draws them,
    # tests/browser/test_scrub_quick.py) and the same dark outline as SVG points (the quick
    # path writes its border colours).
    for frame, row in zip(big.frames, big_labels, strict=True):
        shipped = frame.to_plotly_json()["data"][0]["marker"]["symbol"]
        expected = [number["circle-open"] if k < 0 else number[SYMBOLS[k % 7]] for k in row]
        assert list(shipped) == expected
    assert list(big.data[0].marker.symbol) == list(
        big.frames[1].to_plotly_json()["data"][0]["marker"]["symbol"])
    assert big.data[0].marker.line.width > 0 and big.data[0].marker.line.color == "#404040"


def test_an_animation_summarises_each_step_and_skips_empty_traces():
    X = RNG.normal(size=(5, 2))
    w = [np.eye(2)[[0, 0, 1, 1, 1]], np.eye(2)[[0, 1, 1, 1, 1]]]
    ring = np.array([[1.0, 0.0], [0.0, 1.0]])
    fig = em_animation_figure(X, w, [np.zeros((2, 2))] * 2, [[{1: ring}, {1: ring}]] * 2,
                              ["start", "after 1"], 0)
    summaries = frame_summaries(fig)
    # Each ellipse's casing is left out: two lines of two points, one per component.
    assert summaries["step=0"] == ("start. Chart of x2 against x1. 5 points: 2 clusters of 2 "
                                   "and 3 points; 1 sigma: 2 lines, 4 points in all; means: "
                                   "2 points.")
    assert "4 points" in summaries["step=1"] and "1 and 4 points" in summaries["step=1"]


def test_the_table_holds_what_the_figure_draws():
    xy = RNG.normal(size=(5, 2))
    table = chart_table(cluster_scatter(xy, [0, 1, 0, -1, 1]))
    assert table["series"].tolist() == ["noise", "cluster 0", "cluster 0", "cluster 1",
                                        "cluster 1"]
    order = [3, 0, 2, 1, 4]
    np.testing.assert_array_equal(table["x"], xy[order, 0])
    np.testing.assert_array_equal(table["y"], xy[order, 1])
    z = np.array([[1.0, 2.0], [3.0, 4.0]])
    cells = chart_table(go.Figure(go.Heatmap(z=z, x=["a", "b"], y=["r", "s"])))
    assert cells[["x", "y", "value"]].values.tolist() == [["a", "r", 1.0], ["b", "r", 2.0],
                                                          ["a", "s", 3.0], ["b", "s", 4.0]]


def test_coded_points_get_their_cluster_in_the_table():
    labels = np.array([[0, 1, -1, 60]])
    table = chart_table(scrubbed_scatter(np.zeros((4, 2)), labels, ["a"], name="s", active=0))
    # Cluster 60 is coded as 60 mod 56 = 4: colour and symbol, as on the chart.
    assert table["cluster"].tolist() == [0, 1, -1, 4]


def test_a_heat_map_summary_counts_its_cells():
    summary = chart_summary(contingency_heatmap(np.array([[1, 2], [3, 4]]), ["a", "b"],
                                                ["c", "d"], title="Counts"))
    assert summary.startswith("Counts. ") and "heat map of 4 cells" in summary


def test_traces_without_a_legend_or_axes_are_described_without_failing():
    fig = go.Figure(go.Table(header={"values": ["a"]}, cells={"values": [[1, 2]]}))
    fig.add_trace(go.Bar(x=["a", "b"], y=[1, 2], name="n"))
    assert chart_summary(fig) == "Chart. n: 2 bars."
    assert chart_table(fig)["series"].tolist() == ["n", "n"]
