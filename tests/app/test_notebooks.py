"""The notebook each kind of page hands out, run with nbclient, gives the page's numbers."""

import io
import json
from urllib.parse import parse_qs, urlparse

import numpy as np
import pandas as pd
import pytest

from explorer.notebook import VIEW_KINDS, view_notebook
from tests.app.conftest import open_page, open_tab
from tests.notebook_runner import execute, executed_json
from ui.navigation import PAGES


def table(at, column):
    """The page's first dataframe with ``column``."""
    return next(d.value for d in at.dataframe if column in d.value.columns)


def notebook_of(at, key):
    view = at.session_state[f"{key}_view"]
    text = view_notebook(view)
    first = json.loads(text)["cells"][0]["source"]
    assert first.startswith("# ") and "http" in first
    return view, text


def test_explore_notebook_scores_like_the_page():
    at = open_page("app_pages/explore.py", {"ex_data": "moons", "ex_algo": "kmeans",
                                            "ex_k": "3", "ex_seed": "4"})
    assert not at.exception and not at.error
    view, text = notebook_of(at, "ex")
    assert view["data"]["random_state"] == 4 and view["algorithm"] == "kmeans"
    assert "ex_seed=4" in view["url"]
    scores = executed_json(text, "scores")
    page = table(at, "measure")["value"].tolist()
    assert list(scores) == list(view["measures"])
    np.testing.assert_allclose(list(scores.values()), page, rtol=1e-12, atol=1e-12)


def test_compare_with_truth_notebook_scores_like_the_page():
    at = open_page("app_pages/measure_truth.py", {"mt_seed": "2"})
    assert not at.exception and not at.error
    view, text = notebook_of(at, "mt")
    scores = executed_json(text, "scores")
    page = table(open_tab(at, "mt_tab", "Every measure"), "key").set_index("key")["value"]
    assert set(scores) == set(page.index) and len(scores) > 10
    np.testing.assert_allclose([scores[k] for k in page.index], page.to_numpy(dtype=float),
                               rtol=1e-12, atol=1e-12)


def test_sandbox_notebook_scores_like_the_page():
    at = open_page("app_pages/measure_sandbox.py")
    assert not at.exception and not at.error
    view, text = notebook_of(at, "sb")
    scores = executed_json(text, "scores")
    page = table(at, "key").set_index("key")["value"]
    assert set(scores) == set(page.index) and "ari" in scores
    np.testing.assert_allclose([scores[k] for k in page.index], page.to_numpy(dtype=float),
                               rtol=1e-12, atol=1e-12)


@pytest.mark.parametrize("page,key,params", [
    ("app_pages/experiments_vinh2009.py", "vinh", {"vinh_seed": "5"}),
    ("app_pages/experiments_gates2017.py", "gates", {}),
    ("app_pages/experiments_dom2001.py", "dom", {"dom_fig": "dom2001-fig1"}),
    ("app_pages/experiments_lazarenko2021.py", "pami", {"pami_fig": "lazarenko2021-fig1"}),
])
def test_experiment_notebook_gives_the_page_table(page, key, params):
    at = open_page(page, params)
    assert not at.exception and not at.error
    view, text = notebook_of(at, key)
    printed = execute(text, "print(df.to_csv(index=False), end='')")
    shown = next(d.value for d in at.dataframe if "measure" in d.value.columns
                 or "scoring" in d.value.columns)
    pd.testing.assert_frame_equal(pd.read_csv(io.StringIO(printed)),
                                  pd.read_csv(io.StringIO(shown.to_csv(index=False))))


def metric(at, label):
    return next(m.value for m in at.metric if m.label == label)


def same_link_value(linked: str | None, asked: str) -> bool:
    """Whether the link back to the app carries ``asked`` (numbers compared as numbers:
    Copy link writes 3.0 as 3)."""
    if linked is None:
        return False
    try:
        return float(linked) == float(asked)
    except ValueError:
        return linked == asked


