"""The "Notebook" download in a real browser: a valid notebook of the view shown."""

import json

import pytest

from tests.browser.pageutils import open_app, screenshot

pytestmark = pytest.mark.browser


def download_notebook(page, app_url: str, path: str) -> dict:
    open_app(page, app_url, path)
    button = page.get_by_role("button", name="Notebook")
    button.scroll_into_view_if_needed()
    with page.expect_download(timeout=30_000) as info:
        button.click()
    return json.loads(open(info.value.path()).read())


def test_an_experiment_page_downloads_its_notebook(page, app_url):
    notebook = download_notebook(page, app_url,
                                 "experiments_gates2017?gates_seed=4&gates_fig=gates2017-kmeans")
    assert notebook["nbformat"] == 4
    intro, code = notebook["cells"][0]["source"], notebook["cells"][2]["source"]
    assert "/experiments_gates2017?" in intro and "gates_seed=4" in intro
    assert "EXPERIMENTS['gates2017-kmeans']" in code and "seed = 'quick', 4" in code
    screenshot(page, "experiments_gates2017-notebook")


def test_explore_downloads_the_notebook_of_its_clustering(page, app_url):
    notebook = download_notebook(page, app_url, "explore?ex_algo=DBSCAN&ex_seed=6")
    code = "".join(cell["source"] for cell in notebook["cells"])
    assert "clustering.run('dbscan'" in code and "'random_state': 6" in code
