"""plots.experiments: each builder draws its DataFrame's numbers, one colour per series."""

import numpy as np
import pandas as pd
import pytest

from plots.experiments import (
    baseline_bands,
    consensus_curves,
    experiment_figure,
    failure_bars,
    measure_lines,
    model_bars,
    rank_chart,
    rank_scatter,
    shared_html,
    standalone_html,
    table_figure,
    timing_lines,
    value_bars,
)


def _rgba(hex_color, alpha):
    return "rgba({},{},{},{})".format(*(int(hex_color[i:i + 2], 16) for i in (1, 3, 5)), alpha)


def test_measure_lines_one_line_and_band_per_measure_and_panel(okabe_ito):
    df = pd.DataFrame({"n": [20, 10, 10, 20, 10, 20], "measure": ["a", "a", "b", "b", "a", "b"],
                       "mean": [0.2, 0.1, 0.5, 0.6, 0.3, 0.7], "std": [0.01] * 6,
                       "side": ["L", "L", "L", "L", "R", "R"]})
    fig = measure_lines(df, x="n", facet=["side"], title="t")
    assert [a.text for a in fig.layout.annotations] == ["side = L", "side = R"]
    lines = [t for t in fig.data if t.mode == "lines+markers"]
    assert [(t.name, t.xaxis) for t in lines] == [("a", "x"), ("b", "x"), ("a", "x2"),
                                                  ("b", "x2")]
    # Sorted by n within the left panel.
    np.testing.assert_array_equal(lines[0].x, [10, 20])
    np.testing.assert_array_equal(lines[0].y, [0.1, 0.2])
    assert [t.line.color for t in lines] == [okabe_ito[0], okabe_ito[1]] * 2
    bands = [t for t in fig.data if t.fill == "toself"]
    assert len(bands) == 4 and bands[1].fillcolor == _rgba(okabe_ito[1], 0.15)
    np.testing.assert_allclose(bands[0].y, [0.11, 0.21, 0.19, 0.09])
    no_band = measure_lines(df.drop(columns="side"), x="n", band=False)
    assert all(t.fill is None for t in no_band.data) and len(no_band.data) == 2


def test_consensus_curves_star_the_best_k_and_mark_the_true_k(okabe_ito):
    df = pd.DataFrame({"dataset": ["d1"] * 3 + ["d2"] * 3, "k_true": [2] * 3 + [3] * 3,
                       "generation": ["g"] * 6, "K": [2, 3, 4] * 2, "measure": ["m"] * 6,
                       "random_model": ["none"] * 6, "ci": [0.9, 0.5, 0.4, 0.3, 0.8, 0.6],
                       "best": [True, False, False, False, True, False]})
    fig = consensus_curves(df, columns=2)
    lines = [t for t in fig.data if t.mode == "lines"]
    stars = [t for t in fig.data if t.mode == "markers"]
    np.testing.assert_array_equal(lines[1].y, [0.3, 0.8, 0.6])
    assert [list(s.x) for s in stars] == [[2], [3]]
    assert {t.line.color for t in lines} == {okabe_ito[0]}
    assert [s.x0 for s in fig.layout.shapes] == [2, 3]
    assert [a.text for a in fig.layout.annotations][:2] == ["d1", "d2"]


def test_model_bars_put_the_expectation_beside_the_monte_carlo_mean(okabe_ito):
    df = pd.DataFrame({"measure": ["m"] * 4, "random_model": ["fixed", "fixed", "all", "all"],
                       "n": [10, 20, 10, 20], "mean": [0.01, 0.02, 0.03, 0.04],
                       "std": [0.1] * 4, "expected": [0.0, 0.0, 0.05, 0.05]})
    fig = model_bars(df, x="n")
    bars = [t for t in fig.data if t.type == "bar"]
    diamonds = [t for t in fig.data if t.type == "scatter"]
    assert [b.name for b in bars] == ["fixed: Monte Carlo mean", "all: Monte Carlo mean"]
    np.testing.assert_array_equal(bars[1].y, [0.03, 0.04])
    np.testing.assert_array_equal(diamonds[1].y, [0.05, 0.05])
    assert [b.marker.color for b in bars] == [okabe_ito[0], okabe_ito[1]]


