"""Uploaded CSV files: the label column guess, cached parsing, a sample file."""

import io

import pandas as pd
import streamlit as st

import datasets

SAMPLE_NAME = "sample-blobs.csv"
# Column names that usually hold the true classes, in order of preference.
LABEL_NAMES = ("label", "labels", "class", "target", "y", "species", "cluster", "truth")


@st.cache_data(show_spinner=False)
def sample_csv() -> bytes:
    """Three generated blobs (300 points) with their labels: the file shown before an upload."""
    data = datasets.load("blobs", n_samples=300, random_state=0)
    frame = pd.DataFrame(data.X, columns=["x1", "x2"]).round(4)
    frame["label"] = data.y
    return frame.to_csv(index=False).encode()


def guess_label_column(columns: list[str]) -> str | None:
    """The column most likely to hold labels, by its name, or None.

    A file of one column is data, whatever its name: with no feature left, it could not be
    clustered."""
    if len(columns) < 2:
        return None
    lowered = {name.lower(): name for name in columns}
    return next((lowered[name] for name in LABEL_NAMES if name in lowered), None)


@st.cache_data(max_entries=8, show_spinner="Reading the file…")
def parse_upload(content: bytes, name: str, label_column: str | None,
                 max_rows: int) -> datasets.Dataset:
    """`datasets.read_csv` on the uploaded bytes, cached by content and options."""
    buffer = io.BytesIO(content)
    buffer.name = name
    return datasets.read_csv(buffer, label_column=label_column, max_rows=max_rows)
