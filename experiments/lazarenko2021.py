"""Lazarenko & Bonald, "Pairwise adjusted mutual information", Section 5.

Both adjustments are unnormalised, as in the paper (its Remark 1): the full one is
``s(A, B) = I(A, B) - E[I]`` under the permutation model (eq. 6), the pairwise one is
``s_p(A, B)`` of Theorem 1 (metrics' ``pami``). The paper's Figure 1(b) plots half of
Theorem 1 (the authors' notebook divides by 2: see papers/README.md); we plot Theorem 1.

- Fig. 1: s and s_p between A(10) and A(s), s = 1..100, n = 100 (A(s): consecutive blocks of s).
- Table 1: how often both adjustments order two comparisons A-B, A-C alike (eq. 8), for
  random clusterings drawn with random cluster probabilities (p proportional to uniforms).
- Fig. 2: time per similarity against n, up to 1e7.
- Fig. 3: Spearman correlation of the two adjustments over the clusterings that the
  registry's algorithms produce on each of ClusterLab's labelled datasets.
"""

from __future__ import annotations

import time
import warnings
from collections.abc import Sequence

import numpy as np
import pandas as pd
from scipy.stats import spearmanr

from experiments.engine import spawn_generators
from experiments.registry import Experiment, Progress, register, report
from metrics import (
    adjusted_mutual_information,
    contingency_table,
    expected_mutual_information,
    mutual_information,
    pairwise_adjusted_mutual_information,
)
from metrics.batch import EMICache, batch_contingency, batch_expected_mi, batch_measures
from metrics.validation import check_integer

__all__ = [
    "PUBLISHED_TABLE1",
    "block_clustering",
    "block_similarities",
    "random_probability_labels",
    "ranking_precision",
    "real_data_agreement",
    "timing",
]

#: Table 1 of the paper: (n, k) -> (mean, std) precision over 100 repetitions.
PUBLISHED_TABLE1 = {
    (100, 2): (0.972, 0.004), (100, 5): (0.952, 0.007), (100, 10): (0.943, 0.006),
    (100, 20): (0.955, 0.008), (500, 20): (0.936, 0.007), (1000, 20): (0.933, 0.006),
    (1000, 50): (0.949, 0.008),
}


def block_clustering(n: int, s: int) -> np.ndarray:
    """A(s): consecutive samples in clusters of size s (the last one possibly smaller).

    Parameters
    ----------
    n : int
        Number of samples.
    s : int
        Block size, in [1, n].

    Returns
    -------
    ndarray of int, shape (n,)

    Raises
    ------
    ValueError
        When s is outside [1, n].

    Examples
    --------
    >>> block_clustering(7, 3)
    array([0, 0, 0, 1, 1, 1, 2])
    """
    check_integer(n, "n", 1)
    check_integer(s, "s", 1, n)
    return np.arange(n) // s


def block_similarities(
    n: int = 100, reference: int = 10, sizes: Sequence[int] = tuple(range(1, 101)),
    random_state: int | None = None, progress: Progress | None = None,
) -> pd.DataFrame:
    """Fig. 1: full and pairwise adjusted MI of A(reference) against A(s) for each s.

    Parameters
    ----------
    n : int, default=100
    reference : int, default=10
        Block size of A(reference).
    sizes : sequence of int
        The block sizes s of the compared clusterings.
    random_state : None
        Unused (the values are exact).
    progress : callable, optional

    Returns
    -------
    DataFrame
        Columns ``s, adjustment (full, pairwise), measure, mean, std`` (``mean`` is the value,
        exact; ``std`` is 0).

    Examples
    --------
    >>> df = block_similarities(sizes=(1, 10, 100))
    >>> df.pivot(index="s", columns="adjustment", values="mean").idxmax().tolist()
    [10, 10]

    Both adjustments peak where A(s) equals the reference (s = 10), as in the paper's Fig. 1.
    """
    a = block_clustering(n, reference)
    rows = []
    for i, s in enumerate(sizes):
        ct = contingency_table(a, block_clustering(n, int(s)))
        full = mutual_information(contingency=ct) - expected_mutual_information(contingency=ct)
        pairwise = pairwise_adjusted_mutual_information(contingency=ct)
        rows += [(int(s), "full", "mi_minus_emi", full), (int(s), "pairwise", "pami", pairwise)]
        report(progress, (i + 1) / len(sizes), f"s = {s}")
    df = pd.DataFrame(rows, columns=["s", "adjustment", "measure", "mean"])
    return df.assign(std=0.0)


