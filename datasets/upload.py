"""Parse an uploaded CSV file into a `Dataset`, with errors a student can act on."""

from __future__ import annotations

import csv
import io
import os
from pathlib import Path

import numpy as np
import pandas as pd

from datasets.base import Dataset, encode_labels
from datasets.registry import load
from metrics.validation import check_integer

MAX_CSV_ROWS = 20_000
_DELIMITERS = ",;\t|"


def _read_text(file) -> tuple[str, str]:
    """Return the decoded text of ``file`` (path or file-like) and a display name."""
    if isinstance(file, str | os.PathLike):
        path = Path(file)
        try:
            raw = path.read_bytes()
        except OSError as err:
            raise ValueError(f"cannot read {str(path)!r}: {err.strerror or err}") from None
        name = path.name
    elif hasattr(file, "read"):
        if hasattr(file, "seek"):
            file.seek(0)
        raw = file.read()
        name = Path(str(getattr(file, "name", "") or "uploaded.csv")).name
    else:
        raise TypeError(f"file must be a path or a file-like object, got {type(file).__name__}")
    if not isinstance(raw, str):
        try:
            raw = raw.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise ValueError(
                f"{name!r} is not UTF-8 text; is it a CSV file? (Save it as 'CSV UTF-8'.)"
            ) from None
    # Old Excel for Mac ends lines with CR alone, which the csv module reads as one long line.
    return raw.replace("\r\n", "\n").replace("\r", "\n"), name


def _csv_error(err: csv.Error | pd.errors.ParserError, name: str) -> ValueError:
    """A csv or pandas parse error as a ValueError a student can act on."""
    first = str(err).strip().splitlines()[0] if str(err).strip() else "parse error"
    if "field larger than field limit" in first:
        return ValueError(
            f"{name!r} has a field longer than {csv.field_size_limit():,} characters: no "
            "column name or value is that long in a CSV file. Check the delimiter, and look "
            "for a quote that is never closed (it turns the rest of the file into one field)."
        )
    return ValueError(f"cannot read {name!r} as CSV: {first}")


def _delimiter(text: str) -> str:
    """Guess the delimiter from the first lines (Excel writes ';' in many locales)."""
    sample = "\n".join(text.splitlines()[:20])
    try:
        return csv.Sniffer().sniff(sample, delimiters=_DELIMITERS).delimiter
    except csv.Error:
        return ","


def _drop_empty_trailing(frame: pd.DataFrame) -> pd.DataFrame:
    """Drop unnamed, empty columns at the right: the trace of a delimiter ending each line."""
    while (frame.shape[1] > 1 and str(frame.columns[-1]).startswith("Unnamed:")
           and frame.iloc[:, -1].isna().all()):
        frame = frame.iloc[:, :-1]
    return frame


def column_names(file) -> list[str]:
    """The column names `read_csv` will see in ``file``, or [] when it cannot be read.

    Parameters
    ----------
    file : str, path, file-like or bytes

    Returns
    -------
    list of str
        The header line's names, stripped, without the empty name a trailing delimiter
        leaves; `read_csv` says why a file cannot be read.

    Examples
    --------
    >>> column_names(b"label\\n1\\n2\\n")
    ['label']
    >>> column_names(b"x;y;\\n1;2;\\n")
    ['x', 'y']
    """
    try:
        text, _ = _read_text(io.BytesIO(file) if isinstance(file, bytes) else file)
        header = next(csv.reader(io.StringIO(text.lstrip("\n")), delimiter=_delimiter(text)), [])
    except (ValueError, TypeError, csv.Error):
        return []
    names = [name.strip() for name in header]
    while names and not names[-1]:
        names.pop()
    return names


def _check_row_lengths(text: str, sep: str, name: str, max_rows: int) -> None:
    """Refuse lines with more fields than the header (pandas would silently shift them)."""
    rows = enumerate(csv.reader(io.StringIO(text), delimiter=sep), start=1)
    # pandas skips blank lines before the header too.
    _, header = next(((i, row) for i, row in rows if any(f.strip() for f in row)), (0, []))
    for line, row in rows:
        if line > max_rows + 2:
            return
        if len(row) > len(header):
            raise ValueError(
                f"line {line} of {name!r} has {len(row)} fields but the header has "
                f"{len(header)}; check the delimiter and the quoting"
            )


def _parse(text: str, sep: str, max_rows: int) -> pd.DataFrame:
    """Parse with pandas; with ';' also try decimal commas and keep the more numeric result."""
    options = {"sep": sep, "nrows": max_rows + 1, "skipinitialspace": True}
    frame = pd.read_csv(io.StringIO(text), **options)
    if sep == ";":
        comma = pd.read_csv(io.StringIO(text), decimal=",", **options)
        n_numeric = sum(pd.api.types.is_numeric_dtype(t) for t in frame.dtypes)
        if sum(pd.api.types.is_numeric_dtype(t) for t in comma.dtypes) > n_numeric:
            return comma
    return frame


def _check_shape(frame: pd.DataFrame, name: str, max_rows: int) -> pd.DataFrame:
    """``frame`` if it has columns and between 2 and ``max_rows`` rows."""
    if frame.shape[1] == 0:
        raise ValueError(f"{name!r} has no columns")
    if len(frame) > max_rows:
        raise ValueError(
            f"{name!r} has more than {max_rows:,} rows, more than this reader takes; "
            "use a sample of the data"
        )
    if len(frame) < 2:
        raise ValueError(f"{name!r} has {len(frame)} data row(s); clustering needs at least 2")
    return frame


