"""DensityPeaks against pydpc (the published C implementation) and brute force on full matrices."""

import numpy as np
import pytest
from pydpc import Cluster
from scipy.spatial.distance import pdist, squareform

from clustering import _blocks
from clustering.density_peaks import DensityPeaks, cutoff_position
from datasets import load


@pytest.fixture(params=[("blobs", 1.0), ("moons", 0.08), ("varied_variance", None)])
def X(request):
    name, noise = request.param
    return load(name, n_samples=400, noise=noise, random_state=3).X


@pytest.mark.parametrize("n_pairs, percent, index", [
    (100, 2.0, 1),     # round(2.0) = 2 -> 1-based 2
    (100, 2.5, 2),     # MATLAB rounds the half away from zero: 3
    (1000, 2.0, 19),
    (10, 5.0, 0),      # 0.5 -> 1
    (10, 1.0, 0),      # round(0.1) = 0 is clamped to the first pair
    (10, 100.0, 9),
])
def test_cutoff_position_follows_the_script(n_pairs, percent, index):
    assert cutoff_position(n_pairs, percent) == index


@pytest.mark.parametrize("metric", ["euclidean", "cityblock", "cosine"])
def test_dc_is_the_percent_quantile_of_pair_distances(X, metric):
    d = np.sort(pdist(X, metric))
    dp = DensityPeaks(percent=2.0, metric=metric).fit(X)
    assert dp.dc_ == d[int(np.floor(len(d) * 0.02 + 0.5)) - 1]


