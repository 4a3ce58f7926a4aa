"""Inputs that used to take the server down: refused or fixed before any run."""

import numpy as np
import pandas as pd
import pytest
from sklearn.metrics import adjusted_rand_score

import datasets
import ui.budget
from clustering import run
from clustering.budget import Budget, estimate_cost, max_rows
from explorer.notebook import view_notebook
from tests.app.conftest import open_page
from tests.notebook_runner import executed_json

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


def test_a_file_too_large_for_the_budget_can_be_clustered_as_a_random_sample(monkeypatch):
    # A budget that fits k-means on 150 of the file's 600 rows (the real one fits millions).
    small = Budget(seconds=estimate_cost("kmeans", 150, 2, {}).seconds, memory_bytes=1e9)
    monkeypatch.setattr(ui.budget, "APP_BUDGET", small)
    data = datasets.load("blobs", n_samples=600, random_state=0)
    frame = pd.DataFrame(data.X, columns=["a", "b"]).assign(label=data.y)
    at = upload(frame.to_csv(index=False).encode())
    assert not at.exception, at.exception
    rows = max_rows("kmeans", 2, {}, small)
    assert 100 < rows < 600
    assert len(at.error) == 1 and f"at most {rows:,} points" in at.error[0].value
    at.toggle(key="up_use_sample").set_value(True).run()
    assert not at.exception and not at.error, [e.value for e in at.error]
    assert f"A random sample of {rows:,} of the 600 rows (seed 0)" in at.info[0].value
    assert any(f"{rows} rows, 2 features" in m.value for m in at.markdown)
    # The page's ARI is scikit-learn's on the sampled rows.
    part = datasets.subsample(data, rows, random_state=0)
    expected = adjusted_rand_score(part.y, run("kmeans", part.X, random_state=0).labels)
    scores = next(d.value for d in at.dataframe if "key" in d.value.columns).set_index("key")
    assert float(scores.loc["ari", "value"]) == pytest.approx(expected, abs=1e-12)
    # The page's notebook redoes the same sample and scores.
    view = at.session_state["up_view"]
    assert view["upload"]["sample_rows"] == rows and view["upload"]["sample_seed"] == 0
    notebook_scores = executed_json(view_notebook(view), "scores")
    assert notebook_scores["ari"] == pytest.approx(expected, abs=1e-12)
