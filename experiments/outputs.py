"""The files of an experiment run, built by pure functions and written all or nothing.

The app's experiment pages (downloads) and the command line (files) take the CSV, the run
record (JSON) and the notebook from the same functions here, so a download and a CLI run of
the same view hold the same bytes. :func:`write_outputs` puts a run's files in place
atomically: they are written to a temporary folder beside the outputs, then renamed, so the
set of a run's files is either complete or absent, never mixed with an earlier run's.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import platform
import shutil
import signal
import stat
import tempfile
import threading
from collections.abc import Iterator, Mapping
from datetime import UTC, datetime
from importlib import metadata
from pathlib import Path
from typing import Any

import pandas as pd

from metrics.seeding import MAX_SEED
from metrics.validation import ParameterError, check_integer, check_text

__all__ = [
    "MAX_RECORD_BYTES",
    "NOTEBOOK_SUFFIXES",
    "RUN_SUFFIXES",
    "check_free",
    "csv_text",
    "experiment_view",
    "jsonable",
    "package_versions",
    "read_record",
    "record_json",
    "run_record",
    "started_at",
    "write_outputs",
]

#: The files of one ``run``: ``NAME.csv``, ``.json``, ``.html`` and (when it can be drawn)
#: ``.png``. A new run replaces them all, so a PNG of an earlier run never stays beside it.
RUN_SUFFIXES = (".csv", ".json", ".html", ".png")
#: The file of ``notebook``.
NOTEBOOK_SUFFIXES = (".ipynb",)
#: The largest run record read back: the largest the presets write is a few kB.
MAX_RECORD_BYTES = 1_000_000
#: Packages whose versions a run record keeps.
VERSIONED = ("numpy", "scipy", "pandas", "scikit-learn", "joblib", "plotly")


def csv_text(df: pd.DataFrame) -> str:
    """The tidy result as CSV text, without the index and with ``\\n`` line ends.

    Parameters
    ----------
    df : DataFrame

    Returns
    -------
    str
        What the CLI writes to NAME.csv and the app offers as the CSV download.

    Examples
    --------
    >>> csv_text(pd.DataFrame({"K": [2, 3], "mean": [0.5, 0.25]}))
    'K,mean\\n2,0.5\\n3,0.25\\n'
    """
    return df.to_csv(index=False, lineterminator="\n")


def jsonable(value: Any) -> Any:
    """``value`` with tuples as lists and numpy scalars as Python numbers, for JSON.

    Parameters
    ----------
    value : any
        Nested mappings, lists, tuples and scalars.

    Returns
    -------
    any
        The same structure with dicts, lists and Python scalars only.

    Examples
    --------
    >>> import numpy as np
    >>> jsonable({"ks": (2, np.int64(3)), "eps": np.float64(0.5)})
    {'ks': [2, 3], 'eps': 0.5}
    """
    if isinstance(value, Mapping):
        return {str(k): jsonable(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [jsonable(v) for v in value]
    if hasattr(value, "item"):
        return value.item()
    return value


def package_versions(extra: tuple[str, ...] = ()) -> dict[str, str]:
    """Python's version and those of the packages a result depends on.

    Parameters
    ----------
    extra : tuple of str
        More distribution names (``dask``, ...).

    Returns
    -------
    dict
        Name -> version, ``"not installed"`` for a missing package.

    Examples
    --------
    >>> sorted(package_versions())[:3]
    ['joblib', 'numpy', 'pandas']
    """
    versions = {"python": platform.python_version()}
    for package in (*VERSIONED, *extra):
        try:
            versions[package] = metadata.version(package)
        except metadata.PackageNotFoundError:
            versions[package] = "not installed"
    return versions


def run_record(
    experiment,
    preset: str,
    seed: int,
    parameters: Mapping[str, Any],
    *,
    csv: str | None = None,
    timings: Mapping[str, float] | None = None,
    versions: Mapping[str, str] | None = None,
    extra: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """The record of a run: enough to run it again (``python -m experiments rerun``).

    Parameters
    ----------
    experiment : experiments.Experiment
    preset, seed : the preset the parameters started from, and the seed.
    parameters : every parameter the run used (the preset with the overrides applied).
    csv : the result's CSV text; its SHA-256 lets a rerun say whether it reproduced it.
    timings : seconds per step; versions : package versions (see :func:`package_versions`).
    extra : anything else worth keeping (how it was run, ...).

    Returns
    -------
    dict
        ``experiment, title, paper, preset, seed, parameters`` and, when given, ``csv_sha256``,
        ``rows``, ``timings``, ``versions``, plus ``extra``'s keys.

    Examples
    --------
    >>> from experiments import EXPERIMENTS
    >>> slides = EXPERIMENTS["slides-rand"]
    >>> record = run_record(slides, "quick", 0, slides.parameters("quick"))
    >>> record["parameters"]
    {'pairs': [20, 24, 20, 72]}
    """
    record: dict[str, Any] = {
        "experiment": experiment.name, "title": experiment.title, "paper": experiment.paper,
        "preset": preset, "seed": check_integer(seed, "seed", 0, MAX_SEED),
        "parameters": jsonable(dict(parameters)),
    }
    if csv is not None:
        record["csv_sha256"] = hashlib.sha256(csv.encode()).hexdigest()
        record["rows"] = csv.count("\n") - 1
    if timings is not None:
        record["timings"] = {k: round(float(v), 3) for k, v in timings.items()}
    if versions is not None:
        record["versions"] = dict(versions)
    record.update(jsonable(dict(extra or {})))
    return record


def experiment_view(experiment, preset: str, seed: int,
                    parameters: Mapping[str, Any]) -> dict[str, Any]:
    """The view description of a run, for :func:`explorer.notebook.view_notebook`.

    The command line's ``notebook`` and the experiment pages' download both build their
    notebook from it (adding the app ``url`` of the view).

    Parameters
    ----------
    experiment : experiments.Experiment
    preset, seed : the preset and the seed of the run.
    parameters : every parameter of the run (the preset with the overrides applied).

    Returns
    -------
    dict
        ``kind="experiment"``, ``title``, ``summary``, ``name``, ``preset``, ``seed``,
        ``parameters``.

    Examples
    --------
    >>> from explorer.notebook import view_notebook
    >>> from experiments import EXPERIMENTS
    >>> slides = EXPERIMENTS["slides-rand"]
    >>> view = experiment_view(slides, "quick", 0, slides.parameters("quick"))
    >>> "EXPERIMENTS['slides-rand']" in view_notebook({**view, "url": "http://localhost"})
    True
    """
    return {
        "kind": "experiment", "title": experiment.title,
        "summary": f"{experiment.paper}. {experiment.description}",
        "name": experiment.name, "preset": preset,
        "seed": check_integer(seed, "seed", 0, MAX_SEED),
        "parameters": dict(parameters),
    }


def record_json(record: Mapping[str, Any]) -> str:
    """The record as indented JSON text (NAME.json).

    Parameters
    ----------
    record : mapping
        A run record (see :func:`run_record`).

    Returns
    -------
    str

    Examples
    --------
    >>> record_json({"seed": 3, "parameters": {"ks": (2, 4)}})
    '{\\n  "seed": 3,\\n  "parameters": {\\n    "ks": [\\n      2,\\n      4\\n    ]\\n  }\\n}\\n'
    """
    return json.dumps(jsonable(record), indent=2) + "\n"


def read_record(path: Path) -> dict[str, Any]:
    """A run record written by ``python -m experiments run``, checked enough to rerun it.

    Parameters
    ----------
    path : Path
        A NAME.json.

    Returns
    -------
    dict

    Raises
    ------
    ValueError
        The file is not a regular file (a FIFO, a device, a folder), is larger than
        :data:`MAX_RECORD_BYTES` or not JSON, lacks ``experiment``,
        ``preset``, ``seed`` or ``parameters``, or its seed is not an integer seed. The
        experiment's checks judge the rest when it runs.

    Examples
    --------
    >>> import tempfile
    >>> path = Path(tempfile.mkdtemp()) / "slides-rand.json"
    >>> _ = path.write_text('{"experiment": "slides-rand", "preset": "quick", "seed": 0, '
    ...                     '"parameters": {"pairs": [20, 24, 20, 72]}}')
    >>> read_record(path)["parameters"]
    {'pairs': [20, 24, 20, 72]}
    """
    # Opened without blocking and checked before reading: a FIFO would wait for a writer,
    # /dev/zero never end, a directory fail with a traceback.
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        os.close(fd)
        raise ValueError(f"{path} is not a run record: it is not a regular file (a pipe, a "
                         "device or a folder); give the NAME.json that run wrote.")
    with open(fd, "rb") as handle:
        raw = handle.read(MAX_RECORD_BYTES + 1)  # bounded: a huge file is refused
    if len(raw) > MAX_RECORD_BYTES:
        raise ValueError(f"{path} is not a run record: it is larger than "
                         f"{MAX_RECORD_BYTES:,} bytes.")
    try:
        record = json.loads(raw.decode())
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError) as error:
        raise ValueError(f"{path} is not a run record (invalid JSON: {error}).") from None
    needed = ("experiment", "preset", "seed", "parameters")
    missing = [key for key in needed if not isinstance(record, dict) or key not in record]
    if missing:
        raise ValueError(f"{path} is not a run record: it lacks {', '.join(missing)}.")
    try:
        check_text(record["experiment"], "experiment", 100, one_line=True)
        check_integer(record["seed"], "seed", 0, MAX_SEED)
        if not isinstance(record["parameters"], dict):
            raise ParameterError(f"parameters must be a table, got {record['parameters']!r}")
    except ParameterError as error:
        raise ValueError(f"{path} is not a valid run record: {error}.") from None
    return record


def _targets(out: Path, name: str, suffixes: tuple[str, ...]) -> list[Path]:
    return [out / f"{name}{suffix}" for suffix in suffixes]


def check_free(out: Path, name: str, suffixes: tuple[str, ...], force: bool) -> None:
    """Refuse to go on when earlier outputs of ``name`` exist in ``out`` and not ``force``.

    Parameters
    ----------
    out : Path
        The output directory (it may not exist yet).
    name : str
        The experiment's name, the stem of its files.
    suffixes : tuple of str
        The files that belong to the set (:data:`RUN_SUFFIXES` or :data:`NOTEBOOK_SUFFIXES`).
    force : bool
        Earlier outputs may be replaced.

    Returns
    -------
    None

    Raises
    ------
    FileExistsError
        Names the files and says to add ``--force``.

    Examples
    --------
    >>> import tempfile
    >>> check_free(Path(tempfile.mkdtemp()), "slides-rand", RUN_SUFFIXES, force=False)
    """
    existing = [p for p in _targets(out, name, suffixes) if p.exists()]
    if existing and not force:
        listed = ", ".join(str(p) for p in existing)
        raise FileExistsError(
            f"{listed} already exist(s); add --force to replace the earlier outputs, or choose "
            "another --out."
        )


@contextlib.contextmanager
def _interrupts_deferred() -> Iterator[None]:
    """Hold Ctrl-C back during the renames, then raise it: a set is never half moved."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    caught: list[int] = []
    previous = signal.signal(signal.SIGINT, lambda number, frame: caught.append(number))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
    if caught:
        raise KeyboardInterrupt


