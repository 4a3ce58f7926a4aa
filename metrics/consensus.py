"""The Consensus Index of a set of clusterings (Vinh, Epps & Bailey 2009, Sec. 3, eq. 12)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

import numpy as np

from metrics._batch import BATCH_MEASURES, EMICache, batch_measures, check_measures
from metrics._docstring import fill_doc
from metrics._labels import as_label_array, encode
from metrics.contingency import contingency_table
from metrics.registry import compare

__all__ = ["ConsensusIndex", "consensus_index"]

# Pair cells (pairs x samples) per bincount; bounds the memory of one chunk to ~100 MB.
_CELLS = 1 << 23
_BATCH_OPTIONS = {"random_model", "one_sided"}
# Largest dense k x k table built per pair; beyond it (clusterings with thousands of
# clusters) each pair's table comes from metrics.contingency_table, sparse where it helps.
_DENSE_TABLE = 1 << 20


class ConsensusIndex(NamedTuple):
    """The mean (the Consensus Index) and spread of a measure over all pairs.

    Parameters
    ----------
    ci, std : float
        Mean and standard deviation over the pairs.
    n_pairs : int
        Number of pairs.

    Examples
    --------
    >>> ConsensusIndex(0.5, 0.1, 3).ci
    0.5
    """

    ci: float
    """Mean of the measure over the ``B (B - 1) / 2`` pairs (eq. 12)."""
    std: float
    """Standard deviation over the pairs (ddof = 0)."""
    n_pairs: int
    """Number of pairs, ``B (B - 1) / 2``."""


@fill_doc
def consensus_index(
    labelings: object,
    measure: str = "ami_sqrt",
    *,
    present: object = None,
    return_std: bool = False,
    **options: object,
) -> float | ConsensusIndex:
    r"""Consensus Index: the mean agreement over all pairs of a set of clusterings.

    .. math::

        CI(\mathcal{U}_K) = \frac{\sum_{i < j} AM(U_i, U_j)}{B (B - 1) / 2}

    (Vinh, Epps & Bailey 2009, Sec. 3, Example 2, eq. 12), with AM any measure of
    :data:`metrics.MEASURES`. Computed on :math:`B` clusterings of :math:`K` clusters for each
    :math:`K`, the number of clusters is chosen as :math:`K^* = \arg\max_K CI` (eq. 13); an
    adjusted AM is needed for that, since the NMI between random clusterings grows with K.

    Parameters
    ----------
    labelings : array-like of shape (B, n), or a sequence of B 1-D label arrays of length n
        The clusterings; labels are any hashable values (noise -1 is an ordinary label).
    measure : str, default "ami_sqrt"
        Key of :data:`metrics.MEASURES` (``ami_sqrt`` is Vinh et al.'s AMI, eq. 25).
    present : array-like of bool, shape (B, n), optional
        Which samples each clustering covers (for clusterings of subsamples, as in Monti et
        al. 2003): each pair is compared on the samples both cover. Default: all.
    return_std : bool, default False
        Return a :class:`ConsensusIndex` (mean, standard deviation over pairs, number of
        pairs) instead of the mean alone.
    **options
        Passed to the measure as by :func:`metrics.compare` (``random_model``, ``one_sided``,
        ``base``, ``beta``). In pair ``(i, j)``, ``i < j``, clustering ``i`` is labels_true
        (the fixed side of a one-sided comparison).

    Returns
    -------
    float or ConsensusIndex

    Raises
    ------
    ValueError
        Fewer than two clusterings, labelings of different lengths, an unknown measure, a
        ``present`` of the wrong shape, or a pair sharing fewer than two samples.
    TypeError
        An unknown option.

    Notes
    -----
    The measures of :data:`metrics.batch.BATCH_MEASURES` (RI, ARI, MI, NMI, AMI, pairwise
    AMI) are computed over all pairs with array operations (with ``random_model`` and
    ``one_sided`` as the only options); any other measure, or other options, go through
    :func:`metrics.compare` pair by pair. Both equal the mean of :func:`metrics.compare` over
    the pairs to rounding.

    References
    ----------
    .. [1] %(ref_vinh2009)s, Sec. 3, eqs. (12) and (13).

    Examples
    --------
    >>> from metrics import consensus_index
    >>> runs = [[0, 0, 1, 1, 2, 2], [1, 1, 0, 0, 2, 2], [0, 0, 1, 1, 1, 2]]
    >>> round(consensus_index(runs, "ari"), 4)
    0.6296
    >>> result = consensus_index(runs, "ri", return_std=True)
    >>> result.n_pairs, round(result.ci, 4), round(result.std, 4)
    (3, 0.8667, 0.0943)
    """
    codes, n_clusters = _encode_all(labelings)
    name = check_measures(measure)
    if len(name) != 1:
        raise ValueError(f"measure must be one key of metrics.MEASURES, got {measure!r}.")
    mask = _check_present(present, codes.shape)
    k = int(n_clusters.max()) + (mask is not None)
    if mask is not None:
        codes = np.where(mask, codes, k - 1)  # absent samples: an extra label, dropped later
    if k * k > _DENSE_TABLE:
        values = _pairwise(codes, mask, name[0], options)
    else:
        cache = EMICache()
        values = np.concatenate([
            _measure(tables, name[0], options, cache)
            for tables in _pair_tables(codes, k, drop_last=mask is not None)
        ])
    result = ConsensusIndex(float(values.mean()), float(values.std()), int(values.size))
    return result if return_std else result.ci


def _encode_all(labelings: object) -> tuple[np.ndarray, np.ndarray]:
    """Each labeling as codes ``0 .. k_b - 1`` (one row each, every code used) and the ``k_b``."""
    if isinstance(labelings, str | bytes) or not isinstance(labelings, Iterable):
        raise TypeError(
            f"labelings must be a (B, n) array or a sequence of 1-D label arrays, got "
            f"{type(labelings).__name__}."
        )
    if isinstance(labelings, np.ndarray) and labelings.ndim != 2:
        raise ValueError(
            f"labelings must be 2-D (B clusterings x n samples), got shape {labelings.shape}."
        )
    rows = []
    for b, row in enumerate(labelings):
        codes, span, _, _ = encode(as_label_array(row, f"labelings[{b}]"))
        if np.bincount(codes, minlength=span).min() == 0:  # unused codes would waste cells
            codes = np.unique(codes, return_inverse=True)[1]
        rows.append(codes)
    lengths = sorted({len(r) for r in rows})
    if len(lengths) > 1:
        raise ValueError(
            f"every labeling must label the same samples; got lengths {lengths}."
        )
    if len(rows) < 2:
        raise ValueError(f"need at least 2 clusterings to compare, got {len(rows)}.")
    codes = np.array(rows, dtype=np.int64)
    return codes, codes.max(axis=1) + 1


def _check_present(present: object, shape: tuple[int, int]) -> np.ndarray | None:
    if present is None:
        return None
    mask = np.asarray(present)
    if mask.shape != shape or mask.dtype != bool:
        raise ValueError(
            f"present must be a boolean array of shape {shape} (clusterings x samples), "
            f"got {mask.dtype} of shape {mask.shape}."
        )
    return mask


def _pair_tables(codes: np.ndarray, k: int, drop_last: bool):
    """``(P, k, k)`` contingency tables of the pairs ``(i, j)``, ``i < j``, in the order of
    ``np.triu_indices``, a chunk of about ``_CELLS`` pair-samples at a time.

    Each clustering ``i`` is paired with all later ones by one broadcast sum and one
    ``bincount`` (the cost is one pass over the ``B (B - 1) / 2 x n`` cells).
    """
    n_labelings, n = codes.shape
    step = max(1, _CELLS // max(n, k * k))
    pending: list[np.ndarray] = []
    size = 0
    for i in range(n_labelings - 1):
        for start in range(i + 1, n_labelings, step):
            later = codes[start:start + step]
            cells = later + (codes[i] * k)[None, :]
            cells += (np.arange(len(later), dtype=np.int64) * (k * k))[:, None]
            tables = np.bincount(cells.ravel(), minlength=len(later) * k * k)
            tables = tables.reshape(-1, k, k)
            pending.append(tables[:, : k - 1, : k - 1] if drop_last else tables)
            size += len(later)
            if size >= step:
                yield np.concatenate(pending)
                pending, size = [], 0
    if pending:
        yield np.concatenate(pending)


def _pairwise(codes: np.ndarray, mask: np.ndarray | None, name: str, options: dict):
    """The measure of each pair from its own (possibly sparse) contingency table."""
    values = []
    for i, j in zip(*np.triu_indices(len(codes), 1), strict=True):
        keep = slice(None) if mask is None else mask[i] & mask[j]
        if mask is not None and keep.sum() < 2:
            raise ValueError(
                "a pair of clusterings shares fewer than 2 samples: use larger subsamples."
            )
        table = contingency_table(codes[i][keep], codes[j][keep])
        values.append(compare(contingency=table, measures=[name], **options)[name])
    return np.array(values)


def _measure(tables: np.ndarray, name: str, options: dict, cache: EMICache) -> np.ndarray:
    """The measure of each table; pairs with different common-sample counts batched apart."""
    n_common = tables.sum(axis=(1, 2))
    if n_common.min() < 2:
        raise ValueError(
            "a pair of clusterings shares fewer than 2 samples: use larger subsamples."
        )
    out = np.empty(len(tables))
    batchable = name in BATCH_MEASURES and set(options) <= _BATCH_OPTIONS
    for n in np.unique(n_common):
        idx = np.flatnonzero(n_common == n)
        if batchable:
            out[idx] = batch_measures(tables[idx], [name], cache=cache, **options)[name]
        else:
            out[idx] = [compare(contingency=t, measures=[name], **options)[name]
                        for t in tables[idx]]
    return out
