"""Dom (2001), Sections 6-7: external measures on a parametric family of class-cluster tables.

The family p(c, k) of Section 6.1 has |C| equiprobable classes, |K_u| "useful" clusters tied
to the classes, |K_n| "noise" clusters independent of them and two error masses: eps1 spread
over the other useful clusters and eps2 over the noise clusters. Every measure is computed on
the expected data (Section 7): Dom's Q2 and the normalized Hamming measure on the expected
table H = n p (non-integer), the pair-counting measures on the expected pair counts of
Appendix A (eqs. 25-30), which are not those of eqs. (2)-(7) applied to H.

Experiments: the eps1 sweep (Fig. 1), the |K_u| sweep (Fig. 2), the ranks of each measure
against Q2's over the 760 meaningful parameter combinations (Figs. 3-7) and the failures of
the desirable properties P1-P5 (Table 4) per measure (Section 7.2.2, Table 5).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence

import numpy as np
import pandas as pd

from experiments.registry import Experiment, Progress, register, report
from metrics import dom_q2, normalized_hamming
from metrics.validation import check_integer

__all__ = [
    "PAPER_FAILURES",
    "assign_clusters",
    "dom_family",
    "eps1_sweep",
    "expected_pair_measures",
    "family_measures",
    "parameter_grid",
    "property_failures",
    "rank_comparison",
    "useful_sweep",
]

#: The measures of Section 7 (registry keys), Q2 last.
DOM_MEASURES = ("ri", "fm", "gamma", "jaccard", "hamming", "q2")
#: Section 7.2.1: |C| = 5, n = 500 and the parameter values.
GRID = dict(
    n_classes=5, n=500, useful=tuple(range(2, 12)), noise=tuple(range(0, 7)),
    eps1=(0.0, 1 / 15, 2 / 15, 0.2), eps2=(0.0, 0.1, 0.2, 0.3),
)
#: Section 7.2.2 and Table 5 (None: the paper reports no failure count for that measure;
#: its text says every other measure passed P1/P2, P4 and P5, and Q2 passed everything).
PAPER_FAILURES = {
    "P1P2": dict(ri=12, fm=0, gamma=0, jaccard=0, hamming=2, q2=0),
    "P3": dict(ri=120, fm=103, gamma=120, jaccard=80, hamming=120, q2=0),
    "P4": dict(ri=0, fm=0, gamma=0, jaccard=0, hamming=0, q2=0),
    "P5": dict(ri=29, fm=0, gamma=0, jaccard=0, hamming=0, q2=0),
}


def assign_clusters(n_classes: int, n_useful: int) -> list[list[int]]:
    """K(c): the useful clusters of each class (Dom 2001, Sec. 6.1).

    Equal numbers: cluster c for class c. More clusters than classes: the first
    ``ceil(|K_u| / |C|)`` clusters go to class 1, then ``ceil(remaining clusters / remaining
    classes)`` to each next class. More classes than clusters: the same ceiling rule assigns
    classes to clusters, and K(c) is the one cluster of class c.

    Parameters
    ----------
    n_classes : int
        |C|, >= 1.
    n_useful : int
        |K_u|, >= 1.

    Returns
    -------
    list of list of int
        K(c) for each class c.

    Raises
    ------
    ValueError
        When |C| or |K_u| is below 1.

    Examples
    --------
    >>> assign_clusters(2, 5)   # ceil(5/2) = 3 clusters for class 1, then 2
    [[0, 1, 2], [3, 4]]
    >>> assign_clusters(3, 2)   # classes 1 and 2 share cluster 1
    [[0], [0], [1]]
    """
    check_integer(n_classes, "n_classes (|C|)", 1)
    check_integer(n_useful, "n_useful (|K_u|)", 1)
    many, few = max(n_classes, n_useful), min(n_classes, n_useful)
    owner, start = [0] * many, 0
    for group in range(few):
        size = math.ceil((many - start) / (few - group))
        owner[start:start + size] = [group] * size
        start += size
    if n_useful >= n_classes:  # owner[k] is the class of cluster k
        return [[k for k in range(n_useful) if owner[k] == c] for c in range(n_classes)]
    return [[owner[c]] for c in range(n_classes)]  # owner[c] is the cluster of class c


def dom_family(
    n_classes: int, n_useful: int, n_noise: int, eps1: float, eps2: float
) -> np.ndarray:
    r"""The joint distribution p(c, k) of Dom (2001, Sec. 6.1), shape (|C|, |K_u| + |K_n|).

    .. math::
        p(k|c) = \frac{1 - \epsilon_1 - \epsilon_2}{|K(c)|}\ (k \in K(c)),\quad
        \frac{\epsilon_1}{|K_u| - |K(c)|}\ (k \in K_u \setminus K(c)),\quad
        \frac{\epsilon_2}{|K_n|}\ (k \in K_n)

    and p(c) = 1/|C|. Both error masses come out of each class's own clusters K(c) only
    (Table 3: 0.10 = (1 - 0.2 - 0.3) / 5 on the diagonal).

    Parameters
    ----------
    n_classes, n_useful, n_noise : int
        |C|, |K_u| and |K_n|.
    eps1, eps2 : float
        Error masses, >= 0 with eps1 + eps2 <= 1; eps2 > 0 exactly when |K_n| > 0
        (Sec. 7.2.1).

    Returns
    -------
    ndarray of shape (|C|, |K_u| + |K_n|)
        Sums to 1.

    Raises
    ------
    ValueError
        For a meaningless combination.

    Examples
    --------
    >>> p = dom_family(5, 5, 2, 0.2, 0.3)   # Dom's Table 3
    >>> float(p[0, 0] * 5)                  # p(k|c) on the diagonal: (1 - 0.2 - 0.3) / 1
    0.5
    >>> float(p[0, 1] * 5), float(p[0, 5] * 5)   # eps1 / 4 and eps2 / 2
    (0.05, 0.15)
    """
    if n_noise < 0 or eps1 < 0 or eps2 < 0 or eps1 + eps2 > 1:
        raise ValueError(
            f"need |K_n| >= 0, eps1, eps2 >= 0 and eps1 + eps2 <= 1, got {n_noise}, "
            f"{eps1}, {eps2}."
        )
    if (n_noise == 0) != (eps2 == 0):
        raise ValueError(
            "meaningless combination (Sec. 7.2.1): eps2 > 0 needs noise clusters, and noise "
            "clusters need eps2 > 0."
        )
    p = np.zeros((n_classes, n_useful + n_noise))
    for c, own in enumerate(assign_clusters(n_classes, n_useful)):
        others = [k for k in range(n_useful) if k not in own]
        if eps1 > 0 and not others:
            raise ValueError("eps1 > 0 needs a useful cluster outside K(c) (|K_u| > |K(c)|).")
        p[c, own] = (1.0 - eps1 - eps2) / len(own)
        if others:
            p[c, others] = eps1 / len(others)
        if n_noise:
            p[c, n_useful:] = eps2 / n_noise
    return p / n_classes


def expected_pair_measures(p: np.ndarray) -> dict[str, float]:
    """Rand, Fowlkes-Mallows, Gamma and Jaccard of the expected pair counts (Appendix A).

    With M = C(n, 2): E[a00] = M sum p(c,k)^2 (eq. 25), E[a0.] = M sum p(c)^2 (eq. 29),
    E[a.0] = M sum p(k)^2 (eq. 30), a01 = a0. - a00, a10 = a.0 - a00, a11 = M - the rest
    (eqs. 26-28); the measures of Sec. 5.2 follow. M cancels: the values do not depend on n.

    Parameters
    ----------
    p : ndarray of shape (|C|, |K|)
        Joint distribution of class and cluster, summing to 1.

    Returns
    -------
    dict
        ``ri``, ``fm``, ``gamma`` and ``jaccard``.

    Examples
    --------
    >>> import numpy as np
    >>> expected_pair_measures(np.eye(2) / 2)   # perfect agreement
    {'ri': 1.0, 'fm': 1.0, 'gamma': 1.0, 'jaccard': 1.0}
    """
    p = np.asarray(p, dtype=np.float64)
    both = float(np.sum(p * p))
    same_class = float(np.sum(p.sum(axis=1) ** 2))
    same_cluster = float(np.sum(p.sum(axis=0) ** 2))
    a01, a10 = same_class - both, same_cluster - both
    a11 = 1.0 - both - a01 - a10
    product = same_class * same_cluster
    return {
        "ri": both + a11,
        "fm": both / math.sqrt(product),
        "gamma": (both - product)
        / math.sqrt(product * (1.0 - same_class) * (1.0 - same_cluster)),
        "jaccard": both / (both + a01 + a10),
    }


def family_measures(p: np.ndarray, n: int = 500) -> dict[str, float]:
    """The six measures of Section 7 for one member of the family, in DOM_MEASURES order.

    Hamming (eq. 23) and Q2 (eq. 18) come from metrics, on the expected table H = n p.

    Parameters
    ----------
    p : ndarray of shape (|C|, |K|)
        A member of the family (`dom_family`).
    n : int, default=500
        Number of objects of the expected table.

    Returns
    -------
    dict
        Measure key -> value, keys in ``DOM_MEASURES`` order.

    Examples
    --------
    >>> values = family_measures(dom_family(5, 5, 0, 0.0, 0.0))
    >>> [round(values[m], 12) for m in ("ri", "fm", "jaccard", "hamming")]
    [1.0, 1.0, 1.0, 1.0]
    """
    table = n * np.asarray(p, dtype=np.float64)
    values = expected_pair_measures(p)
    values["hamming"] = normalized_hamming(contingency=table)
    values["q2"] = dom_q2(contingency=table)
    return {m: values[m] for m in DOM_MEASURES}


def _tidy(rows: list[dict], parameter: str) -> pd.DataFrame:
    df = pd.DataFrame(rows).melt(id_vars=[parameter], var_name="measure", value_name="mean")
    df["std"] = 0.0  # expected values: no sampling spread
    span = df.groupby("measure")["mean"].transform(lambda v: v.max() - v.min())
    low = df.groupby("measure")["mean"].transform("min")
    df["normalized"] = np.where(span > 0, (df["mean"] - low) / span.where(span > 0, 1), 1.0)
    return df


def eps1_sweep(
    n_classes: int = 5, n: int = 500, eps1: Sequence[float] = tuple(np.linspace(0, 0.8, 17)),
    random_state: int | None = None, progress: Progress | None = None,
) -> pd.DataFrame:
    """Fig. 1: |C| = |K| = |K_u| = 5, no noise, eps1 over [0, 0.8].

    Parameters
    ----------
    n_classes : int, default=5
    n : int, default=500
    eps1 : sequence of float
        The values of eps1.
    random_state : None
        Unused (the values are expectations); accepted for the registry's uniform call.
    progress : callable, optional
        ``progress(fraction_done, message)``.

    Returns
    -------
    DataFrame
        Columns ``eps1, measure, mean, std, normalized`` (``normalized``: rescaled to [0, 1]
        over the sweep, the paper's panel b).

    Examples
    --------
    >>> df = eps1_sweep(eps1=(0.0, 0.4, 0.8))
    >>> q2 = df[df["measure"] == "q2"]["mean"].tolist()
    >>> q2[0] > q2[1] > q2[2]   # every measure falls with eps1
    True
    """
    rows = [{"eps1": float(e), **family_measures(dom_family(n_classes, n_classes, 0, e, 0.0), n)}
            for e in eps1]
    report(progress, 1.0, "done")
    return _tidy(rows, "eps1")


def useful_sweep(
    n_classes: int = 6, n: int = 500, useful: Sequence[int] = tuple(range(6, 61)),
    random_state: int | None = None, progress: Progress | None = None,
) -> pd.DataFrame:
    """Fig. 2: |C| = 6, no noise, eps1 = eps2 = 0, |K_u| from 6 to 60.

    Parameters
    ----------
    n_classes : int, default=6
    n : int, default=500
    useful : sequence of int
        The values of |K_u|.
    random_state : None
        Unused (the values are expectations).
    progress : callable, optional

    Returns
    -------
    DataFrame
        Columns ``K_u, measure, mean, std, normalized``.

    Examples
    --------
    >>> df = useful_sweep(useful=(6, 12))
    >>> df[df["K_u"] == 6]["mean"].round(12).unique().tolist()   # |K_u| = |C|: all perfect
    [1.0]
    """
    rows = [{"K_u": int(k), **family_measures(dom_family(n_classes, int(k), 0, 0.0, 0.0), n)}
            for k in useful]
    report(progress, 1.0, "done")
    return _tidy(rows, "K_u")


def parameter_grid(
    n_classes: int = GRID["n_classes"], n: int = GRID["n"],
    useful: Sequence[int] = GRID["useful"], noise: Sequence[int] = GRID["noise"],
    eps1: Sequence[float] = GRID["eps1"], eps2: Sequence[float] = GRID["eps2"],
) -> pd.DataFrame:
    """Every meaningful combination of Section 7.2.1 (760 with the paper's values), wide.

    Parameters
    ----------
    n_classes, n : int
        |C| and the number of objects.
    useful, noise : sequence of int
        Values of |K_u| and |K_n|.
    eps1, eps2 : sequence of float
        Values of the error masses.

    Returns
    -------
    DataFrame
        Columns ``K_u, K_n, eps1, eps2`` and one column per measure.

    Examples
    --------
    >>> len(parameter_grid())   # the paper's 760 (Sec. 7.2.1)
    760
    """
    rows = []
    for k_u, k_n, e1, e2 in itertools.product(useful, noise, eps1, eps2):
        if (k_n == 0) != (e2 == 0):
            continue
        p = dom_family(n_classes, k_u, k_n, e1, e2)
        rows.append({"K_u": k_u, "K_n": k_n, "eps1": e1, "eps2": e2, **family_measures(p, n)})
    return pd.DataFrame(rows)


def rank_comparison(
    n_classes: int = GRID["n_classes"], n: int = GRID["n"],
    useful: Sequence[int] = GRID["useful"], noise: Sequence[int] = GRID["noise"],
    random_state: int | None = None, progress: Progress | None = None,
) -> pd.DataFrame:
    """Figs. 3-7: rank of each measure against Q2's rank over the meaningful combinations.

    Ranks are 1 for the best (largest) value, ties averaged.

    Parameters
    ----------
    n_classes, n : int
    useful, noise : sequence of int
    random_state : None
        Unused.
    progress : callable, optional

    Returns
    -------
    DataFrame
        Columns ``K_u, K_n, eps1, eps2, measure, value, rank, value_q2, rank_q2``.

    Examples
    --------
    >>> df = rank_comparison(useful=(5, 6), noise=(0,))
    >>> sorted(df["measure"].unique())
    ['fm', 'gamma', 'hamming', 'jaccard', 'ri']
    """
    grid = parameter_grid(n_classes, n, useful, noise)
    report(progress, 0.8, "ranks")
    keys = ["K_u", "K_n", "eps1", "eps2"]
    q2 = grid["q2"]
    parts = []
    for m in DOM_MEASURES[:-1]:
        parts.append(grid[keys].assign(
            measure=m, value=grid[m], rank=grid[m].rank(ascending=False),
            value_q2=q2, rank_q2=q2.rank(ascending=False),
        ))
    report(progress, 1.0, "done")
    return pd.concat(parts, ignore_index=True)


def _failed_sequences(keys: np.ndarray, along: np.ndarray, values: np.ndarray,
                      turn: float | None) -> tuple[int, int]:
    """How many sequences break their strict direction, and how many sequences there are.

    A sequence is the rows sharing ``keys``, ordered by ``along``; it is counted when it has
    at least two rows. It must fall strictly at every step, or, when ``turn`` is given, rise
    strictly at the steps that start below ``turn`` and fall from ``turn`` on. One lexsort
    of all rows replaces a pandas sort per sequence (626 sequences, most of the Dom 2001
    page's time).
    """
    order = np.lexsort((along, *keys.T[::-1]))
    keys, along, values = keys[order], along[order], values[order]
    same = np.all(keys[1:] == keys[:-1], axis=1)  # step i joins rows i and i + 1 of a sequence
    group = np.cumsum(np.r_[True, ~same]) - 1  # the sequence of each row
    sizes = np.bincount(group)
    steps = np.diff(values)
    down = np.ones(len(steps), bool) if turn is None else along[:-1] >= turn
    broken = same & np.where(down, steps >= 0, steps <= 0)
    return int(np.unique(group[:-1][broken]).size), int(np.sum(sizes > 1))


def property_failures(
    n_classes: int = GRID["n_classes"], n: int = GRID["n"],
    useful: Sequence[int] = GRID["useful"], noise: Sequence[int] = GRID["noise"],
    random_state: int | None = None, progress: Progress | None = None,
) -> pd.DataFrame:
    """Table 5 and Section 7.2.2: failures of P1-P5 per measure, one per failing sequence.

    - P1P2: along |K_u| for each (|K_n|, eps1, eps2): strict rise up to |K_u| = |C| (P1),
      strict fall from |C| on (P2);
    - P3: along |K_n| = 1..6 for each (|K_u|, eps1, eps2 > 0): strict fall (120 sequences);
    - P4: along eps1 for each (|K_u|, |K_n|, eps2): strict fall (|K_u| = 1 is not in the grid);
    - P5: along eps2 > 0 for each (|K_u|, |K_n| > 0, eps1): strict fall.

    Parameters
    ----------
    n_classes, n : int
    useful, noise : sequence of int
    random_state : None
        Unused.
    progress : callable, optional

    Returns
    -------
    DataFrame
        Columns ``property, measure, failures, sequences, published``.

    Examples
    --------
    >>> table = property_failures().set_index(["property", "measure"])
    >>> int(table.loc[("P3", "ri"), "failures"]), int(table.loc[("P3", "ri"), "published"])
    (120, 120)
    """
    flat = parameter_grid(n_classes, n, useful, noise)
    report(progress, 0.7, "properties")
    groups = {
        "P1P2": ("K_u", ["K_n", "eps1", "eps2"]),
        "P3": ("K_n", ["K_u", "eps1", "eps2"]),
        "P4": ("eps1", ["K_u", "K_n", "eps2"]),
        "P5": ("eps2", ["K_u", "K_n", "eps1"]),
    }
    rows = []
    for prop, (along, fixed) in groups.items():
        data = flat[flat["K_n"] > 0] if prop in ("P3", "P5") else flat
        keys, x = data[fixed].to_numpy(dtype=np.float64), data[along].to_numpy(np.float64)
        turn = n_classes if prop == "P1P2" else None
        for m in DOM_MEASURES:
            failures, sequences = _failed_sequences(keys, x, data[m].to_numpy(), turn)
            rows.append((prop, m, failures, sequences, PAPER_FAILURES[prop][m]))
    report(progress, 1.0, "done")
    return pd.DataFrame(rows, columns=["property", "measure", "failures", "sequences",
                                       "published"])


_FAMILY = (
    "Measures on the expected data of Dom's family p(c, k): Q2 and Hamming on H = n p, the "
    "pair-counting measures on the Appendix A expected pair counts."
)
register(Experiment(
    name="dom2001-fig1", title="External measures as the error eps1 grows (|C| = |K_u| = 5)",
    paper="Dom 2001, Fig. 1", description=_FAMILY + " Every measure falls with eps1.",
    presets={"paper": dict(n_classes=5, n=500, eps1=tuple(np.round(np.linspace(0, .8, 33), 3))),
             "quick": dict(n_classes=5, n=500, eps1=tuple(np.round(np.linspace(0, .8, 9), 3)))},
    run=eps1_sweep, figure="lines", options={"x": "eps1"},
    stand_in_for="n and the eps1 grid, which Fig. 1 does not give",
    differs="|C| = |K_u| = 5, no noise and eps1 over [0, 0.8] are the paper's; n = 500 (the "
            "paper's n of Sec. 7.2 only) and 33 evenly spaced eps1 are our choices.",
    seeded=False,
))
register(Experiment(
    name="dom2001-fig2", title="External measures as the useful clusters grow (|C| = 6)",
    paper="Dom 2001, Fig. 2", description=_FAMILY + " Every measure falls from 1 with |K_u|.",
    presets={"paper": dict(n_classes=6, n=500, useful=tuple(range(6, 61))),
             "quick": dict(n_classes=6, n=500, useful=tuple(range(6, 61, 6)))},
    run=useful_sweep, figure="lines", options={"x": "K_u"},
    stand_in_for="n, which Fig. 2 does not give",
    differs="|C| = 6, no noise, eps1 = eps2 = 0 and |K_u| = 6..60 are the paper's; n = 500 "
            "(the paper's n of Sec. 7.2 only) is our choice.",
    seeded=False,
))
register(Experiment(
    name="dom2001-ranks", title="Rank of each measure against Q2's rank over the family",
    paper="Dom 2001, Figs. 3-7",
    description=_FAMILY + " The 760 meaningful combinations of Section 7.2.1 (|C| = 5, "
    "n = 500); each measure ranks them differently from Q2.",
    presets={"paper": dict(n_classes=5, n=500, useful=GRID["useful"], noise=GRID["noise"]),
             "quick": dict(n_classes=5, n=500, useful=GRID["useful"], noise=GRID["noise"])},
    run=rank_comparison, figure="scatter", options={"x": "rank_q2", "y": "rank"},
    seeded=False,
))
register(Experiment(
    name="dom2001-table5", title="Failures of the desirable properties P1-P5 per measure",
    paper="Dom 2001, Section 7.2.2 and Table 5",
    description=_FAMILY + " Strict inequalities, one failure per sequence; ours beside the "
    "paper's counts. P5 for Rand: 28 here (24 at |K_u| = 2, 4 at |K_u| = 3) against the "
    "paper's 29 with 4 at |K_u| = 3; at |K_u| = 2 there are only 24 eps2-sequences "
    "(|K_n| = 1..6 x 4 eps1), so one failure per sequence cannot reach 25 there.",
    presets={"paper": dict(n_classes=5, n=500, useful=GRID["useful"], noise=GRID["noise"]),
             "quick": dict(n_classes=5, n=500, useful=GRID["useful"], noise=GRID["noise"])},
    run=property_failures, figure="failures",
    seeded=False,
))
