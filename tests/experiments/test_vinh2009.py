"""Vinh et al. (2009) Figs. 1-4: raw measures rise with K, adjusted ones stay at 0."""

import itertools

import numpy as np
import pytest
from sklearn.metrics import rand_score

from experiments import EXPERIMENTS
from experiments.vinh2009 import pairwise_baseline, reference_baseline, reference_labels

RAW = ("ri", "nmi_sqrt")
ADJUSTED = ("ari", "ami_sqrt", "ami_arithmetic")


def _means(df, measure):
    return df[df["measure"] == measure].sort_values("K")["mean"].to_numpy()


@pytest.fixture(scope="module")
def fig1():
    return EXPERIMENTS["vinh2009-fig1"]("quick", random_state=0)


@pytest.fixture(scope="module")
def fig2():
    return EXPERIMENTS["vinh2009-fig2"]("quick", random_state=0)


@pytest.mark.parametrize("name", ["fig1", "fig2"])
def test_raw_measures_rise_with_k(name, request):
    df = request.getfixturevalue(name)
    for measure in RAW:
        assert np.all(np.diff(_means(df, measure)) > 0), measure


@pytest.mark.parametrize("name", ["fig1", "fig2"])
def test_adjusted_measures_stay_at_zero(name, request):
    df = request.getfixturevalue(name)
    for measure in ADJUSTED:
        assert np.abs(_means(df, measure)).max() < 0.01, measure


def test_columns_are_tidy(fig1):
    assert list(fig1.columns[:6]) == ["N", "K_true", "K", "measure", "mean", "std"]
    assert set(fig1["measure"]) == set(RAW + ADJUSTED)


def test_mean_ri_equals_its_closed_form():
    # Uniform assignment to K clusters: a pair is together with probability 1/K, and the
    # reference (10 clusters of 10 among 100) with probability 9/99, independently.
    df = reference_baseline(ks=(2, 5, 20), n_draws=3000, measures=["ri"], random_state=1)
    q_true = 9 / 99
    for k, mean in zip(df["K"], df["mean"], strict=True):
        expected = q_true / k + (1 - q_true) * (1 - 1 / k)
        assert mean == pytest.approx(expected, abs=0.003)


def test_results_do_not_depend_on_parallelism():
    one = reference_baseline(ks=(3, 7), n_draws=200, measures=["ari"], random_state=4)
    two = reference_baseline(ks=(3, 7), n_draws=200, measures=["ari"], random_state=4,
                             n_jobs=2)
    np.testing.assert_array_equal(one["mean"], two["mean"])


def test_random_model_switch_reaches_the_adjusted_measures():
    perm = reference_baseline(ks=(4,), n_draws=100, measures=["ari", "ri"], random_state=2)
    num = reference_baseline(ks=(4,), n_draws=100, measures=["ari", "ri"], random_state=2,
                             random_model="all", one_sided=True)
    assert (num["random_model"] == "all").all() and num["one_sided"].all()
    assert perm.loc[perm.measure == "ri", "mean"].item() == num.loc[num.measure == "ri",
                                                                    "mean"].item()
    assert perm.loc[perm.measure == "ari", "mean"].item() != pytest.approx(
        num.loc[num.measure == "ari", "mean"].item(), abs=1e-3)


def test_pairwise_sets_have_exactly_k_clusters_and_all_pairs(monkeypatch):
    import experiments.vinh2009 as vinh

    drawn = []

    def recording(*args, **kwargs):
        drawn.append(vinh.random_labels.__wrapped__(*args, **kwargs))
        return drawn[-1]

    recording.__wrapped__ = vinh.random_labels
    monkeypatch.setattr(vinh, "random_labels", recording)
    df = pairwise_baseline(ns=(20,), ks=(15,), n_clusterings=5, measures=["ri"])
    assert len(drawn) == 1 and drawn[0].shape == (5, 20)
    assert [len(np.unique(row)) for row in drawn[0]] == [15] * 5
    # The mean and std over all 10 pairs, by scikit-learn's Rand index.
    scores = [rand_score(drawn[0][i], drawn[0][j])
              for i, j in itertools.combinations(range(5), 2)]
    assert len(scores) == 10
    assert df["mean"].item() == pytest.approx(np.mean(scores), rel=1e-12)
    assert df["std"].item() == pytest.approx(np.std(scores), rel=1e-9)  # ddof=0, documented


def test_reference_is_balanced():
    assert np.bincount(reference_labels(100, 10)).tolist() == [10] * 10
    with pytest.raises(ValueError):
        reference_labels(5, 6)


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: reference_labels(4, 5), r"K_true must be an integer in \[1, 4\], got 5"),
        (lambda: reference_baseline(n_draws=0), r"n_draws must be an integer in \[1, inf\)"),
        (lambda: pairwise_baseline(n_clusterings=1),
         r"n_clusterings must be an integer in \[2, inf\), got 1"),
    ],
)
def test_bad_counts_name_the_parameter_and_its_range(call, message):
    with pytest.raises(ValueError, match=message):
        call()
