import csv
import io

import numpy as np
import pandas as pd
import pytest

import datasets
from datasets import read_csv
from datasets.upload import column_names


def _file(text: str, name: str = "data.csv") -> io.BytesIO:
    f = io.BytesIO(text.encode("utf-8"))
    f.name = name  # like Streamlit's UploadedFile
    return f


def test_reads_features_and_labels_of_any_type():
    ds = read_csv(_file("x,y,kind\n1,2.5,cat\n3,-4,dog\n5,6e1,cat\n"), label_column="kind")
    np.testing.assert_array_equal(ds.X, [[1, 2.5], [3, -4], [5, 60]])
    assert ds.X.dtype == float
    assert ds.y.tolist() == [0, 1, 0]
    assert ds.feature_names == ("x", "y")
    assert ds.name == "data.csv" and "3 rows" in ds.description


def test_numeric_labels_and_no_labels():
    ds = read_csv(_file("a,b,c\n1,2,7\n3,4,7\n5,6,2\n"), label_column="c")
    assert ds.y.tolist() == [0, 0, 1] and ds.X.shape == (3, 2)
    ds = read_csv(_file("a,b\n1,2\n3,4\n"))
    assert ds.y.tolist() == [0, 0] and ds.X.shape == (2, 2)


def test_round_trip_of_a_registered_dataset(tmp_path):
    iris = datasets.load("iris")
    path = tmp_path / "iris.csv"
    labels = np.array(["setosa", "versicolor", "virginica"])[iris.y]
    lines = [",".join([*iris.feature_names, "species"])]
    lines += [",".join([*(repr(float(v)) for v in row), lab])
              for row, lab in zip(iris.X, labels, strict=True)]
    path.write_text("\n".join(lines) + "\n")
    ds = read_csv(path, label_column="species")
    np.testing.assert_array_equal(ds.X, iris.X)
    np.testing.assert_array_equal(ds.y, iris.y)
    assert ds.feature_names == iris.feature_names
    assert read_csv(str(path), label_column="species").name == "iris.csv"


@pytest.mark.parametrize("text", [
    "a;b\n1,5;2\n3;4\n",       # Excel in many locales: ';' and decimal commas
    "a;b\n1.5;2\n3;4\n",
    "a\tb\n1.5\t2\n3\t4\n",
    "a, b\n1.5, 2\n3, 4\n",
    "\ufeffa,b\n1.5,2\n\n3,4\n",  # byte-order mark and a blank line
])
def test_delimiters_and_decimal_commas(text):
    ds = read_csv(_file(text))
    np.testing.assert_array_equal(ds.X, [[1.5, 2], [3, 4]])
    assert ds.feature_names == ("a", "b")


def test_text_file_objects_work():
    assert read_csv(io.StringIO("a,b\n1,2\n3,4\n")).X.shape == (2, 2)


@pytest.mark.parametrize("text, kwargs, match", [
    ("", {}, "is empty"),
    ("   \n\n", {}, "is empty"),
    ("a,b\n", {}, "0 data row"),
    ("a,b\n1,2\n", {}, "1 data row.*at least 2"),
    ("a,b,c\n1,x,2\n3,4,5\n", {}, r"non-numeric feature column\(s\): 'b' \(e.g. 'x'\)"),
    ("a,b\n1,\n3,4\n,6\n", {}, r"2 row\(s\) have missing values \(the first is data row 1\)"),
    ("a,b,c\n1,2,x\n3,4,\n", {"label_column": "c"}, "1 row"),
    ("a,b\n1,2\n3,4\n", {"label_column": "label"}, "label column 'label' not found.*a, b"),
    ("a\n1\n2\n", {"label_column": "a"}, "no feature columns"),
    ("a,b\n1,2,3\n3,4\n", {}, "line 2 .* 3 fields but the header has 2"),
    ("a,b\n1,inf\n3,4\n", {}, "infinite values in column.*'b'"),
    ("a\n" + "1\n" * 11, {"max_rows": 10}, r"more than 10 rows.*use a sample"),
])
def test_clear_errors(text, kwargs, match):
    with pytest.raises(ValueError, match=match):
        read_csv(_file(text), **kwargs)


