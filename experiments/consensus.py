"""Vinh, Epps & Bailey (2009), Sec. 3, Example 2: choosing the number of clusters with the
Consensus Index.

For each K = 2..K_max, B clusterings with K clusters are generated and the Consensus Index
CI(U_K) (eq. 12, :func:`metrics.consensus_index`) is their mean pairwise agreement;
K* = argmax CI (eq. 13). The paper states the method and shows only its random baseline
(Fig. 2); the datasets and the way clusterings are generated are ours:

- ``restarts``: k-means (k-means++ seeding, one start each, B seeds) on all points;
- ``subsample``: k-means (k-means++, one start) on a random ``subsample`` fraction of the
  points, each pair compared on the points both runs saw (Monti et al. 2003);
- ``random``: B random clusterings with exactly K clusters (Fig. 2's generator), where an
  unadjusted CI grows with K, the paper's reason for adjusting.

Datasets: K_true Gaussian blobs with centres evenly on the unit circle and a spread (standard
deviation; :func:`datasets.generators.ring_blobs`: no coarser grouping of the blobs is better
than another, so only K_true is stable; with scikit-learn's random centres two blobs are
often much closer than the rest and K = 2 is as stable as K_true), registry
datasets (standardized; real ones such as iris and wine carry their number of classes as
k_true; ``no_structure`` has none).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pandas as pd
from sklearn.cluster import KMeans

from datasets import DATASETS, load
from datasets.generators import ring_blobs
from experiments.engine import random_labels, spawn_generators
from experiments.registry import Experiment, Progress, register, report
from explorer.threads import one_thread
from metrics import MEASURES, RANDOM_MODELS, consensus_index
from metrics.batch import check_measures
from metrics.seeding import as_generator, as_seed
from metrics.validation import check_choice, check_integer, check_real

__all__ = ["GENERATIONS", "best_k", "clusterings_for_k", "consensus_curves", "consensus_sweep",
           "kmeans_fits"]

#: How the B clusterings of each K are made (see the module docstring).
GENERATIONS = ("restarts", "subsample")
COLUMNS = ["dataset", "k_true", "generation", "K", "measure", "random_model", "ci", "std", "B",
           "best"]


def clusterings_for_k(X: np.ndarray, k: int, n_clusterings: int, generation: str,
                      subsample: float, rng: np.random.Generator):
    """B k-means clusterings of X with k clusters, for the Consensus Index.

    Each run is scikit-learn's k-means with one k-means++ start and its own seed.

    Parameters
    ----------
    X : ndarray of shape (n, d)
    k, n_clusterings : int
        Clusters per clustering; number of clusterings B.
    generation : {"restarts", "subsample", "random"}
        ``restarts``: every run sees all points. ``subsample``: each run sees
        ``round(subsample n)`` points drawn without replacement (Monti et al. 2003).
        ``random``: no k-means, B random labelings with exactly k clusters (X gives n).
    subsample : float
        Fraction of the points a ``subsample`` run sees.
    rng : numpy Generator

    Returns
    -------
    labels : ndarray of shape (B, n), int
    present : ndarray of shape (B, n), bool, or None
        Which points each run saw (None for ``restarts``); other labels are 0 and ignored.

    Examples
    --------
    >>> import numpy as np
    >>> X = np.array([[0.0], [0.1], [5.0], [5.1]])
    >>> labels, present = clusterings_for_k(X, 2, 3, "restarts", 1.0,
    ...                                     np.random.default_rng(0))
    >>> labels.shape, present is None, len({tuple(np.unique(r[[0, 2]])) for r in labels})
    ((3, 4), True, 1)
    """
    if generation == "random":
        return random_labels(len(X), k, n_clusterings, rng, exact_k=True), None
    with one_thread():  # many tiny fits: threads cost more than they save
        return _kmeans_runs(X, k, n_clusterings, generation, subsample, rng)


def _kmeans_runs(X, k, n_clusterings, generation, subsample, rng):
    n = len(X)
    seeds = rng.integers(0, 2**31 - 1, n_clusterings)
    labels = np.zeros((n_clusterings, n), dtype=np.int64)
    if generation == "restarts":
        for b, seed in enumerate(seeds):
            labels[b] = KMeans(k, n_init=1, random_state=int(seed)).fit_predict(X)
        return labels, None
    size = int(round(subsample * n))
    present = np.zeros((n_clusterings, n), dtype=bool)
    for b, seed in enumerate(seeds):
        rows = np.sort(rng.choice(n, size, replace=False))
        present[b, rows] = True
        labels[b, rows] = KMeans(k, n_init=1, random_state=int(seed)).fit_predict(X[rows])
    return labels, present


def _scorings(measures: Sequence[str], random_models: Sequence[str]):
    """``(measure, random_model, options)``: each adjusted measure under each model."""
    for m in measures:
        if MEASURES[m].takes_random_model:
            for model in random_models:
                yield m, model, {"random_model": model}
        else:
            yield m, "none", {}


def _datasets(blob_centers, blob_spreads, datasets, n_samples, rng):
    """``(name, k_true or None, X)`` for every blob setting and registry dataset."""
    out = []
    for k in blob_centers:
        for spread in blob_spreads:
            X, _ = ring_blobs(n_samples, as_seed(rng), float(spread), centers=int(k))
            out.append((f"blobs{k} sd={spread:g}", int(k), X))
    for name in datasets:
        size = n_samples if DATASETS[name].kind == "generator" else None
        data = load(name, size, random_state=rng, standardize=True)
        k_true = int(np.unique(data.y).size)
        out.append((name, k_true if k_true > 1 else None, data.X))
    return out


def best_k(df: pd.DataFrame) -> np.ndarray:
    """True on the row of each curve (dataset, generation, measure, random model) where CI is
    largest: K* of eq. (13), the smallest K on ties.

    Parameters
    ----------
    df : DataFrame
        Columns ``dataset, generation, measure, random_model, K, ci``.

    Returns
    -------
    ndarray of bool, one per row of df

    Examples
    --------
    >>> import pandas as pd
    >>> df = pd.DataFrame({"dataset": "d", "generation": "g", "measure": "ari",
    ...                    "random_model": "perm", "K": [2, 3, 4], "ci": [0.5, 0.9, 0.9]})
    >>> best_k(df).tolist()
    [False, True, False]
    """
    keys = ["dataset", "generation", "measure", "random_model"]
    ordered = df.sort_values(["ci", "K"], ascending=[False, True], kind="stable")
    return df.index.isin(ordered.groupby(keys, sort=False).head(1).index)


def _check(blob_centers, blob_spreads, datasets, n_samples, k_max, n_clusterings,
           generations, subsample, random_models):
    k_max = check_integer(k_max, "k_max", 2, 40)
    check_integer(n_clusterings, "n_clusterings (B)", 2)
    check_real(subsample, "subsample", 0.1, 1.0)
    # K runs up to k_max, so every clustering needs more points than k_max.
    check_integer(n_samples, "n_samples", k_max + 1, 20_000)
    for name, values, known in (("generations", generations, GENERATIONS),
                                ("datasets", datasets, tuple(DATASETS)),
                                ("random_models", random_models, tuple(RANDOM_MODELS))):
        for value in values:
            check_choice(value, name, known)
    for k in blob_centers:
        check_integer(k, "blob_centers", 2, 20)
    for spread in blob_spreads:
        check_real(spread, "blob_spreads", 0, 2, low_open=True)


def consensus_curves(
    blob_centers: Sequence[int] = (3, 4, 5, 6),
    blob_spreads: Sequence[float] = (0.1, 0.25),
    datasets: Sequence[str] = ("iris", "wine", "no_structure"),
    random_clusterings: bool = True,
    n_samples: int = 300,
    k_max: int = 10,
    n_clusterings: int = 100,
    generations: Sequence[str] = GENERATIONS,
    subsample: float = 0.8,
    measures: Sequence[str] = ("ami_sqrt", "nmi_sqrt", "ari"),
    random_models: Sequence[str] = ("perm", "num", "all"),
    random_state: int | np.random.Generator | None = 0,
    progress: Progress | None = None,
) -> pd.DataFrame:
    """Consensus Index against K for each dataset, generation and measure (Vinh et al. 2009,
    Sec. 3, eqs. 12-13).

    Parameters
    ----------
    blob_centers, blob_spreads : sequences
        One dataset of Gaussian blobs on the unit circle (``n_samples`` points in 2-D) per
        pair (K_true, spread).
    datasets : sequence of str
        Keys of :data:`datasets.DATASETS`, standardized (generators get ``n_samples`` points,
        real sets are used whole).
    random_clusterings : bool
        Add the ``random`` rows: B random clusterings of ``n_samples`` points with exactly K
        clusters for each K (no data).
    n_samples, k_max, n_clusterings : int
        Points of generated data; K runs over 2..k_max; B clusterings per K.
    generations : sequence of str
        Some of :data:`GENERATIONS`.
    subsample : float
        Fraction of the points each ``subsample`` run sees.
    measures, random_models : sequences of str
        The agreement measures AM; each measure that takes a random model is computed under
        each of ``random_models``.

    Returns
    -------
    DataFrame
        Columns ``dataset, k_true`` (missing when unknown), ``generation, K, measure,
        random_model`` ("none" for unadjusted measures), ``ci, std`` (mean and standard
        deviation over the B (B - 1) / 2 pairs), ``B`` and ``best`` (True at K*).

    Raises
    ------
    ValueError
        A parameter out of range, or an unknown dataset, generation, measure or model.

    Examples
    --------
    >>> df = consensus_curves(blob_centers=(3,), blob_spreads=(0.1,), datasets=(),
    ...                       random_clusterings=False, n_samples=60, k_max=4,
    ...                       n_clusterings=5, generations=("restarts",),
    ...                       measures=("ami_sqrt",), random_models=("perm",))
    >>> df.loc[df["best"], ["dataset", "k_true", "K"]].values.tolist()
    [['blobs3 sd=0.1', 3, 3]]
    """
    measures = check_measures(measures)
    _check(blob_centers, blob_spreads, datasets, n_samples, k_max, n_clusterings,
           generations, subsample, random_models)
    ks = range(2, int(k_max) + 1)
    data_rng, task_rng = spawn_generators(random_state, 2)
    tasks = [(name, k_true, X, g) for name, k_true, X in
             _datasets(blob_centers, blob_spreads, datasets, int(n_samples), data_rng)
             for g in generations]
    if random_clusterings:
        tasks.append(("random", None, np.empty((int(n_samples), 0)), "random"))
    frames = []
    rngs = spawn_generators(task_rng, len(tasks))
    for t, ((name, k_true, X, generation), rng) in enumerate(zip(tasks, rngs, strict=True)):
        def step(done, message, t=t, name=name):
            report(progress, (t + done) / len(tasks), f"{name}, {message}")

        sweep = consensus_sweep(X, ks, int(n_clusterings), generation, float(subsample),
                                measures, random_models, random_state=rng, progress=step)
        frames.append(sweep.assign(dataset=name, k_true=k_true, generation=generation))
    report(progress, 1.0, "done")
    df = pd.concat(frames, ignore_index=True)[COLUMNS[:-1]]
    df["k_true"] = df["k_true"].astype("Int64")
    df["best"] = best_k(df)
    return df


def kmeans_fits(blob_centers: Sequence[int], blob_spreads: Sequence[float],
                datasets: Sequence[str], generations: Sequence[str], k_max: int,
                n_clusterings: int, **_: object) -> int:
    """Number of k-means fits :func:`consensus_curves` makes with these parameters.

    Parameters
    ----------
    blob_centers, blob_spreads, datasets, generations, k_max, n_clusterings
        As in :func:`consensus_curves` (other keyword arguments are ignored).

    Returns
    -------
    int
        datasets x generations x (k_max - 1) x n_clusterings.

    Examples
    --------
    >>> kmeans_fits((3, 4), (0.1,), ("iris",), ("restarts", "subsample"), 10, 100)
    5400
    """
    n_data = len(blob_centers) * len(blob_spreads) + len(datasets)
    k_max = check_integer(k_max, "k_max", 1)
    n_clusterings = check_integer(n_clusterings, "n_clusterings", 1)
    return n_data * len(generations) * (k_max - 1) * n_clusterings


def consensus_sweep(
    X: np.ndarray,
    ks: Sequence[int],
    n_clusterings: int = 20,
    generation: str = "restarts",
    subsample: float = 0.8,
    measures: Sequence[str] = ("ami_sqrt",),
    random_models: Sequence[str] = ("perm",),
    random_state: int | np.random.Generator | None = 0,
    progress: Progress | None = None,
) -> pd.DataFrame:
    """The Consensus Index of B clusterings of X for each K (Vinh et al. 2009, eq. 12).

    Parameters
    ----------
    X : ndarray of shape (n, d)
        The data (only n matters for ``generation="random"``).
    ks : sequence of int
        The numbers of clusters.
    n_clusterings, generation, subsample
        As in :func:`clusterings_for_k` (``generation`` may also be ``"random"``).
    measures, random_models : sequences of str
        Agreement measures; the adjusted ones are computed under each model.
    random_state : int or numpy Generator
    progress : callable, optional
        ``progress(fraction_done, message)``.

    Returns
    -------
    DataFrame
        Columns ``K, measure, random_model, ci, std, B``.

    Examples
    --------
    >>> import numpy as np
    >>> X = np.concatenate([np.zeros((10, 1)), np.ones((10, 1)), np.full((10, 1), 2.0)])
    >>> X = X + np.random.default_rng(0).normal(scale=0.05, size=X.shape)
    >>> sweep = consensus_sweep(X, [2, 3, 4], n_clusterings=6)
    >>> int(sweep.loc[sweep["ci"].idxmax(), "K"])
    3
    """
    measures = check_measures(measures)
    rng = as_generator(random_state)
    scorings = list(_scorings(measures, random_models))
    rows = []
    for i, k in enumerate(ks):
        report(progress, i / len(ks), f"{generation}, K = {k}")
        labels, present = clusterings_for_k(X, int(k), n_clusterings, generation, subsample,
                                            rng)
        for measure, model, options in scorings:
            ci = consensus_index(labels, measure, present=present, return_std=True,
                                 **options)
            rows.append((int(k), measure, model, ci.ci, ci.std, n_clusterings))
    return pd.DataFrame(rows, columns=["K", "measure", "random_model", "ci", "std", "B"])


register(Experiment(
    name="vinh2009-consensus",
    title="Choosing K with the Consensus Index (mean agreement of B clusterings)",
    paper="Vinh, Epps & Bailey 2009, Sec. 3, Example 2 (eqs. 12-13)",
    description=(
        "For K = 2..K_max, B k-means clusterings (random restarts, or 80 % subsamples compared "
        "on their common points) and CI = their mean pairwise AMI, NMI or ARI; K* = argmax "
        "CI (marked). Blobs of known K_true and spread, iris and wine (3 classes), uniform "
        "data (no K), and random clusterings, where the NMI-based CI grows with K and the "
        "adjusted ones stay at 0."
    ),
    presets={
        "paper": dict(blob_centers=(3, 4, 5, 6), blob_spreads=(0.1, 0.25),
                      datasets=("iris", "wine", "no_structure"), random_clusterings=True,
                      n_samples=300, k_max=10, n_clusterings=100, generations=GENERATIONS,
                      subsample=0.8, measures=("ami_sqrt", "nmi_sqrt", "ari"),
                      random_models=("perm", "num", "all")),
        "quick": dict(blob_centers=(3, 5), blob_spreads=(0.1,),
                      datasets=("iris", "no_structure"), random_clusterings=True,
                      n_samples=200, k_max=8, n_clusterings=20, generations=GENERATIONS,
                      subsample=0.8, measures=("ami_sqrt", "nmi_sqrt", "ari"),
                      random_models=("perm",)),
    },
    stand_in_for="an experiment the paper does not give (it gives the method)",
    differs="the datasets (blobs with K_true 3-6 and two spreads, iris, wine, uniform data, "
            "random clusterings), n = 300, K = 2..10, B = 100 and the two ways of making "
            "clusterings are ours.",
    run=consensus_curves,
    choices={"generations": GENERATIONS},
    figure="consensus",
    options={"columns": 3},
))
