"""Gates & Ahn (2017) Secs. 6.3 and 6.4: size sequences and the random baseline."""

import itertools

import numpy as np
import pytest
from scipy.cluster import hierarchy

from experiments import EXPERIMENTS
from experiments.gates2017_baseline import baseline_experiment, dendrogram_cuts, random_baseline
from experiments.gates2017_sizes import expected_scores, size_sequence, sizes_experiment
from metrics import compare

MODELS = ("perm", "num", "all")


@pytest.mark.parametrize("kind", ["balanced", "giant", "geometric"])
@pytest.mark.parametrize(("n", "k"), [(100, 10), (30, 7), (5, 5)])
def test_size_sequences_have_n_elements_in_k_clusters(kind, n, k):
    sizes = size_sequence(kind, n, k, 0.7)
    assert sizes.sum() == n and len(sizes) == k and sizes.min() >= 1
    assert (np.diff(sizes) <= 0).all()


def test_the_three_sequences_differ():
    seqs = {kind: size_sequence(kind, 100, 10).tolist()
            for kind in ("balanced", "giant", "geometric")}
    assert seqs["balanced"] == [10] * 10 and seqs["giant"] == [91] + [1] * 9
    assert len({tuple(v) for v in seqs.values()}) == 3


def _arrangements(sizes):
    base = np.repeat(np.arange(len(sizes)), sizes)
    return [np.array(p) for p in sorted(set(itertools.permutations(base.tolist())))]


@pytest.mark.parametrize("sizes", [(3, 2, 1, 1), (5, 1, 1), (3, 2, 2)])
@pytest.mark.parametrize("measure", ["ari", "ami_sqrt", "ami_max"])
@pytest.mark.parametrize("model", MODELS)
def test_expected_scores_equal_the_mean_over_every_arrangement(sizes, measure, model):
    # Brute force: one side fixed, the other over every distinct arrangement of the sizes
    # (each equally likely under the shuffle), scored with metrics.compare.
    fixed = np.repeat(np.arange(len(sizes)), sizes)
    values = [compare(fixed, v, [measure], random_model=model)[measure]
              for v in _arrangements(sizes)]
    assert expected_scores(np.array(sizes), measure, model) == pytest.approx(
        np.mean(values), abs=1e-10)


@pytest.fixture(scope="module")
def sizes_quick():
    return EXPERIMENTS["gates2017-sizes"]("quick", random_state=0)


def test_monte_carlo_means_agree_with_the_expected_values(sizes_quick):
    z = (sizes_quick["mean"] - sizes_quick["expected"]) / sizes_quick["se"]
    assert len(z) == 3 * 2 * 3 and z.abs().max() < 5


def test_perm_cannot_tell_the_sequences_apart_num_and_all_can(sizes_quick):
    expected = sizes_quick.pivot_table(index=["measure", "random_model"], columns="sequence",
                                       values="expected")
    for measure in ("ari", "ami_sqrt"):
        assert np.allclose(expected.loc[(measure, "perm")], 0.0, atol=1e-12)
        for model in ("num", "all"):
            values = np.sort(expected.loc[(measure, model)].to_numpy())
            assert np.diff(values).min() > 0.01


def test_dendrogram_cuts_match_scipy():
    X = np.random.default_rng(0).normal(size=(40, 3))
    ks = [1, 2, 5, 17, 40]
    ours = dendrogram_cuts(X, "average", ks)
    tree = hierarchy.linkage(X, "average")
    for k in ks:
        theirs = hierarchy.cut_tree(tree, n_clusters=k)[:, 0]
        # Same partition: k clusters on each side and k distinct (ours, theirs) pairs.
        assert len(np.unique(ours[k])) == len(np.unique(theirs)) == k
        assert len(set(zip(ours[k].tolist(), theirs.tolist(), strict=True))) == k


@pytest.mark.parametrize("model", MODELS)
def test_the_random_baseline_averages_zero(model):
    # One-sided adjusted scores have expectation 0 over the model's random clusterings.
    reference = np.repeat(np.arange(3), [10, 6, 4])
    labels = np.repeat(np.arange(4), [8, 6, 4, 2])
    draws = random_baseline(reference, labels, ["ari", "ami_sqrt"], model, 400,
                            np.random.default_rng(1))
    for values in draws.values():
        assert abs(values.mean()) < 5 * values.std() / np.sqrt(values.size)


def test_better_than_chance_depends_on_the_model():
    # Wine, average linkage: the 2-cluster cut splits off a few wines; under perm that is
    # chance level, under num and all far worse than chance.
    df = EXPERIMENTS["gates2017-baseline"]("quick", max_clusters=3, n_draws=200,
                                           measures=("ari",))
    z = df[df["K"] == 2].set_index("random_model")["z"]
    assert abs(z["perm"]) < 3
    assert z["num"] < -10 and z["all"] < -10
    verdicts = np.select([df["z"] > 2, df["z"] < -2], ["better", "worse"], "chance")
    assert (df["verdict"] == verdicts).all()


def test_a_baseline_without_spread_is_not_divided_by_rounding_noise():
    from experiments.gates2017_baseline import _z_score

    assert _z_score(-1e-17, 0.0, 1e-18) == 0.0
    assert _z_score(0.5, 0.0, 0.0) == np.inf and _z_score(-0.5, 0.0, 0.0) == -np.inf
    assert _z_score(0.3, 0.1, 0.1) == pytest.approx(2.0)


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: size_sequence("geometric", 10, 3, ratio=0.0),
         r"ratio must be a finite number in \(0, 1\], got 0.0"),
        (lambda: size_sequence("balanced", 5, 6), r"K must be an integer in \[1, 5\], got 6"),
        (lambda: sizes_experiment(n=6000), r"n must be an integer in \[2, 5000\], got 6000"),
        (lambda: sizes_experiment(n_draws=1), r"n_draws must be an integer in \[2, 100000\]"),
        (lambda: baseline_experiment(dataset="iris", linkage_method="nearest"),
         "linkage_method must be one of 'single'"),
        (lambda: baseline_experiment(dataset="iris", n_draws=10_001),
         r"n_draws must be an integer in \[2, 10000\], got 10001"),
        (lambda: baseline_experiment(dataset="iris", max_clusters=151),
         r"max_clusters must be an integer in \[2, 150\], got 151"),
    ],
)
def test_bad_parameters_name_the_parameter_and_its_range(call, message):
    with pytest.raises(ValueError, match=message):
        call()