def test_cap_is_a_module_constant_and_can_be_raised():
    assert datasets.MAX_CSV_ROWS == 20_000
    text = "a\n" + "1\n" * 11
    assert read_csv(_file(text), max_rows=11).X.shape == (11, 1)


def test_binary_and_missing_files():
    with pytest.raises(ValueError, match="not UTF-8 text"):
        read_csv(io.BytesIO(bytes(range(256))))
    with pytest.raises(ValueError, match="cannot read"):
        read_csv("/no/such/file.csv")
    with pytest.raises(TypeError, match="path or a file-like"):
        read_csv(42)


# -- files a user writes by hand --------------------------------------------------------


def _read(text: str, **options):
    return datasets.read_csv(io.BytesIO(text.encode()), **options)


def test_a_one_column_file_named_label_is_one_feature():
    data = _read("label\n1\n2\n3\n")
    assert data.feature_names == ("label",)
    np.testing.assert_array_equal(data.X[:, 0], [1, 2, 3])
    assert column_names(b"label\n1\n2\n3\n") == ["label"]


@pytest.mark.parametrize("text", ["", "   \n  \n", "\n\n\n", " \t \n"])
def test_blank_files_are_called_empty(text):
    with pytest.raises(ValueError, match="is empty"):
        _read(text)
    assert column_names(text.encode()) == []


@pytest.mark.parametrize("sep", [",", ";", "\t", "|"])
def test_a_delimiter_ending_every_line_adds_no_column(sep):
    text = "".join(sep.join(row) + sep + "\n" for row in (["a", "b"], ["1", "2"], ["3", "4"]))
    data = _read(text)
    # pandas given the separator, and the trailing empty column dropped by hand, as reference.
    reference = pd.read_csv(io.StringIO(text), sep=sep).iloc[:, :2]
    assert data.feature_names == tuple(reference.columns) == ("a", "b")
    np.testing.assert_array_equal(data.X, reference.to_numpy(dtype=float))
    assert column_names(text.encode()) == ["a", "b"]


def test_blank_lines_before_the_header_are_skipped():
    data = _read("\n\nx,y\n1,2\n3,4\n")
    assert data.feature_names == ("x", "y") and data.X.shape == (2, 2)


def test_max_rows_must_be_an_integer():
    with pytest.raises(ValueError, match="max_rows must be an integer"):
        _read("a\n1\n2\n", max_rows="5")


def test_header_and_label_guess_of_an_upload():
    from datasets.upload import LABEL_NAMES, guess_label_column

    assert column_names(b"\xef\xbb\xbfx1,x2,Class\n1,2,a\n") == ["x1", "x2", "Class"]
    assert guess_label_column(["x1", "Class", "target"]) == "Class"  # "class" before "target"
    assert LABEL_NAMES.index("class") < LABEL_NAMES.index("target")
    assert guess_label_column(["a", "b"]) is None
    assert guess_label_column(["label"]) is None  # one column: data, whatever its name


def test_the_sample_file_reads_back_as_three_labelled_blobs():
    import io

    from datasets import read_csv
    from datasets.upload import sample_csv

    data = read_csv(io.BytesIO(sample_csv()), label_column="label")
    assert data.X.shape == (300, 2) and sorted(set(data.y.tolist())) == [0, 1, 2]


@pytest.mark.parametrize("ends", ["\r", "\r\n", "\n"], ids=["CR (old Mac Excel)", "CRLF", "LF"])
def test_every_line_end_reads_the_same_table(ends):
    text = ends.join(["x;y;kind", "1,5;2;a", "3;4;b", "5;6;a", ""])
    data = read_csv(io.BytesIO(text.encode()), label_column="kind")
    np.testing.assert_array_equal(data.X, [[1.5, 2], [3, 4], [5, 6]])
    assert column_names(text.encode()) == ["x", "y", "kind"]


def test_a_field_beyond_the_csv_module_limit_is_explained():
    limit = csv.field_size_limit()
    content = b"x" * (limit + 1) + b",y\n1,2\n3,4\n"
    assert column_names(content) == []
    with pytest.raises(ValueError, match=f"field longer than {limit:,} characters"):
        read_csv(io.BytesIO(content))
