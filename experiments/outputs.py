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
    """Python's version and those of :data:`VERSIONED` ("not installed" when missing).

    Parameters
    ----------
    None

    Returns
    -------
    dict
        Name -> version string.

    Examples
    --------
    >>> sorted(versions()) == sorted(("python", *VERSIONED))
    True
    """
    found = {"python": platform.python_version()}
    for package in VERSIONED:
        try:
            found[package] = metadata.version(package)
        except metadata.PackageNotFoundError:
            found[package] = "not installed"
    return found


def jsonable(value: Any) -> Any:
    """``value`` with tuples as lists, numpy scalars as Python numbers and dict keys as str.

    Parameters
    ----------
    value : object
        Parameters of a run (nested dicts, tuples, numpy scalars).

    Returns
    -------
    object
        The same structure, as ``json.dumps`` writes it.

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
    took (when given) and the library versions.

    Parameters
    ----------
    experiment : Experiment
        The experiment run.
    preset : str
        Its preset ("paper" or "quick").
    seed : int
        The seed of the run.
    parameters : dict
        Every parameter it ran with (the preset's, with overrides).
    seconds : float, optional
        How long it took (the app leaves it out: its runs are cached).

    Returns
    -------
    dict

    Examples
    --------
    >>> from experiments import EXPERIMENTS
    >>> slides = EXPERIMENTS["slides-rand"]
    >>> record = run_record(slides, "quick", 0, slides.parameters("quick"), seconds=0.51234)
    >>> record["experiment"], record["seed"], record["seconds"]
    ('slides-rand', 0, 0.512)
    """
    record = {
        "experiment": experiment.name, "title": experiment.title, "paper": experiment.paper,
        "preset": preset, "seed": seed, "parameters": jsonable(parameters),
    }
    if seconds is not None:
        record["seconds"] = round(seconds, 3)
    record["versions"] = versions()
    return record


def record_json(record: dict[str, Any]) -> str:
    """The run record as indented JSON text, ending with a newline.

    Parameters
    ----------
    record : dict
        A :func:`run_record`.

    Returns
    -------
    str

    Examples
    --------
    >>> print(record_json({"seed": 3, "ks": (2, 4)}), end="")
    {
      "seed": 3,
      "ks": [
        2,
        4
      ]
    }
    """
    return json.dumps(jsonable(record), indent=2) + "\n"


def table_csv(df: pd.DataFrame) -> str:
    """The tidy result as CSV text (no index column).

    Parameters
    ----------
    df : pandas.DataFrame
        The experiment's tidy result.

    Returns
    -------
    str

    Examples
    --------
    >>> table_csv(pd.DataFrame({"K": [2], "mean": [0.5]}))
    'K,mean\\n2,0.5\\n'
    """
    return df.to_csv(index=False)


def figure_html(figure: Any) -> str:
    """A plotly figure as one self-contained HTML page (plotly.js inlined, works offline).

    Parameters
    ----------
    figure : plotly.graph_objects.Figure
        The experiment's figure (``plots.experiments.experiment_figure``).

    Returns
    -------
    str

    Examples
    --------
    >>> import plotly.graph_objects as go
    >>> html = figure_html(go.Figure(go.Scatter(x=[0, 1], y=[1, 0])))
    >>> html.startswith("<html>") or html.startswith("<!doctype html>")
    True
    """
    return figure.to_html(include_plotlyjs=True, full_html=True)


def output_files(name: str, df: pd.DataFrame, record: dict[str, Any],
                 figure: Any) -> dict[str, str]:
    r"""``{"NAME.csv": ..., "NAME.json": ..., "NAME.html": ...}``: every file of a run.

    Parameters
    ----------
    name : str
        The experiment's name (the files' stem).
    df : pandas.DataFrame
        The tidy result.
    record : dict
        The :func:`run_record`.
    figure : plotly.graph_objects.Figure
        The figure.

    Returns
    -------
    dict
        File name -> text.

    Examples
    --------
    >>> import plotly.graph_objects as go
    >>> files = output_files("demo", pd.DataFrame({"a": [1]}), {"seed": 0}, go.Figure())
    >>> sorted(files), files["demo.csv"]
    (['demo.csv', 'demo.html', 'demo.json'], 'a\n1\n')
    """
    return {
        f"{name}.csv": table_csv(df),
        f"{name}.json": record_json(record),
        f"{name}.html": figure_html(figure),
    }
