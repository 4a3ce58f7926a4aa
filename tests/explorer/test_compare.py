import numpy as np
import pytest
from sklearn.cluster import DBSCAN
from sklearn.metrics import adjusted_mutual_info_score, adjusted_rand_score

import datasets
from explorer.compare import (
    DEFAULT_GALLERY,
    EPS_FACTORS,
    MIN_SAMPLES,
    eps_values,
    gallery_params,
    parameter_grid,
    run_panel,
)
from explorer.fuzzy import fpc_curve


@pytest.fixture(scope="module")
def moons():
    return datasets.load("moons", n_samples=200, random_state=4, standardize=True)


def test_dbscan_grid_cells_are_sklearns_dbscan(moons):
    grid = parameter_grid("dbscan", moons.X, moons.y)
    assert len(grid) == len(EPS_FACTORS) * len(MIN_SAMPLES)
    np.testing.assert_array_equal(np.unique(grid["col"]), np.sort(eps_values(moons.X)))
    for row in grid.itertuples():
        labels = DBSCAN(eps=row.col, min_samples=row.row).fit(moons.X).labels_
        assert row.n_clusters == labels.max() + 1
        assert row.ari == pytest.approx(adjusted_rand_score(moons.y, labels), abs=1e-12)
        assert row.ami == pytest.approx(adjusted_mutual_info_score(moons.y, labels), abs=1e-9)


def test_dbscan_grid_on_fewer_points_than_min_samples_is_sklearns():
    small = datasets.load("blobs", n_samples=12, random_state=1)
    grid = parameter_grid("dbscan", small.X, small.y)
    assert grid["row"].max() > len(small.X)  # the grid's largest min_samples exceed n
    for row in grid.itertuples():
        labels = DBSCAN(eps=row.col, min_samples=row.row).fit(small.X).labels_
        assert row.n_clusters == labels.max() + 1
        assert row.ari == pytest.approx(adjusted_rand_score(small.y, labels), abs=1e-12)


def test_gallery_gives_k_the_number_of_classes(moons):
    assert gallery_params("kmeans", 2)["n_clusters"] == 2
    assert "n_clusters" not in gallery_params("dbscan", 2)
    for name in DEFAULT_GALLERY:
        panel = run_panel(name, moons.X, moons.y)
        assert panel.seconds >= 0
        assert panel.scores["ari"] == pytest.approx(adjusted_rand_score(moons.y, panel.labels))


def test_grid_kind_is_checked(moons):
    with pytest.raises(ValueError, match="kind must be one of"):
        parameter_grid("spectral", moons.X, moons.y)


def test_fpc_lies_between_one_over_c_and_one(moons):
    curve = fpc_curve(moons.X, 2.0, range(2, 6))
    assert (curve["fpc"] >= curve["uniform"]).all() and (curve["fpc"] <= 1).all()
