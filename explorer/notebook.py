"""A view of the app as a Jupyter notebook that reproduces it with the public API.

A page (or the command line) describes what it computed its view from in a small mapping,
the *view description*; :func:`view_notebook` turns it into an ``.ipynb`` (nbformat 4 JSON).
The notebook's first cell says what it shows and links back to the app view; the next ones
load, compute and draw with ``datasets``, ``clustering``, ``metrics``, ``experiments`` and
``plots``, exactly as the page does. Kinds of view:

``experiment``
    ``name``, ``preset``, ``seed``, ``parameters`` (every parameter of the run).
``clustering``
    ``data`` (the keywords of :func:`datasets.load`: a loaded set's ``source``) or ``upload``
    (``name``, ``content`` (bytes), ``label_column``, ``max_rows``, ``standardize``,
    and ``sample_rows`` with ``sample_seed`` when the page clustered a random sample),
    ``algorithm``,
    ``algorithm_params`` and ``algorithm_seed`` (:func:`clustering.run`), ``measures``
    (keys of :data:`metrics.MEASURES`), ``options`` (``random_model``, ``one_sided``, ...)
    and optionally ``algorithm_seed`` (default 0), ``columns`` (cluster only the first
    columns of X), ``noise_policy`` (:func:`metrics.alignment.score_noise`) and ``figure``
    (``{"kind": "dbscan"}``, ``{"kind": "dendrogram", "height", "max_leaves", "linkage"}``,
    ``{"kind": "memberships", "cluster"}``; default: a scatter of the clusters).
``kmeans_steps``
    ``data``, ``columns``, ``n_clusters``, ``init``, ``seed``, ``centers`` (placed by hand,
    or None), ``step`` (the move shown) and ``measures``
    (:func:`explorer.kmeans.fit_stepper`, :func:`explorer.kmeans.kmeans_steps`).
``density_peaks``
    ``data``, ``columns``, ``percent``, ``kernel``, ``centers`` (point numbers) and
    ``measures`` (:func:`explorer.density_peaks.decision_graph`, ``with_centers``).
``em_steps``
    ``data``, ``columns``, ``n_components``, ``covariance_type``, ``init``, ``seed``,
    ``step`` and ``measures`` (:func:`explorer.em.em_run`, ``step_view``).
``linkage_steps``
    ``similarity`` (a square matrix), ``items`` (their names), ``link`` and ``step`` (merges
    done; :func:`explorer.linkage_steps.merge_steps`).
``contingency``
    ``table`` (rows: true classes, columns: clusters), ``measures`` and ``options``.

Every kind also takes ``title``, ``summary`` (one or two sentences) and ``url``.
"""

from __future__ import annotations

import json
import pprint
from collections.abc import Mapping
from typing import Any

__all__ = ["VIEW_KINDS", "view_notebook"]

VIEW_KINDS = ("experiment", "clustering", "kmeans_steps", "density_peaks", "em_steps",
              "linkage_steps", "contingency")

# The kernel starts in the notebook's folder: ClusterLab is that folder or one above it (a
# notebook saved inside the repository), CLUSTERLAB_ROOT, or an installed copy.
_SETUP = """\
import os
import sys
from pathlib import Path

here = Path.cwd().resolve()
for folder in [os.environ.get("CLUSTERLAB_ROOT", ""), *map(str, [here, *here.parents])]:
    if folder and (Path(folder) / "clusterlab" / "cli.py").is_file():
        sys.path.insert(0, folder)
        break
try:
    import clusterlab  # noqa: F401
except ImportError:
    raise ImportError(
        "ClusterLab is not installed where this notebook's kernel runs: install it with "
        "pip install -e <the ClusterLab folder> (into its own virtual environment: metrics "
        "and datasets are also names of other packages), or set CLUSTERLAB_ROOT to that "
        "folder."
    ) from None"""

#: What the first cell says a reader needs.
NEEDS = ("It needs ClusterLab: open it anywhere inside the ClusterLab folder, or install "
         "ClusterLab into the kernel's environment (`pip install -e <ClusterLab folder>`, in "
         "a virtual environment of its own).")


def _literal(value: Any) -> str:
    """A Python literal of ``value`` (tuples for sequences), wrapped to 88 columns."""
    return pprint.pformat(_tuples(value), width=88, sort_dicts=False)


