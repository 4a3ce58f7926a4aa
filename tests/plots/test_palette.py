"""The palette: the theme's copy, colour-blind safety (Machado et al. 2009 + CIEDE2000), and
the symbols and dashes that make colour never the only cue."""

import itertools
import re
import tomllib
import warnings
from pathlib import Path

import numpy as np
import pytest
from plotly.validator_cache import ValidatorCache

from plots.palette import (
    CLUSTER_COLORS,
    LINE_DASHES,
    MARKER_SYMBOLS,
    NOISE_COLOR,
    SYMBOL_NUMBERS,
    cluster_color,
    cluster_dash,
    cluster_symbol,
)

# colour-science sets numpy's print options to its 1.13 legacy on import, for the whole
# process: every later doctest of the worker then printed arrays otherwise. They are put back.
_PRINT_OPTIONS = np.get_printoptions()
colour = pytest.importorskip("colour", reason="colour-science is a dev requirement")
np.set_printoptions(**_PRINT_OPTIONS)

ROOT = Path(__file__).resolve().parents[2]

# Machado, Oliveira & Fernandes (2009), "A physiologically-based model for simulation of
# color vision deficiency", IEEE TVCG 15(6), supplementary table: severity 1.0 (dichromacy),
# acting on linear RGB.
MACHADO_2009 = {
    "Protanomaly": [[0.152286, 1.052583, -0.204868], [0.114503, 0.786281, 0.099216],
                    [-0.003882, -0.048116, 1.051998]],
    "Deuteranomaly": [[0.367322, 0.860646, -0.227968], [0.280085, 0.672501, 0.047413],
                      [-0.011820, 0.042940, 0.968881]],
    "Tritanomaly": [[1.255528, -0.076749, -0.178779], [-0.078411, 0.930809, 0.147602],
                    [0.004733, 0.691367, 0.303900]],
}

# Sharma, Wu & Dalal (2005), "The CIEDE2000 color-difference formula: implementation notes,
# supplementary test data, and mathematical observations", Table 1: Lab pairs and their dE00.
SHARMA_2005 = [
    ((50.0000, 2.6772, -79.7751), (50.0000, 0.0000, -82.7485), 2.0425),
    ((50.0000, 3.1571, -77.2803), (50.0000, 0.0000, -82.7485), 2.8615),
    ((50.0000, -1.3802, -84.2814), (50.0000, 0.0000, -82.7485), 1.0000),
    ((50.0000, 0.0000, 0.0000), (50.0000, -1.0000, 2.0000), 2.3669),
    ((50.0000, 2.4900, -0.0010), (50.0000, -2.4900, 0.0009), 7.1792),
    ((50.0000, 2.4900, -0.0010), (50.0000, -2.4900, 0.0011), 7.2195),
    ((50.0000, 2.5000, 0.0000), (73.0000, 25.0000, -18.0000), 27.1492),
    ((50.0000, 2.5000, 0.0000), (56.0000, -27.0000, -3.0000), 31.9030),
    ((60.2574, -34.0099, 36.2677), (60.4626, -34.1751, 39.4387), 1.2644),
    ((22.7233, 20.0904, -46.6940), (23.0331, 14.9730, -42.5619), 2.0373),
    ((90.8027, -2.0831, 1.4410), (91.1528, -1.6435, 0.0447), 1.4441),
    ((2.0776, 0.0795, -1.1350), (0.9033, -0.0636, -0.5514), 0.9082),
]


def machado(deficiency):
    with warnings.catch_warnings():
        # colour-science warns that its tritan matrices come from the paper's shift model.
        warnings.simplefilter("ignore")
        return colour.blindness.matrix_cvd_Machado2009(deficiency, 1.0)


def lab_seen(hex_colors, deficiency=None):
    """CIELAB (D65) of sRGB ``hex_colors`` as seen with ``deficiency`` (None: normal)."""
    srgb = np.array([[int(c[i:i + 2], 16) / 255 for i in (1, 3, 5)] for c in hex_colors])
    linear = colour.models.eotf_sRGB(srgb)
    if deficiency is not None:
        linear = np.clip(linear @ machado(deficiency).T, 0, 1)
    return colour.XYZ_to_Lab(colour.sRGB_to_XYZ(colour.models.eotf_inverse_sRGB(linear)))


def test_theme_palette_is_the_plots_palette():
    config = tomllib.loads((ROOT / ".streamlit" / "config.toml").read_text())
    assert tuple(config["theme"]["chartCategoricalColors"]) == CLUSTER_COLORS


def test_okabe_ito_colours_are_distinct_and_noise_is_apart():
    assert len(set(CLUSTER_COLORS)) == len(CLUSTER_COLORS) == 8
    assert NOISE_COLOR not in CLUSTER_COLORS
    assert cluster_color(-1) == NOISE_COLOR


@pytest.mark.parametrize("deficiency", sorted(MACHADO_2009))
def test_the_reference_simulation_is_machados(deficiency):
    np.testing.assert_allclose(machado(deficiency), MACHADO_2009[deficiency], atol=1e-6)


def test_the_reference_ciede2000_reproduces_sharmas_test_data():
    first = np.array([pair[0] for pair in SHARMA_2005])
    second = np.array([pair[1] for pair in SHARMA_2005])
    published = np.array([pair[2] for pair in SHARMA_2005])
    got = colour.delta_E(first, second, method="CIE 2000")
    np.testing.assert_allclose(got, published, atol=5e-5)


@pytest.mark.parametrize("deficiency", [None, *sorted(MACHADO_2009)])
def test_every_two_cluster_colours_differ_by_de2000_of_10_for_colour_blind_viewers(
        deficiency):
    lab = lab_seen(CLUSTER_COLORS, deficiency)
    pairs = list(itertools.combinations(range(len(CLUSTER_COLORS)), 2))
    assert len(pairs) == 28
    differences = {(CLUSTER_COLORS[i], CLUSTER_COLORS[j]):
                   float(colour.delta_E(lab[i], lab[j], method="CIE 2000")) for i, j in pairs}
    too_close = {pair: round(d, 1) for pair, d in differences.items() if d < 10}
    assert not too_close, f"under {deficiency}: {too_close}"


def test_the_app_colours_more_clusters_than_colours_and_symbols_tell_them_apart():
    # The hierarchical page cuts into up to K_MAX clusters, past the eight colours.
    source = (ROOT / "app_pages" / "explore_hierarchical.py").read_text()
    k_max = int(re.search(r"^K_MAX = (\d+)$", source, re.MULTILINE).group(1))
    assert k_max > len(CLUSTER_COLORS)
    # Seven symbols and eight colours: 56 clusters have distinct pairs, and two clusters
    # of one colour never share a symbol.
    pairs = {(cluster_color(k), cluster_symbol(k)) for k in range(56)}
    assert len(pairs) == 56 >= k_max
    for k in range(1, len(MARKER_SYMBOLS)):
        assert cluster_symbol(k) != cluster_symbol(0)
    assert cluster_symbol(-1) != cluster_symbol(0) and cluster_color(-1) != cluster_color(0)
    assert len({cluster_dash(k) for k in range(len(LINE_DASHES))}) == len(LINE_DASHES)


def test_symbol_numbers_are_plotlys():
    values = ValidatorCache.get_validator("scatter.marker", "symbol").values
    for name in MARKER_SYMBOLS:
        # plotly lists each symbol as its number, the number as a string, then its name.
        assert values[values.index(name) - 2] == SYMBOL_NUMBERS[name]
    assert values[values.index("circle-open") - 2] == SYMBOL_NUMBERS["circle"] + 100
