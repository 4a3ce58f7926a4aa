"""Validation of label vectors and their encoding as small integer codes."""

from __future__ import annotations

import math
from collections.abc import Iterable

import numpy as np

__all__ = ["as_label_array", "check_pair", "encode"]


def as_label_array(labels: object, name: str = "labels") -> np.ndarray:
    """Return ``labels`` as a validated 1-D numpy array.

    Mixed Python sequences (e.g. ``[1, "a"]``) become object arrays, so that ``1`` and ``"1"``
    stay different labels (``np.asarray`` would turn both into the string ``"1"``).

    Raises
    ------
    ValueError
        If the labels are missing, not 1-D, empty, or contain NaN or None.
    """
    if labels is None:
        raise ValueError(f"{name} is None: pass a 1-D array of labels (or use contingency=).")
    if isinstance(labels, np.ndarray):
        arr = labels
    else:
        if isinstance(labels, (str, bytes)) or not isinstance(labels, Iterable):
            raise ValueError(
                f"{name} must be a 1-D array-like of labels, got a scalar {labels!r}."
            )
        try:
            arr = np.asarray(labels)
        except ValueError:
            raise ValueError(
                f"{name} must be a 1-D array-like of labels, one hashable label per sample; "
                "it holds nested sequences of different lengths."
            ) from None
        if arr.dtype.kind in "US" and arr.ndim == 1:
            items = list(labels)
            if not all(isinstance(v, str | bytes) for v in items):
                arr = np.empty(len(items), dtype=object)
                arr[:] = items
    if arr.ndim != 1:
        raise ValueError(
            f"{name} must be 1-D, got an array of shape {arr.shape}: pass one label per "
            "sample (e.g. labels.ravel() for a column vector)."
        )
    if arr.size == 0:
        raise ValueError(f"{name} is empty: comparing clusterings needs at least one sample.")
    if arr.dtype.kind == "f" or arr.dtype.kind == "c":
        bad = np.flatnonzero(np.isnan(arr))
        if bad.size:
            raise ValueError(_missing_message(name, bad))
    elif arr.dtype.kind in "mM":
        bad = np.flatnonzero(np.isnat(arr))
        if bad.size:
            raise ValueError(_missing_message(name, bad))
    elif arr.dtype.kind == "O":
        bad = np.flatnonzero([_is_missing(v) for v in arr])
        if bad.size:
            raise ValueError(_missing_message(name, bad))
    elif arr.dtype.kind not in "biuUS":
        raise ValueError(f"{name} has unsupported dtype {arr.dtype}: use hashable labels.")
    return arr


def _is_missing(value: object) -> bool:
    # None, float NaN (Python or numpy), and pandas' NA / NaT, without importing pandas.
    if value is None or type(value).__name__ in ("NAType", "NaTType"):
        return True
    return isinstance(value, float | np.floating) and math.isnan(value)


def _missing_message(name: str, positions: np.ndarray) -> str:
    shown = ", ".join(str(i) for i in positions[:5]) + (", ..." if positions.size > 5 else "")
    return (
        f"{name} contains {positions.size} missing value(s) (NaN/None) at positions {shown}: "
        "drop those samples from both labelings, or give them an explicit label such as -1."
    )


def check_pair(labels_true: object, labels_pred: object) -> tuple[np.ndarray, np.ndarray]:
    """Validate two labelings of the same samples."""
    a = as_label_array(labels_true, "labels_true")
    b = as_label_array(labels_pred, "labels_pred")
    if a.shape[0] != b.shape[0]:
        raise ValueError(
            f"labels_true has {a.shape[0]} samples but labels_pred has {b.shape[0]}: "
            "both labelings must label the same samples, in the same order."
        )
    return a, b


def encode(arr: np.ndarray) -> tuple[np.ndarray, int, np.ndarray | None, int | None]:
    """Encode labels as integer codes in ``[0, span)``.

    Returns ``(codes, span, uniques, offset)``. Integer labels spanning a small range are not
    sorted: ``codes = arr - offset``, some codes may be unused, and ``uniques`` is None.
    Otherwise every code is used, ``uniques[c]`` is the label of code ``c`` and ``offset`` is
    None.
    """
    kind = arr.dtype.kind
    if kind == "b":
        arr = arr.view(np.uint8)
        kind = "u"
    if kind == "f" and np.isfinite(arr).all() and np.array_equal(arr, np.trunc(arr)):
        lo, hi = float(arr.min()), float(arr.max())
        if lo > -(2.0**52) and hi < 2.0**52 and hi - lo < _small_span(arr.size):
            return encode(arr.astype(np.int64))
    if kind in "iu":
        lo, hi = int(arr.min()), int(arr.max())
        span = hi - lo + 1
        if span <= _small_span(arr.size):
            if lo == 0 and arr.dtype.itemsize >= 4:
                return arr, span, None, 0
            if kind == "u":
                return (arr - arr.dtype.type(lo)).astype(np.intp), span, None, lo
            return arr.astype(np.intp) - lo, span, None, lo
        uniques, codes = np.unique(arr, return_inverse=True)
        return codes.astype(np.intp, copy=False), uniques.size, uniques, None
    if kind == "O":
        return _encode_objects(arr)
    uniques, codes = np.unique(arr, return_inverse=True)
    return codes.astype(np.intp, copy=False), uniques.size, uniques, None


def _small_span(n: int) -> int:
    # Direct indexing by label value costs O(span) memory; allow it when span is O(n).
    return max(2 * n, 1 << 16)


def _encode_objects(arr: np.ndarray) -> tuple[np.ndarray, int, np.ndarray, None]:
    # np.unique would sort with Python comparisons (O(n log n), and fails on mixed types):
    # a dict assigns codes in one pass, then the few distinct labels are sorted if comparable.
    index: dict[object, int] = {}
    codes = np.fromiter((index.setdefault(v, len(index)) for v in arr), np.intp, arr.size)
    labels = list(index)
    try:
        order = sorted(range(len(labels)), key=labels.__getitem__)
    except TypeError:
        order = list(range(len(labels)))
    rank = np.empty(len(labels), dtype=np.intp)
    rank[order] = np.arange(len(labels))
    uniques = np.empty(len(labels), dtype=object)
    uniques[:] = [labels[i] for i in order]
    return rank[codes], len(labels), uniques, None