# Up to this many labels, counting thresholds beats a search per row (measured with 300 rows
# of 1,000 samples, counting in int8: 2.2x quicker at k = 20, 1.2x at k = 50). At most 127
# thresholds fit the int8 count.
_COUNTED_THRESHOLDS = 64


def random_probability_labels(
    n: int, k: int, size: int, rng: np.random.Generator
) -> np.ndarray:
    """``size`` labelings: each with p proportional to k uniforms, samples i.i.d. from p.

    The generator of the paper's Table 1 (footnote 3).

    Parameters
    ----------
    n : int
        Samples per labeling.
    k : int
        Number of possible labels.
    size : int
        Number of labelings.
    rng : numpy Generator

    Returns
    -------
    ndarray of int32, shape (size, n)
        Labels in [0, k).

    Examples
    --------
    >>> import numpy as np
    >>> labels = random_probability_labels(50, 4, 3, np.random.default_rng(0))
    >>> labels.shape, int(labels.min()) >= 0, int(labels.max()) <= 3
    ((3, 50), True, True)
    """
    cdf = np.cumsum(rng.random((size, k)), axis=1)
    cdf /= cdf[:, -1:]
    cdf[:, -1] = 1.0
    # Row r's thresholds and draws are shifted by r (the draws of earlier versions, which
    # searched all rows at once); a search within the row's k thresholds is shorter.
    shift = np.arange(size, dtype=np.float64)[:, None]
    u = rng.random((size, n)) + shift
    cdf += shift
    if k <= _COUNTED_THRESHOLDS:
        # searchsorted(cdf[r], u[r], side="right") counts row r's thresholds <= u: counted
        # for all rows at once, one array pass per threshold (no Python loop over rows). The
        # last threshold only decides between k - 1 and k, which is clipped to k - 1 anyway.
        # One reused comparison buffer and a one-byte count move a quarter of the bytes.
        labels = np.zeros((size, n), dtype=np.int8)
        below = np.empty((size, n), dtype=bool)
        for t in range(k - 1):
            np.less_equal(cdf[:, t : t + 1], u, out=below)
            labels += below.view(np.int8)
        return labels.astype(np.int32)
    labels = np.empty((size, n), dtype=np.int64)
    for r in range(size):
        labels[r] = np.searchsorted(cdf[r], u[r], side="right")
    return np.minimum(labels, k - 1).astype(np.int32)


def _precision(n, k, n_triplets, rng, cache):
    a, b, c = (random_probability_labels(n, k, n_triplets, rng) for _ in range(3))
    scores = []
    for other in (b, c):
        tables = batch_contingency(a, other, k, k)
        mi, pami = (batch_measures(tables, ["mi", "pami"], cache=cache)[m] for m in ("mi", "pami"))
        scores.append((mi - batch_expected_mi(tables, cache), pami))
    (full_b, pair_b), (full_c, pair_c) = scores
    return float(np.mean((full_b - full_c) * (pair_b - pair_c) >= 0))


def ranking_precision(
    settings: Sequence[tuple[int, int]] = tuple(PUBLISHED_TABLE1),
    n_triplets: int = 1000, n_repeats: int = 100,
    random_state: int | np.random.Generator | None = 0, progress: Progress | None = None,
) -> pd.DataFrame:
    """Table 1: fraction of triplets (A, B, C) where both adjustments order B and C alike.

    Eq. (8): ``(s(A,B) - s(A,C)) (s_p(A,B) - s_p(A,C)) >= 0``, over ``n_triplets`` triplets,
    repeated ``n_repeats`` times.

    Parameters
    ----------
    settings : sequence of (n, k)
        Default: the paper's seven settings.
    n_triplets : int, default=1000
    n_repeats : int, default=100
    random_state : int or Generator, default=0
    progress : callable, optional

    Returns
    -------
    DataFrame
        Columns ``n, k, precision, precision_std, published, published_std, setting``.

    Raises
    ------
    ValueError
        When ``n_triplets`` or ``n_repeats`` is below 1.

    Examples
    --------
    >>> df = ranking_precision(settings=[(100, 2)], n_triplets=200, n_repeats=2)
    >>> bool(abs(df["precision"][0] - df["published"][0]) < 0.05)   # the paper: 0.972
    True
    """
    check_integer(n_triplets, "n_triplets", 1)
    check_integer(n_repeats, "n_repeats", 1)
    rows = []
    rngs = spawn_generators(random_state, len(settings))
    for i, (n, k) in enumerate(settings):
        report(progress, i / len(settings), f"n = {n}, k = {k}")
        cache = EMICache()
        values = [_precision(int(n), int(k), n_triplets, rngs[i], cache)
                  for _ in range(n_repeats)]
        published = PUBLISHED_TABLE1.get((int(n), int(k)), (np.nan, np.nan))
        rows.append((int(n), int(k), float(np.mean(values)), float(np.std(values)),
                     *published))
    report(progress, 1.0, "done")
    df = pd.DataFrame(rows, columns=["n", "k", "precision", "precision_std", "published",
                                     "published_std"])
    return df.assign(setting=[f"n={n}, k={k}" for n, k in zip(df["n"], df["k"], strict=True)])


