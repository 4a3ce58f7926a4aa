"""The eps and min_samples sweeps equal scikit-learn's DBSCAN run at each value, labels and
point types."""

import numpy as np
import pytest
from sklearn.cluster import DBSCAN
from sklearn.datasets import make_blobs, make_moons

from clustering.dbscan import POINT_TYPES
from explorer.dbscan_sweep import dbscan_min_samples_sweep, dbscan_sweep


def brute_point_types(X, eps, min_samples):
    """Core, border, noise straight from the definition, on all pairwise distances."""
    near = np.linalg.norm(X[:, None, :] - X[None, :, :], axis=2) <= eps
    core = near.sum(axis=1) >= min_samples
    border = ~core & (near & core[None, :]).any(axis=1)
    return np.where(core, 0, np.where(border, 1, 2))


def points(data: str) -> np.ndarray:
    """240 points: two noisy moons, or four blobs of different spreads."""
    if data == "moons":
        return make_moons(240, noise=0.12, random_state=3)[0]
    return make_blobs(240, centers=4, cluster_std=[0.3, 0.8, 1.5, 0.5], random_state=5)[0]


def assert_each_frame_is_sklearns(X, labels, kinds, settings):
    """Frame i holds scikit-learn's DBSCAN at ``settings[i]`` (eps, min_samples): its
    labels, and core, border and noise points as the definition gives them."""
    assert labels.shape == kinds.shape == (len(settings), len(X))
    for row, (eps, min_samples) in enumerate(settings):
        reference = DBSCAN(eps=eps, min_samples=min_samples).fit(X)
        np.testing.assert_array_equal(labels[row], reference.labels_)
        np.testing.assert_array_equal(kinds[row], brute_point_types(X, eps, min_samples))
        core = np.zeros(len(X), dtype=bool)
        core[reference.core_sample_indices_] = True
        np.testing.assert_array_equal(kinds[row] == POINT_TYPES.index("core"), core)


@pytest.mark.parametrize("min_samples", [1, 4, 9])
@pytest.mark.parametrize("data", ["moons", "blobs"])
def test_every_eps_equals_a_direct_scikit_learn_run(data, min_samples):
    X = points(data)
    eps_values = [0.02, 0.05, 0.08, 0.12, 0.2, 0.3, 0.5, 0.8, 1.5, 4.0]
    labels, kinds = dbscan_sweep(X, eps_values, min_samples)
    assert_each_frame_is_sklearns(X, labels, kinds, [(e, min_samples) for e in eps_values])


@pytest.mark.parametrize("eps", [0.05, 0.15, 0.6])
@pytest.mark.parametrize("data", ["moons", "blobs"])
def test_every_min_samples_equals_a_direct_scikit_learn_run(data, eps):
    X = points(data)
    values = [1, 2, 3, 5, 8, 13, 21, 34, 240]
    labels, kinds = dbscan_min_samples_sweep(X, eps, values)
    assert_each_frame_is_sklearns(X, labels, kinds, [(eps, m) for m in values])


def test_the_min_samples_sweep_covers_varied_results():
    X, _ = make_moons(240, noise=0.12, random_state=3)
    labels, kinds = dbscan_min_samples_sweep(X, 0.15, [1, 8, 240])
    assert (kinds[0] == 0).all()  # every point is core at min_samples 1
    assert labels[1].max() >= 1 and (kinds[1] == 1).any()  # clusters with border points
    assert (labels[2] == -1).all()  # nobody has 240 neighbours that close


@pytest.mark.parametrize(("eps", "values", "match"), [
    (0.1, [0], "min_samples must be an integer in"),
    (0.1, [4], "min_samples must be an integer in"),
    (0.0, [1], r"eps must be a finite number in \(0, inf\)"),
    (float("nan"), [1], r"eps must be a finite number in \(0, inf\)"),
])
def test_the_min_samples_sweep_refuses_bad_input(eps, values, match):
    with pytest.raises(ValueError, match=match):
        dbscan_min_samples_sweep(np.zeros((3, 2)), eps, values)


def test_varied_results_are_covered():
    X, _ = make_moons(240, noise=0.12, random_state=3)
    labels, kinds = dbscan_sweep(X, [0.02, 0.12, 4.0], 4)
    assert (labels[0] == -1).all()  # too small: all noise
    assert labels[1].max() >= 1 and (kinds[1] == 1).any()  # clusters with border points
    assert (labels[2] == 0).all()  # large: one cluster


@pytest.mark.parametrize(("X", "eps", "min_samples", "match"), [
    (np.zeros((3, 2)), [0.1], 4, "min_samples must be an integer in"),
    (np.zeros((3, 2)), [0.0], 2, "eps values must be positive"),
    (np.zeros(3), [0.1], 1, "2-D"),
])
def test_bad_input_is_refused(X, eps, min_samples, match):
    with pytest.raises(ValueError, match=match):
        dbscan_sweep(X, eps, min_samples)


def test_duplicates_and_distances_exactly_at_eps_equal_scikit_learn():
    # Points on an integer grid: many duplicates, and distances of exactly 1, 2 and 3, so
    # a point sits exactly at eps from others (the union-find, the nearest-neighbour lists
    # and the border step all meet ties).
    X = np.random.default_rng(7).integers(0, 12, size=(150, 2)).astype(float)
    eps_values = [1.0, 1.5, 2.0, 3.0]
    assert len(np.unique(X, axis=0)) < len(X)
    for min_samples in (1, 3, 6, 12):
        labels, kinds = dbscan_sweep(X, eps_values, min_samples)
        assert_each_frame_is_sklearns(X, labels, kinds, [(e, min_samples) for e in eps_values])
    assert (kinds == POINT_TYPES.index("border")).any()
    values = list(range(1, 21))
    for eps in (1.0, 2.0):
        labels, kinds = dbscan_min_samples_sweep(X, eps, values)
        assert_each_frame_is_sklearns(X, labels, kinds, [(eps, m) for m in values])
        assert (kinds == POINT_TYPES.index("border")).any()