def read_csv(file, label_column: str | None = None, max_rows: int = MAX_CSV_ROWS) -> Dataset:
    """Read a CSV file of numeric features, with an optional column of labels.

    The first line must name the columns. The delimiter (``,``, ``;``, tab or ``|``) is
    guessed; with ``;`` decimal commas are accepted. Every column except ``label_column`` must
    be numeric; the labels may be of any type and are numbered from 0 in order of first
    appearance.

    Parameters
    ----------
    file : str, path or file-like
        A path, or an open binary/text file (a Streamlit ``UploadedFile`` works).
    label_column : str, optional
        Name of the column holding the ground-truth labels.
    max_rows : int, default=MAX_CSV_ROWS (20,000)
        Refuse larger files; raise the cap with ``read_csv(..., max_rows=N)``.

    Returns
    -------
    Dataset
        ``y`` is all zeros when there is no label column.

    Raises
    ------
    ValueError
        Empty or unreadable file, fewer than 2 rows, more than ``max_rows`` rows, unknown
        label column, non-numeric feature column, missing or infinite values.

    Examples
    --------
    >>> import io
    >>> data = read_csv(io.StringIO("x;y;kind\\n1,5;2;a\\n3;4;b\\n5;6;a\\n"),
    ...                 label_column="kind")
    >>> data.X
    array([[1.5, 2. ],
           [3. , 4. ],
           [5. , 6. ]])
    >>> data.y
    array([0, 1, 0])
    >>> read_csv(io.StringIO("x,y\\n1,2\\n"))
    Traceback (most recent call last):
    ...
    ValueError: 'uploaded.csv' has 1 data row(s); clustering needs at least 2
    """
    max_rows = check_integer(max_rows, "max_rows", 2)
    text, name = _read_text(file)
    if not text.strip():
        raise ValueError(f"{name!r} is empty (or holds only blank lines): upload a CSV file "
                         "with a header line and at least 2 rows of numbers")
    sep = _delimiter(text)
    try:
        _check_row_lengths(text, sep, name, max_rows)
        frame = _parse(text, sep, max_rows)
    except (pd.errors.ParserError, pd.errors.EmptyDataError, csv.Error) as err:
        raise _csv_error(err, name) from None
    frame = _check_shape(_drop_empty_trailing(frame), name, max_rows)
    frame.columns = [str(c).strip() for c in frame.columns]

    if label_column is not None and label_column not in frame.columns:
        raise ValueError(
            f"label column {label_column!r} not found; columns are: {', '.join(frame.columns)}"
        )
    features = frame.drop(columns=[label_column]) if label_column is not None else frame
    if features.shape[1] == 0:
        raise ValueError(f"{name!r} has no feature columns besides the label column")

    bad = [c for c in features.columns
           if not pd.api.types.is_numeric_dtype(features[c])]
    if bad:
        examples = []
        for c in bad[:3]:
            values = pd.to_numeric(features[c], errors="coerce")
            first = features[c][values.isna() & features[c].notna()]
            example = f" (e.g. {first.iloc[0]!r})" if len(first) else ""
            examples.append(f"{c!r}{example}")
        more = f" and {len(bad) - 3} more" if len(bad) > 3 else ""
        raise ValueError(
            f"non-numeric feature column(s): {', '.join(examples)}{more}. Remove them, or "
            f"pass the column of labels as label_column"
        )

    missing = frame.isna().any(axis=1).to_numpy()
    if missing.any():
        first = int(np.flatnonzero(missing)[0]) + 1
        raise ValueError(
            f"{int(missing.sum())} row(s) have missing values (the first is data row "
            f"{first}); remove or fill them"
        )
    X = features.to_numpy(dtype=float)
    if not np.isfinite(X).all():
        cols = [c for c, ok in zip(features.columns, np.isfinite(X).all(axis=0), strict=True)
                if not ok]
        raise ValueError(f"infinite values in column(s) {', '.join(map(repr, cols))}")

    y = (encode_labels(frame[label_column].tolist()) if label_column is not None
         else np.zeros(len(frame), dtype=int))
    label_note = f", labels from {label_column!r}" if label_column is not None else ""
    return Dataset(
        X=X, y=y, name=name,
        description=f"Uploaded file {name}: {X.shape[0]} rows, {X.shape[1]} numeric "
                    f"features{label_note}.",
        feature_names=tuple(features.columns),
    )


#: Column names that usually hold the true classes, in order of preference.
LABEL_NAMES = ("label", "labels", "class", "target", "y", "species", "cluster", "truth")
#: File name of :func:`sample_csv`.
SAMPLE_NAME = "sample-blobs.csv"


def guess_label_column(columns: list[str]) -> str | None:
    """The column most likely to hold labels, by its name (:data:`LABEL_NAMES`), or None.

    A file of one column is data, whatever its name: with no feature left, it could not be
    clustered.

    Parameters
    ----------
    columns : list of str
        The file's column names.

    Returns
    -------
    str or None
        The first column (case-insensitive) named as in :data:`LABEL_NAMES`; None for a
        single column.

    Examples
    --------
    >>> guess_label_column(["x", "Species", "y"])
    'y'
    >>> guess_label_column(["x1", "x2"]) is None
    True
    """
    if len(columns) < 2:
        return None
    lowered = {name.lower(): name for name in columns}
    return next((lowered[name] for name in LABEL_NAMES if name in lowered), None)


def sample_csv() -> bytes:
    """Three generated blobs (300 points, seed 0) with their labels, as CSV bytes: the file
    the upload page shows before anything is uploaded.

    Parameters
    ----------
    None

    Returns
    -------
    bytes
        Columns x1, x2 (4 decimals) and label.

    Examples
    --------
    >>> sample_csv().splitlines()[0]
    b'x1,x2,label'
    """
    data = load("blobs", n_samples=300, random_state=0)
    frame = pd.DataFrame(data.X, columns=["x1", "x2"]).round(4)
    frame["label"] = data.y
    return frame.to_csv(index=False).encode()
