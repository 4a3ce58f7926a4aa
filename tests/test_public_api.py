"""Every name DESIGN.md's "Public API" promises imports from its package."""

import importlib

import pytest

PROMISED = {
    "metrics": (
        "contingency_table", "Contingency", "pair_counts", "PairCounts",
        "rand_index", "adjusted_rand_index", "jaccard_index", "fowlkes_mallows_index",
        "hubert_gamma", "entropy", "mutual_information", "normalized_mutual_information",
        "variation_of_information", "expected_rand_index", "expected_mutual_information",
        "adjusted_mutual_information", "dom_q0", "dom_q2", "normalized_hamming",
        "pairwise_adjusted_mutual_information", "pairwise_adjusted_entropy", "compare",
        "MEASURES", "precision_recall_fscore",
    ),
    "clustering": (
        "DensityPeaks", "FuzzyCMeans", "Hierarchical", "KMeansStepper", "ALGORITHMS",
        "GaussianMixtureEM",
    ),
    "datasets": ("DATASETS", "load", "Dataset", "read_csv"),
    "experiments": ("EXPERIMENTS", "PRESETS", "Experiment", "get_experiment"),
    "explorer": ("rank_features", "intrinsic_dimension"),
}


@pytest.mark.parametrize("package", sorted(PROMISED))
def test_promised_names_import(package):
    module = importlib.import_module(package)
    missing = [name for name in PROMISED[package] if not hasattr(module, name)]
    assert not missing, f"{package} lacks {missing}"
    listed = set(getattr(module, "__all__", ()))
    unlisted = set(PROMISED[package]) - listed
    assert not unlisted, f"{package}.__all__ lacks {unlisted}"


@pytest.mark.parametrize("package", sorted(PROMISED))
def test_all_lists_only_real_names(package):
    module = importlib.import_module(package)
    assert [name for name in module.__all__ if not hasattr(module, name)] == []


@pytest.mark.parametrize("package", sorted(PROMISED))
def test_all_lists_each_name_once(package):
    names = importlib.import_module(package).__all__
    assert sorted(n for n in set(names) if names.count(n) > 1) == []


def test_density_peaks_relabel_is_public():
    """Explorer's picked centres go through the estimator's public ``relabel``: given the
    centres ``fit`` chose, it gives back fit's clustering."""
    import numpy as np

    import clustering
    import datasets

    X = datasets.load("blobs", n_samples=80, random_state=1).X
    est = clustering.DensityPeaks(n_clusters=3, halo_as_noise=True).fit(X)
    again = est.relabel(X, est.centers_)
    np.testing.assert_array_equal(again.labels_, est.labels_)
    np.testing.assert_array_equal(again.halo_, est.halo_)
