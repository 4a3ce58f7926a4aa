"""The computations behind the lessons' live demos (all numbers come from metrics).

Pure functions returning tidy tables; ``ui.lesson_data`` caches them for the pages.
"""

import numpy as np
import pandas as pd

import clustering
import metrics
from clustering.internal import internal_indices
from experiments.consensus import consensus_sweep
from metrics.seeding import as_generator

#: k-means runs (one k-means++ start each) behind the lesson's Consensus Index.
CONSENSUS_RUNS = 20
CONSENSUS_INDEX = f"CI: Consensus Index (AMI of {CONSENSUS_RUNS} runs)"

#: Measures of the chance demo: a raw and an adjusted one of each family.
CHANCE_MEASURES = ("ri", "ari", "nmi_arithmetic", "ami_arithmetic")


def random_baseline(n: int, k_true: int, ks: tuple[int, ...], trials: int,
                    seed: int) -> pd.DataFrame:
    """Scores of uniformly random clusterings with K clusters against fixed random classes.

    The experiment of Vinh et al. (2009, Sec. 5, Fig. 3): ``trials`` clusterings per K, each
    drawn with :func:`metrics.sample_clustering` (``"uniform"``: every point picks one of K
    labels), compared with one random reference of ``k_true`` classes.

    Parameters
    ----------
    n : int
        Number of points.
    k_true : int
        Number of classes of the random reference.
    ks : tuple of int
        The numbers of clusters K to draw.
    trials : int
        Random clusterings per K.
    seed : int
        Seed of every draw (:func:`metrics.seeding.as_generator`).

    Returns
    -------
    pandas.DataFrame
        Columns k, measure (label), mean, sd (ddof=1; 0 for one trial), low and high
        (mean -/+ sd), one row per K and measure of :data:`CHANCE_MEASURES`.

    Examples
    --------
    >>> table = random_baseline(30, 2, (2, 3), trials=3, seed=0)
    >>> table.shape, sorted(set(table["k"]))
    ((8, 6), [2, 3])
    """
    rng = as_generator(seed)
    truth = metrics.sample_clustering(n, "uniform", n_clusters=k_true, random_state=rng)
    rows = []
    for k in ks:
        scores = [
            metrics.compare(truth, metrics.sample_clustering(n, "uniform", n_clusters=k,
                                                             random_state=rng),
                            measures=CHANCE_MEASURES)
            for _ in range(trials)
        ]
        for name in CHANCE_MEASURES:
            values = np.array([s[name] for s in scores])
            rows.append({"k": k, "measure": metrics.MEASURES[name].label,
                         "mean": values.mean(), "sd": values.std(ddof=1) if trials > 1 else 0.0})
    table = pd.DataFrame(rows)
    table["low"], table["high"] = table["mean"] - table["sd"], table["mean"] + table["sd"]
    return table


#: Measures of the information lesson's mixing demo.
MIXING_MEASURES = ("mi", "nmi_arithmetic", "vi", "homogeneity", "completeness", "ami_arithmetic")


def mixing_table(n_per_class: int, k: int, mix: float) -> np.ndarray:
    """K classes of ``n_per_class`` points; a fraction ``mix`` of each class is spread evenly
    over the other K - 1 clusters (rounded to whole points), the rest stays in its cluster.

    Parameters
    ----------
    n_per_class : int
        Points per class.
    k : int
        Number of classes and of clusters (>= 2).
    mix : float
        Fraction of each class moved out of its own cluster, in [0, 1].

    Returns
    -------
    ndarray of shape (k, k), int64
        The contingency table, classes as rows.

    Examples
    --------
    >>> mixing_table(10, 3, 0.2).tolist()
    [[8, 1, 1], [1, 8, 1], [1, 1, 8]]
    """
    moved = round(n_per_class * mix)
    table = np.zeros((k, k), dtype=np.int64)
    for i in range(k):
        share = np.full(k - 1, moved // (k - 1))
        share[: moved % (k - 1)] += 1
        table[i, [j for j in range(k) if j != i]] = share
        table[i, i] = n_per_class - moved
    return table


def mixing_curve(n_per_class: int, k: int, steps: int = 21) -> pd.DataFrame:
    """Every :data:`MIXING_MEASURES` value as the mixing goes from 0 (identical) to 1
    (a fraction (K-1)/K of each class moved: independent clusterings).

    Parameters
    ----------
    n_per_class : int
        Points per class.
    k : int
        Number of classes and clusters.
    steps : int, default 21
        Mixing values, evenly spaced in [0, 1].

    Returns
    -------
    pandas.DataFrame
        Columns mixing, measure (label), value.

    Examples
    --------
    >>> curve = mixing_curve(10, 2, steps=2)
    >>> curve[curve["measure"] == "NMI (arithmetic)"]["value"].round(3).tolist()
    [1.0, 0.0]
    """
    rows = []
    for mixing in np.linspace(0.0, 1.0, steps):
        values = metrics.compare(contingency=mixing_table(n_per_class, k, mixing * (k - 1) / k),
                                 measures=MIXING_MEASURES)
        rows += [{"mixing": round(float(mixing), 4), "measure": metrics.MEASURES[m].label,
                  "value": v} for m, v in values.items()]
    return pd.DataFrame(rows)


def k_sweep(X: np.ndarray, y: np.ndarray, ks: tuple[int, ...], seed: int) -> pd.DataFrame:
    """k-means for each K: internal indices (no truth), the Consensus Index of
    :data:`CONSENSUS_RUNS` k-means runs (no truth: their mean pairwise AMI, Vinh et al. 2009,
    Sec. 3) and the ARI (truth) side by side.

    Parameters
    ----------
    X : ndarray of shape (n_samples, n_features)
        The data.
    y : array-like of shape (n_samples,)
        The true classes.
    ks : tuple of int
        The numbers of clusters to run k-means with.
    seed : int
        k-means' seed.

    Returns
    -------
    pandas.DataFrame
        Columns k, index ("silhouette", "SSE (within)", :data:`CONSENSUS_INDEX`, "ARI
        against the truth"), value and kind ("internal", "stability" or "external").

    Examples
    --------
    >>> from datasets import load
    >>> data = load("blobs", n_samples=60, random_state=0)
    >>> sweep = k_sweep(data.X, data.y, (2, 3), seed=0)
    >>> sweep.shape, sorted(set(sweep["kind"]))
    ((8, 4), ['external', 'internal', 'stability'])
    """
    rows = []
    for k in ks:
        labels = clustering.run("kmeans", X, random_state=seed, n_clusters=k).labels
        scores = internal_indices(X, labels)
        rows += [
            {"k": k, "index": "silhouette", "value": scores.silhouette, "kind": "internal"},
            {"k": k, "index": "SSE (within)", "value": scores.sse, "kind": "internal"},
            {"k": k, "index": "ARI against the truth",
             "value": metrics.adjusted_rand_index(y, labels), "kind": "external"},
        ]
    consensus = consensus_sweep(X, ks, CONSENSUS_RUNS, random_state=seed)
    rows += [{"k": int(k), "index": CONSENSUS_INDEX, "value": ci, "kind": "stability"}
             for k, ci in zip(consensus["K"], consensus["ci"], strict=True)]
    return pd.DataFrame(rows)
