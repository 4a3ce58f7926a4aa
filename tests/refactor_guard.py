"""A refactoring guard: a dump of everything a restructuring must leave unchanged.

This is NOT a test of correctness. It pins what the code did when the dump was taken (from
main, before the restructuring of the packages), so that moving, renaming and re-plumbing
modules can be checked to change nothing a user sees: every registry (measures, algorithms
with their parameters, datasets, distances, experiments with their presets), the defaults of
every algorithm's estimator and of every dataset's ``load``, every page's URL parameters, and
the CSV of every experiment's quick preset (by SHA-256; byte-identical or not). The values
are those the code printed; that is the point of a guard, and the reason why a change that
means to alter behaviour updates the golden file in the same commit, saying why.

``python tests/refactor_guard.py`` rewrites the golden file; ``tests/test_refactor_guard.py``
compares a fresh dump with it.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
GOLDEN = Path(__file__).resolve().parent / "golden" / "refactor_guard.json"


#: Columns of measured times (seconds, speed-ups) by experiment: no two runs share them.
TIMED = {"lazarenko2021-fig2": ("mean", "std"), "lazarenko2021-fig3": ("speedup",)}


def _plain(value):
    """``value`` as JSON-ready data with a stable text for anything else."""
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    if isinstance(value, bool | int | str) or value is None:
        return value
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, np.generic):
        return _plain(value.item())
    if callable(value):
        return getattr(value, "__name__", repr(value))
    return repr(value)


def _fields(obj, skip=()) -> dict:
    """The dataclass fields of ``obj`` (without their class name, which a rename may change)."""
    return {f.name: _plain(getattr(obj, f.name)) for f in dataclasses.fields(obj)
            if f.name not in skip}


def _sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def measures() -> dict:
    import metrics

    return {name: {**_fields(m), "options": list(m.options)}
            for name, m in metrics.MEASURES.items()}


def random_models() -> dict:
    import metrics

    sizes = np.array([3, 2, 2, 1])
    return {name: {"class": type(model).__name__, "name": model.name, "label": model.label,
                   "description": model.description,
                   "pair_probability": _plain(float(model.pair_probability(sizes, 8))),
                   "entropy_bound": _plain(model.entropy_bound(sizes, 8))}
            for name, model in metrics.RANDOM_MODELS.items()}


def algorithms() -> dict:
    import clustering
    import datasets

    data = datasets.load("blobs", n_samples=60, random_state=3)
    dump = {}
    for name, spec in clustering.ALGORITHMS.items():
        estimator = spec.factory(random_state=0, **{p.name: p.default for p in spec.params})
        labels = clustering.run(name, data.X, random_state=0).labels
        dump[name] = {
            **_fields(spec, skip=("params", "factory", "extras")),
            "params": [_fields(p) for p in spec.params],
            "estimator": type(estimator).__name__,
            "estimator_params": _plain(dict(sorted(estimator.get_params(deep=False).items()))),
            "labels_on_blobs": np.asarray(labels).tolist(),
        }
    return dump


def distances() -> dict:
    import clustering

    return {name: {**_fields(spec, skip=("params",)),
                   "params": [_fields(p) for p in spec.params]}
            for name, spec in clustering.DISTANCES.items()}


def dataset_registry() -> dict:
    import datasets

    dump = {}
    for name, spec in datasets.DATASETS.items():
        if spec.kind == "drawn":  # no default points: its own tests load drawn links
            dump[name] = _fields(spec, skip=("generate",))
            continue
        data = datasets.load(name)
        dump[name] = {
            **_fields(spec, skip=("generate",)),
            "default_load": {"X": _sha(np.ascontiguousarray(data.X, dtype=float).tobytes()),
                             "y": _sha(np.asarray(data.y).astype(np.int64).tobytes()),
                             "shape": list(data.X.shape), "name": data.name,
                             "description": data.description},
        }
    return dump


def experiments_dump() -> dict:
    import experiments
    from experiments.outputs import csv_text

    dump = {}
    for name, experiment in experiments.EXPERIMENTS.items():
        table = experiment("quick")
        # Timings differ from run to run: only the rest of such a table is pinned.
        table = table.drop(columns=list(TIMED.get(name, ())))
        csv = csv_text(table)
        dump[name] = {
            **_fields(experiment, skip=("run",)),
            "params": {p: _plain(repr(spec.describe())) for p, spec in experiment.specs().items()},
            "quick_csv_sha256": _sha(csv.encode()),
            "quick_csv_lines": csv.count("\n"),
        }
    return dump


def pages() -> dict:
    from ui.navigation import PAGES
    from ui.page_parameters import page_parameters

    return {entry.url_path: {name: list(values) for name, values in page_parameters(entry.path)}
            for entry in PAGES}


PARTS = {
    "measures": measures,
    "random_models": random_models,
    "algorithms": algorithms,
    "distances": distances,
    "datasets": dataset_registry,
    "experiments": experiments_dump,
    "pages": pages,
}


def dump(part: str) -> dict:
    """The dump of one part (a key of ``PARTS``), as JSON-ready data."""
    return json.loads(json.dumps(PARTS[part](), sort_keys=True))


def write_golden(path: Path = GOLDEN) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({part: dump(part) for part in PARTS}, indent=1, sort_keys=True)
                    + "\n")


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    write_golden(Path(sys.argv[1]) if len(sys.argv) > 1 else GOLDEN)
