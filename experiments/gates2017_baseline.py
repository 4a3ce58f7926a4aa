"""Gates & Ahn (JMLR 2017), Sec. 6.4: is a clustering better than chance? It depends on the
random model.

The paper cuts a hierarchical clustering of gene-expression data at every level and compares
each cut with a reference clustering against a random baseline. Our copy lost the data, so we
use the bundled wine data (178 wines, 13 chemical measurements, 3 cultivars): like a
microarray study it has few samples, continuous features on different scales (standardized
here) and a known class per sample, and it is small enough to judge every one of its 177
cuts. The dendrogram is average linkage (UPGMA) on Euclidean distances, the linkage of the
classic gene-expression clustering of Eisen et al. (1998).

For each cut with K clusters and each random model, the cut's adjusted similarity to the
cultivars (one-sided: the reference is fixed, only the clustering is random) is set beside
the baseline: the adjusted similarity of ``n_draws`` random clusterings from the model (perm:
the cut's own sizes shuffled; num: uniform partitions into K clusters; all: uniform
partitions of n) with the same reference. Its mean is 0 by construction; its spread decides
the verdict ("better" than chance above mean + 2 sd, "worse" below mean - 2 sd), and both
the cut's score and the spread differ between models: on wine the first cuts of the
average-linkage tree split off a few outlying wines, which perm calls chance and num and all
call far worse than chance by ARI (by AMI, num calls K = 2 and 3 chance too).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pandas as pd

from clustering.hierarchical import LINKAGES, Hierarchical, cut_tree
from datasets import DATASETS, load
from experiments.engine import spawn_generators
from experiments.registry import Experiment, Progress, register, report
from metrics import RANDOM_MODELS, compare, sample_clustering
from metrics.batch import batch_contingency, batch_measures, check_measures
from metrics.validation import check_choice, check_integer

__all__ = ["baseline_experiment", "dendrogram_cuts", "random_baseline"]


def dendrogram_cuts(X: np.ndarray, method: str = "average",
                    ks: Sequence[int] | None = None) -> dict[int, np.ndarray]:
    """Labels of the cuts of one hierarchical clustering of X, by number of clusters.

    Parameters
    ----------
    X : ndarray of shape (n, d)
    method : str
        A linkage of :data:`clustering.hierarchical.LINKAGES` (Euclidean distances).
    ks : sequence of int, optional
        The cuts (numbers of clusters); default every cut, 1 .. n.

    Returns
    -------
    dict
        K -> labels (ndarray of shape (n,)).

    Examples
    --------
    >>> import numpy as np
    >>> cuts = dendrogram_cuts(np.array([[0.0], [0.1], [5.0], [5.2]]), ks=[2, 3])
    >>> cuts[2].tolist(), len(set(cuts[3].tolist()))
    ([0, 0, 1, 1], 3)
    """
    n = len(X)
    ks = list(range(1, n + 1)) if ks is None else [int(k) for k in ks]
    if not ks or min(ks) < 1 or max(ks) > n:
        raise ValueError(f"every cut must have 1 to n = {n} clusters, got {ks}.")
    tree = Hierarchical(n_clusters=1, linkage=method).fit(X).linkage_matrix_
    return {k: cut_tree(tree, k) for k in ks}


def random_baseline(reference: np.ndarray, labels: np.ndarray, measures: Sequence[str],
                    random_model: str, n_draws: int, rng: np.random.Generator,
                    one_sided: bool = True) -> dict[str, np.ndarray]:
    """Adjusted similarity to ``reference`` of ``n_draws`` random clusterings drawn from
    ``random_model`` for a clustering like ``labels`` (same sizes under perm, same K under
    num, same n under all), adjusted under that model.

    Parameters
    ----------
    reference, labels : ndarray of int, shape (n,)
        The reference (fixed) and the clustering whose baseline is wanted (codes from 0).
    measures : sequence of str
        Measure keys (ari, ami_*).
    random_model : str
        A key of :data:`metrics.RANDOM_MODELS`.
    n_draws : int
    rng : numpy Generator
    one_sided : bool
        Adjust with the reference fixed (True) or both sides random.

    Returns
    -------
    dict
        Measure -> array of shape (n_draws,).

    Examples
    --------
    >>> import numpy as np
    >>> reference = np.repeat([0, 1], 10)
    >>> out = random_baseline(reference, reference, ["ari"], "perm", 200,
    ...                       np.random.default_rng(0))
    >>> bool(abs(out["ari"].mean()) < 0.05)
    True
    """
    sizes = np.bincount(labels)
    draws = np.array([
        sample_clustering(len(labels), random_model, n_clusters=sizes.size, sizes=sizes,
                          random_state=rng)
        for _ in range(n_draws)
    ])
    tables = batch_contingency(reference, draws, int(reference.max()) + 1,
                               int(draws.max()) + 1)
    return batch_measures(tables, measures, random_model=random_model, one_sided=one_sided)


def baseline_experiment(
    dataset: str = "wine",
    linkage_method: str = "average",
    max_clusters: int | None = None,
    measures: Sequence[str] = ("ari", "ami_sqrt"),
    random_models: Sequence[str] = ("perm", "num", "all"),
    one_sided: bool = True,
    n_draws: int = 500,
    random_state: int | np.random.Generator | None = 0,
    progress: Progress | None = None,
) -> pd.DataFrame:
    """Every cut of a hierarchical clustering against the reference classes, beside the
    random baseline under each model (Gates & Ahn 2017, Sec. 6.4).

    Parameters
    ----------
    dataset : str
        A key of :data:`datasets.DATASETS` with classes (standardized).
    linkage_method : str
        One of :data:`clustering.hierarchical.LINKAGES`.
    max_clusters : int, optional
        Cuts with K = 2 .. max_clusters clusters (default: every cut up to n).
    measures, random_models : sequences of str
        Adjusted measures (ari, ami_*) and the models they are adjusted under.
    one_sided : bool
        Keep the reference fixed (Gates & Ahn's advice when comparing with a reference).
    n_draws : int
        Random clusterings per cut and model.

    Returns
    -------
    DataFrame
        Columns ``K, measure, random_model, value`` (the cut's score), ``baseline_mean,
        baseline_std`` (over the random clusterings), ``z`` (value minus mean, in sds) and
        ``verdict``: "better" than chance (z > 2), "worse" (z < -2) or "chance".

    Raises
    ------
    ValueError
        Unknown dataset, linkage, measure or model, or a parameter out of range.

    Examples
    --------
    >>> df = baseline_experiment(dataset="iris", max_clusters=3, measures=("ari",),
    ...                          random_models=("perm",), n_draws=20)
    >>> df[["K", "verdict"]].values.tolist()
    [[2, 'better'], [3, 'better']]
    """
    measures = check_measures(measures)
    unknown = [m for m in random_models if m not in RANDOM_MODELS]
    check_choice(linkage_method, "linkage_method", LINKAGES)
    if dataset not in DATASETS or unknown or not random_models:
        raise ValueError(f"dataset must be a key of datasets.DATASETS (got {dataset!r}) and "
                         f"random_models keys of metrics.RANDOM_MODELS (unknown: {unknown}).")
    check_integer(n_draws, "n_draws", 2, 10_000)
    data = load(dataset, standardize=True)
    reference = np.unique(data.y, return_inverse=True)[1]
    n = len(reference)
    top = n if max_clusters is None else check_integer(max_clusters, "max_clusters", 2, n)
    cuts = dendrogram_cuts(data.X, linkage_method, range(2, top + 1))
    rngs = spawn_generators(random_state, len(cuts))
    rows = []
    for i, ((k, labels), rng) in enumerate(zip(cuts.items(), rngs, strict=True)):
        report(progress, i / len(cuts), f"cut with K = {k}")
        for model in random_models:
            scores = compare(reference, labels, measures, random_model=model,
                             one_sided=one_sided)
            baseline = random_baseline(reference, labels, measures, model, int(n_draws), rng,
                                       one_sided)
            for measure in measures:
                mean, std = float(baseline[measure].mean()), float(baseline[measure].std())
                value = scores[measure]
                z = _z_score(value, mean, std)
                verdict = "better" if z > 2 else "worse" if z < -2 else "chance"
                rows.append((k, measure, model, value, mean, std, z, verdict))
    report(progress, 1.0, "done")
    return pd.DataFrame(rows, columns=["K", "measure", "random_model", "value",
                                       "baseline_mean", "baseline_std", "z", "verdict"])


def _z_score(value: float, mean: float, std: float) -> float:
    """Distance of ``value`` from the baseline in standard deviations; a baseline without
    spread (every random clustering alike, e.g. all singletons) has z = 0 at its value and
    an infinite z elsewhere, rather than rounding noise divided by rounding noise."""
    gap = value - mean
    if std > _SPREAD_TOL:
        return gap / std
    return 0.0 if abs(gap) <= _SPREAD_TOL else float(np.copysign(np.inf, gap))


# Spreads and gaps this small are rounding noise of scores in [-1, 1].
_SPREAD_TOL = 1e-9


register(Experiment(
    name="gates2017-baseline",
    title="Every cut of a dendrogram against a random baseline under each random model",
    paper="Gates & Ahn 2017, Sec. 6.4 (wine instead of gene-expression data)",
    description=(
        "Average-linkage clustering of the standardized wine data (178 wines, 3 cultivars; "
        "small, continuous, labelled, like a microarray study) cut at every K; each cut's "
        "ARI and AMI with the cultivars (one-sided) beside the same score of random "
        "clusterings from perm (the cut's sizes), num (its K) or all (any partition): line = "
        "the cut, band = baseline mean +- 2 sd. Whether a cut is better than chance depends "
        "on the model: by ARI, the first cuts, which split off a few outlying wines, are "
        "chance under perm but far worse than chance under num and all (by AMI, num calls "
        "K = 2 and 3 chance too)."
    ),
    presets={
        "paper": dict(dataset="wine", linkage_method="average", max_clusters=None,
                      measures=("ari", "ami_sqrt"), random_models=("perm", "num", "all"),
                      one_sided=True, n_draws=500),
        "quick": dict(dataset="wine", linkage_method="average", max_clusters=20,
                      measures=("ari", "ami_sqrt"), random_models=("perm", "num", "all"),
                      one_sided=True, n_draws=50),
    },
    stand_in_for="the gene-expression data of Sec. 6.4",
    differs="scikit-learn's wine data (178 wines, 3 cultivars, standardized) instead; "
            "average linkage, every cut and 500 random clusterings per cut are ours.",
    run=baseline_experiment,
    figure="baseline",
))