def write_outputs(
    out: Path,
    name: str,
    files: Mapping[str, str | bytes],
    *,
    suffixes: tuple[str, ...],
    force: bool = False,
) -> list[Path]:
    """Write ``files`` (suffix -> content) as ``out/NAME.suffix``, all or nothing.

    Parameters
    ----------
    out : Path
        The output directory, created if needed.
    name : str
        The stem of the files.
    files : mapping
        Suffix (``".csv"``, ...) -> text or bytes.
    suffixes : tuple of str
        Every suffix of the set: earlier files with any of them are replaced (removed when
        this run has no such file), so the set is never mixed with an earlier run's.
    force : bool
        Replace earlier outputs (else :class:`FileExistsError`).

    The files are written to a temporary folder inside ``out`` first; then every earlier
    output of ``name`` with one of ``suffixes`` moves aside and the new files move in (renames
    within one file system), with Ctrl-C held back meanwhile. If a rename fails the earlier
    outputs are put back. The temporary folder is removed in every case.

    Returns
    -------
    list of Path
        The files written.

    Raises
    ------
    FileExistsError
        Earlier outputs exist and ``force`` is false (see :func:`check_free`).
    OSError
        ``out`` cannot be created or written.

    Examples
    --------
    >>> import tempfile
    >>> out = Path(tempfile.mkdtemp())
    >>> [p.name for p in write_outputs(out, "demo", {".csv": "a\\n1\\n"}, suffixes=RUN_SUFFIXES)]
    ['demo.csv']
    >>> sorted(p.name for p in out.iterdir())
    ['demo.csv']
    """
    unknown = set(files) - set(suffixes)
    if unknown:
        raise ValueError(f"suffixes {sorted(unknown)} are not among {suffixes}.")
    out = Path(out)
    check_free(out, name, suffixes, force)
    out.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{name}.", suffix=".partial", dir=out))
    try:
        for suffix, content in files.items():
            path = staging / f"{name}{suffix}"
            with open(path, "wb") as handle:
                handle.write(content.encode() if isinstance(content, str) else content)
                handle.flush()
                os.fsync(handle.fileno())
        old = staging / "previous"
        old.mkdir()
        with _interrupts_deferred():
            moved_old: list[tuple[Path, Path]] = []
            moved_new: list[Path] = []
            try:
                for target in _targets(out, name, suffixes):
                    if target.exists():
                        os.replace(target, old / target.name)
                        moved_old.append((old / target.name, target))
                for suffix in files:
                    target = out / f"{name}{suffix}"
                    os.replace(staging / target.name, target)
                    moved_new.append(target)
            except OSError:
                for target in moved_new:
                    target.unlink(missing_ok=True)
                for source, target in moved_old:
                    os.replace(source, target)
                raise
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    return [out / f"{name}{suffix}" for suffix in files]


def started_at() -> str:
    """The current UTC time, ISO 8601 to the second (a run record's ``started``).

    Parameters
    ----------
    None

    Returns
    -------
    str

    Examples
    --------
    >>> started_at().endswith("+00:00")
    True
    """
    return datetime.now(UTC).replace(microsecond=0).isoformat()
