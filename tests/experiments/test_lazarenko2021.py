"""Lazarenko & Bonald, Section 5: Fig. 1's shape, Table 1 within 0.03, Figs. 2-3 run."""

import numpy as np
import pytest

from experiments import EXPERIMENTS, lazarenko2021
from experiments.lazarenko2021 import (
    PUBLISHED_TABLE1,
    block_clustering,
    random_probability_labels,
    ranking_precision,
)


@pytest.fixture(scope="module")
def fig1():
    df = EXPERIMENTS["lazarenko2021-fig1"]("quick")
    return df.pivot(index="s", columns="adjustment", values="mean")


def test_fig1_maximum_at_ten_and_zero_for_trivial_clusterings(fig1):
    for adjustment in ("full", "pairwise"):
        values = fig1[adjustment]
        assert values.idxmax() == 10
        assert values[1] == pytest.approx(0.0, abs=1e-12)
        assert values[100] == pytest.approx(0.0, abs=1e-12)


def test_fig1_local_peaks_at_refinements(fig1):
    for adjustment in ("full", "pairwise"):
        values = fig1[adjustment]
        for s in (5, 20, 30, 40, 50):
            assert values[s] > values[s - 1] and values[s] > values[s + 1], (adjustment, s)


def test_table1_precision_within_003_of_the_published_values():
    df = EXPERIMENTS["lazarenko2021-table1"]("quick", random_state=0)
    assert list(df.columns[:5]) == ["n", "k", "precision", "precision_std", "published"]
    assert len(df) == len(PUBLISHED_TABLE1)
    assert np.abs(df["precision"] - df["published"]).max() < 0.03


def test_random_probability_labels_follow_random_proportions():
    rng = np.random.default_rng(0)
    labels = random_probability_labels(5000, 4, 300, rng)
    assert labels.min() >= 0 and labels.max() == 3
    shares = np.array([np.bincount(row, minlength=4) / 5000 for row in labels])
    # p = U / sum U with U uniform: E[p_1] = 1/4, and the shares vary widely between rows.
    assert shares.mean(axis=0) == pytest.approx([0.25] * 4, abs=0.02)
    assert shares.std(axis=0).min() > 0.1


def test_block_clustering():
    assert np.bincount(block_clustering(100, 30)).tolist() == [30, 30, 30, 10]


def test_timing_and_real_data_runs():
    timing = EXPERIMENTS["lazarenko2021-fig2"]("quick", ns=(100, 1000), n_repeats=1)
    assert set(timing["method"]) == {"ami (full, metrics)", "pami (pairwise, metrics)",
                                     "ami (full, scikit-learn)"}
    assert (timing["mean"] > 0).all()
    real = EXPERIMENTS["lazarenko2021-fig3"]("quick")
    assert real["spearman"].between(-1, 1).all()


@pytest.mark.parametrize(("override", "name"), [({"n_triplets": 0}, "n_triplets"),
                                                ({"n_repeats": 0}, "n_repeats")])
def test_ranking_precision_refuses_empty_counts(override, name):
    counts = {"n_triplets": 10, "n_repeats": 1, **override}
    with pytest.raises(ValueError, match=rf"{name} must be an integer in \[1, inf\), got 0"):
        ranking_precision(settings=[(20, 2)], **counts)


def test_block_clustering_refuses_blocks_larger_than_the_set():
    with pytest.raises(ValueError, match=r"s must be an integer in \[1, 7\], got 8"):
        block_clustering(7, 8)


@pytest.mark.parametrize("k", [2, 7, 32])
def test_counted_labels_equal_the_search_per_row(monkeypatch, k):
    counted = lazarenko2021.random_probability_labels(200, k, 40, np.random.default_rng(k))
    monkeypatch.setattr(lazarenko2021, "_COUNTED_THRESHOLDS", 0)  # the searchsorted path
    searched = lazarenko2021.random_probability_labels(200, k, 40, np.random.default_rng(k))
    np.testing.assert_array_equal(counted, searched)
    assert counted.dtype == searched.dtype == np.int32
