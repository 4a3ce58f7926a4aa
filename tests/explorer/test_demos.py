"""The lessons' demos as pure functions, against scikit-learn and hand-counted tables."""

import numpy as np
import pytest
import sklearn.metrics as skm

import metrics
from clustering import run
from datasets import load
from experiments.choose_k import JUMP, k_sweep
from explorer.demos import mixing_curve, mixing_table, random_baseline


def test_mixing_table_spreads_the_moved_points_evenly():
    assert (mixing_table(20, 3, 0.0) == 20 * np.eye(3, dtype=int)).all()
    # 40% of 20 = 8 points leave each class, 4 to each other cluster.
    expected = np.array([[12, 4, 4], [4, 12, 4], [4, 4, 12]])
    assert (mixing_table(20, 3, 0.4) == expected).all()
    assert (mixing_table(20, 3, 0.4).sum(axis=1) == 20).all()

def test_mixing_curve_ends_at_identical_and_independent_clusterings():
    curve = mixing_curve(20, 4, steps=3).pivot(index="mixing", columns="measure",
                                                values="value")
    assert curve.loc[0.0, "NMI (arithmetic)"] == pytest.approx(1.0)
    # At mixing 1, every class is spread evenly over the four clusters: MI = 0.
    assert curve.loc[1.0, "Mutual information"] == pytest.approx(0.0, abs=1e-12)

def test_random_baseline_replays_its_draws_with_scikit_learn():
    table = random_baseline(60, 3, (2, 8), trials=4, seed=9).set_index(["k", "measure"])
    rng = np.random.default_rng(9)
    truth = metrics.sample_clustering(60, "uniform", n_clusters=3, random_state=rng)
    for k in (2, 8):
        draws = [metrics.sample_clustering(60, "uniform", n_clusters=k, random_state=rng)
                 for _ in range(4)]
        ari = [skm.adjusted_rand_score(truth, d) for d in draws]
        assert table.loc[(k, "Adjusted Rand index"), "mean"] == pytest.approx(np.mean(ari))
        assert table.loc[(k, "Adjusted Rand index"), "sd"] == pytest.approx(
            np.std(ari, ddof=1))

def test_k_sweep_scores_kmeans_against_the_truth():
    data = load("blobs", n_samples=120, random_state=2)
    sweep = k_sweep(data.X, data.y, (2, 3), seed=0).set_index(["k", "index"])["value"]
    for k in (2, 3):
        found = run("kmeans", data.X, random_state=0, n_clusters=k).labels
        assert sweep[(k, "ARI against the truth")] == pytest.approx(
            skm.adjusted_rand_score(data.y, found))
        assert sweep[(k, "silhouette")] == pytest.approx(skm.silhouette_score(data.X, found))


def test_k_sweep_has_the_f_ratio_and_the_jump_of_its_sse():
    """F-ratio = K (n - K) / ((K - 1) CH) (scikit-learn's Calinski-Harabasz); the jump rows
    are Sugar & James's J(K) on SSE(1) = total sum of squares and the sweep's SSE."""
    data = load("blobs", n_samples=120, random_state=2)
    sweep = k_sweep(data.X, data.y, (2, 3, 4), seed=0).set_index(["k", "index"])["value"]
    n, d = data.X.shape
    for k in (2, 3, 4):
        found = run("kmeans", data.X, random_state=0, n_clusters=k).labels
        ch = skm.calinski_harabasz_score(data.X, found)
        assert sweep[(k, "F-ratio (WB)")] == pytest.approx(k * (n - k) / ((k - 1) * ch))
    sse = [((data.X - data.X.mean(axis=0)) ** 2).sum()]
    sse += [sweep[(k, "SSE (within)")] for k in (2, 3, 4)]
    powered = [(s / (n * d)) ** (-d / 2) for s in sse]
    jumps = np.diff(powered, prepend=0.0)
    got = [sweep[(k, JUMP)] for k in (1, 2, 3, 4)]
    np.testing.assert_allclose(got / np.max(got), jumps / np.max(jumps), rtol=1e-9)