@pytest.mark.parametrize("stored_pairs", [0, 10**6])  # recomputed each pass, or kept
def test_blockwise_quantile_is_exact(monkeypatch, stored_pairs):
    X = np.random.default_rng(5).normal(size=(600, 2))
    d = np.sort(pdist(X))
    monkeypatch.setattr(_blocks, "_DIRECT_PAIRS", 10)
    monkeypatch.setattr(_blocks, "BLOCK_ELEMENTS", 5000)
    monkeypatch.setattr(_blocks, "_SAMPLE_ROWS", 20)
    monkeypatch.setattr(_blocks, "STORED_PAIRS", stored_pairs)
    pairs = _blocks.UpperTriangle(X, "euclidean")
    for k in [0, 1, 3591, len(d) // 2, len(d) - 1]:
        assert pairs.kth_smallest(k) == d[k]


def _pydpc(X, dc):
    ref = Cluster(X, fraction=0.02, autoplot=False, kernel_size=dc)
    # pydpc breaks density ties by reversed argsort, the script by index: compare on data
    # without ties (the ties are checked against the brute force below).
    assert len(np.unique(ref.density)) == len(X)
    return ref


def test_decision_graph_matches_pydpc(X):
    dp = DensityPeaks().fit(X)
    ref = _pydpc(X, dp.dc_)
    np.testing.assert_allclose(dp.rho_, ref.density, rtol=1e-12)
    assert np.array_equal(dp.order_, np.argsort(-ref.density, kind="stable"))
    rest = dp.order_[1:]
    np.testing.assert_allclose(dp.delta_[rest], ref.delta[rest], rtol=1e-12)
    assert np.array_equal(dp.nearest_higher_[rest], ref.neighbour[rest])
    # The paper's convention for the densest point (pydpc uses the script's max(delta)).
    densest = dp.order_[0]
    assert dp.delta_[densest] == squareform(pdist(X))[densest].max()
    assert dp.nearest_higher_[densest] == -1
    np.testing.assert_allclose(dp.gamma_, dp.rho_ * dp.delta_)


@pytest.mark.parametrize("k", [1, 2, 3, 5])
def test_partition_and_script_halo_match_pydpc(X, k):
    by_count = DensityPeaks(n_clusters=k).fit(X)
    # Thresholds just below the smallest rho and delta among the chosen centres select the
    # same centres in pydpc when the chosen ones are the only points above both.
    # pydpc gives the densest point max(delta) (the script's rule), not its largest distance.
    others = np.setdiff1d(by_count.centers_, by_count.order_[:1])
    rho_min = by_count.rho_[by_count.centers_].min() * (1 - 1e-9)
    delta_min = by_count.delta_[others].min() * (1 - 1e-9) if k > 1 else 0.0
    ref = _pydpc(X, by_count.dc_)
    ref.assign(rho_min, delta_min)
    dp = DensityPeaks(n_clusters=None, rho_min=rho_min, delta_min=delta_min,
                      halo="script").fit(X)
    assert np.array_equal(dp.centers_, ref.clusters)
    assert np.array_equal(dp.labels_, ref.membership)
    assert np.array_equal(np.flatnonzero(dp.halo_), ref.halo_idx)
    # Choosing by count: the k largest of pydpc's gamma = density * delta, with the densest
    # point (pydpc's largest delta by the script's rule; ours its largest distance).
    gamma = ref.density * ref.delta
    gamma[by_count.order_[0]] = np.inf
    assert np.array_equal(by_count.centers_, np.sort(np.argsort(-gamma, kind="stable")[:k]))
    _, labels, _ = _brute_force(X, by_count.dc_, "gaussian", "paper", by_count.centers_)
    assert np.array_equal(by_count.labels_, labels)


def _brute_force(X, dc, kernel, halo, centers):
    """Full-matrix version of the paper's definitions, written independently of the blocks."""
    dist = squareform(pdist(X))
    off = ~np.eye(len(X), dtype=bool)
    kernel_values = np.exp(-((dist / dc) ** 2)) if kernel == "gaussian" else (dist < dc) * 1.0
    rho = (kernel_values * off).sum(axis=1)
    labels = -np.ones(len(X), dtype=int)
    labels[centers] = np.arange(len(centers))
    order = sorted(range(len(X)), key=lambda i: (-rho[i], i))
    for pos, i in enumerate(order):
        if labels[i] < 0:
            higher = order[:pos]
            labels[i] = labels[higher[int(np.argmin(dist[i, higher]))]]
    border = np.zeros(len(centers))
    for i in range(len(X)):
        for j in range(len(X)):
            if labels[i] != labels[j] and dist[i, j] < dc:
                value = rho[i] if halo == "paper" else (rho[i] + rho[j]) / 2
                border[labels[i]] = max(border[labels[i]], value)
    return rho, labels, rho < border[labels]


def _grid():
    # Integer grid with holes: many equal distances and, with the cut-off kernel, equal
    # (integer) densities, so the tie rules of the ranking and of delta decide the labels.
    points = np.array([(x, y) for x in range(14) for y in range(9) if (x * 7 + y * 3) % 5])
    return points.astype(float)


# Float densities of symmetric grid points tie only up to rounding: the grid uses the
# cut-off kernel, whose densities are integers.
@pytest.mark.parametrize("data, kernel", [("blobs", "gaussian"), ("blobs", "cutoff"),
                                          ("grid", "cutoff")])
@pytest.mark.parametrize("halo", ["paper", "script"])
@pytest.mark.parametrize("stored_pairs", [0, 10**6])  # recomputed in every pass, or kept
def test_against_full_matrix_definitions(data, kernel, halo, stored_pairs, monkeypatch):
    X = load("blobs", n_samples=120, noise=1.5, random_state=1).X if data == "blobs" else _grid()
    monkeypatch.setattr(_blocks, "BLOCK_ELEMENTS", 1000)  # many small blocks
    monkeypatch.setattr(_blocks, "STORED_PAIRS", stored_pairs)
    dp = DensityPeaks(n_clusters=3, kernel=kernel, halo=halo).fit(X)
    rho, labels, halo_mask = _brute_force(X, dp.dc_, kernel, halo, dp.centers_)
    np.testing.assert_allclose(dp.rho_, rho, rtol=1e-12)
    assert np.array_equal(dp.labels_, labels)
    assert np.array_equal(dp.halo_, halo_mask)
    noisy = DensityPeaks(n_clusters=3, kernel=kernel, halo=halo, halo_as_noise=True).fit(X)
    assert np.array_equal(noisy.labels_, np.where(halo_mask, -1, labels))


def test_centres_are_the_largest_gamma_and_include_the_densest(X):
    for k in (1, 4):
        dp = DensityPeaks(n_clusters=k).fit(X)
        assert set(dp.centers_) == set(np.argsort(-dp.gamma_)[:k])
        assert dp.order_[0] in dp.centers_
        assert np.array_equal(dp.labels_[dp.centers_], np.arange(k))
    rng = np.random.default_rng(0)
    for _ in range(20):
        dp = DensityPeaks(n_clusters=None, rho_min=rng.uniform(0, dp.rho_.max()),
                          delta_min=rng.uniform(0, dp.delta_.max() * 0.99)).fit(X)
        assert dp.order_[0] in dp.centers_


def test_recovers_well_separated_blobs():
    ds = load("blobs", n_samples=300, noise=0.5, random_state=0)
    from sklearn.metrics import adjusted_rand_score

    assert adjusted_rand_score(ds.y, DensityPeaks(n_clusters=3).fit_predict(ds.X)) == 1.0


@pytest.mark.parametrize("params, match", [
    ({"n_clusters": None, "rho_min": 1e9}, "no point has rho"),
    ({"n_clusters": None}, "at least one of rho_min"),
    ({"n_clusters": 3, "rho_min": 1.0}, "either n_clusters or the thresholds"),
    ({"n_clusters": 0}, r"n_clusters must be an integer in \[1, 50\]"),
    ({"percent": 0}, "percent"),
    ({"kernel": "tophat"}, "kernel must be one of"),
    ({"halo": "both"}, "halo must be one of"),
    ({"metric": "nope"}, "metric 'nope'"),
])
def test_errors(params, match):
    X = np.random.default_rng(0).normal(size=(50, 2))
    with pytest.raises(ValueError, match=match):
        DensityPeaks(**params).fit(X)


def test_duplicate_points_give_a_clear_error():
    X = np.zeros((20, 2))
    X[-1] = 1.0
    with pytest.raises(ValueError, match="d_c is 0"):
        DensityPeaks(n_clusters=1).fit(X)


def test_memory_grows_with_the_block_not_with_n_squared(monkeypatch):
    import tracemalloc

    X = load("blobs", n_samples=4000, random_state=0).X
    monkeypatch.setattr(_blocks, "BLOCK_ELEMENTS", 1 << 18)  # 2 MB blocks
    monkeypatch.setattr(_blocks, "STORED_PAIRS", 0)  # as above ~5,700 points
    monkeypatch.setattr(_blocks, "_SAMPLE_ROWS", 32)
    tracemalloc.start()
    try:
        DensityPeaks(n_clusters=3).fit(X)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    full_matrix = 8 * len(X) ** 2  # 128 MB
    assert peak < full_matrix / 4


# Delta comes from the pairs within d_c ("near") where a denser point is that close, by brute
# force otherwise ("far"); each case says which paths it takes.
@pytest.mark.parametrize("data, percent, paths", [
    ("blobs", 0.5, {"near", "far"}),
    ("blobs", 2.0, {"near", "far"}),
    ("grid", 2.0, {"far"}),  # d_c = 1, the grid step: no pair is closer
    ("grid", 5.0, {"near", "far"}),  # d_c = sqrt(2): many equidistant denser points
])
@pytest.mark.parametrize("stored_pairs", [0, 10**6])
def test_delta_and_nearest_denser_point_match_brute_force(data, percent, paths, stored_pairs,
                                                          monkeypatch):
    X = load("blobs", n_samples=150, noise=1.5, random_state=4).X if data == "blobs" else _grid()
    monkeypatch.setattr(_blocks, "BLOCK_ELEMENTS", 1000)
    monkeypatch.setattr(_blocks, "STORED_PAIRS", stored_pairs)
    dp = DensityPeaks(n_clusters=2, kernel="cutoff", percent=percent).fit(X)
    dist = squareform(pdist(X))
    for rank, i in enumerate(dp.order_[1:], start=1):
        denser = dp.order_[:rank]
        # The nearest denser point; among equidistant ones the densest (first in rank order).
        nearest = denser[int(np.argmin(dist[i, denser]))]
        assert dp.delta_[i] == dist[i, nearest]
        assert dp.nearest_higher_[i] == nearest
    rest = dp.delta_[dp.order_[1:]]
    taken = {path for path, used in [("near", rest < dp.dc_), ("far", rest >= dp.dc_)]
             if used.any()}
    assert taken == paths


def test_squared_threshold_decides_like_the_distances():
    pairs = _blocks.UpperTriangle(np.zeros((3, 2)), "euclidean")
    rng = np.random.default_rng(8)
    for dc in np.concatenate([rng.uniform(1e-3, 1e3, 200), [1.0, 2.0, 0.1, 3e-160, 7e150]]):
        limit = pairs.threshold(dc)
        # Squares around d_c^2, a few ulps either way, and the squares of d_c's neighbours.
        squares = [np.nextafter(dc * dc, side * np.inf) for side in (-1, 1)]
        for s in [dc * dc, *squares, np.nextafter(dc, 0) ** 2, np.nextafter(dc, np.inf) ** 2,
                  limit, np.nextafter(limit, 0), np.nextafter(limit, np.inf)]:
            assert (s < limit) == (np.sqrt(s) < dc)
