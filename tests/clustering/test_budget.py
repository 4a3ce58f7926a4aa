"""clustering.budget: cost estimates before a run, overflow checks, small-data defaults."""

import tracemalloc

import numpy as np
import pytest
from sklearn.cluster import OPTICS

import clustering
import datasets
from clustering.budget import (
    APP_BUDGET,
    Budget,
    distances_overflow,
    estimate_cost,
    max_rows,
)

QUADRATIC = ("affinity_propagation", "density_peaks", "hierarchical", "kmedoids")


@pytest.mark.parametrize("name", list(clustering.ALGORITHMS))
def test_every_algorithm_has_a_cost_growing_with_n(name):
    small, large = estimate_cost(name, 100, 2), estimate_cost(name, 1000, 2)
    assert 0 < small.seconds < large.seconds
    assert 0 < small.memory_bytes < large.memory_bytes


@pytest.mark.parametrize("name", QUADRATIC)
def test_memory_estimate_bounds_the_measured_peak(name):
    X = datasets.load("blobs", n_samples=400, random_state=0).X
    tracemalloc.start()
    try:
        clustering.run(name, X, random_state=0)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    estimate = estimate_cost(name, 400, 2).memory_bytes
    # An upper estimate, but not a wild one: within a factor of 20 of the real peak.
    assert peak <= estimate <= 20 * peak


def test_the_issue_cases_are_refused_and_small_runs_fit():
    assert not estimate_cost("affinity_propagation", 5000, 2).fits(APP_BUDGET)
    assert estimate_cost("kmeans", 5000, 2).fits(APP_BUDGET)
    assert estimate_cost("affinity_propagation", 300, 2).fits(APP_BUDGET)


def test_max_rows_is_the_largest_fitting_size():
    budget = Budget(seconds=1.0, memory_bytes=1e8)
    rows = max_rows("density_peaks", 3, budget=budget)
    assert 0 < rows < 5000
    assert estimate_cost("density_peaks", rows, 3).fits(budget)
    assert not estimate_cost("density_peaks", rows + 1, 3).fits(budget)
    assert max_rows("optics", 2, budget=Budget(seconds=0.0, memory_bytes=0.0)) == 0


def test_unknown_algorithm_is_named():
    with pytest.raises(ValueError, match="unknown algorithm 'nope'"):
        estimate_cost("nope", 10, 2)


def huge(scale: float, n: int = 60) -> np.ndarray:
    return np.random.default_rng(0).normal(size=(n, 2)) * scale


def squared_distance_sum(X: np.ndarray) -> float:
    """Brute force, as k-means' inertia or the silhouette would form it."""
    with np.errstate(over="ignore", under="ignore"):
        return float(np.sum((X[:, None, :] - X[None, :, :]) ** 2))


@pytest.mark.parametrize("scale, overflows", [(1e200, True), (1e-200, True), (1e100, False),
                                              (1e-100, False), (1.0, False)])
def test_overflow_check_agrees_with_brute_force_squares(scale, overflows):
    X = huge(scale)
    total = squared_distance_sum(X)
    assert distances_overflow(X) is overflows
    assert (not np.isfinite(total) or total == 0) is overflows
    assert not distances_overflow(datasets.standardize(X))


@pytest.mark.parametrize("name", list(clustering.ALGORITHMS))
def test_run_refuses_overflowing_values_with_the_fix(name):
    with pytest.raises(ValueError, match="Standardize the features"):
        clustering.run(name, huge(1e200))


def test_standardized_huge_values_cluster_like_the_unscaled_data():
    data = datasets.load("blobs", n_samples=60, random_state=0)
    found = clustering.run("kmeans", datasets.standardize(data.X * 1e200), random_state=0)
    reference = clustering.run("kmeans", datasets.standardize(data.X), random_state=0)
    np.testing.assert_array_equal(found.labels, reference.labels)


def test_size_parameters_are_lowered_on_small_data_as_sklearn_would_need():
    X = datasets.load("blobs", n_samples=12, random_state=0).X
    result = clustering.run("optics", X)  # defaults: min_samples 20, min_cluster_size 50
    assert result.params["min_samples"] == 12 and result.params["min_cluster_size"] == 12
    assert any("min_samples lowered from 20 to 12" in w for w in result.warnings)
    reference = OPTICS(min_samples=12, min_cluster_size=12).fit(X).labels_
    np.testing.assert_array_equal(result.labels, clustering.canonical_labels(reference))


@pytest.mark.parametrize("name", ["hdbscan", "optics", "dbscan", "spectral"])
def test_three_points_run_with_default_sizes(name):
    X = np.array([[0.0, 0.0], [0.0, 1.0], [5.0, 5.0]])
    params = {"n_clusters": 2} if name == "spectral" else {}
    result = clustering.run(name, X, **params)
    assert result.labels.shape == (3,)
