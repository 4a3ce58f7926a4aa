"""Contingency table construction and input validation."""

import numpy as np
import pytest
import scipy.sparse as sp
from sklearn.metrics.cluster import contingency_matrix

import metrics as M
import metrics.contingency as contingency_module


def brute_table(a, b):
    rows = sorted(set(a), key=lambda v: (str(type(v)), v))
    cols = sorted(set(b), key=lambda v: (str(type(v)), v))
    table = np.zeros((len(rows), len(cols)), dtype=np.int64)
    for x, y in zip(a, b, strict=True):
        table[rows.index(x), cols.index(y)] += 1
    return table


@pytest.mark.parametrize(
    "a, b",
    [
        (["x", "y", "x", "z"], ["b", "a", "a", "a"]),
        ([0.5, 1.5, 0.5, -2.0], [1, 1, 2, 2]),
        ([-1, -1, 5, 5, 7], [3, 4, 3, 4, 3]),
        (np.array([True, False, True]), np.array([1, 1, 0], dtype=np.int8)),
        (np.array([2**63 + 5, 2**63 + 5, 7], dtype=np.uint64), [0, 1, 1]),
        (np.array([10**15, -(10**15), 10**15]), [0, 0, 1]),
        ([1.0, 2.0, 2.0, 1.0], [0, 0, 1, 1]),
        (np.array(["2020-01-02", "2020-01-01", "2020-01-02"], dtype="datetime64[D]"), [0, 0, 1]),
    ],
)
def test_label_types_match_brute_force(a, b):
    ct = M.contingency_table(a, b)
    np.testing.assert_array_equal(ct.counts, brute_table(list(a), list(b)))
    assert ct.n == len(a)
    np.testing.assert_array_equal(ct.row_sums, ct.counts.sum(axis=1))
    np.testing.assert_array_equal(ct.col_sums, ct.counts.sum(axis=0))


def test_mixed_object_labels_keep_types_apart():
    # 1 and "1" are different labels; np.asarray would turn both into the string "1".
    ct = M.contingency_table([1, "1", 1, "1"], [0, 1, 0, 1])
    assert ct.shape == (2, 2)
    assert M.adjusted_rand_index([1, "1", 1, "1"], [0, 1, 0, 1]) == 1.0
    ct = M.contingency_table(np.array([1, "a", (2, 3), "a"], dtype=object), [0, 1, 2, 1])
    assert sorted(ct.counts.ravel().tolist()) == [0] * 6 + [1, 1, 2]


def test_labels_of_rows_and_columns():
    ct = M.contingency_table(["b", "a", "b"], [-1, 7, 7])
    assert ct.true_labels.tolist() == ["a", "b"]
    assert ct.pred_labels.tolist() == [-1, 7]
    np.testing.assert_array_equal(ct.counts, [[0, 1], [1, 1]])


def test_sparse_path_matches_dense(monkeypatch):
    rng = np.random.default_rng(0)
    a, b = rng.integers(0, 300, 5000), rng.integers(-50, 250, 5000)
    dense = M.contingency_table(a, b)
    monkeypatch.setattr(contingency_module, "DENSE_LIMIT_BYTES", 8 * 1000)
    sparse = M.contingency_table(a, b)
    assert sparse.is_sparse
    np.testing.assert_array_equal(sparse.counts.toarray(), dense.counts)
    np.testing.assert_array_equal(sparse.pred_labels, dense.pred_labels)
    for axis in (0, 1):
        np.testing.assert_array_equal(sparse.maxima(axis), dense.counts.max(axis=axis))
    for name, measure in M.MEASURES.items():
        assert measure.function(contingency=sparse) == pytest.approx(
            measure.function(contingency=dense), rel=1e-12, abs=1e-15
        ), name


def test_large_label_values_with_few_clusters_stay_small():
    a = np.array([0, 10**12, 0, 10**12])
    ct = M.contingency_table(a, [5, 5, 6, 6])
    assert ct.shape == (2, 2) and not ct.is_sparse


def test_matches_sklearn_on_random_labels():
    rng = np.random.default_rng(1)
    a, b = rng.integers(0, 40, 3000), rng.choice(np.array(["u", "v", "w"]), 3000)
    np.testing.assert_array_equal(
        M.contingency_table(a, b).counts, contingency_matrix(a, b)
    )


