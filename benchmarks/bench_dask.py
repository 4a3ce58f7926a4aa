"""When does ``--dask`` pay? One batch experiment run locally and on a Dask LocalCluster.

Run by hand from the repository root (not part of the test suite), with
requirements-dask.txt installed:

    python benchmarks/bench_dask.py [--name vinh2009-fig2] [--preset paper] [--out FILE]

Each mode runs the command line in a fresh process, ``--repeats`` times (the table keeps the
minimum): ``n_jobs=1`` (one thread), ``n_jobs=2`` (joblib threads) and ``--dask local:2``
(two worker processes). The run time is the record's ``timings.run`` (the batches only); the
cluster's start-up is its ``timings.cluster_start``. Every mode must give the same CSV, which
the script checks.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MODES = {
    "local, n_jobs=1": ["--set", "n_jobs=1"],
    "local, n_jobs=2 (threads)": ["--set", "n_jobs=2"],
    "dask local:2 (processes)": ["--dask", "local:2"],
}


def run(name: str, preset: str, extra: list[str]) -> tuple[dict, bytes]:
    with tempfile.TemporaryDirectory() as out:
        subprocess.run(
            [sys.executable, "-m", "experiments", "run", name, "--preset", preset,
             "--out", out, *extra],
            cwd=ROOT, check=True, capture_output=True,
        )
        record = json.loads((Path(out) / f"{name}.json").read_text())
        return record, (Path(out) / f"{name}.csv").read_bytes()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--name", default="vinh2009-fig2")
    parser.add_argument("--preset", default="paper")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--out", type=Path, default=ROOT / "benchmarks/results/dask.md")
    args = parser.parse_args()
    rows, csvs = [], set()
    for mode, extra in MODES.items():
        runs = [run(args.name, args.preset, extra) for _ in range(args.repeats)]
        csvs.update(csv for _, csv in runs)
        best = min(r["timings"]["run"] for r, _ in runs)
        start = min((r["timings"].get("cluster_start", 0.0) for r, _ in runs))
        rows.append((mode, best, start))
        print(f"{mode}: run {best:.2f} s, cluster start {start:.2f} s", flush=True)
    if len(csvs) != 1:
        raise SystemExit("the modes gave different CSVs: --dask must match a local run")
    base = rows[0][1]
    lines = [
        f"# `--dask`: {args.name} ({args.preset} preset)",
        "",
        f"`python benchmarks/bench_dask.py --name {args.name} --preset {args.preset}` on "
        f"{platform.machine()}, {os.cpu_count()} cores (shared with other work), Python "
        f"{platform.python_version()}; minimum of {args.repeats} runs; identical CSVs in "
        "every mode (checked).",
        "",
        "| mode | batches (s) | cluster start (s) | speed-up of the batches |",
        "| --- | ---: | ---: | ---: |",
    ]
    lines += [f"| {mode} | {t:.2f} | {s:.2f} | {base / t:.2f}x |" for mode, t, s in rows]
    args.out.write_text("\n".join(lines) + "\n")
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
