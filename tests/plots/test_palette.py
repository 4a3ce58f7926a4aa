import tomllib
from pathlib import Path

from plots.palette import CLUSTER_COLORS, NOISE_COLOR, cluster_color, cluster_symbol

ROOT = Path(__file__).resolve().parents[2]


def test_theme_palette_is_the_plots_palette():
    config = tomllib.loads((ROOT / ".streamlit" / "config.toml").read_text())
    assert tuple(config["theme"]["chartCategoricalColors"]) == CLUSTER_COLORS


def test_okabe_ito_colours_are_distinct_and_noise_is_apart():
    assert len(set(CLUSTER_COLORS)) == len(CLUSTER_COLORS) == 8
    assert NOISE_COLOR not in CLUSTER_COLORS
    assert cluster_color(-1) == NOISE_COLOR


def test_colour_and_symbol_together_identify_a_cluster_past_the_palette():
    pairs = {(cluster_color(k), cluster_symbol(k)) for k in range(40)}
    assert len(pairs) == 40
