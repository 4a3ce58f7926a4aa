"""Gates & Ahn (JMLR 2017), Sec. 6.3: the permutation model cannot tell cluster-size
sequences apart.

Clusterings with the same n and K but very different size sequences (balanced; one giant
cluster with singletons; geometric). For each sequence, pairs of random clusterings with that
sequence (elements shuffled over fixed sizes) are scored by ARI and AMI adjusted under perm,
num and all. Under perm the expectation subtracted is the one of the pair's own sizes, so
every sequence averages 0; under num and all it depends on K (num) or n (all) only, and the
sequences separate: two random clusterings that share a giant cluster agree on most pairs.

Expected values come from metrics (exact): with S the size sequence on both sides,

- ARI_model: ``(E_perm[RI] - E_model[RI]) / (1 - E_model[RI])``,
- AMI_model: ``(E_perm[MI] - E_model[MI]) / (e - E_model[MI])``, with e the model's
  entropy bound (H(S) under perm, log K under num, log n under all; the same on both sides,
  so every normalization gives the same e),

because the scores are affine in RI and MI with coefficients fixed by S. The Monte Carlo
means must agree with them within their standard errors.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pandas as pd

from experiments.registry import Experiment, Progress, register, report
from metrics import (
    RANDOM_MODELS,
    contingency_table,
    expected_mutual_information,
    expected_rand_index,
    get_random_model,
)
from metrics.batch import batch_contingency, batch_measures, check_measures
from metrics.chance import entropy_bounds
from metrics.seeding import as_generator
from metrics.validation import check_integer, check_real

__all__ = ["SEQUENCES", "expected_scores", "size_sequence", "sizes_experiment"]

#: The size sequences of the experiment (all with n elements in K clusters).
SEQUENCES = ("balanced", "giant", "geometric")


def size_sequence(kind: str, n: int, k: int, ratio: float = 0.7) -> np.ndarray:
    """Cluster sizes, largest first, of ``n`` elements in ``k`` clusters.

    Parameters
    ----------
    kind : {"balanced", "giant", "geometric"}
        ``balanced``: as equal as possible; ``giant``: one cluster of n - k + 1 and k - 1
        singletons; ``geometric``: sizes proportional to ``ratio**i`` (at least 1 each, the
        rounding remainder added to the largest).
    n, k : int
        Elements and clusters, 1 <= k <= n.
    ratio : float
        Ratio of the geometric sequence, in (0, 1].

    Returns
    -------
    ndarray of int, shape (k,)

    Raises
    ------
    ValueError
        Unknown kind, k out of range, or a ratio outside (0, 1].

    Examples
    --------
    >>> size_sequence("giant", 10, 4).tolist(), size_sequence("balanced", 10, 4).tolist()
    ([7, 1, 1, 1], [3, 3, 2, 2])
    >>> size_sequence("geometric", 100, 5, 0.5).tolist()
    [54, 25, 12, 6, 3]
    """
    check_integer(n, "n", 1)
    check_integer(k, "K", 1, n)
    if kind == "balanced":
        return np.sort(np.bincount(np.arange(n) * k // n))[::-1]
    if kind == "giant":
        return np.array([n - k + 1] + [1] * (k - 1))
    if kind == "geometric":
        check_real(ratio, "ratio", 0, 1, low_open=True)
        weights = ratio ** np.arange(k)
        sizes = np.maximum(1, np.floor(n * weights / weights.sum())).astype(int)
        while sizes.sum() > n:  # the floors at 1 may overshoot: take from the largest
            sizes[np.argmax(sizes)] -= 1
        sizes[0] += n - sizes.sum()
        return np.sort(sizes)[::-1]
    raise ValueError(f"unknown size sequence {kind!r}: use one of {', '.join(SEQUENCES)}.")


def expected_scores(sizes: np.ndarray, measure: str, random_model: str) -> float:
    """Mean of ``measure`` adjusted under ``random_model`` over pairs of random clusterings
    that both have the cluster sizes ``sizes`` (elements shuffled), from metrics.

    Parameters
    ----------
    sizes : array-like of int
        The size sequence of both clusterings.
    measure : {"ari", "ami_min", "ami_sqrt", "ami_arithmetic", "ami_max"}
    random_model : str
        A key of :data:`metrics.RANDOM_MODELS`.

    Returns
    -------
    float

    Examples
    --------
    >>> round(expected_scores([5, 5], "ari", "perm"), 12)
    0.0
    >>> expected_scores([9, 1], "ari", "num") > 0
    True
    """
    table = contingency_table(np.repeat(np.arange(len(sizes)), sizes),
                              np.repeat(np.arange(len(sizes)), sizes))
    if measure == "ari":
        shuffled = expected_rand_index(contingency=table, random_model="perm")
        chance = expected_rand_index(contingency=table, random_model=random_model)
        return (shuffled - chance) / (1.0 - chance)
    if not measure.startswith("ami_"):
        raise ValueError(f"expected scores are derived for ari and ami_*, not {measure!r}.")
    shuffled = expected_mutual_information(contingency=table, random_model="perm")
    chance = expected_mutual_information(contingency=table, random_model=random_model)
    bound = entropy_bounds(table, get_random_model(random_model))[0]
    return (shuffled - chance) / (bound - chance)


def sizes_experiment(
    n: int = 100,
    k: int = 10,
    sequences: Sequence[str] = SEQUENCES,
    ratio: float = 0.7,
    n_draws: int = 2000,
    measures: Sequence[str] = ("ari", "ami_sqrt"),
    random_models: Sequence[str] = ("perm", "num", "all"),
    random_state: int | np.random.Generator | None = 0,
    progress: Progress | None = None,
) -> pd.DataFrame:
    """Adjusted scores of random clusterings with one size sequence, per sequence and model
    (Gates & Ahn 2017, Sec. 6.3).

    Parameters
    ----------
    n, k : int
        Elements and clusters of every clustering.
    sequences : sequence of str
        Some of :data:`SEQUENCES` (see :func:`size_sequence`).
    ratio : float
        Ratio of the geometric sequence.
    n_draws : int
        Random pairs per sequence (two independent shuffles of the sizes each).
    measures : sequence of str
        ``ari`` and AMI keys (``ami_sqrt``, ...).
    random_models : sequence of str
        Models the scores are adjusted under.

    Returns
    -------
    DataFrame
        Columns ``sequence, sizes, measure, random_model, mean, std, se`` (Monte Carlo over
        the pairs; ``se = std / sqrt(n_draws)``), ``expected`` (metrics) and ``n_draws``.

    Raises
    ------
    ValueError
        A parameter out of range, or an unknown sequence, measure or model.

    Examples
    --------
    >>> df = sizes_experiment(n=30, k=3, sequences=("giant",), n_draws=50,
    ...                       measures=("ari",), random_models=("perm", "all"))
    >>> df[["random_model", "expected"]].round(3).values.tolist()
    [['perm', 0.0], ['all', -0.476]]
    """
    measures = check_measures(measures)
    bad = [m for m in measures if not (m == "ari" or m.startswith("ami_"))]
    unknown = [m for m in random_models if m not in RANDOM_MODELS]
    if bad or unknown or not random_models:
        raise ValueError(f"measures must be ari or ami_* (got {bad}) and random_models keys "
                         f"of metrics.RANDOM_MODELS ({', '.join(RANDOM_MODELS)}; got "
                         f"{unknown or 'none'}).")
    check_integer(n_draws, "n_draws", 2, 100_000)
    check_integer(n, "n", 2, 5000)
    check_integer(k, "K", 2, n)
    rng = as_generator(random_state)
    rows = []
    for s, kind in enumerate(sequences):
        sizes = size_sequence(kind, int(n), int(k), ratio)
        base = np.repeat(np.arange(int(k)), sizes)
        pairs = [rng.permuted(np.tile(base, (int(n_draws), 1)), axis=1) for _ in range(2)]
        tables = batch_contingency(pairs[0], pairs[1], int(k), int(k))
        for model in random_models:
            report(progress, s / len(sequences), f"{kind}, {model}")
            values = batch_measures(tables, measures, random_model=model)
            for measure in measures:
                v = values[measure]
                rows.append((kind, "/".join(map(str, sizes)), measure, model, v.mean(),
                             v.std(ddof=1), v.std(ddof=1) / np.sqrt(v.size),
                             expected_scores(sizes, measure, model), int(n_draws)))
    report(progress, 1.0, "done")
    return pd.DataFrame(rows, columns=["sequence", "sizes", "measure", "random_model", "mean",
                                       "std", "se", "expected", "n_draws"])


register(Experiment(
    name="gates2017-sizes",
    title="Random clusterings with the same K but different cluster sizes, under each model",
    paper="Gates & Ahn 2017, Sec. 6.3",
    description=(
        "n elements in K clusters with balanced, giant-plus-singletons or geometric sizes; "
        "pairs of random clusterings with those sizes scored by ARI and AMI adjusted under "
        "perm, num and all. Bars: Monte Carlo mean +- std; diamonds: the expectation from "
        "metrics. Under perm every sequence averages 0 (it cannot tell them apart); under "
        "num and all each sequence has its own mean (ARI under num: balanced 0.08, giant "
        "-0.59, geometric -0.78 at n = 100, K = 10)."
    ),
    presets={
        "paper": dict(n=100, k=10, sequences=SEQUENCES, ratio=0.7, n_draws=5000,
                      measures=("ari", "ami_sqrt"), random_models=("perm", "num", "all")),
        "quick": dict(n=100, k=10, sequences=SEQUENCES, ratio=0.7, n_draws=1000,
                      measures=("ari", "ami_sqrt"), random_models=("perm", "num", "all")),
    },
    stand_in_for="the sizes of Sec. 6.3, lost in our copy of the paper",
    differs="n = 100, K = 10 and the three size sequences (balanced, a giant cluster plus "
            "singletons, geometric with ratio 0.7) are ours; 5,000 random pairs each.",
    run=sizes_experiment,
    choices={"sequences": SEQUENCES},
    figure="model_bars",
    options={"x": "sequence"},
))
