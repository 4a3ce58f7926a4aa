"""A generated notebook finds ClusterLab wherever Jupyter starts its kernel (issue 23): in a
folder inside the repository, anywhere with an installed copy, and says what to install
when there is none. Executed with nbclient, the kernel starting in the notebook's folder."""

import json
import os
import shutil

import nbformat
import pytest
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionError

from clusterlab.cli import main
from explorer.notebook import view_notebook
from tests.notebook_runner import ROOT

VIEW = {"kind": "contingency", "title": "Sandbox", "summary": "A table.",
        "url": "http://localhost:8501/measure_sandbox", "table": [[5, 1], [0, 4]],
        "measures": ["ari"]}


def run_in(folder, text: str) -> str:
    """Run the notebook ``text`` with the kernel in ``folder``; what its last cell printed."""
    notebook = nbformat.reads(text, as_version=4)
    notebook.cells.append(nbformat.v4.new_code_cell("import metrics\nprint(metrics.__file__)"))
    NotebookClient(notebook, timeout=120, kernel_name="python3",
                   resources={"metadata": {"path": str(folder)}}).execute()
    return "".join(o.get("text", "") for o in notebook.cells[-1].outputs)


@pytest.fixture
def bare_environment(monkeypatch):
    """No CLUSTERLAB_ROOT and no PYTHONPATH: only the notebook's own search finds the code."""
    monkeypatch.delenv("CLUSTERLAB_ROOT", raising=False)
    monkeypatch.delenv("PYTHONPATH", raising=False)


def test_the_first_cell_says_what_to_install():
    first = json.loads(view_notebook(VIEW))["cells"][0]["source"]
    assert "pip install -e" in first and "virtual environment" in first


@pytest.fixture
def folder_in_repository():
    folder = ROOT / "tests" / "artifacts" / "notebooks" / f"nested-{os.getpid()}"
    folder.mkdir(parents=True, exist_ok=True)
    yield folder
    shutil.rmtree(folder)


def test_a_notebook_written_into_the_repository_runs_where_it_lies(bare_environment,
                                                                   folder_in_repository):
    folder = folder_in_repository
    assert main(["notebook", "slides-rand", "--preset", "quick", "--out", str(folder),
                 "--force"]) == 0
    found = run_in(folder, (folder / "slides-rand.ipynb").read_text())
    assert found.strip() == str(ROOT / "metrics" / "__init__.py")


def test_a_notebook_elsewhere_uses_an_installed_copy(bare_environment, monkeypatch, tmp_path):
    # An installed copy is on the kernel's import path; PYTHONPATH puts it there the same way.
    monkeypatch.setenv("PYTHONPATH", str(ROOT))
    found = run_in(tmp_path, view_notebook(VIEW))
    assert found.strip() == str(ROOT / "metrics" / "__init__.py")


def test_without_clusterlab_the_notebook_says_what_to_install(bare_environment, tmp_path):
    with pytest.raises(CellExecutionError, match="pip install -e <the ClusterLab folder>"):
        run_in(tmp_path, view_notebook(VIEW))
