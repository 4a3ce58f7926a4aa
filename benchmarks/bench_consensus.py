"""metrics.consensus_index on 200 clusterings of 10,000 points (19,900 pairs) against a loop
of scikit-learn over the same pairs.

The clusterings are random (each point in one of K clusters with equal probability, as in
Vinh et al. 2009, Sec. 3). The scikit-learn loop is timed on the first ``--sample`` pairs and
the pairs of the first ``--sample`` clusterings and extrapolated linearly to all 19,900 (the
report says so); on those pairs both means are checked to agree.

Run by hand from the repository root:  python benchmarks/bench_consensus.py
"""

from __future__ import annotations

import argparse
import itertools
import os
import platform
import sys
import time
from pathlib import Path

import numpy as np
from sklearn.metrics import (
    adjusted_mutual_info_score,
    adjusted_rand_score,
    normalized_mutual_info_score,
)

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from metrics import consensus_index  # noqa: E402

B, N = 200, 10_000
SKLEARN = {
    "ari": adjusted_rand_score,
    "nmi_sqrt": lambda u, v: normalized_mutual_info_score(u, v, average_method="geometric"),
    "ami_sqrt": lambda u, v: adjusted_mutual_info_score(u, v, average_method="geometric"),
}


def best_of(repeats, function):
    """Smallest (wall, CPU) seconds over ``repeats`` calls, and the last result.

    On a shared machine the wall time includes waiting for a core; the CPU time does not."""
    times, result = [], None
    for _ in range(repeats):
        wall, cpu = time.perf_counter(), time.process_time()
        result = function()
        times.append((time.perf_counter() - wall, time.process_time() - cpu))
    return min(times), result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sample", type=int, default=21,
                        help="clusterings whose pairs are timed with scikit-learn (default 21: "
                             "210 pairs)")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--ks", type=int, nargs="+", default=[2, 10, 20])
    parser.add_argument("--out", type=Path, default=ROOT / "benchmarks/results/consensus.md")
    args = parser.parse_args()

    rows = []
    n_pairs = B * (B - 1) // 2
    pairs = list(itertools.combinations(range(args.sample), 2))
    for k in args.ks:
        labelings = np.random.default_rng(k).integers(0, k, (B, N))
        for measure, reference in SKLEARN.items():
            ours, result = best_of(
                args.repeats, lambda x=labelings, m=measure: consensus_index(x, m))
            start = time.perf_counter()
            values = [reference(labelings[i], labelings[j]) for i, j in pairs]
            theirs = (time.perf_counter() - start) * n_pairs / len(pairs)
            head = consensus_index(labelings[: args.sample], measure)
            rows.append((k, measure, ours, theirs, abs(head - np.mean(values)), result))
            print(rows[-1], flush=True)

    load = os.getloadavg()[0]
    lines = [
        "# Consensus Index: 200 clusterings of 10,000 points (19,900 pairs)",
        "",
        f"Random clusterings with K clusters (uniform labels). Machine: {platform.machine()}, "
        f"{os.cpu_count()} cores, load average {load:.1f} at the end of the run (shared "
        f"machine); Python {platform.python_version()}. Best of {args.repeats} for "
        "consensus_index; scikit-learn timed on the first "
        f"{len(pairs)} pairs (those of the first {args.sample} clusterings) and **extrapolated** "
        "to 19,900; the last column compares both means over those pairs.",
        "",
        "| K | measure | consensus_index wall (s) | CPU (s) | scikit-learn loop, "
        "extrapolated wall (s) | ratio (wall) | difference of the means on the sampled pairs |",
        "|---:|---|---:|---:|---:|---:|---:|",
    ]
    for k, measure, (wall, cpu), theirs, diff, _ in rows:
        lines.append(f"| {k} | {measure} | {wall:.2f} | {cpu:.2f} | {theirs:.1f} | "
                     f"{theirs / wall:.0f}x faster | {diff:.1e} |")
    lines += ["", "Command: `python benchmarks/bench_consensus.py`", ""]
    args.out.write_text("\n".join(lines))
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
