"""Command line: ``python -m experiments list`` and ``python -m experiments run NAME``.

``run`` writes NAME.csv (the tidy result), NAME.json (parameters, seed, versions, time),
NAME.html (a self-contained plotly figure) and NAME.png when static export works (kaleido
with a Chromium browser). Bad arguments print a message and exit with code 2.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from experiments import EXPERIMENTS, PRESETS, get_experiment
from experiments.outputs import output_files, run_record


def _progress(done: float, message: str) -> None:
    print(f"\r[{done:4.0%}] {message:<60}", end="", file=sys.stderr, flush=True)


def write_png(figure, path: Path) -> str:
    """Write a static PNG with kaleido; return a message saying what happened."""
    try:
        figure.write_image(str(path), width=1200, height=figure.layout.height or 600)
    except Exception as error:  # kaleido missing, no browser, ...: the PNG is optional
        first_line = str(error).strip().splitlines()[0] if str(error).strip() else ""
        return f"no PNG ({type(error).__name__}: {first_line[:160]}); the HTML has the figure"
    return f"wrote {path}"


def run(name: str, preset: str, seed: int, out: Path, png: bool = True) -> int:
    experiment = get_experiment(name)
    params = experiment.parameters(preset)
    out.mkdir(parents=True, exist_ok=True)
    start = time.perf_counter()
    df = experiment(preset, random_state=seed, progress=_progress)
    elapsed = time.perf_counter() - start
    print(file=sys.stderr)
    from plots.experiments import experiment_figure  # plotly only for the figure

    figure = experiment_figure(experiment.figure, df, title=experiment.title,
                               **experiment.options)
    record = run_record(experiment, preset, seed, params, seconds=elapsed)
    for filename, text in output_files(name, df, record, figure).items():
        (out / filename).write_text(text)
    print(f"{name}: {len(df)} rows in {elapsed:.2f} s; wrote {out / (name + '.csv')}, "
          f".json, .html")
    if png:
        print(write_png(figure, out / f"{name}.png"))
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m experiments",
        description="Reproduce the figures and tables of ClusterLab's seed papers.",
    )
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("list", help="list the experiments")
    runner = commands.add_parser("run", help="run one experiment and write its outputs")
    runner.add_argument("name", help="experiment name (see: python -m experiments list)")
    runner.add_argument("--preset", default="paper", choices=PRESETS,
                        help="the paper's own settings, or a quick run (default: paper)")
    runner.add_argument("--seed", type=int, default=0, help="random seed (default 0)")
    runner.add_argument("--out", type=Path, required=True, help="output directory")
    runner.add_argument("--no-png", action="store_true", help="skip the static PNG")
    args = parser.parse_args(argv)
    if args.command == "list":
        width = max(map(len, EXPERIMENTS))
        for experiment in EXPERIMENTS.values():
            print(f"{experiment.name:<{width}}  {experiment.title}  [{experiment.paper}]")
        return 0
    try:
        return run(args.name, args.preset, args.seed, args.out, png=not args.no_png)
    except (ValueError, TypeError, OSError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
