"""Execute a generated notebook with nbclient, as Jupyter would, from the repository root."""

import json
from pathlib import Path

import nbformat
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parents[1]


def execute(text: str, probe: str) -> str:
    """Validate the notebook ``text``, run it with a last cell ``probe`` appended, and return
    what that cell printed (the test's window on the notebook's variables)."""
    notebook = nbformat.reads(text, as_version=4)
    nbformat.validate(notebook)
    notebook.cells.append(nbformat.v4.new_code_cell(probe))
    NotebookClient(notebook, timeout=180, kernel_name="python3",
                   resources={"metadata": {"path": str(ROOT)}}).execute()
    outputs = notebook.cells[-1].outputs
    return "".join(o.get("text", "") for o in outputs if o.output_type == "stream")


def executed_json(text: str, expression: str):
    """The value of ``expression`` (JSON-serialisable) after running the notebook."""
    return json.loads(execute(text, f"import json\nprint(json.dumps({expression}))"))
