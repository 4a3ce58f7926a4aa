"""The files of an experiment run, as text: the app's download buttons and the command line
(``python -m experiments run``) both build them with these functions, so they hold the same
bytes.

- ``NAME.csv``: :func:`table_csv`, the tidy result;
- ``NAME.json``: :func:`record_json` of :func:`run_record`, every parameter of the run with
  the seed, the preset and the versions of the libraries;
- ``NAME.html``: :func:`figure_html`, a self-contained plotly figure (plotly.js inlined).

:func:`output_files` gives all three by file name. Nothing here imports plotly: the figure
is built by the caller (``plots.experiments.experiment_figure``) and only asked for its HTML.
"""

from __future__ import annotations

import json
import platform
from importlib import metadata
from typing import Any

import pandas as pd

from experiments.registry import Experiment

__all__ = [
    "VERSIONED",
    "figure_html",
    "jsonable",
    "output_files",
    "record_json",
    "run_record",
    "table_csv",
    "versions",
]

#: Libraries whose versions a run record lists (with Python's).
VERSIONED = ("numpy", "scipy", "pandas", "scikit-learn", "joblib", "plotly")


def versions() -> dict[str, str]:
    """Python's version and those of :data:`VERSIONED` ("not installed" when missing)."""
    found = {"python": platform.python_version()}
    for package in VERSIONED:
        try:
            found[package] = metadata.version(package)
        except metadata.PackageNotFoundError:
            found[package] = "not installed"
    return found


def jsonable(value: Any) -> Any:
    """``value`` with tuples as lists, numpy scalars as Python numbers and dict keys as str.

    Examples
    --------
    >>> import numpy as np
    >>> jsonable({"ks": (2, np.int64(3)), 1: np.float64(0.5)})
    {'ks': [2, 3], '1': 0.5}
    """
    if isinstance(value, dict):
        return {str(k): jsonable(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [jsonable(v) for v in value]
    if hasattr(value, "item"):
        return value.item()
    return value


def run_record(experiment: Experiment, preset: str, seed: int, parameters: dict[str, Any],
               *, seconds: float | None = None) -> dict[str, Any]:
    """What a run was: experiment, title, paper, preset, seed, every parameter, the time it
    took (when given) and the library versions."""
    record = {
        "experiment": experiment.name, "title": experiment.title, "paper": experiment.paper,
        "preset": preset, "seed": seed, "parameters": jsonable(parameters),
    }
    if seconds is not None:
        record["seconds"] = round(seconds, 3)
    record["versions"] = versions()
    return record


def record_json(record: dict[str, Any]) -> str:
    """The run record as indented JSON text, ending with a newline."""
    return json.dumps(jsonable(record), indent=2) + "\n"


def table_csv(df: pd.DataFrame) -> str:
    """The tidy result as CSV text (no index column).

    Examples
    --------
    >>> table_csv(pd.DataFrame({"K": [2], "mean": [0.5]}))
    'K,mean\\n2,0.5\\n'
    """
    return df.to_csv(index=False)


def figure_html(figure: Any) -> str:
    """A plotly figure as one self-contained HTML page (plotly.js inlined, works offline)."""
    return figure.to_html(include_plotlyjs=True, full_html=True)


def output_files(name: str, df: pd.DataFrame, record: dict[str, Any],
                 figure: Any) -> dict[str, str]:
    """``{"NAME.csv": ..., "NAME.json": ..., "NAME.html": ...}``: every file of a run."""
    return {
        f"{name}.csv": table_csv(df),
        f"{name}.json": record_json(record),
        f"{name}.html": figure_html(figure),
    }
