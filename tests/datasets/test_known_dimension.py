"""The stone table as printed in the slides, and the datasets of known dimension."""

import numpy as np
import pytest
from sklearn.datasets import make_s_curve, make_swiss_roll

from datasets import DATASETS, load
from datasets.stones import STONE_FEATURE_TYPES, stone_binary_features, stone_collection
from explorer.dimension import intrinsic_dimension


def test_stone_table_is_the_slides():
    stones = stone_collection()
    # Slides, "My stone collection (2)": weight (g), wavelength (nm), shape, volume, rugosity.
    assert stones.loc[1].tolist() == [20, 450, "spherical", 0.2, 1.04]
    assert stones.loc[7].tolist() == [136, 504, "cube", 1.35, 0.5]
    assert stones.loc[10].tolist() == [93, 430, "spherical", 0.7, 1.0]
    assert stones["weight_g"].sum() == 20 + 33 + 12 + 70 + 120 + 45 + 136 + 20 + 54 + 93
    assert (stones["shape"] == "cube").sum() == 5
    assert list(stones.columns) == list(STONE_FEATURE_TYPES)
    assert stones["weight_g"].dtype.kind == "i" and stones["volume"].dtype.kind == "f"


def test_stone_binary_features_follow_the_table():
    binary = stone_binary_features()
    stones = stone_collection()
    assert binary.shape == (10, 5) and set(np.unique(binary)) <= {0, 1}
    np.testing.assert_array_equal(binary["red"], stones["wavelength_nm"] > 600)


def test_rolled_sheets_are_sklearns():
    roll = load("swiss_roll", n_samples=200, random_state=3, noise=0.1)
    np.testing.assert_array_equal(roll.X, make_swiss_roll(200, noise=0.1, random_state=3)[0])
    curve = load("s_curve", n_samples=200, random_state=3, noise=0.0)
    np.testing.assert_array_equal(curve.X, make_s_curve(200, noise=0.0, random_state=3)[0])
    assert set(roll.y) == {0, 1, 2, 3}


@pytest.mark.parametrize("name", ["plane_10d", "swiss_roll", "s_curve"])
def test_known_dimension_is_what_twonn_finds(name):
    spec = DATASETS[name]
    data = load(name, n_samples=2000, noise=0.0 if spec.has_noise else None)
    assert spec.intrinsic_dim == 2
    assert intrinsic_dimension(data.X).dimension == pytest.approx(2, rel=0.1)


def test_plane_has_ten_features_and_rank_two():
    X = load("plane_10d").X
    assert X.shape[1] == 10
    assert np.linalg.matrix_rank(X - X.mean(axis=0), tol=1e-9) == 2


def test_xor_features_separate_only_together():
    data = load("xor", n_samples=400, noise=0.2)
    signs = (data.X[:, 0] > 0) ^ (data.X[:, 1] > 0)
    assert np.mean(signs == data.y) > 0.95
    assert abs(np.corrcoef(data.X[:, 0], data.y)[0, 1]) < 0.15
