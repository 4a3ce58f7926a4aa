"""Speed of the random-model chance corrections and of pairwise adjusted MI.

Run by hand from the repository root (not by pytest):

    python benchmarks/bench_random_models.py [--quick]

Writes benchmarks/results/random_models.md:

1. AMI (arithmetic mean, bits) and ARI under the num / all models, two-sided and one-sided,
   against clusim 0.4 (the authors' package) on n in {50, 100, 200}, as time ratios, with
   the largest difference of the values;
2. ours alone for n up to 1e6;
3. pairwise adjusted MI against our AMI (permutation model) for n up to 1e7, the setting of
   Lazarenko & Bonald's Figure 2 (A: 10 equal clusters, B: 10 clusters drawn with
   probabilities proportional to i.i.d. uniforms), from the contingency table and from labels.
"""

from __future__ import annotations

import argparse
import platform
import sys
import time
from functools import partial
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import metrics as M  # noqa: E402
from metrics.contingency import from_counts  # noqa: E402

RESULTS = Path(__file__).resolve().parent / "results" / "random_models.md"
MODELS = [("num", False, "num"), ("num", True, "num1"), ("all", False, "all"),
          ("all", True, "all1")]


def best_time(function, repeat: int, budget: float = 5.0):
    """Smallest wall time of ``repeat`` calls (fewer if the budget in seconds runs out)."""
    times, value = [], None
    start = time.perf_counter()
    for _ in range(repeat):
        t0 = time.perf_counter()
        value = function()
        times.append(time.perf_counter() - t0)
        if time.perf_counter() - start > budget:
            break
    return min(times), value


def labels_pair(n: int, k_true: int, k_pred: int, seed: int):
    rng = np.random.default_rng(seed)
    return rng.integers(0, k_true, n), rng.integers(0, k_pred, n)


def fresh(ct):
    """A new Contingency with the same counts (contingency tables cache the EMI)."""
    return from_counts(ct.counts)


def timed_ours(measure, ct, kw):
    return measure(contingency=fresh(ct), **kw)


def against_clusim(sizes):
    import clusim.sim as clusim_sim
    from clusim.clustering import Clustering

    rows = []
    for n in sizes:
        labels_true, labels_pred = labels_pair(n, 5, 4, n)
        ct = M.contingency_table(labels_true, labels_pred)
        c_true = Clustering(elm2clu_dict={i: [int(v)] for i, v in enumerate(labels_true)})
        c_pred = Clustering(elm2clu_dict={i: [int(v)] for i, v in enumerate(labels_pred)})
        for model, one_sided, name in MODELS:
            kw = dict(random_model=model, one_sided=one_sided)
            t_ours, v_ours = best_time(
                partial(timed_ours, M.adjusted_mutual_information, ct, kw), 5)
            t_theirs, v_theirs = best_time(partial(
                clusim_sim.adj_mi, c_pred, c_true, random_model=name, norm_type="sum",
                logbase=2), 1)
            t_ours_ari, a_ours = best_time(partial(timed_ours, M.adjusted_rand_index, ct, kw), 5)
            t_theirs_ari, a_theirs = best_time(
                partial(clusim_sim.adjrand_index, c_pred, c_true, random_model=name), 3)
            rows.append((n, name, t_ours, t_theirs, abs(v_ours - v_theirs),
                         t_ours_ari, t_theirs_ari, abs(a_ours - a_theirs)))
            print(rows[-1], flush=True)
    return rows


