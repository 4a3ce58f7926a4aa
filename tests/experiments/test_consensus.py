"""vinh2009-consensus: choosing K with the Consensus Index (Vinh et al. 2009, Sec. 3)."""

import numpy as np
import pytest

from experiments import EXPERIMENTS
from experiments.consensus import clusterings_for_k


@pytest.fixture(scope="module")
def quick():
    return EXPERIMENTS["vinh2009-consensus"]("quick", random_state=0)


def test_the_csv_columns(quick):
    assert list(quick.columns[:4]) == ["dataset", "k_true", "generation", "K"]
    assert {"measure", "ci", "std", "B"} <= set(quick.columns)
    unknown = quick[quick["dataset"].isin(["no_structure", "random"])]
    assert len(unknown) > 0 and unknown["k_true"].isna().all()
    assert (quick.loc[quick["dataset"] == "iris", "k_true"] == 3).all()


def test_ami_finds_the_true_k_of_well_separated_blobs(quick):
    # Eq. (13): K* = argmax_K CI(U_K), with the AMI of eq. (25) as agreement measure.
    blobs = quick[quick["dataset"].str.startswith("blobs") & (quick["measure"] == "ami_sqrt")]
    best = blobs[blobs["best"]]
    assert len(best) == 2 * 2  # two blob sets x two generations, one K* per curve
    assert (best["K"] == best["k_true"]).all()


def test_the_nmi_ci_of_random_clusterings_rises_with_k(quick):
    # Sec. 3: "the Consensus Index built upon the NMI would be biased in favour of a larger
    # number of clusters"; the adjusted measures stay near 0 (Fig. 2).
    random = quick[quick["dataset"] == "random"]
    nmi = random[random["measure"] == "nmi_sqrt"].sort_values("K")["ci"].to_numpy()
    assert nmi.size >= 5 and np.all(np.diff(nmi) > 0)
    adjusted = random[random["measure"].isin(["ami_sqrt", "ari"])]
    assert len(adjusted) > 0 and adjusted["ci"].abs().max() < 0.01


def test_a_subsample_run_sees_the_chosen_fraction():
    X = np.random.default_rng(0).normal(size=(50, 2))
    labels, present = clusterings_for_k(X, 3, 4, "subsample", 0.8, np.random.default_rng(1))
    assert present.shape == labels.shape == (4, 50)
    assert (present.sum(axis=1) == 40).all()
    assert (labels[~present] == 0).all()
    assert all(np.unique(row[mask]).size == 3 for row, mask in zip(labels, present,
                                                                     strict=True))


def test_the_same_seed_gives_the_same_curves():
    run = EXPERIMENTS["vinh2009-consensus"]
    small = dict(blob_centers=(3,), datasets=(), n_samples=60, k_max=4, n_clusterings=4,
                 random_models=("perm",))
    first, second = run("quick", random_state=3, **small), run("quick", random_state=3, **small)
    assert first.equals(second)


@pytest.mark.parametrize(
    ("override", "message"),
    [
        ({"k_max": 1}, r"k_max must be an integer in \[2, 40\], got 1"),
        ({"n_samples": 10, "k_max": 10}, r"n_samples must be an integer in \[11, 20000\]"),
        ({"n_clusterings": 1}, "n_clusterings"),
        ({"subsample": 0.01}, "subsample"),
        ({"generations": ("bootstrap",)}, "generations"),
        ({"datasets": ("mnist",)}, "datasets"),
        ({"random_models": ("uniform",)}, "random_models"),
        ({"blob_spreads": (0.0,)}, r"blob_spreads must be a finite number in \(0, 2\]"),
        ({"blob_centers": (21,)}, r"blob_centers must be an integer in \[2, 20\]"),
        ({"measures": ("accuracy",)}, "measures"),
    ],
)
def test_bad_parameters_are_explained(override, message):
    with pytest.raises(ValueError, match=message):
        EXPERIMENTS["vinh2009-consensus"]("quick", **override)


def test_ami_under_all_inherits_the_bias_towards_many_clusters():
    # Under "all" the expectation and the bound (log n) do not depend on K: AMI_all is an
    # increasing affine map of MI, so on random clusterings its CI grows with K as NMI's does.
    df = EXPERIMENTS["vinh2009-consensus"](
        "quick", blob_centers=(), datasets=(), n_samples=100, k_max=6, n_clusterings=10,
        measures=("ami_sqrt",), random_models=("all", "perm"))
    ci = df.pivot_table(index="K", columns="random_model", values="ci")
    assert ci.loc[6, "all"] > ci.loc[2, "all"] + 0.01
    assert abs(ci.loc[6, "perm"] - ci.loc[2, "perm"]) < 0.01


def test_kmeans_fits_counts_the_runs_of_the_paper_preset():
    from experiments.consensus import kmeans_fits

    # 8 blob sets + iris, wine, no_structure; 2 generations; K = 2..10; B = 100.
    params = EXPERIMENTS["vinh2009-consensus"].parameters("paper")
    assert kmeans_fits(**params) == 11 * 2 * 9 * 100
