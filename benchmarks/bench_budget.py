"""How close `clustering.budget.estimate_cost` comes to the measured cost of each algorithm.

Run by hand from the repository root (not part of the test suite):

    OMP_NUM_THREADS=1 python benchmarks/bench_budget.py [--sizes 500 1000 2000] [--out FILE]

For every registered algorithm with its default parameters, on blobs with 2 features and on
the same points padded with Gaussian noise to 64 features: CPU time of one
``clustering.run`` (``time.process_time``, one thread) and its peak traced memory
(``tracemalloc``: numpy's arrays included), beside the estimate. The estimate is meant as an
upper bound good to a small factor, so the ratios estimate / measured should be >= 1 and not
huge; a ratio below 1 means a constant in clustering/budget.py must grow.
"""

from __future__ import annotations

import argparse
import platform
import sys
import time
import tracemalloc
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import clustering  # noqa: E402
import datasets  # noqa: E402
from clustering.budget import estimate_cost  # noqa: E402


def data(n: int, d: int) -> np.ndarray:
    X = datasets.load("blobs", n_samples=n, random_state=0).X
    noise = np.random.default_rng(0).normal(size=(n, d - 2))
    return np.hstack([X, noise])


def measure(name: str, X: np.ndarray) -> tuple[float, float]:
    tracemalloc.start()
    start = time.process_time()
    try:
        clustering.run(name, X, random_state=0)
        seconds = time.process_time() - start
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    return seconds, peak


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[500, 1000, 2000])
    parser.add_argument("--out", type=Path, default=ROOT / "benchmarks/results/budget.md")
    args = parser.parse_args()
    rows = ["| algorithm | n | d | measured s | estimated s | ratio | measured MB "
            "| estimated MB | ratio |", "|---|---|---|---|---|---|---|---|---|"]
    for name in clustering.ALGORITHMS:
        for n, d in [(n, 2) for n in args.sizes] + [(1000, 64)]:
            seconds, peak = measure(name, data(n, d))
            cost = estimate_cost(name, n, d)
            rows.append(
                f"| {name} | {n} | {d} | {seconds:.3f} | {cost.seconds:.3f} | "
                f"{cost.seconds / max(seconds, 1e-3):.1f} | {peak / 1e6:.1f} | "
                f"{cost.memory_bytes / 1e6:.1f} | {cost.memory_bytes / max(peak, 1):.1f} |"
            )
            print(rows[-1], flush=True)
    header = (f"# Cost estimates against measurements\n\n`{' '.join(sys.argv)}` on "
              f"{platform.machine()}, Python {platform.python_version()}, "
              f"{time.strftime('%Y-%m-%d')}. Ratios are estimate / measured (time floored at "
              "1 ms); >= 1 means the estimate is an upper bound.\n\n")
    args.out.write_text(header + "\n".join(rows) + "\n")


if __name__ == "__main__":
    main()
