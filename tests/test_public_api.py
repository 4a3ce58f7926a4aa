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
