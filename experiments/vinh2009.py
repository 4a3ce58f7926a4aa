"""Vinh, Epps & Bailey (ICML 2009): the baseline of clustering measures between random
clusterings (Section 3, Figs. 1-2) and of their adjusted forms (Section 5, Figs. 3-4).

Fig. 1 / 3: for each K, random clusterings of N points (each point in one of K clusters with
equal probability) are compared with a fixed "true" clustering of K_true clusters; the mean
and spread of each measure is reported. Fig. 2 / 4: within a set of random clusterings having
exactly K clusters, the mean over all pairs.

Figs. 3-4 are the same runs with the adjusted measures: ARI, AMI of eq. (25) (``ami_sqrt``)
and AVI = AMI of eq. (27) (``ami_arithmetic``). The adjusted measures take a random model
(perm, num, all; Gates & Ahn 2017) and one- or two-sidedness.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial

import numpy as np
import pandas as pd
from joblib import Parallel, delayed

from experiments.engine import random_labels, spawn_generators, summarize
from experiments.registry import Experiment, Progress, register, report
from metrics.batch import EMICache, batch_contingency, batch_measures, check_measures
from metrics.validation import check_integer

__all__ = ["reference_labels", "pairwise_baseline", "reference_baseline"]

#: NMI of eq. (11), AMI of eq. (25) and AVI (eq. 27), the RI and ARI: Figs. 1-4.
VINH_MEASURES = ("ri", "ari", "nmi_sqrt", "ami_sqrt", "ami_arithmetic")
# Rows x samples held in memory per batch.
_CELLS = 4_000_000


def reference_labels(n: int, k: int) -> np.ndarray:
    """The fixed "true" clustering: ``n`` samples in ``k`` clusters as equal as possible.

    The paper does not say how its true clustering was made; equal sizes (sample i in
    cluster ``floor(i k / n)``) make the figure independent of one draw.

    Parameters
    ----------
    n : int
        Number of samples N.
    k : int
        Number of clusters K_true, ``1 <= k <= n``.

    Returns
    -------
    ndarray of shape (n,), dtype int32
        Sample ``i`` in cluster ``floor(i k / n)``; sizes differ by at most one.

    Raises
    ------
    ValueError
        If ``k`` is not in ``[1, n]``.

    Examples
    --------
    >>> reference_labels(6, 3).tolist()
    [0, 0, 1, 1, 2, 2]
    >>> reference_labels(7, 3).tolist()  # floor(3 i / 7) for i = 0..6
    [0, 0, 0, 1, 1, 2, 2]
    """
    check_integer(n, "N", 1)
    check_integer(k, "K_true", 1, n)
    return (np.arange(n) * k // n).astype(np.int32)


def _check_ks(ks: Sequence[int], n: int) -> list[int]:
    ks = [int(k) for k in ks]
    if not ks or min(ks) < 1 or max(ks) > n:
        raise ValueError(f"every K must lie in [1, N] = [1, {n}], got {ks}.")
    return ks


def _summarize_batches(batches, measures, random_model, one_sided):
    """Mean and std of each measure over a stream of contingency-table batches."""
    cache = EMICache()
    values: dict[str, list[np.ndarray]] = {m: [] for m in measures}
    for tables in batches:
        out = batch_measures(
            tables, measures, random_model=random_model, one_sided=one_sided, cache=cache
        )
        for m in measures:
            values[m].append(out[m])
    return summarize({m: np.concatenate(v) for m, v in values.items()})


def _run_tasks(tasks, work, n_jobs, progress):
    """``work(task, rng)`` for each task, in chunks run by joblib threads, with progress.

    Each task has its own generator (from ``work.random_state``), so results do not depend
    on ``n_jobs``.
    """
    rngs = spawn_generators(work.random_state, len(tasks))
    step = 4 * max(1, n_jobs if n_jobs > 0 else 2)
    results = []
    for start in range(0, len(tasks), step):
        chunk = range(start, min(start + step, len(tasks)))
        report(progress, start / len(tasks), f"{work.label} = {tasks[start]}")
        results += Parallel(n_jobs=n_jobs, prefer="threads")(
            delayed(work)(tasks[i], rngs[i]) for i in chunk
        )
    report(progress, 1.0, "done")
    return results


def _one_k(task, rng, n_draws, measures, random_model, one_sided):
    n, k_true, k = task
    truth = reference_labels(n, k_true)
    step = max(1, _CELLS // max(n, k_true * k))
    batches = (
        batch_contingency(truth, random_labels(n, k, min(step, n_draws - start), rng),
                          k_true, k)
        for start in range(0, n_draws, step)
    )
    return _summarize_batches(batches, measures, random_model, one_sided)


def reference_baseline(
    settings: Sequence[tuple[int, int]] = ((100, 10),),
    ks: Sequence[int] = tuple(range(2, 21)),
    n_draws: int = 10_000,
    measures: Sequence[str] = VINH_MEASURES,
    random_model: str = "perm",
    one_sided: bool = False,
    n_jobs: int = 1,
    random_state: int | np.random.Generator | None = 0,
    progress: Progress | None = None,
) -> pd.DataFrame:
    """Measures between random clusterings and a fixed true clustering (Figs. 1 and 3).

    For each ``(N, K_true)`` of ``settings`` and each K of ``ks``, ``n_draws`` clusterings
    assign each of N points to one of K clusters uniformly (empty clusters allowed, as in the
    paper) and are compared with :func:`reference_labels` ``(N, K_true)``.

    Parameters
    ----------
    settings : sequence of (int, int), default ((100, 10),)
        The ``(N, K_true)`` pairs.
    ks : sequence of int, default 2, ..., 20
        Numbers of clusters K of the random clusterings, each in ``[1, N]``.
    n_draws : int, default 10000
        Random clusterings per ``(N, K_true, K)``.
    measures : sequence of str, default VINH_MEASURES
        Measure keys of :mod:`metrics.batch` (RI, ARI, NMI, AMI and AVI by default).
    random_model : {"perm", "num", "all"}, default "perm"
        Random model of the adjusted measures (Gates & Ahn 2017).
    one_sided : bool, default False
        Adjust one-sidedly, the true clustering being the fixed reference.
    n_jobs : int, default 1
        joblib threads; the result does not depend on it.
    random_state : int, Generator or None, default 0
        Seed; each K gets its own spawned generator.
    progress : callable, optional
        Called with ``(fraction done, message)``.

    Returns
    -------
    DataFrame
        Columns ``N, K_true, K, measure, mean, std, random_model, one_sided``.

    Raises
    ------
    ValueError
        If a measure is unknown, ``n_draws < 1``, a K is outside ``[1, N]`` or a K_true
        outside ``[1, N]``.

    Examples
    --------
    N = 50 in K_true = 5 clusters of 10. With K = 1 every pair is together in the random
    clustering, so RI is the share of pairs together in the truth: 5 C(10, 2) / C(50, 2)
    = 225 / 1225. With K = 5 a pair is together with probability 1/5, so the expected RI
    is (9/49)(1/5) + (40/49)(4/5) = 169/245; the ARI's expectation is 0.

    >>> df = reference_baseline(settings=[(50, 5)], ks=[1, 5], n_draws=2000,
    ...                         measures=["ri", "ari"])
    >>> mean = df.set_index(["K", "measure"])["mean"]
    >>> bool(abs(mean[1, "ri"] - 225 / 1225) < 1e-12)
    True
    >>> bool(abs(mean[5, "ri"] - 169 / 245) < 0.005), bool(abs(mean[5, "ari"]) < 0.01)
    (True, True)
    """
    measures = check_measures(measures)
    check_integer(n_draws, "n_draws", 1)
    tasks = [
        (int(n), int(k_true), k)
        for n, k_true in settings
        for k in _check_ks(ks, int(n))
    ]
    for n, k_true, _ in tasks:
        reference_labels(n, k_true)
    work = partial(_one_k, n_draws=n_draws, measures=measures, random_model=random_model,
                   one_sided=one_sided)
    work.random_state, work.label = random_state, "N, K_true, K"
    summaries = _run_tasks(tasks, work, n_jobs, progress)
    rows = [(*task, m, mean, std)
            for task, summary in zip(tasks, summaries, strict=True)
            for m, mean, std in summary]
    df = pd.DataFrame(rows, columns=["N", "K_true", "K", "measure", "mean", "std"])
    return df.assign(random_model=random_model, one_sided=bool(one_sided))


def _pairs_one_k(task, rng, n_clusterings, measures, random_model, one_sided):
    n, k = task
    labels = random_labels(n, k, n_clusterings, rng, exact_k=True)
    first, second = np.triu_indices(n_clusterings, 1)
    step = max(1, _CELLS // n)
    batches = (
        batch_contingency(labels[first[s:s + step]], labels[second[s:s + step]], k, k)
        for s in range(0, first.size, step)
    )
    return _summarize_batches(batches, measures, random_model, one_sided)


def pairwise_baseline(
    ns: Sequence[int] = (100,),
    ks: Sequence[int] = tuple(range(2, 21)),
    n_clusterings: int = 200,
    measures: Sequence[str] = VINH_MEASURES,
    random_model: str = "perm",
    one_sided: bool = False,
    n_jobs: int = 1,
    random_state: int | np.random.Generator | None = 0,
    progress: Progress | None = None,
) -> pd.DataFrame:
    """Mean measure over all pairs of a set of random clusterings with exactly K clusters
    (Figs. 2 and 4; the Consensus Index of eq. 12 with each measure).

    Parameters
    ----------
    ns : sequence of int, default (100,)
        Numbers of samples N.
    ks : sequence of int, default 2, ..., 20
        Number of clusters K of every clustering of a set, each in ``[1, N]``.
    n_clusterings : int, default 200
        Size of each set (at least 2).
    measures, random_model, one_sided, n_jobs, random_state, progress
        As in :func:`reference_baseline`.

    Returns
    -------
    DataFrame
        Columns ``N, K, measure, mean, std, random_model, one_sided`` (mean and std over the
        ``n_clusterings (n_clusterings - 1) / 2`` pairs).

    Raises
    ------
    ValueError
        If a measure is unknown, ``n_clusterings < 2`` or a K is outside ``[1, N]``.

    Examples
    --------
    With K = 1 all clusterings are identical (RI = ARI = 1); with K = 4 the ARI of
    independent clusterings averages 0.

    >>> df = pairwise_baseline(ns=[50], ks=[1, 4], n_clusterings=40, measures=["ri", "ari"])
    >>> mean = df.set_index(["K", "measure"])["mean"]
    >>> float(mean[1, "ri"]), float(mean[1, "ari"])
    (1.0, 1.0)
    >>> bool(abs(mean[4, "ari"]) < 0.01)
    True
    """
    measures = check_measures(measures)
    check_integer(n_clusterings, "n_clusterings", 2)
    tasks = [(int(n), k) for n in ns for k in _check_ks(ks, int(n))]
    work = partial(_pairs_one_k, n_clusterings=n_clusterings, measures=measures,
                   random_model=random_model, one_sided=one_sided)
    work.random_state, work.label = random_state, "N, K"
    summaries = _run_tasks(tasks, work, n_jobs, progress)
    rows = [(*task, m, mean, std)
            for task, summary in zip(tasks, summaries, strict=True)
            for m, mean, std in summary]
    df = pd.DataFrame(rows, columns=["N", "K", "measure", "mean", "std"])
    return df.assign(random_model=random_model, one_sided=bool(one_sided))


_MODEL_NOTE = (
    " Figs. 3-4 are the adjusted measures of the same run; random_model (perm, num, all) and "
    "one_sided change the expectation the adjusted measures subtract (Gates & Ahn 2017)."
)

register(Experiment(
    name="vinh2009-fig1",
    title="Measures between random clusterings and a fixed true clustering, vs K",
    paper="Vinh, Epps & Bailey 2009, Figs. 1 and 3",
    description=(
        "For each K, random clusterings of N points (each point in one of K clusters with "
        "equal probability) against a true clustering of K_true equal clusters: RI and NMI "
        "rise with K, ARI, AMI and AVI stay at 0." + _MODEL_NOTE
    ),
    presets={
        "paper": dict(settings=((100, 10), (500, 10)), ks=tuple(range(2, 21)),
                      n_draws=10_000, measures=VINH_MEASURES, random_model="perm",
                      one_sided=False, n_jobs=2),
        "quick": dict(settings=((100, 10),), ks=(2, 4, 6, 8, 10, 12, 14, 16, 18, 20),
                      n_draws=400, measures=VINH_MEASURES, random_model="perm",
                      one_sided=False, n_jobs=1),
    },
    stand_in_for="N, K_max and the true clustering's sizes, which the paper does not give",
    differs="N = 100 and 500, K_true = 10 and K_true equal clusters are our choices; the paper "
            "gives 10,000 random clusterings per K, K = 2..K_max and K_true = K_max / 2, so "
            "K = 2..20 here.",
    run=reference_baseline,
    figure="lines",
    options={"x": "K", "facet": ["N", "K_true"]},
))

register(Experiment(
    name="vinh2009-fig2",
    title="Mean pairwise measure within sets of random clusterings with K clusters",
    paper="Vinh, Epps & Bailey 2009, Figs. 2 and 4",
    description=(
        "For each K, a set of random clusterings with exactly K clusters (200 in the paper); "
        "the mean measure over all pairs (19,900 for 200): NMI and RI grow with K, the "
        "adjusted measures stay at 0." + _MODEL_NOTE
    ),
    presets={
        "paper": dict(ns=(100, 500), ks=tuple(range(2, 21)), n_clusterings=200,
                      measures=VINH_MEASURES, random_model="perm", one_sided=False, n_jobs=2),
        "quick": dict(ns=(100,), ks=(2, 5, 8, 11, 14, 17, 20), n_clusterings=30,
                      measures=VINH_MEASURES, random_model="perm", one_sided=False,
                      n_jobs=1),
    },
    stand_in_for="N and the range of K, which the paper does not give",
    differs="N = 100 and 500 and K = 2..20 are our choices; 200 random clusterings per K, "
            "each with exactly K clusters, are the paper's.",
    run=pairwise_baseline,
    figure="lines",
    options={"x": "K", "facet": ["N"]},
))