def ours_alone(sizes):
    rows = []
    cases = [(n, 10, 8) for n in sizes] + [(n, n // 5, n // 4) for n in sizes if n <= 100_000]
    for n, k_true, k_pred in cases:
        ct = M.contingency_table(*labels_pair(n, k_true, k_pred, n))
        for model, one_sided, name in MODELS:
            kw = dict(random_model=model, one_sided=one_sided)
            t_ami, _ = best_time(partial(timed_ours, M.adjusted_mutual_information, ct, kw), 3)
            t_ari, _ = best_time(partial(timed_ours, M.adjusted_rand_index, ct, kw), 3)
            rows.append((n, k_true, k_pred, name, t_ami, t_ari))
            print(rows[-1], flush=True)
    return rows


def pairwise_against_ami(sizes):
    rows = []
    for n in sizes:
        rng = np.random.default_rng(n)
        labels_a = np.arange(n) * 10 // n
        p = rng.random(10)
        labels_b = rng.choice(10, size=n, p=p / p.sum())
        t_table, ct = best_time(partial(M.contingency_table, labels_a, labels_b), 3)
        t_ami, _ = best_time(partial(timed_ours, M.adjusted_mutual_information, ct, {}), 5)
        t_pami, _ = best_time(
            partial(timed_ours, M.pairwise_adjusted_mutual_information, ct, {}), 20)
        rows.append((n, t_ami, t_pami, t_table))
        print(rows[-1], flush=True)
    return rows


def write(clusim_rows, alone_rows, pairwise_rows):
    lines = [
        "# Random models and pairwise adjusted MI: timings",
        "",
        "Produced by `python benchmarks/bench_random_models.py`"
        f" ({platform.python_implementation()} {platform.python_version()},"
        f" numpy {np.__version__}, {platform.machine()}). Best of several runs, wall time.",
        "",
        "## 1. Against clusim 0.4 (AMI arithmetic mean in bits, ARI)",
        "",
        "Labels: 5 and 4 clusters drawn uniformly. `num1`/`all1` are the one-sided models",
        "(clusim's names; labels_true fixed). Ratio = clusim time / ours. |diff| = largest",
        "absolute difference of the values.",
        "",
        "| n | model | AMI ours (s) | AMI clusim (s) | AMI ratio | AMI diff |"
        " ARI ours (s) | ARI clusim (s) | ARI ratio | ARI diff |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    for n, name, t_o, t_c, d, ta_o, ta_c, da in clusim_rows:
        lines.append(f"| {n} | {name} | {t_o:.2e} | {t_c:.2e} | {t_c / t_o:,.0f} | {d:.1e} |"
                     f" {ta_o:.2e} | {ta_c:.2e} | {ta_c / ta_o:,.1f} | {da:.1e} |")
    lines += [
        "",
        "## 2. Ours alone (labels drawn uniformly over K_true and K_pred; from the table)",
        "",
        "Few clusters put \"num\" in its multinomial limit (one-dimensional sums); n/5 and",
        "n/4 clusters need the recurrence or the zero-truncated Poisson Fourier inversion.",
        "",
        "| n | K_true | K_pred | model | AMI (s) | ARI (s) |",
        "|---|---|---|---|---|---|",
    ]
    for n, k_true, k_pred, name, t_ami, t_ari in alone_rows:
        lines.append(f"| {n:.0e} | {k_true} | {k_pred} | {name} | {t_ami:.2e} | {t_ari:.2e} |")
    lines += [
        "",
        "## 3. Pairwise adjusted MI against AMI (Lazarenko & Bonald, Figure 2 setting)",
        "",
        "Both from the same contingency table (built once and timed apart: it is the same",
        "for both and dominates at large n). Ratio = AMI time / PAMI time.",
        "",
        "| n | AMI (s) | PAMI (s) | ratio | contingency table (s) |",
        "|---|---|---|---|---|",
    ]
    for n, t_ami, t_pami, t_table in pairwise_rows:
        lines.append(f"| {n:.0e} | {t_ami:.2e} | {t_pami:.2e} | {t_ami / t_pami:,.0f} |"
                     f" {t_table:.2e} |")
    RESULTS.write_text("\n".join(lines) + "\n")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="small sizes only (smoke test)")
    args = parser.parse_args()
    if args.quick:
        clusim_sizes, alone_sizes, pairwise_sizes = [50], [1000], [100, 10_000]
    else:
        clusim_sizes = [50, 100, 200]
        alone_sizes = [1_000, 10_000, 100_000, 1_000_000]
        pairwise_sizes = [100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000]
    write(against_clusim(clusim_sizes), ours_alone(alone_sizes),
          pairwise_against_ami(pairwise_sizes))
    print(RESULTS.read_text())


if __name__ == "__main__":
    main()
