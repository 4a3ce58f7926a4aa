"""Inputs that used to take the server down (issue 16): refused or fixed before any run."""

import numpy as np
import pandas as pd

from clustering.budget import max_rows
from tests.app.conftest import open_page

PAGE = "app_pages/measure_upload.py"


def upload(content: bytes, name: str = "data.csv"):
    at = open_page(PAGE)
    at.file_uploader(key="up_file").upload(name, content)
    return at.run()


def test_values_near_1e200_are_standardized_with_a_notice():
    X = np.random.default_rng(0).normal(size=(60, 2)) * 1e200
    at = upload(pd.DataFrame(X, columns=["a", "b"]).to_csv(index=False).encode())
    assert not at.exception, at.exception
    assert not at.error, [e.value for e in at.error]
    assert any("standardized" in w.value for w in at.warning)


def test_affinity_propagation_on_5000_rows_is_refused_with_the_size_that_fits():
    X = np.random.default_rng(0).normal(size=(5000, 2))
    at = upload(pd.DataFrame(X, columns=["a", "b"]).to_csv(index=False).encode())
    at.selectbox(key="up_algorithm").select("affinity_propagation").run()
    assert not at.exception, at.exception
    assert len(at.error) == 1
    assert f"at most {max_rows('affinity_propagation', 2):,} points" in at.error[0].value


def test_optics_defaults_adapt_to_a_twelve_row_file():
    X = np.random.default_rng(1).normal(size=(12, 2))
    at = upload(pd.DataFrame(X, columns=["a", "b"]).to_csv(index=False).encode())
    at.selectbox(key="up_algorithm").select("optics").run()
    assert not at.exception, at.exception
    assert not at.error, [e.value for e in at.error]
    assert any("lowered from 50 to 12" in w.value for w in at.warning)
