"""Uploaded CSV files: the sample file and the parsing, cached (pure parts in
:mod:`datasets.upload`)."""

import io

import streamlit as st

import datasets
from datasets import upload

sample_csv = st.cache_data(show_spinner=False)(upload.sample_csv)


@st.cache_data(max_entries=8, show_spinner="Reading the file…")
def parse_upload(content: bytes, name: str, label_column: str | None,
                 max_rows: int) -> datasets.Dataset:
    """`datasets.read_csv` on the uploaded bytes, cached by content and options."""
    buffer = io.BytesIO(content)
    buffer.name = name
    return datasets.read_csv(buffer, label_column=label_column, max_rows=max_rows)
