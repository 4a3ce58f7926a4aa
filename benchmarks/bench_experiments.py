"""Vinh et al. (2009) Fig. 1 at paper scale: the batch engine against a loop of scikit-learn.

Paper scale: N = 100 points, a true clustering of K_true = 10, K = 2..20, 10,000 random
clusterings per K (190,000 comparisons), four measures (RI, ARI, NMI sqrt, AMI sqrt).

The scikit-learn loop is timed on a subsample (``--sample`` clusterings per K, the same
labels the engine sees) and extrapolated linearly to 10,000 per K; the report says so. Both
are checked to agree on the subsample. Also times the command-line run with its figure.

Run by hand from the repository root:  python benchmarks/bench_experiments.py
"""

from __future__ import annotations

import argparse
import os
import platform
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np
from sklearn.metrics import (
    adjusted_mutual_info_score,
    adjusted_rand_score,
    normalized_mutual_info_score,
    rand_score,
)

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from experiments.engine import random_labels  # noqa: E402
from experiments.vinh2009 import reference_baseline, reference_labels  # noqa: E402
from metrics.batch import batch_contingency, batch_measures  # noqa: E402

MEASURES = ("ri", "ari", "nmi_sqrt", "ami_sqrt")
KS = tuple(range(2, 21))
N, K_TRUE, DRAWS = 100, 10, 10_000


def sklearn_scores(truth, labels):
    return np.array([
        [rand_score(truth, x), adjusted_rand_score(truth, x),
         normalized_mutual_info_score(truth, x, average_method="geometric"),
         adjusted_mutual_info_score(truth, x, average_method="geometric")]
        for x in labels
    ])


def best_of(repeats, function):
    """Smallest (wall, CPU) seconds over ``repeats`` calls (CPU: all threads of the process)."""
    times = []
    for _ in range(repeats):
        wall, cpu = time.perf_counter(), time.process_time()
        function()
        times.append((time.perf_counter() - wall, time.process_time() - cpu))
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sample", type=int, default=50,
                        help="clusterings per K timed with scikit-learn (default 50)")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--out", type=Path, default=ROOT / "benchmarks/results/experiments.md")
    args = parser.parse_args()

    engine = {jobs: best_of(args.repeats, lambda j=jobs: reference_baseline(
        settings=((N, K_TRUE),), ks=KS, n_draws=DRAWS, measures=MEASURES, n_jobs=j,
        random_state=0)) for jobs in (1, 2)}

    # The same subsample through both: agreement, then time.
    rng = np.random.default_rng(1)
    truth = reference_labels(N, K_TRUE)
    samples = {k: random_labels(N, k, args.sample, rng) for k in KS}
    worst = 0.0
    for k, labels in samples.items():
        ours = batch_measures(batch_contingency(truth, labels, K_TRUE, k), MEASURES)
        ours = np.column_stack([ours[m] for m in MEASURES])
        worst = max(worst, float(np.abs(ours - sklearn_scores(truth, labels)).max()))
    sk_time, sk_cpu = best_of(1, lambda: [sklearn_scores(truth, x) for x in samples.values()])
    sk_full = sk_time * DRAWS / args.sample
    sk_cpu_full = sk_cpu * DRAWS / args.sample

    with tempfile.TemporaryDirectory() as out:
        start = time.perf_counter()
        done = subprocess.run([sys.executable, "-m", "experiments", "run", "vinh2009-fig1",
                               "--preset", "paper", "--out", out], cwd=ROOT,
                              capture_output=True, text=True)
        cli = time.perf_counter() - start
        if done.returncode:
            raise SystemExit(done.stderr)

    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    lines = [
        "# Experiments engine: Vinh et al. 2009 Fig. 1 at paper scale",
        "",
        f"N = {N}, K_true = {K_TRUE}, K = 2..20, {DRAWS:,} random clusterings per K "
        f"({DRAWS * len(KS):,} comparisons), measures RI, ARI, NMI (sqrt), AMI (sqrt).",
        f"Machine: {platform.processor() or platform.machine()}, {os.cpu_count()} cores, "
        f"load average {load:.1f} at the end of the run (shared machine); Python "
        f"{platform.python_version()}. Best of {args.repeats} for the engine.",
        "",
        "| method | wall seconds | CPU seconds | ratio (wall) to scikit-learn loop |",
        "|---|---:|---:|---:|",
        f"| scikit-learn loop (4 calls per clustering), **extrapolated** from {args.sample} "
        f"clusterings per K ({sk_time:.2f} s measured) | {sk_full:.1f} | {sk_cpu_full:.1f} "
        "| 1 |",
        f"| batch engine, 1 worker | {engine[1][0]:.2f} | {engine[1][1]:.2f} | "
        f"{sk_full / engine[1][0]:.0f}x faster |",
        f"| batch engine, 2 threads (joblib) | {engine[2][0]:.2f} | {engine[2][1]:.2f} | "
        f"{sk_full / engine[2][0]:.0f}x faster |",
        "",
        f"Largest difference between the engine and scikit-learn on the subsample: "
        f"{worst:.1e}.",
        "",
        f"Command line `python -m experiments run vinh2009-fig1 --preset paper` "
        f"(N = 100 and N = 500, with the HTML figure, interpreter start included): "
        f"{cli:.1f} s.",
        "",
        "Command: `python benchmarks/bench_experiments.py`",
    ]
    args.out.write_text("\n".join(lines) + "\n")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
