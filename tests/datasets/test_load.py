import numpy as np
import pytest

import datasets
from datasets import DATASETS, load

KEYS = ["blobs", "moons", "circles", "anisotropic", "varied_variance", "no_structure", "spirals",
        "nested_rings", "unequal_density", "plane_10d", "swiss_roll", "s_curve", "xor", "drawn",
        "iris", "wine", "breast_cancer", "digits"]


def test_registry_keys_and_specs():
    assert list(DATASETS) == KEYS
    for key, spec in DATASETS.items():
        assert spec.name == key
        assert spec.kind in ("generator", "real", "drawn")
        assert spec.description and "\n" not in spec.description
        assert 0 <= spec.default_noise <= spec.max_noise
        assert spec.has_noise == (spec.max_noise > 0)


@pytest.mark.parametrize("name", [k for k in KEYS if DATASETS[k].kind != "drawn"])
def test_load_defaults(name):
    spec = DATASETS[name]
    ds = load(name)
    assert ds.X.dtype == float and ds.X.ndim == 2 and ds.X.shape[0] == spec.default_n
    assert ds.y.dtype.kind == "i" and ds.y.shape == (spec.default_n,)
    assert ds.y.min() == 0 and np.array_equal(np.unique(ds.y), np.arange(ds.y.max() + 1))
    assert len(ds.feature_names) == ds.X.shape[1] == ds.n_features
    assert ds.n_samples == spec.default_n
    assert ds.name == name and ds.description == spec.description
    again = load(name)
    assert np.array_equal(ds.X, again.X) and np.array_equal(ds.y, again.y)


@pytest.mark.parametrize("name", [k for k in KEYS if DATASETS[k].kind == "generator"])
def test_generators_size_seed_and_noise(name):
    spec = DATASETS[name]
    ds = load(name, n_samples=123, random_state=1)
    assert ds.X.shape[0] == 123
    if name != "no_structure":
        other = load(name, n_samples=123, random_state=2)
        assert not np.array_equal(ds.X, other.X)
    gen = load(name, n_samples=50, random_state=np.random.default_rng(3))
    assert gen.X.shape[0] == 50
    if spec.has_noise:
        load(name, noise=spec.max_noise)
        with pytest.raises(ValueError, match="noise"):
            load(name, noise=spec.max_noise * 1.01)


def test_real_sets_match_sklearn():
    from sklearn.datasets import load_iris, load_wine

    iris = load("iris")
    assert np.array_equal(iris.X, load_iris().data)
    assert np.array_equal(iris.y, load_iris().target)
    assert iris.feature_names[0] == "sepal length (cm)"
    assert np.array_equal(load("wine").y, load_wine().target)


def test_real_subsample_is_deterministic_and_a_subset():
    full = load("digits")
    sub = load("digits", n_samples=100, random_state=4)
    assert sub.X.shape == (100, 64)
    assert np.array_equal(sub.X, load("digits", n_samples=100, random_state=4).X)
    rows = {tuple(r) for r in full.X}
    assert all(tuple(r) in rows for r in sub.X)


def test_standardize():
    X = load("wine", standardize=True).X
    np.testing.assert_allclose(X.mean(axis=0), 0, atol=1e-12)
    np.testing.assert_allclose(X.std(axis=0), 1)
    const = datasets.standardize(np.array([[1.0, 2.0], [1.0, 4.0]]))
    assert np.array_equal(const, [[0.0, -1.0], [0.0, 1.0]])


def test_blobs_params():
    ds = load("blobs", n_samples=60, centers=5, n_features=3)
    assert ds.X.shape == (60, 3) and set(ds.y) == set(range(5))


@pytest.mark.parametrize(
    "kwargs, match",
    [
        ({"name": "nope"}, "valid names: blobs, moons"),
        ({"name": "iris", "n_samples": 151}, r"\[10, 150\]"),
        ({"name": "blobs", "n_samples": 5}, "n_samples"),
        ({"name": "blobs", "n_samples": 10.5}, "n_samples"),
        ({"name": "moons", "noise": -0.1}, "noise"),
        ({"name": "no_structure", "noise": 0.3}, "no noise"),
        ({"name": "moons", "centers": 3}, "unknown parameter"),
        ({"name": "iris", "centers": 3}, "unknown parameter.*valid: n_samples, random_state"),
        ({"name": "moons", "n_sample": 10}, "valid: n_samples, random_state, noise"),
        ({"name": "blobs", "centers": 0}, "centers"),
    ],
)
def test_load_errors(kwargs, match):
    with pytest.raises(ValueError, match=match):
        load(**kwargs)


def test_every_generator_set_holds_its_generator():
    """Each registry entry carries its callable: a generator set's own generate function,
    named as the set; a real set none (it is read, not generated)."""
    import inspect

    from datasets import DATASETS, generators

    for name, spec in DATASETS.items():
        if spec.kind == "generator":
            assert spec.generate is getattr(generators, name)
            assert list(inspect.signature(spec.generate).parameters)[:3] == ["n", "seed", "noise"]
        else:
            assert spec.generate is None
