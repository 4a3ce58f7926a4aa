"""Batch engine of the experiments: many random clusterings and their measures at once.

The labelings of a batch are drawn as one ``(B, n)`` integer array (:func:`random_labels`);
their contingency tables and measures come from :mod:`metrics.batch` (one ``bincount`` for the
tables, array operations for RI, ARI, MI, NMI and AMI under every random model, the expected
mutual information from metrics' one kernel).
"""

from __future__ import annotations

import numpy as np

from metrics.seeding import as_generator
from metrics.validation import check_integer

__all__ = [
    "random_labels",
    "spawn_generators",
    "summarize",
]


def spawn_generators(random_state: int | np.random.Generator | None, count: int):
    """``count`` independent generators derived from ``random_state`` (a seed or a Generator).

    Each task of a run gets its own stream, so results do not depend on how tasks are split
    between parallel workers. ``random_state`` is checked by :func:`metrics.seeding.as_generator`.

    Parameters
    ----------
    random_state : int, numpy.random.Generator or None
        Seed or Generator the streams are spawned from.
    count : int
        Number of generators.

    Returns
    -------
    list of numpy.random.Generator

    Raises
    ------
    TypeError, ValueError
        If ``random_state`` is not a valid seed (see :func:`metrics.seeding.check_seed`).

    Examples
    --------
    >>> a, b = spawn_generators(0, 2)
    >>> [g.integers(10**9) for g in spawn_generators(0, 2)] == [a.integers(10**9),
    ...                                                          b.integers(10**9)]
    True
    """
    return as_generator(random_state).spawn(count)


def random_labels(
    n: int, k: int, size: int, rng: np.random.Generator, *, exact_k: bool = False
) -> np.ndarray:
    """``size`` labelings of ``n`` samples, each sample put in one of ``k`` clusters uniformly.

    This is the generator of Vinh et al. (2009, Sec. 3): "assigning each data point to a
    random cluster with equal probability". With ``exact_k=True`` labelings with an empty
    cluster are drawn again, as in their second experiment ("check to ensure that the final
    clustering contains exactly K clusters").

    Parameters
    ----------
    n : int
        Number of samples, at least 1.
    k : int
        Number of clusters, at least 1.
    size : int
        Number of labelings, at least 0.
    rng : numpy.random.Generator
        Source of randomness (advanced by the call).
    exact_k : bool, default False
        Redraw every labeling that leaves a cluster empty.

    Returns
    -------
    ndarray of shape (size, n), int32
        Values in ``[0, k)``; with ``exact_k`` every row uses all ``k`` values.

    Raises
    ------
    ValueError
        If ``n < 1``, ``k < 1`` or ``size < 0``, or if ``exact_k`` and ``k > n``.

    Examples
    --------
    >>> rng = np.random.default_rng(0)
    >>> labels = random_labels(5, 3, size=4, rng=rng, exact_k=True)
    >>> labels.shape
    (4, 5)
    >>> all(sorted(set(row.tolist())) == [0, 1, 2] for row in labels)
    True
    >>> random_labels(2, 3, size=1, rng=rng, exact_k=True)
    Traceback (most recent call last):
    ...
    ValueError: cannot put n=2 samples in exactly k=3 non-empty clusters.
    """
    check_integer(n, "n", 1)
    check_integer(k, "k", 1)
    check_integer(size, "size", 0)
    if exact_k and k > n:
        raise ValueError(f"cannot put n={n} samples in exactly k={k} non-empty clusters.")
    labels = rng.integers(0, k, size=(size, n), dtype=np.int32)
    if exact_k:
        bad = np.flatnonzero(_n_used(labels, k) < k)
        while bad.size:
            labels[bad] = rng.integers(0, k, size=(bad.size, n), dtype=np.int32)
            bad = bad[_n_used(labels[bad], k) < k]
    return labels


def _n_used(labels: np.ndarray, k: int) -> np.ndarray:
    rows = labels.shape[0]
    codes = labels + (np.arange(rows, dtype=np.int64) * k)[:, None]
    counts = np.bincount(codes.ravel(), minlength=rows * k).reshape(rows, k)
    return (counts > 0).sum(axis=1)


def summarize(values: dict[str, np.ndarray]) -> list[tuple[str, float, float]]:
    """``(measure, mean, std)`` of each batch of values (std with ddof=0).

    Parameters
    ----------
    values : dict of str to array-like
        The values of each measure.

    Returns
    -------
    list of (str, float, float)
        In the order of ``values``.

    Examples
    --------
    >>> # mean (1 + 3) / 2 = 2; std sqrt(((1 - 2)**2 + (3 - 2)**2) / 2) = 1
    >>> summarize({"ari": np.array([1.0, 3.0])})
    [('ari', 2.0, 1.0)]
    """
    return [(name, float(np.mean(v)), float(np.std(v))) for name, v in values.items()]