@pytest.mark.parametrize("page,key,params,second", [
    ("app_pages/explore_dbscan.py", "db", {"db_eps": "0.2", "db_min": "4"},
     ("Clusters", "result.n_clusters", "{}")),
    ("app_pages/explore_hierarchical.py", "hc", {"hc_link": "average", "hc_k": "3"},
     ("Clusters", "result.n_clusters", "{}")),
    ("app_pages/explore_fuzzy.py", "fc", {"fc_c": "4", "fc_rs": "3"},
     ("FPC", "result.extras['fpc']", "{:.3f}")),
    ("app_pages/explore_kmeans.py", "km", {"km_k": "4", "km_rs": "2", "km_step": "3"},
     ("Inertia J", "frame.inertia", "{:.4g}")),
    ("app_pages/explore_density_peaks.py", "dp", {"dp_k": "2", "dp_pct": "3.0"},
     ("Clusters", "model.n_clusters_", "{}")),
    ("app_pages/explore_em.py", "em", {"em_k": "2", "em_rs": "1", "em_step": "2"},
     ("Log-likelihood L", "entry['log_likelihood']", "{:.6g}")),
])
def test_explorer_notebook_gives_the_page_numbers(page, key, params, second):
    at = open_page(page, params)
    assert not at.exception and not at.error
    view, text = notebook_of(at, key)
    linked = {k: v[0] for k, v in parse_qs(urlparse(view["url"]).query).items()}
    assert all(same_link_value(linked.get(k), v) for k, v in params.items()), linked
    label, expression, shown = second
    found = executed_json(text, f"[scores['ari'], {expression}]")
    assert f"{found[0]:.3f}" == metric(at, "ARI vs truth")
    assert shown.format(found[1]) == str(metric(at, label))


def test_compare_notebook_gives_the_selected_cell_scores():
    at = open_page("app_pages/explore_compare.py", {"cmp_algos": "kmeans", "cmp_grid":
                                                    "k-means: K × seed", "cmp_n": "150"})
    assert not at.exception and not at.error
    view, text = notebook_of(at, "cmp")
    assert view["algorithm"] == "kmeans"
    scores = executed_json(text, "scores")
    shown = next(m.value for m in at.markdown if "Best ARI" in m.value)
    assert f"ARI {scores['ari']:.3f} · AMI {scores['ami_arithmetic']:.3f}" in shown, shown


def test_upload_notebook_reads_the_same_file_and_scores_like_the_page():
    at = open_page("app_pages/measure_upload.py", {"up_seed": "3"})
    assert not at.exception and not at.error
    view, text = notebook_of(at, "up")
    assert view["upload"]["label_column"] == "label"  # the sample file's label column
    scores = executed_json(text, "scores")
    page = table(at, "key").set_index("key")["value"]
    assert set(scores) == set(page.index)
    np.testing.assert_allclose([scores[k] for k in page.index], page.to_numpy(dtype=float),
                               rtol=1e-12, atol=1e-12)


def test_linkage_notebook_redoes_the_merges_shown():
    at = open_page("app_pages/explore_linkage.py", {"lk_link": "complete", "lk_step": "2"})
    assert not at.exception and not at.error
    view, text = notebook_of(at, "lk")
    names, matrix, height, S = executed_json(
        text, "[names, matrix.tolist(), done.height, S.tolist()]")
    assert str(len(names)) == metric(at, "Clusters") and len(matrix) == len(names)
    assert f"{height:.3g}" == metric(at, "Last merge height")
    # scipy's complete linkage of the distances 1 - S: the second merge's height.
    from scipy.cluster.hierarchy import linkage
    from scipy.spatial.distance import squareform

    Z = linkage(squareform(1 - np.array(S), checks=False), method="complete")
    assert height == pytest.approx(Z[1, 2], abs=1e-12)


NOTEBOOK_SECTIONS = ("Explore", "Measure", "Experiments")
OFFERING = [entry for entry in PAGES if entry.section in NOTEBOOK_SECTIONS]


@pytest.mark.parametrize("entry", OFFERING, ids=[entry.url_path for entry in OFFERING])
def test_every_explore_measure_and_experiments_page_offers_its_notebook(entry):
    at = open_page(entry.path)
    assert not at.exception and not at.error
    views = [value for key, value in at.session_state.items() if key.endswith("_view")]
    assert len(views) == 1 and views[0]["kind"] in VIEW_KINDS
    assert views[0]["url"].startswith("http")  # AppTest has no page URL: the browser test
    json.loads(view_notebook(views[0]))  # a well-formed notebook
