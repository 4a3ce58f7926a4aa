"""The frames of DBSCAN's expansion: they end at scikit-learn's DBSCAN, and each point joins
its cluster through a core point of that cluster reached before it."""

import numpy as np
import pytest
from scipy.spatial.distance import cdist
from sklearn.cluster import DBSCAN

import datasets
from explorer.dbscan_growth import UNREACHED, dbscan_growth

CASES = [
    ("moons", dict(n_samples=300, noise=0.08), 0.12, 5),
    ("blobs", dict(n_samples=200), 0.6, 4),
    ("no_structure", dict(n_samples=150), 0.08, 3),
    ("moons", dict(n_samples=120, noise=0.1), 0.2, 6),  # 7 clusters, 17 noise points
]


@pytest.fixture(params=CASES, ids=lambda c: f"{c[0]}-eps{c[2]}-m{c[3]}")
def case(request):
    name, params, eps, min_samples = request.param
    X = datasets.load(name, random_state=3, **params).X
    return X, eps, min_samples, dbscan_growth(X, eps, min_samples, max_frames=25)


def test_the_last_frame_is_sklearns_dbscan(case):
    X, eps, min_samples, growth = case
    reference = DBSCAN(eps=eps, min_samples=min_samples).fit(X).labels_
    assert np.array_equal(growth.labels[-1], reference)


def test_frames_start_empty_stay_within_the_limit_and_never_take_a_point_back(case):
    X, _, _, growth = case
    assert 2 <= len(growth.labels) <= 25 and len(growth.titles) == len(growth.labels)
    assert (growth.labels[0] == UNREACHED).all()
    for before, after in zip(growth.labels[:-1], growth.labels[1:], strict=True):
        reached = before != UNREACHED
        assert np.array_equal(after[reached], before[reached])


def test_each_point_joins_through_a_core_point_of_its_cluster_reached_before(case):
    X, eps, min_samples, grouped = case
    growth = dbscan_growth(X, eps, min_samples, max_frames=10**6)  # one frame per wave
    assert len(growth.labels) > len(grouped.labels) and final_has_clusters(growth)
    distances = cdist(X, X)
    core = (distances <= eps).sum(axis=1) >= min_samples
    final = growth.labels[-1]
    seeds = 0
    for before, after in zip(growth.labels[:-2], growth.labels[1:-1], strict=True):
        for point in np.flatnonzero((before == UNREACHED) & (after != UNREACHED)):
            cluster = after[point]
            assert cluster == final[point]
            # Reached from a core point of its cluster within eps, one wave earlier, or it is
            # its cluster's first point (a core point).
            if not ((before == cluster) & core & (distances[point] <= eps)).any():
                assert core[point] and (before != cluster).all()
                seeds += 1
    assert seeds == final.max() + 1  # every cluster starts from exactly one seed


def final_has_clusters(growth) -> bool:
    return growth.labels[-1].max() >= 0


def test_with_no_core_point_every_point_ends_as_noise():
    X = datasets.load("no_structure", n_samples=50, random_state=0).X
    growth = dbscan_growth(X, 0.01, 5)
    assert (DBSCAN(eps=0.01, min_samples=5).fit(X).labels_ == -1).all()
    assert growth.labels.tolist() == [[UNREACHED] * 50, [-1] * 50]


def test_bad_parameters_are_refused_with_their_name():
    X = np.zeros((5, 2))
    with pytest.raises(ValueError, match="eps"):
        dbscan_growth(X, 0.0, 3)
    with pytest.raises(ValueError, match="min_samples"):
        dbscan_growth(X, 0.5, 2.5)


@pytest.mark.parametrize("left_first", [True, False])
def test_a_border_point_between_two_clusters_joins_the_one_whose_first_point_comes_first(
        left_first):
    # Two groups of four core points 2.1 apart; the point at 2.05 has 3 neighbours within
    # eps = 1.1 (1.0, itself, 3.1): not core, but within eps of a core point of each group.
    left, right = [0.0, 0.3, 0.6, 1.0], [3.1, 3.5, 3.8, 4.1]
    X = np.array([*(left + right if left_first else right + left), 2.05])[:, None]
    growth = dbscan_growth(X, 1.1, 4)
    reference = DBSCAN(eps=1.1, min_samples=4).fit(X)
    assert 8 not in reference.core_sample_indices_  # the shared point is a border point
    assert np.array_equal(growth.labels[-1], reference.labels_)
    # It joins the cluster of the data's first point, cluster 0, whichever group that is.
    assert growth.labels[-1][8] == growth.labels[-1][0] == 0
    assert growth.labels[-1][4] == 1
