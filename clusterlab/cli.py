"""Command line: ``clusterlab app | list | run | notebook | rerun`` (also ``python -m
clusterlab`` and ``python -m experiments``).

``app`` starts the Streamlit app. ``run NAME`` writes NAME.csv (the tidy result), NAME.json
(the run record: every parameter, the seed, package versions, timings per step), NAME.html
(the plotly figure, loading the one ``plotly.min.js`` its folder shares) and, with ``--png``,
NAME.png (kaleido with a Chromium browser), all or nothing
(:func:`experiments.outputs.write_outputs`). ``notebook NAME`` writes NAME.ipynb, which
reproduces the run with the public API. ``rerun DIR/NAME.json`` runs a record again.

Bad arguments print a message and exit with code 2; Ctrl-C prints one line and exits 130.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import subprocess
import sys
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from clusterlab.exits import INTERRUPTED, INTERRUPTED_MESSAGE, stdout_closed
from clusterlab.listing import listing
from clusterlab.paths import APP, SERVER
from experiments import EXPERIMENTS, PRESETS, get_experiment
from experiments.outputs import (
    NOTEBOOK_SUFFIXES,
    RUN_SUFFIXES,
    check_free,
    csv_text,
    experiment_view,
    package_versions,
    read_record,
    record_json,
    run_record,
    started_at,
    write_outputs,
)
from experiments.scale import dask_backend, parse_dask
from metrics.seeding import MAX_SEED
from metrics.validation import ParameterError, parse_integer

__all__ = ["APP", "APP_PAGES", "app_link", "main", "parse_sets"]


#: Where the app shows each paper's experiments: page URL path and its parameter prefix
#: (``<prefix>_fig``, ``<prefix>_preset``, ``<prefix>_seed``; app_pages/experiments_*.py).
APP_PAGES = {
    "vinh2009": ("experiments_vinh2009", "vinh"),
    "slides": ("experiments_vinh2009", "vinh"),
    "gates2017": ("experiments_gates2017", "gates"),
    "dom2001": ("experiments_dom2001", "dom"),
    "lazarenko2021": ("experiments_lazarenko2021", "pami"),
}
DEFAULT_APP = "http://localhost:8501"


def app_link(name: str, preset: str, seed: int, app: str = DEFAULT_APP) -> str:
    """The app page showing experiment ``name`` with this preset and seed.

    Parameters
    ----------
    name : str
        A key of :data:`experiments.EXPERIMENTS`.
    preset : {"paper", "quick"}
    seed : int
    app : str
        The app's address.

    Returns
    -------
    str
        The page URL with its link parameters (``<prefix>_fig``, ``_preset``, ``_seed``);
        the app's home page for an experiment no page shows.

    Examples
    --------
    >>> app_link("gates2017-fig1", "paper", 3)
    'http://localhost:8501/experiments_gates2017?gates_fig=gates2017-fig1&gates_preset=paper&gates_seed=3'
    """
    page, prefix = APP_PAGES.get(name.split("-")[0], ("", ""))
    if not page:
        return app.rstrip("/") + "/"
    query = urlencode({f"{prefix}_fig": name, f"{prefix}_preset": preset,
                       f"{prefix}_seed": seed})
    return f"{app.rstrip('/')}/{page}?{query}"


def parse_sets(experiment, preset: str, sets: Sequence[str]) -> dict[str, Any]:
    """``["ks=2,4", "one_sided=true"]`` -> checked overrides, by the Python API's own checks.

    Parameters
    ----------
    experiment : experiments.Experiment
    preset : str
        The preset the overrides apply to.
    sets : sequence of str
        ``PARAM=VALUE`` texts (see :meth:`experiments.params.ExperimentParam.parse`).

    Returns
    -------
    dict
        Parameter name -> value, in the form :meth:`Experiment.parameters` returns.

    Raises
    ------
    ValueError or TypeError
        A malformed ``PARAM=VALUE``, an unknown parameter or a bad value; the message names
        it and lists the valid ones.

    Examples
    --------
    >>> from experiments import EXPERIMENTS
    >>> parse_sets(EXPERIMENTS["vinh2009-fig1"], "quick", ["ks=2,4", "one_sided=yes"])
    {'ks': (2, 4), 'one_sided': True}
    """
    specs = experiment.specs()
    overrides: dict[str, Any] = {}
    for item in sets:
        name, sep, text = item.partition("=")
        name = name.strip()
        if not sep or not name:
            raise ValueError(f"--set needs PARAM=VALUE, got {item!r}.")
        if name not in specs:
            experiment.parameters(preset, **{name: text})  # the API's message lists them all
        overrides[name] = specs[name].parse(text)
    experiment.parameters(preset, **overrides)
    return overrides


class _Progress:
    """Progress on stderr, one rewritten line; remembers whether it drew anything."""

    def __init__(self) -> None:
        self.active = False

    def __call__(self, done: float, message: str) -> None:
        self.active = True
        print(f"\r[{done:4.0%}] {message:<60}", end="", file=sys.stderr, flush=True)

    def end(self) -> None:
        if self.active:
            print(file=sys.stderr, flush=True)
            self.active = False


def _png(figure) -> tuple[bytes | None, str]:
    """The figure as PNG bytes (kaleido), or None and why not: the PNG is optional."""
    try:
        return figure.to_image(format="png", width=1200,
                               height=figure.layout.height or 600), ""
    except Exception as error:  # kaleido missing, no browser, ...
        first = str(error).strip().splitlines()[0] if str(error).strip() else ""
        return None, f"no PNG ({type(error).__name__}: {first[:160]}); the HTML has the figure"


def _execute(
    experiment, preset: str, seed: int, overrides: Mapping[str, Any], out: Path, *,
    force: bool = False, png: bool = False, dask: str | None = None,
    extra: Mapping[str, Any] | None = None, progress: _Progress | None = None,
) -> dict[str, Any]:
    """Run, build every file, write them all or nothing; return the run record."""
    check_free(out, experiment.name, RUN_SUFFIXES, force)
    overrides = dict(overrides)
    if dask is not None:
        if "n_jobs" not in experiment.specs():
            batch = [e.name for e in EXPERIMENTS.values() if "n_jobs" in e.specs()]
            raise ValueError(f"{experiment.name} has no parallel batches to send to Dask; "
                             f"--dask works with {', '.join(batch)}.")
        parse_dask(dask)
        overrides.setdefault("n_jobs", -1)
    parameters = experiment.parameters(preset, **overrides)
    started, clock = started_at(), time.perf_counter()
    progress = progress or _Progress()
    backend = dask_backend(dask) if dask is not None else contextlib.nullcontext({})
    timings = {}
    with backend as cluster:
        if dask is not None:
            timings["cluster_start"] = time.perf_counter() - clock
            clock = time.perf_counter()
        df = experiment(preset, random_state=seed, progress=progress, **overrides)
        timings["run"] = time.perf_counter() - clock
    progress.end()
    csv = csv_text(df)
    from plots.experiments import (  # plotly only for the figure files
        PLOTLY_JS,
        experiment_figure,
        plotly_js,
        shared_html,
    )

    clock = time.perf_counter()
    figure = experiment_figure(experiment.figure, df, title=experiment.title,
                               **experiment.options)
    files: dict[str, str | bytes] = {".csv": csv, ".html": shared_html(figure)}
    timings["figure"] = time.perf_counter() - clock
    note = ""
    if png:
        clock = time.perf_counter()
        image, note = _png(figure)
        if image is not None:
            files[".png"] = image
        timings["png"] = time.perf_counter() - clock
    record = run_record(
        experiment, preset, seed, parameters, csv=csv, timings=timings,
        versions=package_versions(("dask", "distributed") if dask else ()),
        extra={"overrides": overrides, "started": started, "dask": dask or None,
               "cluster": cluster or None, "files": sorted(
                   f"{experiment.name}{s}" for s in (*files, ".json")), **(extra or {})},
    )
    files[".json"] = record_json(record)
    _write_shared(out / PLOTLY_JS, plotly_js())  # first: the HTML never lacks it
    written = write_outputs(out, experiment.name, files, suffixes=RUN_SUFFIXES, force=force)
    print(f"{experiment.name}: {len(df)} rows in {timings['run']:.2f} s; wrote "
          + ", ".join(str(p) for p in written))
    if note:
        print(note)
    return record


def _write_shared(path: Path, text: str) -> None:
    """Write the file every NAME.html of a folder loads, unless it already holds ``text``."""
    if path.is_file() and path.stat().st_size == len(text) and path.read_text() == text:
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_name(f".{path.name}.{os.getpid()}.partial")
    partial.write_text(text)
    os.replace(partial, path)


def _notebook(experiment, preset, seed, overrides, out, force, app) -> Path:
    from explorer.notebook import view_notebook

    check_free(out, experiment.name, NOTEBOOK_SUFFIXES, force)
    view = experiment_view(experiment, preset, seed, experiment.parameters(preset, **overrides))
    text = view_notebook({**view, "url": app_link(experiment.name, preset, seed, app)})
    (path,) = write_outputs(out, experiment.name, {".ipynb": text},
                            suffixes=NOTEBOOK_SUFFIXES, force=force)
    print(f"wrote {path}")
    return path


def _rerun(record_path: Path, out: Path, force: bool, png: bool, dask: str | None,
           progress: _Progress) -> int:
    record = read_record(record_path)
    experiment = get_experiment(record["experiment"])
    parameters = dict(record["parameters"])
    if dask is None and record.get("dask"):
        parameters["n_jobs"] = 1  # the record ran on Dask; here the batches run locally
    new = _execute(experiment, record["preset"], int(record["seed"]), parameters, out,
                  force=force, png=png, dask=dask, extra={"rerun_of": str(record_path)},
                  progress=progress)
    if "csv_sha256" not in record:
        print("the record has no csv_sha256: nothing to compare the CSV with")
    elif new["csv_sha256"] == record["csv_sha256"]:
        print(f"CSV identical to the recorded run's (sha256 {record['csv_sha256'][:16]}...)")
    else:
        print("CSV differs from the recorded run's (timings, or other package versions: "
              "compare the versions in both records)")
    return 0


def _seed(text: str) -> int:
    try:
        return parse_integer(text, "--seed", 0, MAX_SEED)
    except ParameterError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _app(streamlit_args: Sequence[str]) -> int:
    """``streamlit run`` on the app (`clusterlab.paths.SERVER`), from its folder (where
    .streamlit/config.toml is).

    On POSIX the command becomes the server (exec): a SIGTERM from a service manager or a
    test then stops the server instead of leaving it running without its parent.
    """
    command = [sys.executable, "-m", "streamlit", "run", str(SERVER), *streamlit_args]
    if os.name == "posix":
        os.chdir(SERVER.parent)
        os.execv(sys.executable, command)
    return subprocess.call(command, cwd=SERVER.parent)


def _out_dir(text: str) -> Path:
    if not text.strip():
        raise argparse.ArgumentTypeError("--out must name a directory (it is empty)")
    return Path(text)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="clusterlab",
        description="ClusterLab: start the app, or reproduce the figures and tables of its "
                    "seed papers.",
    )
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("app", help="start the app (streamlit run app_server.py); further "
                        "go to streamlit run, e.g. clusterlab app --server.port 8502")
    lister = commands.add_parser(
        "list", help="list the experiments; with names or --details, their parameters")
    lister.add_argument("names", nargs="*", metavar="NAME",
                        help="experiments to show in detail (parameters, presets, ranges)")
    lister.add_argument("--details", action="store_true",
                        help="show every experiment in detail")

    def common(sub, record: bool = False):
        if not record:
            sub.add_argument("name", help="experiment name (see: clusterlab list)")
            sub.add_argument("--preset", default="paper", choices=PRESETS,
                             help="the paper's settings (or our stand-in: see `list`), or a quick "
                                  "run (default: paper)")
            sub.add_argument("--seed", type=_seed, default=0,
                             help=f"random seed, 0 to {MAX_SEED} (default 0)")
            sub.add_argument("--set", dest="sets", action="append", default=[],
                             metavar="PARAM=VALUE",
                             help="override a parameter (repeatable); lists are "
                                  "comma-separated, e.g. --set ks=2,4,8")
        sub.add_argument("--out", type=_out_dir, required=True, help="output directory")
        sub.add_argument("--force", action="store_true",
                         help="replace earlier outputs of the same experiment in --out")

    def compute(sub):
        sub.add_argument("--png", action="store_true",
                         help="also write NAME.png (kaleido and chromium; slower than the "
                              "run itself for quick presets)")
        sub.add_argument("--dask", metavar="local[:WORKERS]|ADDRESS",
                         help="run the batches on Dask (needs requirements-dask.txt)")

    runner = commands.add_parser("run", help="run one experiment and write its outputs")
    common(runner)
    compute(runner)
    notebook = commands.add_parser("notebook", help="write NAME.ipynb reproducing a run")
    common(notebook)
    notebook.add_argument("--app", default=DEFAULT_APP,
                          help=f"the app's address for the link back (default {DEFAULT_APP})")
    serve = commands.add_parser(
        "serve", help="start several app servers behind nginx on one address (a lecture "
        "hall; docs/deploy.md)")
    serve.add_argument("--servers", type=int, default=2, help="app servers (default 2)")
    serve.add_argument("--port", type=int, default=8080, help="nginx's port (default 8080)")
    serve.add_argument("--address", default="0.0.0.0",
                       help="nginx's address (default 0.0.0.0: every interface)")
    serve.add_argument("--database-url", help="the class database of every server "
                       "(PostgreSQL: postgresql+psycopg://user:password@host/db)")
    serve.add_argument("--workdir", type=Path, help="folder for the nginx configuration, "
                       "its files and the logs (default: a new temporary folder)")
    rerun = commands.add_parser("rerun", help="run a recorded run (NAME.json) again")
    rerun.add_argument("record", type=Path, help="a NAME.json written by run")
    common(rerun, record=True)
    compute(rerun)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Parse ``argv`` (default: ``sys.argv[1:]``) and run the command.

    Parameters
    ----------
    argv : list of str, optional
        ``["run", NAME, "--out", DIR, ...]``, ``["list", NAME, ...]``, ``["notebook", ...]`` or
        ``["rerun", RECORD, "--out", DIR]``.

    Returns
    -------
    int
        The exit code: 0 done, 2 bad arguments or a failed run (message on stderr),
        130 interrupted by Ctrl-C (no partial outputs left), 141 when the reader of stdout
        went away (``clusterlab list | head``), quietly.

    Examples
    --------
    >>> main(["run", "no-such-experiment", "--out", "unused"])
    2
    """
    parser = _parser()
    args, extra = parser.parse_known_args(argv)
    if extra and args.command != "app":
        parser.error(f"unrecognized arguments: {' '.join(extra)}")
    progress = _Progress()
    try:
        if args.command == "app":
            return _app(extra)
        if args.command == "serve":
            from clusterlab.serve import serve

            return serve(args.servers, args.port, args.database_url, args.workdir,
                         args.address)
        if args.command == "list":
            print(listing(args.names, args.details))
            return 0
        if args.command == "rerun":
            return _rerun(args.record, args.out, args.force, args.png, args.dask, progress)
        experiment = get_experiment(args.name)
        overrides = parse_sets(experiment, args.preset, args.sets)
        if args.command == "notebook":
            _notebook(experiment, args.preset, args.seed, overrides, args.out, args.force,
                      args.app)
            return 0
        _execute(experiment, args.preset, args.seed, overrides, args.out, force=args.force,
                png=args.png, dask=args.dask, progress=progress)
        return 0
    except KeyboardInterrupt:
        progress.end()
        print(INTERRUPTED_MESSAGE, file=sys.stderr)
        return INTERRUPTED
    except BrokenPipeError:
        return stdout_closed()
    except (ValueError, TypeError, OSError, RuntimeError) as error:
        progress.end()
        print(f"error: {error}", file=sys.stderr)
        return 2