@pytest.mark.parametrize(
    "a, b, message",
    [
        ([1.0, np.nan, 2.0], [0, 1, 2], "missing"),
        ([1, None, 2], [0, 1, 2], "missing"),
        (["a", float("nan")], [0, 1], "missing"),
        (np.array([1, np.float32("nan")], dtype=object), [0, 1], "missing"),
        (np.array(["2020-01-01", "NaT"], dtype="datetime64[D]"), [0, 1], "missing"),
        ([0, 1, 2], [0, 1], "same samples"),
        ([[0, 1], [1, 0]], [[0, 1], [1, 0]], "1-D"),
        (np.zeros((3, 1)), [0, 1, 2], "1-D"),
        ([], [], "empty"),
        (5, [0], "scalar"),
        ("abc", "abc", "scalar"),
    ],
)
def test_bad_labels_raise_clear_errors(a, b, message):
    with pytest.raises(ValueError, match=message):
        M.contingency_table(a, b)
    with pytest.raises(ValueError, match=message):
        M.adjusted_mutual_information(a, b)


def test_none_arguments():
    with pytest.raises(ValueError, match="labels_pred"):
        M.rand_index([0, 1], None)
    with pytest.raises(ValueError, match="not both"):
        M.rand_index([0, 1], [0, 1], contingency=[[1, 0], [0, 1]])


@pytest.mark.parametrize(
    "table, message",
    [
        ([1, 2, 3], "2-D"),
        ([[1, -1], [0, 2]], "non-negative"),
        ([[0.5, 1.0]], "whole-number"),
        ([[np.nan, 1.0]], "whole-number"),
        ([[0, 0], [0, 0]], "empty"),
        ([["a", "b"]], "numbers"),
    ],
)
def test_bad_contingency_raises(table, message):
    with pytest.raises(ValueError, match=message):
        M.mutual_information(contingency=table)


def labels_from_table(table):
    rows, cols = np.nonzero(table)
    counts = table[rows, cols]
    return np.repeat(rows, counts), np.repeat(cols, counts)


def test_contingency_input_forms_agree():
    table = np.array([[5, 0, 1], [0, 0, 0], [2, 3, 0]])
    a, b = labels_from_table(table)
    expected = M.adjusted_rand_index(a, b)
    # Empty rows and columns are dropped; whole floats and sparse tables are accepted.
    assert M.adjusted_rand_index(contingency=table) == expected
    assert M.adjusted_rand_index(contingency=table.astype(float)) == expected
    assert M.adjusted_rand_index(contingency=sp.csr_array(table)) == expected
    ct = M.contingency_table(a, b)
    assert isinstance(ct, M.Contingency)
    assert M.adjusted_rand_index(contingency=ct) == expected
    np.testing.assert_array_equal(ct.counts, table[[0, 2]])


@pytest.mark.parametrize(
    "table, message",
    [
        ([[2**62, 2**62]], "total n of 9.22"),  # n = 2**63 wraps to a negative int64
        ([[2**63 - 1, 1]], "total n"),
        (np.array([[2**63, 1]], dtype=np.uint64), "entry of 9.22"),
        ([[1e20, 1.0], [2.0, 3.0]], "entry of 1e\\+20"),  # was cast to garbage: NMI 1, ARI 0.25
        (sp.csr_array(np.array([[2**62, 0], [0, 2**62]])), "total n"),
        ([[float(2**62), float(2**62)]], "total n"),
    ],
)
@pytest.mark.parametrize(
    "measure", [M.adjusted_rand_index, M.normalized_mutual_information, M.mutual_information]
)
def test_counts_beyond_int64_are_refused(table, message, measure):
    with pytest.raises(ValueError, match=f"{message}.*int64"):
        measure(contingency=table)


def test_counts_summing_to_int64_max_are_exact():
    a, b = 2**62, 2**62 - 1  # n = 2**63 - 1, the largest accepted
    # One class, two clusters: n11 = C(a,2) + C(b,2), n10 = a b, n01 = n00 = 0.
    n11, n10 = a * (a - 1) // 2 + b * (b - 1) // 2, a * b
    assert M.pair_counts(contingency=[[a, b]]) == (n11, n10, 0, 0)
    assert M.rand_index(contingency=[[a, b]]) == n11 / (n11 + n10)



