"""The batch engine (private; its public names are :mod:`metrics.batch`): many contingency
tables of the same n, their measures at once.

A figure such as Vinh et al. (2009) Fig. 1 compares 10,000 random clusterings per K with one
reference, and the Consensus Index (Vinh et al. 2009, Sec. 3) averages a measure over all
B (B - 1) / 2 pairs of B clusterings. A loop of scalar calls spends nearly all its time in
Python overhead; here

- the ``B`` contingency tables of a batch come from one ``bincount`` over the combined codes
  ``b * (R * C) + row * C + col``,
- RI, ARI, MI, NMI and AMI are computed over the ``(B, R, C)`` stack with array operations,
- the expected mutual information (Vinh et al. 2009, eq. 24a) is a weighted sum of terms
  ``e(n, a, b)``, one per pair of cluster sizes: each term is computed once per run, all
  missing ones together by metrics' kernel (:func:`metrics._emi_kernel.emi_terms`, the one
  behind :func:`metrics.expected_mutual_information`), and gathered per table
  (:class:`EMICache`);
- under the random models "num" and "all" (Gates & Ahn 2017) a random side enters only
  through a short key (its number of clusters, or nothing): the model's expected size
  counts, pair probability and entropy bound (from :data:`metrics.RANDOM_MODELS`) are looked
  up once per key, and the sums over sizes are again gathered from the same term cache.

Every batch measure equals metrics' scalar function on the same table to about 1e-12 (the
test suite checks all of them, under every model, one- and two-sided).
Any other registered measure is computed table by table through :func:`metrics.compare`.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence

import numpy as np

from metrics._docstring import fill_doc
from metrics._emi_kernel import emi_terms
from metrics.information import AMI_NORMALIZATIONS, NORMALIZATIONS, normalizer
from metrics.model_registry import model_sides
from metrics.random_models import PermutationModel, RandomModel
from metrics.registry import MEASURES, compare

__all__ = [
    "BATCH_MEASURES",
    "EMICache",
    "batch_contingency",
    "batch_expected_mi",
    "batch_measures",
    "check_measures",
]

#: Measures computed over a whole batch with array operations (the others go through compare).
BATCH_MEASURES = (
    "ri",
    "ari",
    "mi",
    *(f"nmi_{name}" for name in NORMALIZATIONS),
    *(f"ami_{name}" for name in AMI_NORMALIZATIONS),
    "pami",
)


def batch_contingency(
    labels_true: np.ndarray, labels_pred: np.ndarray, k_true: int, k_pred: int
) -> np.ndarray:
    """Contingency tables of a batch of labeling pairs, by one ``bincount``.

    Parameters
    ----------
    labels_true : ndarray of shape (n,) or (B, n)
        Integer labels in ``[0, k_true)``; a single row is shared by the whole batch.
    labels_pred : ndarray of shape (B, n)
        Integer labels in ``[0, k_pred)``.

    Returns
    -------
    ndarray of shape (B, k_true, k_pred), int64
        ``table[b, i, j]`` counts the samples with label i in row b of labels_true and j in
        row b of labels_pred. Empty rows or columns are kept (they are clusters of size 0).

    Raises
    ------
    ValueError
        If the shapes do not fit together.

    Examples
    --------
    >>> import numpy as np
    >>> tables = batch_contingency(np.array([0, 0, 1]), np.array([[0, 1, 1], [1, 1, 0]]), 2, 2)
    >>> tables.tolist()
    [[[1, 1], [0, 1]], [[0, 2], [1, 0]]]
    """
    labels_pred = np.asarray(labels_pred)
    labels_true = np.asarray(labels_true)
    if labels_pred.ndim != 2 or labels_true.ndim not in (1, 2):
        raise ValueError("labels_pred must be (B, n) and labels_true (n,) or (B, n).")
    batch, n = labels_pred.shape
    if labels_true.shape[-1] != n:
        raise ValueError(f"labels_true has {labels_true.shape[-1]} samples, labels_pred {n}.")
    cells = k_true * k_pred
    offsets = (np.arange(batch, dtype=np.int64) * cells)[:, None]
    codes = labels_true.astype(np.int64) * k_pred + labels_pred + offsets
    return np.bincount(codes.ravel(), minlength=batch * cells).reshape(batch, k_true, k_pred)


class EMICache:
    """Expected-MI terms under the permutation model, computed once per ``(n, a, b)``.

    EMI (Vinh et al. 2009, eq. 24a) is ``sum_i sum_j e(n, a_i, b_j)`` with ``e`` the
    hypergeometric expectation of ``(k/n) log(n k / (a b))`` for one pair of clusters: tables
    sharing ``n`` share almost all their terms, and the missing ones are computed together
    by metrics' kernel :func:`metrics._emi_kernel.emi_terms`.
    One cache serves every ``n``; pass it to several calls of :func:`batch_measures` to share
    the terms.

    Parameters
    ----------
    None: the cache starts empty.

    Examples
    --------
    >>> import numpy as np
    >>> cache = EMICache()
    >>> round(float(cache.emi(4, np.array([[2, 2]]), np.array([[2, 2]]))[0]), 6)
    0.231049
    """

    #: Largest n with a dense (n + 1) x (n + 1) table of terms (8 MB at the limit).
    DENSE_LIMIT = 1000

    def __init__(self) -> None:
        self._tables: dict[int, np.ndarray] = {}
        self._sparse: dict[int, tuple[np.ndarray, np.ndarray]] = {}

    def terms(self, n: int, a: np.ndarray, b: np.ndarray) -> np.ndarray:
        """``e(n, a, b)`` elementwise (0 where a size is 0), in nats."""
        a, b = np.broadcast_arrays(np.asarray(a, dtype=np.int64), np.asarray(b, dtype=np.int64))
        if n > self.DENSE_LIMIT:
            return self._sparse_terms(n, a, b)
        table = self._tables.get(n)
        if table is None:
            table = np.full((n + 1, n + 1), np.nan)
            table[0, :] = 0.0
            table[:, 0] = 0.0
            self._tables[n] = table
        values = table[a, b]
        unknown = np.isnan(values)
        if unknown.any():  # only the pairs not met before: no pass over the whole table
            missing = np.unique(a[unknown] * (n + 1) + b[unknown])
            x, y = np.divmod(missing, n + 1)
            table[x, y] = table[y, x] = emi_terms(n, x, y)
            values[unknown] = table[a[unknown], b[unknown]]
        return values

    def _sparse_terms(self, n: int, a: np.ndarray, b: np.ndarray) -> np.ndarray:
        """Large n: known terms kept as sorted codes ``a (n + 1) + b`` and their values."""
        known, values = self._sparse.get(n, (np.empty(0, np.int64), np.empty(0)))
        wanted, inverse = np.unique(a * (n + 1) + b, return_inverse=True)
        where = np.minimum(np.searchsorted(known, wanted), max(known.size - 1, 0))
        found = known.size > 0 and known[where] == wanted
        new = wanted[~found] if known.size else wanted
        if new.size:
            x, y = np.divmod(new, n + 1)
            fresh = np.where((x == 0) | (y == 0), 0.0,
                             emi_terms(n, np.maximum(x, 1), np.maximum(y, 1)))
            order = np.argsort(np.concatenate([known, new]), kind="stable")
            known = np.concatenate([known, new])[order]
            values = np.concatenate([values, fresh])[order]
            self._sparse[n] = (known, values)
        return values[np.searchsorted(known, wanted)][inverse].reshape(a.shape)

    def emi(self, n: int, rows: np.ndarray, cols: np.ndarray) -> np.ndarray:
        """EMI of each table of a batch from its marginals ``rows (B, R)``, ``cols (B, C)``."""
        return self.terms(n, rows[:, :, None], cols[:, None, :]).sum(axis=(1, 2))


def batch_expected_mi(tables: np.ndarray, cache: EMICache | None = None) -> np.ndarray:
    """Expected MI under the permutation model (Vinh et al. 2009, eq. 24a) of each table of
    a stack, in nats (0 when a side has a single cluster).

    Parameters
    ----------
    tables : ndarray of shape (B, R, C)
        Contingency tables counting the same n samples.
    cache : EMICache, optional
        Terms computed by earlier calls (a new cache by default).

    Returns
    -------
    ndarray of shape (B,)

    Examples
    --------
    >>> import numpy as np
    >>> round(float(batch_expected_mi(np.array([[[1, 1], [1, 1]]]))[0]), 6)
    0.231049
    """
    tables = np.asarray(tables, dtype=np.int64)
    n = int(tables[0].sum())
    cache = cache if cache is not None else EMICache()
    return cache.emi(n, tables.sum(axis=2), tables.sum(axis=1))


def check_measures(measures: Iterable[str] | str) -> list[str]:
    """The measure keys, checked against :data:`metrics.MEASURES`.

    Parameters
    ----------
    measures : str or iterable of str
        One key or several.

    Returns
    -------
    list of str

    Raises
    ------
    ValueError
        If a key is unknown or none is given; the message lists the keys.

    Examples
    --------
    >>> check_measures("ari")
    ['ari']
    """
    names = [measures] if isinstance(measures, str) else list(measures)
    unknown = [m for m in names if m not in MEASURES]
    if unknown or not names:
        raise ValueError(
            f"unknown measure(s) {', '.join(map(repr, unknown)) or '(none given)'}: "
            f"use keys of metrics.MEASURES ({', '.join(MEASURES)})."
        )
    return names


@fill_doc
def batch_measures(
    tables: np.ndarray,
    measures: Sequence[str],
    *,
    random_model: str = "perm",
    one_sided: bool = False,
    cache: EMICache | None = None,
) -> dict[str, np.ndarray]:
    """Measures of every table of a ``(B, R, C)`` stack of contingency tables.

    The measures of :data:`BATCH_MEASURES` are computed with array operations and agree with
    metrics' scalar functions to rounding (the test suite checks this); any other key of
    :data:`metrics.MEASURES` is computed table by table with :func:`metrics.compare`.
    ``random_model`` and ``one_sided`` apply to the adjusted measures (ari, ami_*), as in
    metrics (Gates & Ahn 2017).

    Parameters
    ----------
    tables : ndarray of shape (B, R, C)
        Contingency tables counting the same n samples (empty rows and columns allowed).
    measures : sequence of str
        Keys of :data:`metrics.MEASURES`.
    %(random_model)s
    %(one_sided)s
    cache : EMICache, optional
        Expected-MI terms shared with other calls.

    Returns
    -------
    dict
        Measure key -> array of shape (B,).

    Raises
    ------
    ValueError
        Unknown measure or model, or tables that are not a non-empty stack of one n.

    Examples
    --------
    >>> import numpy as np
    >>> out = batch_measures(np.array([[[2, 0], [0, 2]], [[1, 1], [1, 1]]]), ["ri", "ari"])
    >>> out["ri"].round(4).tolist(), out["ari"].round(4).tolist()
    ([1.0, 0.3333], [1.0, -0.5])
    """
    names = check_measures(measures)
    models = model_sides(random_model, one_sided)  # resolved (and checked) once
    tables = np.asarray(tables, dtype=np.int64)
    if tables.ndim != 3 or tables.shape[0] == 0:
        raise ValueError(f"tables must be a non-empty (B, R, C) stack, got {tables.shape}.")
    stats = _Stats(tables)
    cache = cache if cache is not None else EMICache()
    out: dict[str, np.ndarray] = {}
    for name in names:
        if name == "ri":
            out[name] = stats.rand_index()
        elif name == "ari":
            out[name] = stats.adjusted_rand_index(*models)
        elif name == "mi":
            out[name] = stats.mi
        elif name.startswith("nmi_"):
            out[name] = stats.normalized_mi(name[4:])
        elif name == "pami":
            out[name] = stats.pairwise_adjusted_mi()
        elif name.startswith("ami_"):
            out[name] = stats.adjusted_mi(name[4:], *models, cache)
        else:
            options = {"random_model": random_model, "one_sided": one_sided}
            options = {k: v for k, v in options.items() if k in MEASURES[name].options}
            out[name] = np.array(
                [compare(contingency=t, measures=[name], **options)[name] for t in tables]
            )
    return out


class _Stats:
    """Quantities shared by the batch measures, each computed once."""

    def __init__(self, tables: np.ndarray) -> None:
        self.tables = tables
        self.rows = tables.sum(axis=2)
        self.cols = tables.sum(axis=1)
        n = self.rows.sum(axis=1)
        if not (n == n[0]).all() or n[0] < 1:
            raise ValueError("every table of a batch must count the same n >= 1 samples.")
        self.n = int(n[0])
        self.n_rows = (self.rows > 0).sum(axis=1)
        self.n_cols = (self.cols > 0).sum(axis=1)
        # Same partition: as many non-empty cells as clusters on each side.
        nonzero = (tables > 0).sum(axis=(1, 2))
        self.identity = (nonzero == self.n_rows) & (nonzero == self.n_cols)
        x = np.arange(self.n + 1, dtype=np.float64)
        with np.errstate(divide="ignore", invalid="ignore"):
            self.xlogx = np.where(x > 0, x * np.log(x), 0.0)
        self.h_true = _entropy(self.rows, self.n)
        self.h_pred = _entropy(self.cols, self.n)
        self._pairs: tuple | None = None
        self._sides: dict[tuple[RandomModel, RandomModel], tuple[_Side, _Side]] = {}
        self.mi = self._mutual_information()

    def _mutual_information(self) -> np.ndarray:
        """``(1/n) [sum n_ij log n_ij - sum a_i log a_i - sum b_j log b_j + n log n]``.

        Integer counts make ``x log x`` a table look-up, much faster than a log per cell.
        """
        xlogx = self.xlogx
        mi = (
            xlogx[self.tables].sum(axis=(1, 2))
            - xlogx[self.rows].sum(axis=1)
            - xlogx[self.cols].sum(axis=1)
            + xlogx[self.n]
        ) / self.n
        mi = np.maximum(mi, 0.0)
        # Exact in the cases metrics treats exactly: one cluster on a side, or one partition.
        mi[(self.n_rows == 1) | (self.n_cols == 1)] = 0.0
        mi[self.identity] = self.h_true[self.identity]
        return mi

    def pair_sums(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, float]:
        """``n11, sum_i C(a_i, 2), sum_j C(b_j, 2), C(n, 2)`` as floats (exact below 2**53)."""
        if self._pairs is None:
            choose2 = np.arange(self.n + 1, dtype=np.float64)
            choose2 = choose2 * (choose2 - 1.0) / 2.0
            self._pairs = (
                choose2[self.tables].sum(axis=(1, 2)),
                choose2[self.rows].sum(axis=1),
                choose2[self.cols].sum(axis=1),
                float(choose2[self.n]),
            )
        return self._pairs

    def rand_index(self) -> np.ndarray:
        n11, s_true, s_pred, total = self.pair_sums()
        if total == 0:
            return np.ones(len(self.tables))
        return (total + 2.0 * n11 - s_true - s_pred) / total

    def adjusted_rand_index(self, model_true: RandomModel, model_pred: RandomModel) -> np.ndarray:
        """``(RI - E[RI]) / (1 - E[RI])`` (Hubert & Arabie 1985; Gates & Ahn 2017)."""
        ri = self.rand_index()
        true_side, pred_side = self.sides(model_true, model_pred)
        expected = _expected_ri(true_side.q, pred_side.q)
        with np.errstate(divide="ignore", invalid="ignore"):
            ari = np.where(expected == 1.0, 0.0, (ri - expected) / (1.0 - expected))
        ari[ri == 1.0] = 1.0
        return ari

    def sides(self, model_true: RandomModel, model_pred: RandomModel) -> tuple[_Side, _Side]:
        """The two sides under their models (:func:`metrics.model_registry.model_sides`)."""
        key = (model_true, model_pred)
        if key not in self._sides:
            self._sides[key] = (
                _Side(self.rows, self.n, model_true, model_pred, self.h_true),
                _Side(self.cols, self.n, model_pred, model_pred, self.h_pred),
            )
        return self._sides[key]

    def pairwise_adjusted_mi(self) -> np.ndarray:
        """Pairwise adjusted MI, Theorem 1 of Lazarenko & Bonald, over every cell:

        ``(2/n^2) sum n_ij (n - a_i - b_j + n_ij) [f(n_ij) - f(n_ij - 1)]
        + (2/n^2) sum (a_i - n_ij)(b_j - n_ij) [f(n_ij) - f(n_ij + 1)]``, f(x) = (x/n) log(x/n).
        """
        n = self.n
        x = np.arange(-1, n + 2, dtype=np.float64) / n
        with np.errstate(divide="ignore", invalid="ignore"):
            f = np.where(x > 0, x * np.log(x), 0.0)
        lose_step, gain_step = f[1:-1] - f[:-2], f[1:-1] - f[2:]
        # With x = n_ij: x (n - a - b + x) L(x) + (a - x)(b - x) G(x)
        # = own(x) + a b G(x) - (a + b) shared(x), own and shared looked up by x, so that a
        # table costs three gathers and three sums of products instead of a dozen passes.
        count = np.arange(n + 1, dtype=np.float64)
        own = count * (n + count) * lose_step + count * count * gain_step
        shared = count * (lose_step + gain_step)
        t = self.tables
        a, b = self.rows.astype(np.float64), self.cols.astype(np.float64)
        by_shared = shared[t]
        total = own[t].sum(axis=(1, 2))
        total += np.einsum("bi,bij,bj->b", a, gain_step[t], b)
        total -= np.einsum("bi,bij->b", a, by_shared) + np.einsum("bij,bj->b", by_shared, b)
        return 2.0 * total / (n * n)

    def normalized_mi(self, normalization: str) -> np.ndarray:
        joint = _entropy(self.tables, self.n) if normalization == "joint" else None
        norm = normalizer(self.h_true, self.h_pred, normalization, joint)
        with np.errstate(divide="ignore", invalid="ignore"):
            nmi = np.minimum(self.mi / norm, 1.0)
        nmi[(self.mi == 0.0) | (norm == 0.0)] = 0.0
        nmi[self.identity & (self.mi > 0.0)] = 1.0
        nmi[(self.n_rows == 1) & (self.n_cols == 1)] = 1.0
        return nmi

    def adjusted_mi(
        self, normalization: str, model_true: RandomModel, model_pred: RandomModel,
        cache: EMICache,
    ) -> np.ndarray:
        """``(I - E[I]) / (avg(e_U, e_V) - E[I])`` (Vinh et al. 2009, eqs. 25-27; Gates & Ahn
        2017 for the other models, whose bounds e are the model's largest entropies)."""
        true_side, pred_side = self.sides(model_true, model_pred)
        emi = _expected_mi(self.n, true_side, pred_side, cache)
        if true_side.is_perm and pred_side.is_perm:
            # Every permutation gives the same MI when a side is trivial: E[I] = I exactly.
            trivial = (
                (self.n_rows == 1) | (self.n_cols == 1)
                | (self.n_rows == self.n) | (self.n_cols == self.n)
            )
            emi[trivial] = self.mi[trivial]
        numerator = self.mi - emi
        denominator = normalizer(true_side.bound, pred_side.bound, normalization) - emi
        with np.errstate(divide="ignore", invalid="ignore"):
            ami = numerator / denominator
        degenerate = (numerator == 0.0) | (denominator == 0.0)
        ami[degenerate] = np.where(
            (denominator == 0.0) & self.identity, 1.0, 0.0
        )[degenerate]
        return ami


class _Side:
    """One side of a batch of comparisons under a random model.

    Under the permutation model (or as the fixed side of a one-sided comparison) a table's
    side is its own cluster sizes. Under another model it enters only through the model's
    :meth:`~metrics.random_models.RandomModel.side_key` (the number of clusters under "num",
    nothing under "all"), and the model's expected size counts ``(s, w)``, pair probability
    ``q`` and entropy bound are computed once per key.
    """

    def __init__(self, sizes, n, model, bound_model, entropy):
        self.sizes = sizes
        self.is_perm = isinstance(model, PermutationModel)
        if self.is_perm:
            pairs = (sizes * (sizes - 1) // 2).sum(axis=1).astype(np.float64)
            self.q = pairs / max(n * (n - 1) / 2, 1.0)
            self.keys = None
            # metrics' convention: the bound is the model's, also for a fixed side.
            self.bound = entropy if isinstance(bound_model, PermutationModel) else np.array(
                [bound_model.entropy_bound(row[row > 0], n) for row in sizes])
            return
        keys = [model.side_key(row) for row in sizes]
        first = {}
        for i, key in enumerate(keys):
            first.setdefault(key, i)
        self.keys = keys
        self.models = {}
        for key, i in first.items():
            row = sizes[i][sizes[i] > 0]
            s, w = model.size_weights(row, n)
            self.models[key] = (np.asarray(s, dtype=np.int64), np.asarray(w, dtype=np.float64),
                                float(model.pair_probability(row, n)),
                                float(model.entropy_bound(row, n)))
        self.q = np.array([self.models[k][2] for k in keys])
        self.bound = np.array([self.models[k][3] for k in keys])


def _expected_mi(n: int, true_side: _Side, pred_side: _Side, cache: EMICache) -> np.ndarray:
    """EMI of each table: ``sum_x sum_y w_x w_y e(n, x, y)`` over both sides' size counts."""
    if true_side.is_perm and pred_side.is_perm:
        return cache.emi(n, true_side.sizes, pred_side.sizes)
    emi = np.empty(len(pred_side.keys))
    groups: dict[Hashable, list[int]] = {}
    for i, key in enumerate(pred_side.keys):
        groups.setdefault(key if true_side.is_perm else (true_side.keys[i], key), []).append(i)
    for key, members in groups.items():
        idx = np.array(members)
        if true_side.is_perm:
            s, w, _, _ = pred_side.models[key]
            rows = true_side.sizes[idx]
            emi[idx] = (cache.terms(n, rows[:, :, None], s[None, None, :]) * w).sum(axis=(1, 2))
        else:
            s_t, w_t, _, _ = true_side.models[key[0]]
            s_p, w_p, _, _ = pred_side.models[key[1]]
            emi[idx] = w_t @ cache.terms(n, s_t[:, None], s_p[None, :]) @ w_p
    return emi


def _expected_ri(q_true: np.ndarray, q_pred: np.ndarray) -> np.ndarray:
    return q_true * q_pred + (1.0 - q_true) * (1.0 - q_pred)


def _entropy(counts: np.ndarray, n: int) -> np.ndarray:
    """Entropy in nats of each count vector (or table) of a batch, 0 log 0 = 0."""
    p = counts.reshape(len(counts), -1) / n
    with np.errstate(divide="ignore", invalid="ignore"):
        terms = np.where(p > 0, p * np.log(p), 0.0)
    return np.maximum(-terms.sum(axis=1), 0.0)
