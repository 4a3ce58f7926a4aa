"""A refactoring guard: a dump of everything a restructuring must leave unchanged.

This is NOT a test of correctness. It pins what the code did when the dump was taken (from
main, before the restructuring of the packages), so that moving, renaming and re-plumbing
modules can be checked to change nothing a user sees: every registry (measures, algorithms
with their parameters, datasets, distances, experiments with their presets), the defaults of
every algorithm's estimator and of every dataset's ``load``, every page's URL parameters, and
the table of every experiment's quick preset. The values are those the code printed; that is
the point of a guard, and the reason why a change that means to alter behaviour updates the
golden file in the same commit, saying why.

Floats are compared by value, not by their bits: the last bits of a sum depend on the CPU
(numpy's SIMD kernels and OpenBLAS pick other orders of addition on other x86-64 or ARM
chips), so hashing them made the guard red on an AMD EPYC. Large float arrays (a dataset's
points, an experiment's float columns) are kept as :func:`fingerprint` s: per column its
minimum, maximum and the means of blocks of ``BLOCK`` rows; integers and text stay exact.
:data:`RTOL` states the tolerance of each part and why.

``python tests/refactor_guard.py`` rewrites the golden file; ``tests/test_refactor_guard.py``
compares a fresh dump with it (:func:`differences`).
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import math
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
GOLDEN = Path(__file__).resolve().parent / "golden" / "refactor_guard.json"


#: Columns of measured times (seconds, speed-ups) by experiment: no two runs share them.
TIMED = {"lazarenko2021-fig2": ("mean", "std"), "lazarenko2021-fig3": ("speedup",)}

#: Relative tolerance of the floats of each part (default ``DEFAULT_RTOL``): two floats agree
#: when ``|a - b| <= rtol * max(|a|, |b|)``; a fingerprint's numbers when they differ by at
#: most ``rtol`` times the column's largest magnitude (so values near 0 after a cancellation
#: do not count as relative noise).
#: - datasets, 1e-9: a generator adds, scales and rotates random draws in a few operations
#:   (the rotation through BLAS), each good to about 1e-16 relative, whatever the CPU;
#: - experiments, 1e-7: a quick run chains thousands of operations per value (logs, lgamma,
#:   sums over draws that numpy adds in a CPU-dependent order), and the adjusted measures
#:   subtract nearly equal numbers; 1e-7 of a column's scale is far above that noise and far
#:   below any change a refactoring could make to a seed, a formula or a draw.
RTOL = {"datasets": 1e-9, "experiments": 1e-7}
DEFAULT_RTOL = 1e-9
#: Rows per block of a fingerprint: one value changed by more than ``BLOCK * rtol`` of its
#: column's scale changes its block's mean beyond the tolerance.
BLOCK = 32


def _plain(value):
    """``value`` as JSON-ready data with a stable text for anything else."""
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    if isinstance(value, bool | int | str) or value is None:
        return value
    if isinstance(value, float):
        return value  # compared by value within the part's tolerance (RTOL)
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


def fingerprint(values) -> dict:
    """A float column as numbers comparable within a tolerance: its minimum and maximum
    (NaN aside), the rows holding NaN, and the mean of each block of ``BLOCK`` rows."""
    column = np.asarray(values, dtype=float)
    finite = column[~np.isnan(column)]
    blocks = [column[i:i + BLOCK] for i in range(0, column.size, BLOCK)]
    return {
        "fingerprint": "float column",
        "rows": int(column.size),
        "nan_rows": np.flatnonzero(np.isnan(column)).tolist(),
        "min": float(finite.min()) if finite.size else None,
        "max": float(finite.max()) if finite.size else None,
        "block_means": [float(np.nanmean(b)) if (~np.isnan(b)).any() else None
                        for b in blocks],
    }


def differences(fresh, golden, rtol: float, path: str = "") -> list[str]:
    """Where ``fresh`` differs from ``golden`` (JSON-ready data): floats beyond ``rtol``,
    anything else at all. An empty list means the same."""
    if isinstance(golden, dict) and golden.get("fingerprint") == "float column":
        return _fingerprint_differences(fresh, golden, rtol, path)
    if isinstance(golden, dict) and isinstance(fresh, dict):
        if sorted(fresh) != sorted(golden):
            return [f"{path}: keys {sorted(set(fresh) ^ set(golden))} only on one side"]
        return [d for key in sorted(golden)
                for d in differences(fresh[key], golden[key], rtol, f"{path}/{key}")]
    if isinstance(golden, list) and isinstance(fresh, list):
        if len(fresh) != len(golden):
            return [f"{path}: {len(fresh)} items, golden {len(golden)}"]
        return [d for i, (a, b) in enumerate(zip(fresh, golden, strict=True))
                for d in differences(a, b, rtol, f"{path}[{i}]")]
    if isinstance(golden, float) and isinstance(fresh, float):
        if _close(fresh, golden, rtol * max(abs(fresh), abs(golden))):
            return []
        return [f"{path}: {fresh!r}, golden {golden!r} (rtol {rtol:g})"]
    if type(fresh) is not type(golden) or fresh != golden:
        return [f"{path}: {fresh!r}, golden {golden!r}"]
    return []


def _close(a: float | None, b: float | None, tolerance: float) -> bool:
    if a is None or b is None:
        return a is b
    if math.isnan(a) or math.isnan(b):
        return math.isnan(a) and math.isnan(b)
    return a == b or abs(a - b) <= tolerance


def _fingerprint_differences(fresh, golden: dict, rtol: float, path: str) -> list[str]:
    exact = ("fingerprint", "rows", "nan_rows")
    if not isinstance(fresh, dict) or sorted(fresh) != sorted(golden) or any(
            fresh[key] != golden[key] for key in exact) or len(
            fresh["block_means"]) != len(golden["block_means"]):
        return [f"{path}: a different column (rows, NaN rows or shape)"]
    scale = max(abs(golden["min"] or 0.0), abs(golden["max"] or 0.0))
    pairs = [("min", fresh["min"], golden["min"]), ("max", fresh["max"], golden["max"])] + [
        (f"block {i}", a, b)
        for i, (a, b) in enumerate(zip(fresh["block_means"], golden["block_means"],
                                       strict=True))]
    return [f"{path} {name}: {a!r}, golden {b!r} (tolerance {rtol:g} x {scale:g})"
            for name, a, b in pairs if not _close(a, b, rtol * scale)]


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
            "default_load": {"X": [fingerprint(column) for column in np.asarray(data.X).T],
                             "y": _sha(np.asarray(data.y).astype(np.int64).tobytes()),
                             "shape": list(data.X.shape), "name": data.name,
                             "description": data.description},
        }
    return dump


def experiments_dump() -> dict:
    import experiments

    dump = {}
    for name, experiment in experiments.EXPERIMENTS.items():
        table = experiment("quick")
        # Timings differ from run to run: only the rest of such a table is pinned.
        table = table.drop(columns=list(TIMED.get(name, ())))
        dump[name] = {
            **_fields(experiment, skip=("run",)),
            "params": {p: _plain(repr(spec.describe())) for p, spec in experiment.specs().items()},
            "quick_columns": list(table.columns),
            "quick_table": {column: _column(table[column]) for column in table.columns},
        }
    return dump


def _column(series) -> dict | str:
    """A float column's fingerprint; any other column (integers, text) by its exact text."""
    if series.dtype.kind == "f":
        return fingerprint(series.to_numpy())
    return _sha("\n".join(str(value) for value in series.tolist()).encode())


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
