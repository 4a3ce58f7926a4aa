"""The Distances lesson's computations against numpy, scipy and Isomap."""

import numpy as np
import pytest
from scipy.spatial.distance import cdist
from sklearn.datasets import make_swiss_roll
from sklearn.manifold import Isomap

from explorer.distances import (
    correlated_cloud,
    farthest_pair,
    geodesic_path,
    most_central,
    nearest,
    triangle_check,
    unit_ball,
)


@pytest.mark.parametrize("p", [1.0, 1.5, 2.0, 3.0, np.inf])
def test_unit_ball_has_norm_one(p):
    np.testing.assert_allclose(np.linalg.norm(unit_ball(p), ord=p, axis=1), 1.0)


def test_unit_ball_below_one_by_its_formula():
    ball = unit_ball(0.5)
    np.testing.assert_allclose((np.abs(ball) ** 0.5).sum(axis=1), 1.0)


@pytest.mark.parametrize("p", [0.3, 0.5, 0.9, 1.0, 2.0])
def test_triangle_inequality_fails_exactly_below_one(p):
    points = np.array([[0.0, 0.0], [1.0, 0.0], [1.0, 1.0]])
    D = cdist(points, points, "minkowski", p=p)
    direct, detour = triangle_check(p)
    assert direct == pytest.approx(D[0, 2]) and detour == pytest.approx(D[0, 1] + D[1, 2])
    assert (direct > detour + 1e-12) == (p < 1)


def test_nearest_matches_scipy_mahalanobis():
    cloud = correlated_cloud(300, 0.8, 1)
    center = most_central(cloud)
    VI = np.linalg.inv(np.cov(cloud.T))
    order = np.argsort(cdist(cloud[[center]], cloud, "mahalanobis", VI=VI)[0])
    np.testing.assert_array_equal(nearest(cloud, center, 25, "mahalanobis"), order[1:26])


def test_correlated_cloud_refuses_a_correlation_of_one():
    with pytest.raises(ValueError, match=r"correlation must be a finite number in \(-1, 1\)"):
        correlated_cloud(10, 1.0)


def test_geodesic_path_is_a_graph_path_as_long_as_isomaps_distance():
    roll, _ = make_swiss_roll(300, noise=0.05, random_state=0)
    geodesic = Isomap(n_neighbors=10).fit(roll).dist_matrix_
    source, target = farthest_pair(geodesic)
    assert geodesic[source, target] == geodesic.max()
    found = geodesic_path(roll, 10, source, target)
    assert found.path[0] == source and found.path[-1] == target
    assert found.geodesic == pytest.approx(geodesic[source, target])
    steps = np.linalg.norm(np.diff(roll[found.path], axis=0), axis=1).sum()
    assert steps == pytest.approx(found.geodesic)
    edges = {tuple(e) for e in found.edges}
    assert all(tuple(sorted(pair)) in edges for pair in zip(found.path, found.path[1:],
                                                             strict=False))
    assert found.euclidean == pytest.approx(np.linalg.norm(roll[source] - roll[target]))