def test_baseline_bands_span_two_standard_deviations():
    df = pd.DataFrame({"measure": ["m"] * 2, "random_model": ["fixed"] * 2, "K": [3, 2],
                       "baseline_mean": [0.1, 0.0], "baseline_std": [0.05, 0.1],
                       "value": [0.7, 0.9], "z": [12.0, 9.0], "verdict": ["above"] * 2})
    band, line = baseline_bands(df).data
    np.testing.assert_array_equal(band.x, [2, 3, 3, 2])
    np.testing.assert_allclose(band.y, [0.2, 0.2, 0.0, -0.2])
    np.testing.assert_array_equal(line.y, [0.9, 0.7])


def test_failure_bars_write_ours_and_the_papers_and_outline_differences(okabe_ito):
    df = pd.DataFrame({"measure": ["m1", "m1", "m2", "m2"], "property": ["p", "q", "p", "q"],
                       "failures": [0, 3, 1, 2], "published": [0, 3, 2, 2]})
    fig = failure_bars(df)
    (heat,) = fig.data
    np.testing.assert_array_equal(heat.z, [[0, 3], [1, 2]])
    assert [list(row) for row in heat.text] == [["0 (0)", "3 (3)"], ["1 (2)", "2 (2)"]]
    (outline,) = fig.layout.shapes
    assert (outline.x0, outline.y0) == (-0.5, 0.5) and outline.line.color == okabe_ito[3]


def test_rank_scatter_one_panel_per_measure():
    df = pd.DataFrame({"measure": ["a", "a", "b"], "rank_q2": [1, 2, 1], "rank": [2, 1, 1]})
    fig = rank_scatter(df)
    assert [list(t.x) for t in fig.data] == [[1, 2], [1]]
    assert [list(t.y) for t in fig.data] == [[2, 1], [1]]


def test_rank_chart_one_line_per_item_over_the_scorings():
    df = pd.DataFrame({"item": ["u", "u", "v", "v"], "scoring": ["s1", "s2", "s2", "s1"],
                       "rank": [1, 2, 1, 2], "value": [0.9, 0.5, 0.6, 0.4]})
    u, v = rank_chart(df).data
    assert list(u.x) == ["s1", "s2"] and list(u.y) == [1, 2]
    assert list(v.y) == [2, 1] and list(v.customdata) == [0.4, 0.6]


def test_value_bars_beside_the_paper_with_a_zoomed_axis():
    df = pd.DataFrame({"k": [2, 3], "v": [0.9, 0.8], "paper": [0.95, 0.85]})
    fig = value_bars(df, x="k", y="v", published="paper")
    assert [list(t.x) for t in fig.data] == [["2", "3"], ["2", "3"]]
    np.testing.assert_array_equal(fig.data[1].y, [0.95, 0.85])
    np.testing.assert_allclose(fig.layout.yaxis.range, [0.75, 1.0])
    low = value_bars(pd.DataFrame({"k": [1], "v": [0.2]}), x="k", y="v")
    assert len(low.data) == 1 and low.layout.yaxis.range is None


def test_timing_lines_log_log_one_line_per_method():
    df = pd.DataFrame({"method": ["a", "a", "b"], "n": [10, 100, 10],
                       "mean": [0.1, 1.0, 0.2], "std": [0.0, 0.1, 0.0]})
    fig = timing_lines(df)
    assert [t.name for t in fig.data] == ["a", "b"]
    np.testing.assert_array_equal(fig.data[0].y, [0.1, 1.0])
    assert fig.layout.xaxis.type == "log" and fig.layout.yaxis.type == "log"


def test_table_figure_formats_floats_to_four_digits():
    fig = table_figure(pd.DataFrame({"name": ["x"], "value": [1 / 3]}))
    assert list(fig.data[0].header.values) == ["name", "value"]
    assert [list(col) for col in fig.data[0].cells.values] == [["x"], ["0.3333"]]


def test_experiment_figure_picks_the_builder_and_refuses_unknown_kinds():
    df = pd.DataFrame({"name": ["x"]})
    assert experiment_figure("pairs", df).data[0].type == "table"
    with pytest.raises(ValueError, match="unknown figure kind 'pie'"):
        experiment_figure("pie", df)


def test_html_pages_inline_or_share_plotly_js():
    fig = table_figure(pd.DataFrame({"a": [1]}))
    assert '<script charset="utf-8" src="plotly.min.js"></script>' in shared_html(fig)
    page = standalone_html(fig)
    assert "plotly.min.js" not in page and len(page) > 1_000_000