def _time(function, repeats):
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        function()
        times.append(time.perf_counter() - start)
    return float(np.mean(times)), float(np.std(times))


def timing(
    ns: Sequence[int] = tuple(int(10 ** e) for e in range(2, 8)), k: int = 10,
    n_repeats: int = 5, sklearn_max_n: int = 1_000_000,
    random_state: int | np.random.Generator | None = 0, progress: Progress | None = None,
) -> pd.DataFrame:
    """Fig. 2: seconds per similarity of A (k equal clusters) and a random B, against n.

    Three methods: metrics' AMI (full adjustment), metrics' pairwise adjusted MI, both from
    the contingency table (the table is rebuilt each call, so nothing is cached), and
    scikit-learn's ``adjusted_mutual_info_score`` from the labels (as in the paper), up to
    ``sklearn_max_n``.

    Parameters
    ----------
    ns : sequence of int
        Numbers of samples.
    k : int, default=10
    n_repeats : int, default=5
    sklearn_max_n : int, default=1,000,000
        Largest n timed with scikit-learn.
    random_state : int or Generator, default=0
    progress : callable, optional

    Returns
    -------
    DataFrame
        Columns ``n, method, mean, std`` (seconds).

    Examples
    --------
    >>> df = timing(ns=(100,), n_repeats=1)
    >>> sorted(df["method"])
    ['ami (full, metrics)', 'ami (full, scikit-learn)', 'pami (pairwise, metrics)']
    """
    from sklearn.metrics import adjusted_mutual_info_score

    rng = spawn_generators(random_state, 1)[0]
    rows = []
    for i, n in enumerate(ns):
        n = int(n)
        report(progress, i / len(ns), f"n = {n}")
        a = (np.arange(n) * k // n).astype(np.int32)
        b = random_probability_labels(n, k, 1, rng)[0]
        table = batch_contingency(a, b[None], k, k)[0]
        methods = {
            "ami (full, metrics)": lambda t=table: adjusted_mutual_information(contingency=t),
            "pami (pairwise, metrics)":
                lambda t=table: pairwise_adjusted_mutual_information(contingency=t),
        }
        if n <= sklearn_max_n:
            methods["ami (full, scikit-learn)"] = (
                lambda a=a, b=b: adjusted_mutual_info_score(a, b)
            )
        for method, function in methods.items():
            rows.append((n, method, *_time(function, n_repeats)))
    report(progress, 1.0, "done")
    return pd.DataFrame(rows, columns=["n", "method", "mean", "std"])


def real_data_agreement(
    datasets: Sequence[str] = ("iris", "wine", "breast_cancer", "digits", "blobs", "moons"),
    algorithms: Sequence[str] | None = None,
    random_state: int | None = 0, progress: Progress | None = None,
) -> pd.DataFrame:
    """Fig. 3: Spearman correlation of full and pairwise adjusted MI with the ground truth.

    Each algorithm of the clustering registry (default parameters) clusters each dataset;
    both adjustments score every clustering against the labels; the correlation of the two
    scorings over the algorithms is reported per dataset, with the time ratio of the two.

    Parameters
    ----------
    datasets : sequence of str
        Keys of ``datasets.DATASETS``.
    algorithms : sequence of str, optional
        Keys of ``clustering.ALGORITHMS`` (default: all).
    random_state : int, default=0
    progress : callable, optional

    Returns
    -------
    DataFrame
        Columns ``dataset, n, algorithms, spearman, speedup``.

    Examples
    --------
    >>> df = real_data_agreement(datasets=("iris",), algorithms=("kmeans", "dbscan", "birch"))
    >>> df[["dataset", "n", "algorithms"]].values.tolist()
    [['iris', 150, 3]]
    """
    from clustering import ALGORITHMS, run
    from datasets import load

    names = list(algorithms) if algorithms is not None else list(ALGORITHMS)
    rows = []
    for i, name in enumerate(datasets):
        report(progress, i / len(datasets), f"dataset {name}")
        data = load(name, random_state=random_state)
        full, pairwise, t_full, t_pair = [], [], 0.0, 0.0
        for algorithm in names:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                labels = run(algorithm, data.X, random_state=random_state).labels
            table = contingency_table(data.y, labels).toarray()
            start = time.perf_counter()
            full.append(mutual_information(contingency=table)
                        - expected_mutual_information(contingency=table))
            t_full += time.perf_counter() - start
            start = time.perf_counter()
            pairwise.append(pairwise_adjusted_mutual_information(contingency=table))
            t_pair += time.perf_counter() - start
        rho = spearmanr(full, pairwise).statistic if len(set(full)) > 1 else np.nan
        rows.append((name, len(data.y), len(names), float(rho), t_full / max(t_pair, 1e-12)))
    report(progress, 1.0, "done")
    return pd.DataFrame(rows, columns=["dataset", "n", "algorithms", "spearman", "speedup"])


_ADJ = ("Full adjustment: I - E[I] (permutation model); pairwise: Theorem 1. Both "
        "unnormalised, as in the paper.")
register(Experiment(
    name="lazarenko2021-fig1", title="Full vs pairwise adjusted MI of A(10) against A(s)",
    paper="Lazarenko & Bonald, Fig. 1",
    description=_ADJ + " n = 100; both peak at s = 10, vanish at s = 1 and 100 and have local "
    "peaks at s = 5, 20, 30, ... The paper's panel (b) shows half of Theorem 1.",
    presets={"paper": dict(n=100, reference=10, sizes=tuple(range(1, 101))),
             "quick": dict(n=100, reference=10, sizes=tuple(range(1, 101)))},
    run=block_similarities, figure="lines", options={"x": "s", "facet": ["adjustment"],
                                                     "band": False},
    seeded=False,
))
register(Experiment(
    name="lazarenko2021-table1",
    title="Precision of ranking agreement between full and pairwise adjusted MI",
    paper="Lazarenko & Bonald, Table 1",
    description=_ADJ + " Random clusterings with p proportional to uniforms; eq. (8) over "
    "triplets; mean and std over repetitions, beside the published values.",
    presets={"paper": dict(settings=tuple(PUBLISHED_TABLE1), n_triplets=1000, n_repeats=100),
             "quick": dict(settings=tuple(PUBLISHED_TABLE1), n_triplets=300, n_repeats=4)},
    run=ranking_precision, figure="bars",
    options={"x": "setting", "y": "precision", "error": "precision_std",
             "published": "published"},
))
register(Experiment(
    name="lazarenko2021-fig2", title="Time per similarity against n: full vs pairwise",
    paper="Lazarenko & Bonald, Fig. 2",
    description="A: 10 equal clusters, B: random. Full adjustment (metrics and scikit-learn) "
    "grows with n; the pairwise one, given the table, does not.",
    presets={"paper": dict(ns=tuple(int(10 ** e) for e in range(2, 8)), k=10, n_repeats=5,
                           sklearn_max_n=1_000_000),
             "quick": dict(ns=(100, 1000, 10_000), k=10, n_repeats=2, sklearn_max_n=10_000)},
    stand_in_for="the paper's timing runs",
    differs="n = 1e2..1e7 and k = 10 are the paper's; 5 repeats per n (the paper does not "
            "say) and scikit-learn timed only up to n = 1e6 (its full adjustment takes "
            "minutes at 1e7) are ours.",
    run=timing, figure="timing",
))
register(Experiment(
    name="lazarenko2021-fig3",
    title="Spearman correlation of full and pairwise adjusted MI on real data",
    paper="Lazarenko & Bonald, Fig. 3",
    description="Each dataset clustered by each algorithm; the Spearman correlation of the "
    "full and pairwise AMI of those clusterings with the classes. The paper preset takes "
    "minutes (clustering the digits nine ways).",
    presets={"paper": dict(datasets=("iris", "wine", "breast_cancer", "digits", "blobs",
                                     "moons", "circles", "anisotropic", "varied_variance"),
                           algorithms=None),
             "quick": dict(datasets=("iris", "wine"), algorithms=("kmeans", "gmm", "birch",
                                                                  "dbscan"))},
    stand_in_for="the 79 benchmark datasets",
    differs="ClusterLab's nine labelled datasets (105 to 105,600 samples in the paper; "
            "150 to 1,797 here) and every algorithm of our registry with its default "
            "parameters (the paper: ten scikit-learn algorithms).",
    run=real_data_agreement, figure="bars",
    options={"x": "dataset", "y": "spearman"},
))
