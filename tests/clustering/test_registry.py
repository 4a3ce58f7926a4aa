import numpy as np
import pytest
from sklearn.metrics import adjusted_rand_score

import clustering
from clustering import ALGORITHMS, AlgorithmParam, run
from datasets import load

KEYS = ["kmeans", "dbscan", "density_peaks", "hierarchical", "fuzzy_cmeans", "gmm", "kmedoids",
        "spectral", "mean_shift", "hdbscan", "optics", "birch", "affinity_propagation"]


def test_registered_keys_are_the_contract():
    assert list(ALGORITHMS) == KEYS


@pytest.mark.parametrize("name", list(ALGORITHMS))
def test_spec_is_well_formed(name):
    spec = ALGORITHMS[name]
    assert spec.name == name and spec.label and spec.description
    assert "\n" not in spec.description
    for p in spec.params:
        assert isinstance(p, AlgorithmParam) and p.help
        assert p.validate(p.default) == p.default
        if p.kind in ("int", "float"):
            assert p.low <= p.default <= p.high


@pytest.mark.parametrize("name", list(ALGORITHMS))
def test_run_defaults_on_blobs(name):
    X = load("blobs", n_samples=150, random_state=0).X
    res = run(name, X, random_state=0)
    assert res.labels.shape == (150,) and res.labels.dtype.kind == "i"
    found = np.unique(res.labels[res.labels >= 0])
    assert np.array_equal(found, np.arange(res.n_clusters))
    assert res.labels.min() >= -1
    assert set(res.params) == {p.name for p in ALGORITHMS[name].params}
    again = run(name, X, random_state=0)
    assert np.array_equal(res.labels, again.labels)


def test_kmeans_and_dbscan_recover_blobs():
    ds = load("blobs", n_samples=300, noise=0.5)
    # One k-means run may stop in a local minimum; the best of a few seeds does not.
    runs = [run("kmeans", ds.X, n_clusters=3, random_state=s) for s in range(5)]
    best = min(runs, key=lambda r: r.extras["inertia"])
    assert adjusted_rand_score(ds.y, best.labels) == 1.0
    res = run("dbscan", ds.X, eps=0.8, min_samples=5)
    assert res.n_clusters == 3
    assert res.extras["core_mask"].dtype == bool


def test_warnings_are_collected_not_raised():
    res = run("gmm", np.zeros((10, 2)), n_clusters=3)
    assert any("distinct clusters" in w for w in res.warnings)
    assert run("kmeans", load("blobs", n_samples=60).X).warnings == ()


def test_canonical_labels_keeps_noise():
    out = clustering.canonical_labels([5, -1, 7, 5, 9])
    assert out.tolist() == [0, -1, 1, 0, 2]


@pytest.mark.parametrize(
    "kwargs, match",
    [
        ({"name": "nope"}, "valid names"),
        ({"name": "kmeans", "n_cluster": 3}, r"'n_cluster'.*valid parameters: n_clusters"),
        ({"name": "kmeans", "n_clusters": 0}, r"'n_clusters' must be an integer in \[1, 30\]"),
        ({"name": "kmeans", "n_clusters": 2.5}, "n_clusters"),
        ({"name": "kmeans", "n_clusters": True}, "n_clusters"),
        ({"name": "dbscan", "eps": -1.0}, "'eps'"),
        ({"name": "dbscan", "metric": "nope"}, "one of 'euclidean'"),
        ({"name": "kmeans", "n_clusters": 25}, "exceeds the number of samples"),
    ],
)
def test_run_errors(kwargs, match):
    X = np.random.default_rng(0).normal(size=(20, 2))
    with pytest.raises(ValueError, match=match):
        run(X=X, **kwargs)


@pytest.mark.parametrize("X", [np.zeros(5), np.zeros((1, 2)), [[0.0, np.nan], [1.0, 2.0]]])
def test_run_rejects_bad_X(X):
    with pytest.raises(ValueError, match="X"):
        run("kmeans", X, n_clusters=1)


def test_entries_are_written_with_keywords():
    from clustering.spec import AlgorithmSpec
    from datasets.registry import DatasetSpec

    with pytest.raises(TypeError):
        AlgorithmParam("flag", "bool", False)
    with pytest.raises(TypeError):
        DatasetSpec("iris", "Iris", "", "real", 150)
    with pytest.raises(TypeError):
        AlgorithmSpec("x", "X", "partitional", "", (), lambda **kw: None)
    assert AlgorithmParam("flag", "bool", default=False).default is False
