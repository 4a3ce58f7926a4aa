"""Marks reach 3:1 against what lies behind them (WCAG 2.1, 1.4.11 non-text contrast).

Contrast ratios are computed here from WCAG 2.1's definitions (relative luminance of sRGB,
(L1 + 0.05) / (L2 + 0.05)), from the colours the figures carry. The plot area is white.
"""

import numpy as np
import pytest

from plots.dbscan import dbscan_figure, k_distance_figure
from plots.em import em_animation_figure, em_step_figure
from plots.framed import scrubbed_scatter
from plots.scatter import WEBGL_THRESHOLD, cluster_scatter
from tests.plots.conftest import OKABE_ITO

WHITE = "#FFFFFF"
NAMED = {"black": "#000000", "white": WHITE}


def luminance(color: str) -> float:
    """WCAG 2.1 relative luminance of ``#rrggbb`` (or black, white)."""
    color = NAMED.get(color, color)
    channels = np.array([int(color[i:i + 2], 16) / 255 for i in (1, 3, 5)])
    linear = np.where(channels <= 0.03928, channels / 12.92, ((channels + 0.055) / 1.055) ** 2.4)
    return float(linear @ [0.2126, 0.7152, 0.0722])


def contrast(a: str, b: str) -> float:
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def over_white(color: str, opacity: float) -> str:
    """``color`` drawn at ``opacity`` on white."""
    color = NAMED.get(color, color)
    rgb = [int(color[i:i + 2], 16) * opacity + 255 * (1 - opacity) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(c):02x}" for c in rgb)


def test_the_wcag_formula_gives_the_known_ratios():
    assert contrast("#000000", WHITE) == pytest.approx(21.0)
    assert contrast("#777777", WHITE) == pytest.approx(4.48, abs=0.01)
    assert contrast(WHITE, WHITE) == pytest.approx(1.0)


def test_light_palette_colours_need_the_outline():
    # Why every point is outlined: half the palette is below 3:1 on white by itself.
    light = [c for c in OKABE_ITO if contrast(c, WHITE) < 3]
    assert {"#E69F00", "#56B4E9", "#F0E442"} <= set(light)


def assert_outlined(trace):
    """The marker's edge reaches 3:1 on white: a dark outline, or (open symbols, drawn in
    their colour alone) its own colour."""
    marker = trace.marker
    symbol = marker.symbol if isinstance(marker.symbol, str) else ""
    edge = marker.color if symbol.endswith("-open") else marker.line.color
    assert (marker.line.width or 0) > 0 or symbol.endswith("-open"), trace.name
    assert contrast(edge, WHITE) >= 3, (trace.name, edge)


def test_cluster_points_and_noise_reach_3_to_1():
    xy = np.arange(40.0).reshape(20, 2)
    fig = cluster_scatter(xy, [*range(-1, 9), *range(-1, 9)])
    assert len(fig.data) == 10
    for trace in fig.data:
        assert_outlined(trace)


def test_dbscan_points_eps_circles_and_threshold_reach_3_to_1():
    X = np.array([[0.0, 0.0], [0.1, 0.0], [0.2, 0.0], [5.0, 5.0], [9.0, 0.0]])
    fig = dbscan_figure(X, np.array([0, 0, 0, 1, -1]),
                        np.array(["core", "core", "border", "core", "noise"]), 0.15,
                        circles=True)
    drawn = [t for t in fig.data if t.x[0] is not None]
    assert len(drawn) == 4
    for trace in drawn:
        assert_outlined(trace)
    assert len(fig.layout.shapes) == 3
    for shape in fig.layout.shapes:
        assert contrast(over_white(shape.line.color, shape.opacity), WHITE) >= 3
    curve = k_distance_figure(np.array([0.3, 0.2, 0.1]), 0.15, 2)
    (line,) = curve.layout.shapes
    assert contrast(line.line.color, WHITE) >= 3


@pytest.mark.parametrize("n", [3, WEBGL_THRESHOLD + 2])  # SVG and WebGL traces
def test_framed_points_are_outlined_and_centres_are_dark_edged(n):
    labels = np.resize([0, 1, -1], n)[None, :]
    fig = scrubbed_scatter(np.zeros((n, 2)), labels, ["1"], name="K",
                           active=0, centers=[np.zeros((1, 2))])
    points, centres = fig.data
    assert points.type == ("scatter" if n < WEBGL_THRESHOLD else "scattergl")
    assert contrast(points.marker.line.color, WHITE) >= 3 and points.marker.line.width > 0
    assert contrast(centres.marker.line.color, WHITE) >= 3


@pytest.mark.parametrize("k", [2, 6])
def test_em_ellipses_stand_out_from_white_and_from_their_points(k):
    ring = np.array([[1.0, 0.0], [0.0, 1.0], [-1.0, 0.0]])
    X = np.zeros((k, 2))
    w = np.eye(k)
    means = np.zeros((k, 2))
    ellipses = [{1: ring + j, 2: 2 * ring + j} for j in range(k)]
    fig = em_step_figure(X, w, means, ellipses)
    lines = [t for t in fig.data if t.mode == "lines"]
    assert len(lines) == 2 * 2 * k  # a casing and a line per ellipse
    behind = [WHITE, *OKABE_ITO[:k]]
    for casing, line in zip(lines[::2], lines[1::2], strict=True):
        np.testing.assert_array_equal(casing.x, line.x)
        assert casing.line.width > line.line.width and casing.line.dash == line.line.dash
        # The casing shows on either side of the coloured line: one of the two reaches
        # 3:1 against white and against the points of every component.
        for background in behind:
            assert max(contrast(casing.line.color, background),
                       contrast(line.line.color, background)) >= 3, (line.name, background)
    # The animated chart draws the same pairs, each frame moving both.
    animated = em_animation_figure(X, [w], [means], [ellipses], ["t"], 0)
    pairs = [t for t in animated.data if t.mode == "lines"]
    assert [t.line.color for t in pairs] == [t.line.color for t in lines]
    frame = animated.frames[0].to_plotly_json()["data"]
    for i in range(1, len(pairs), 2):
        np.testing.assert_array_equal(frame[i]["x"], frame[i + 1]["x"])