def _tuples(value: Any) -> Any:
    if isinstance(value, Mapping):
        return {str(k): _tuples(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return tuple(_tuples(v) for v in value)
    if hasattr(value, "item"):
        return value.item()
    return value


def _markdown_text(text: str) -> str:
    """Plain text made safe inside Markdown: no markup, link or HTML from user strings, and
    on one line (a newline in a file name would end the title's heading)."""
    out = " ".join(str(text).split())
    for char in "\\`*_{}[]()<>#+!|~":
        out = out.replace(char, "\\" + char)
    return out


def _safe_url(url: str) -> str:
    """The link target, with the characters that could end a Markdown link escaped."""
    for char, code in ((" ", "%20"), ("<", "%3C"), (">", "%3E"), ("\n", "%0A")):
        url = str(url).replace(char, code)
    return url


def _cell(kind: str, source: str) -> dict[str, Any]:
    cell: dict[str, Any] = {"cell_type": kind, "metadata": {}, "source": source}
    if kind == "code":
        cell.update(execution_count=None, outputs=[])
    return cell


def _experiment_cells(view: Mapping[str, Any]) -> list[str]:
    return [
        "from experiments import EXPERIMENTS\n"
        "from plots.experiments import experiment_figure\n"
        "\n"
        f"experiment = EXPERIMENTS[{view['name']!r}]\n"
        f"preset, seed = {view['preset']!r}, {int(view['seed'])}\n"
        "# Every parameter of the run (the preset with the view's changes):\n"
        f"parameters = {_literal(view['parameters'])}\n"
        "df = experiment(preset, random_state=seed, **parameters)\n"
        "df",
        "figure = experiment_figure(experiment.figure, df, title=experiment.title,\n"
        "                           **experiment.options)\n"
        "figure.show()",
    ]


def _load(view: Mapping[str, Any]) -> str:
    """Code loading the view's data as ``data`` and the clustered columns as ``X``."""
    columns = view.get("columns")
    take = f"X = data.X[:, :{int(columns)}]  # the page clusters these columns\n" if columns \
        else "X = data.X\n"
    head = "import numpy as np\n\nimport clustering\nimport datasets\nimport metrics\n\n"
    upload = view.get("upload")
    if upload is None:
        return head + f"data = datasets.load(**{_literal(view['data'])})\n" + take
    scale = "X = datasets.standardize(data.X)\n" if upload.get("standardize") else take
    sample = (
        "# The random sample of rows the page clustered (the file is too large to cluster\n"
        "# whole within the server's budget):\n"
        f"data = datasets.subsample(data, {int(upload['sample_rows'])}, "
        f"random_state={int(upload['sample_seed'])})\n"
    ) if "sample_rows" in upload else ""
    return (
        "import io\n\n" + head
        + f"# The uploaded file, {upload['name']!r}, as it was read by the page:\n"
        + f"content = {bytes(upload['content'])!r}\n"
        + f"data = datasets.read_csv(io.BytesIO(content), label_column={upload['label_column']!r},"
        + f" max_rows={int(upload['max_rows'])})\n"
        + sample + scale
    )


def _scores(view: Mapping[str, Any], labels: str) -> str:
    """Code scoring ``labels`` against the truth as the page does, into ``scores``."""
    policy = view.get("noise_policy")
    score = (
        "from metrics.alignment import score_noise\n\n"
        f"truth, found = score_noise(data.y, {labels}, {policy!r})\n"
        if policy else f"truth, found = data.y, {labels}\n"
    )
    return (
        score
        + f"measures = {_literal(list(view['measures']))}\n"
        + f"options = {_literal(dict(view.get('options', {})))}\n"
        + "scores = metrics.compare(truth, found, measures=measures, **options)\n"
        + "scores"
    )


def _clustering_cells(view: Mapping[str, Any]) -> list[str]:
    return [
        _load(view)
        + f"result = clustering.run({view['algorithm']!r}, X,\n"
        f"                        random_state={int(view.get('algorithm_seed', 0))},\n"
        f"                        **{_literal(view['algorithm_params'])})\n"
        'print(f"{result.n_clusters} clusters among {data.n_samples} points")',
        _scores(view, "result.labels") if view.get("measures") else "result.labels",
        _clustering_figure(view.get("figure") or {}),
    ]


def _clustering_figure(figure: Mapping[str, Any]) -> str:
    """The page's figure of a clustering: a scatter, or the DBSCAN, dendrogram or fuzzy one."""
    aligned = "from explorer.alignment import align_labels\n\n" \
        "labels = align_labels(data.y, result.labels)  # colours follow the matched classes\n"
    kind = figure.get("kind", "scatter")
    if kind == "dbscan":
        return aligned + (
            "from plots.dbscan import dbscan_figure\n\n"
            "dbscan_figure(X, labels, result.extras['point_types'], result.params['eps'],\n"
            "              axis_titles=data.feature_names[:2]).show()")
    if kind == "dendrogram":
        return aligned + (
            "from plots.dendrogram import dendrogram_figure, dendrogram_layout\n\n"
            "layout = dendrogram_layout(result.extras['linkage_matrix'], labels,\n"
            f"                           result.n_clusters, {int(figure['max_leaves'])})\n"
            f"dendrogram_figure(layout, {float(figure['height'])!r}, "
            f"linkage_name={figure['linkage']!r}).show()")
    if kind == "memberships":
        return (
            "from plots.fuzzy import membership_figure\n\n"
            "membership_figure(X, result.extras['membership'], result.extras['centers'],\n"
            f"                  cluster={figure.get('cluster')!r},\n"
            "                  axis_titles=data.feature_names[:2]).show()")
    return aligned + (
        "from datasets.projection import project_2d\n"
        "from plots import cluster_scatter\n"
        "\n"
        "xy, axis_titles = project_2d(X, data.feature_names[:X.shape[1]])\n"
        "cluster_scatter(xy, labels, axis_titles=axis_titles).show()")


def _kmeans_cells(view: Mapping[str, Any]) -> list[str]:
    centers = view.get("centers")
    placed = "None" if centers is None else f"np.array({_literal(centers)})"
    return [
        _load(view)
        + "from explorer.kmeans import fit_stepper, kmeans_steps\n"
        "\n"
        f"placed = {placed}  # centres placed by hand, if any\n"
        f"stepper = fit_stepper(X, {int(view['n_clusters'])}, {view['init']!r}, "
        f"{int(view['seed'])}, placed)\n"
        "frames = kmeans_steps(X, stepper.history_)\n"
        f"frame = frames[{int(view['step'])}]  # the move shown (0: the start)\n"
        "print(frame.caption)",
        _scores(view, "frame.labels") if view.get("measures") else "frame.inertia",
        "from plots.kmeans import kmeans_step_figure\n"
        "\n"
        f"trail = [f.centers for f in frames[:{int(view['step'])} + 1] "
        "if f.phase != 'assign']\n"
        "figure = kmeans_step_figure(X, frame.labels, frame.centers,\n"
        "                            previous=frame.previous_centers, trail=trail,\n"
        "                            axis_titles=data.feature_names[:2])\n"
        "figure.show()",
    ]


_DENSITY_FIGURES = """\
from explorer.alignment import align_labels
from plots.density_peaks import decision_graph_figure, density_peaks_figure

labels = align_labels(data.y, model.labels_)
decision_graph_figure(graph.rho_, graph.delta_, model.centers_, labels).show()
density_peaks_figure(X, labels, model.centers_, None, data.feature_names[:2]).show()"""


def _density_peaks_cells(view: Mapping[str, Any]) -> list[str]:
    fit = (
        "from explorer.density_peaks import decision_graph, with_centers\n\n"
        f"graph = decision_graph(X, {float(view['percent'])!r}, {view['kernel']!r})\n"
        f"model, added = with_centers(graph, X, {_literal(list(view['centers']))})\n"
        'print(f"{model.n_clusters_} clusters, d_c = {graph.dc_:.3g}")'
    )
    return [_load(view) + fit, _scores(view, "model.labels_"), _DENSITY_FIGURES]


def _em_cells(view: Mapping[str, Any]) -> list[str]:
    fit = (
        "from explorer.em import em_run, step_view\n\n"
        f"result = em_run(X, {int(view['n_components'])}, {view['covariance_type']!r}, "
        f"{view['init']!r}, {int(view['seed'])})\n"
        f"entry = result.extras['history'][{int(view['step'])}]  # the EM step shown\n"
        "resp, ellipses = step_view(X, entry)  # responsibilities and 1/2-sigma ellipses\n"
        "labels = resp.argmax(axis=1)\n"
        "print(f\"log-likelihood {entry['log_likelihood']:.6g}\")"
    )
    return [_load(view) + fit, _scores(view, "labels"), _EM_FIGURE]


_EM_FIGURE = """\
from plots.em import em_step_figure

em_step_figure(X, resp, entry["means"], ellipses, axis_titles=data.feature_names[:2]).show()"""


def _linkage_cells(view: Mapping[str, Any]) -> list[str]:
    return [
        "import numpy as np\n\n"
        "from explorer.linkage_steps import cluster_names, linkage_matrix, merge_steps\n\n"
        f"S = np.array({_literal([list(row) for row in view['similarity']])})\n"
        f"items = {_literal(list(view['items']))}\n"
        f"steps = merge_steps(S, {view['link']!r})\n"
        f"t = {int(view['step'])}  # merges done\n"
        "done = steps[t - 1] if t else None\n"
        "upcoming = steps[t] if t < len(steps) else None\n"
        "matrix = upcoming.matrix if upcoming else done.merged_matrix\n"
        "names = cluster_names(upcoming.clusters if upcoming else done.merged_clusters, items)\n"
        "names, matrix",
        _LINKAGE_FIGURES,
    ]


_LINKAGE_FIGURES = """\
from plots.linkage import growing_dendrogram, similarity_heatmap

similarity_heatmap(matrix, names, pair=upcoming.pair if upcoming else None,
                   merged=len(names) - 1 if done else None).show()
growing_dendrogram(linkage_matrix(steps), items, t,
                   height=upcoming.height if upcoming else None).show()"""


def _contingency_cells(view: Mapping[str, Any]) -> list[str]:
    return [
        "import numpy as np\n"
        "\n"
        "import metrics\n"
        "\n"
        "# Rows: true classes; columns: clusters.\n"
        f"table = np.array({_literal([list(row) for row in view['table']])})\n"
        f"measures = {_literal(list(view['measures']))}\n"
        f"options = {_literal(dict(view.get('options', {})))}\n"
        "scores = metrics.compare(contingency=table, measures=measures, **options)\n"
        "scores",
        "from plots.heatmap import contingency_heatmap\n"
        "\n"
        "figure = contingency_heatmap(table, [f\"class {i}\" for i in range(len(table))],\n"
        "                             [f\"cluster {j}\" for j in range(table.shape[1])])\n"
        "figure.show()",
    ]


_BUILDERS = {
    "experiment": _experiment_cells,
    "clustering": _clustering_cells,
    "kmeans_steps": _kmeans_cells,
    "density_peaks": _density_peaks_cells,
    "em_steps": _em_cells,
    "linkage_steps": _linkage_cells,
    "contingency": _contingency_cells,
}


def view_notebook(view: Mapping[str, Any]) -> str:
    """The ``.ipynb`` text (nbformat 4.5) of a notebook that reproduces ``view``.

    Parameters
    ----------
    view : mapping
        A view description (see the module docstring): ``kind`` in :data:`VIEW_KINDS`,
        ``title``, ``summary``, ``url`` and the kind's fields.

    Returns
    -------
    str
        JSON text of the notebook: a Markdown cell (what it shows, the link back to the app
        view), a setup cell, then the kind's code cells.

    Raises
    ------
    ValueError
        Unknown ``kind`` or a missing field.

    Examples
    --------
    >>> text = view_notebook({"kind": "contingency", "title": "Sandbox", "summary": "A table.",
    ...                       "url": "http://localhost:8501/measure_sandbox",
    ...                       "table": [[5, 1], [0, 4]], "measures": ["ari"]})
    >>> notebook = json.loads(text)
    >>> notebook["nbformat"], len(notebook["cells"])
    (4, 4)
    >>> "metrics.compare(contingency=table" in notebook["cells"][2]["source"]
    True
    """
    kind = view.get("kind")
    if kind not in _BUILDERS:
        raise ValueError(f"unknown view kind {kind!r}: use one of {', '.join(VIEW_KINDS)}.")
    try:
        code = _BUILDERS[kind](view)
        intro = (
            f"# {_markdown_text(view['title'])}\n\n{_markdown_text(view['summary'])}\n\n"
            f"This notebook reproduces [this view of ClusterLab](<{_safe_url(view['url'])}>) "
            "with "
            "ClusterLab's Python API: the same data, parameters and seeds give the same "
            f"numbers and the same figure. {NEEDS}"
        )
    except KeyError as missing:
        raise ValueError(f"a {kind} view needs the field {missing}.") from None
    cells = [_cell("markdown", intro), _cell("code", _SETUP)]
    cells += [_cell("code", source) for source in code]
    notebook = {
        "cells": cells,
        "metadata": {
            "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
            "language_info": {"name": "python"},
        },
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    for number, cell in enumerate(cells):
        cell["id"] = f"cell-{number}"
    return json.dumps(notebook, indent=1) + "\n"
