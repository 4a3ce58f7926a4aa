"""Gates & Ahn (2017), Section 6: rankings of clustering pairs under each random model."""

import numpy as np
import pytest

from experiments import EXPERIMENTS
from experiments.gates2017 import four_clusterings, kmeans_runs


@pytest.fixture(scope="module")
def ranks():
    df = EXPERIMENTS["gates2017-fig1"]("quick")
    return df.pivot(index="scoring", columns="item", values="rank")


def test_the_four_clusterings():
    c = four_clusterings()
    assert {len(v) for v in c.values()} == {40}
    assert np.bincount(c["B"]).tolist() == [9, 11, 10, 10]
    assert len(np.unique(c["C"])) == len(np.unique(c["D"])) == 10


def test_a_b_is_the_most_similar_pair_by_rand_measures(ranks):
    # "all four Rand measures identify clusterings A and B as the most similar".
    for scoring in ("RI", "ARI perm", "ARI num", "ARI all"):
        assert ranks.loc[scoring, "A-B"] == 1


def test_rankings_change_with_the_random_model(ranks):
    assert not ranks.loc["ARI perm"].equals(ranks.loc["ARI num"])
    assert not ranks.loc["ARI perm"].equals(ranks.loc["ARI all"])


def test_under_all_the_normalization_does_not_matter(ranks):
    # Every entropy bound is log n under "all": one ranking for the four normalizations.
    rows = ranks.loc[[f"AMI all {z}" for z in ("min", "sqrt", "arithmetic", "max")]]
    assert (rows.nunique() == 1).all()


def test_under_all_the_ari_shifts_ri_by_the_same_amount():
    df = EXPERIMENTS["gates2017-fig1"]("quick").pivot(index="item", columns="scoring",
                                                        values="value")
    # E[RI] under "all" depends on n only: ARI is an increasing affine map of RI.
    order_ri = np.argsort(df["RI"].to_numpy(), kind="stable")
    assert np.all(np.diff(df["ARI all"].to_numpy()[order_ri]) >= -1e-12)


def test_kmeans_runs_share_k_but_not_sizes():
    df = EXPERIMENTS["gates2017-kmeans"]("quick")
    sizes = {s for pair in df["sizes"] for s in pair.split(" vs ")}
    assert all(len(s.split("/")) == 10 for s in sizes)
    assert len(sizes) > 1
    assert df["spearman_vs_perm"].dropna().between(-1, 1).all()


def test_with_one_k_num_and_all_rank_the_runs_as_raw_ri_and_mi():
    """Sec. 6.2's runs share n and K, so E[RI] and E[MI] under num and all (and their
    bounds, log K and log n) are the same for every pair: ARI num and all order the pairs as
    RI, AMI num and all as MI (why the model only matters through perm; docs/experiments.md).
    RI and MI from scikit-learn."""
    from sklearn.metrics import mutual_info_score, rand_score

    from experiments.gates2017 import kmeans_runs

    runs = kmeans_runs(n_runs=3, n_clusters=5, n_samples=150)
    df = EXPERIMENTS["gates2017-kmeans"]("quick", n_runs=3, n_clusters=5, n_samples=150)
    wide = df.pivot(index="item", columns="scoring", values="value")
    pairs = [item.split("-") for item in wide.index]
    ri = np.array([rand_score(runs[a], runs[b]) for a, b in pairs])
    mi = np.array([mutual_info_score(runs[a], runs[b]) for a, b in pairs])
    for model in ("num", "all"):
        assert (np.argsort(wide[f"ARI {model}"].to_numpy(), kind="stable")
                == np.argsort(ri, kind="stable")).all()
        assert (np.argsort(wide[f"AMI {model} sqrt"].to_numpy(), kind="stable")
                == np.argsort(mi, kind="stable")).all()


def test_kmeans_runs_needs_two_runs_to_compare():
    with pytest.raises(ValueError, match=r"n_runs must be an integer in \[2, inf\), got 1"):
        kmeans_runs(n_runs=1)