@pytest.mark.parametrize(
    "late",
    [
        999,  # a larger label in a later piece: the table grows
        -3,  # a negative label in a later piece: the general encoding takes over
        2**40,  # a label too large for a dense table: compacted by the general path
    ],
)
@pytest.mark.parametrize("dtype", [np.int64, np.int32, np.uint64, np.int8])
def test_single_pass_counting_matches_sklearn(late, dtype):
    if np.dtype(dtype).kind == "u" and late < 0 or np.iinfo(dtype).max < late:
        late = np.iinfo(dtype).max if np.dtype(dtype).kind == "u" else np.iinfo(dtype).min
    rng = np.random.default_rng(2)
    n = 3 * contingency_module._CHUNK + 17
    a = rng.integers(0, 7, n).astype(dtype)
    b = rng.integers(0, 5, n).astype(dtype)
    a[-5] = late
    b[-2] = late
    # and one inside the second piece, so later pieces are combined with the grown table
    a[contingency_module._PIECE + 1] = late
    ct = M.contingency_table(a, b)
    np.testing.assert_array_equal(ct.counts, contingency_matrix(a, b))
    np.testing.assert_array_equal(ct.true_labels, np.unique(a))
    np.testing.assert_array_equal(ct.pred_labels, np.unique(b))


@pytest.mark.parametrize("dtype", [np.uint8, np.int8, np.int16, np.uint16, np.int32])
def test_narrow_integer_labels_near_their_maximum_match_sklearn(dtype):
    # label * number of columns exceeds the labels' own dtype: the combined codes must not wrap
    top = int(np.iinfo(dtype).max)
    a = np.array([top, 3, 0, top, 1] * 7, dtype=dtype)
    b = np.array([top - 5, 1, 0, 2, top - 5] * 7, dtype=dtype)
    if np.iinfo(dtype).max > 2**16:  # keep the dense table small
        a, b = a % 300, b % 300
    ct = M.contingency_table(a, b)
    np.testing.assert_array_equal(ct.counts, contingency_matrix(a, b))
    np.testing.assert_array_equal(ct.true_labels, np.unique(a))


@pytest.mark.parametrize("extra", [0, 1, contingency_module._PIECE // 2 + 3])
@pytest.mark.parametrize("late", [(2, 3), (9, 1), (20, 20), (40, 40)])
def test_tables_grown_between_counting_ways_match_sklearn(extra, late):
    # Labels 0..2 first, then larger ones in the second piece: a small table counted by
    # pairs of samples grows into one still counted by pairs (3 x 4, 10 x 3), by a bincount
    # per piece (21 x 21) or by np.add.at (41 x 41); the last, shorter piece is counted one
    # sample at a time.
    rng = np.random.default_rng(5)
    n = 2 * contingency_module._PIECE + extra
    a, b = rng.integers(0, 3, n), rng.integers(0, 3, n)
    a[contingency_module._PIECE + 7], b[contingency_module._PIECE + 9] = late
    a[:50] = 0  # the most common cell, many times in a row
    ct = M.contingency_table(a, b)
    np.testing.assert_array_equal(ct.counts, contingency_matrix(a, b))
    assert ct.n == n


@pytest.mark.parametrize("late", [None, (250, 3), (3, 220)])
@pytest.mark.parametrize("small_first", [False, True])
def test_tables_counted_by_chunks_match_sklearn(monkeypatch, late, small_first):
    # 200 x 200 cells counted as a plain chunked bincount (thresholds lowered so that 3
    # samples per cell qualify): chunks of two tables' worth, 80,000 samples, so two
    # pieces' codes wait and the third starts a new chunk. A larger label in the third
    # piece grows the table while codes wait; small labels in the first piece start the
    # table below the threshold; the last piece is short.
    monkeypatch.setattr(contingency_module, "_ADD_AT_CELLS", 30_000)
    monkeypatch.setattr(contingency_module, "_BUFFERED_SAMPLES_PER_CELL", 1)
    piece = contingency_module._PIECE
    assert 2 * piece < contingency_module._CHUNK_TABLES * 200 * 200 < 3 * piece
    rng = np.random.default_rng(7)
    n = 4 * piece + 11
    a, b = rng.integers(0, 200, n), rng.integers(0, 200, n)
    if small_first:
        a[:piece] %= 3
        b[:piece] %= 3
    if late is not None:
        a[2 * piece + 5], b[2 * piece + 5] = late
    ct = M.contingency_table(a, b)
    np.testing.assert_array_equal(ct.counts, contingency_matrix(a, b))
    assert ct.n == n
