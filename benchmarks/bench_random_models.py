"""Speed of the random-model chance corrections and of pairwise adjusted MI.

Run by hand from the repository root (not by pytest):

    python benchmarks/bench_random_models.py [--quick]
    python benchmarks/bench_random_models.py --ari-cold [--ari-sizes 100 200 500 1000]

Writes benchmarks/results/random_models.md. Every timing is the way a user calls: from the
two label vectors (building the contingency table, or clusim's ``Clustering`` objects,
included), as process CPU time (the machine is shared; CPU time is less sensitive to other
jobs than wall time), the minimum of at least 3 rounds in which the compared calls run one
after the other (interleaved, so that load changes hit them alike).

1. AMI (arithmetic mean, bits) and ARI under the num / all models, two-sided and one-sided,
   against clusim 0.4 (the authors' package), as time ratios, with the largest difference
   of the values; for ARI also against clusim given prebuilt ``Clustering`` objects;
2. ours alone for n up to 1e6;
3. pairwise adjusted MI against our AMI (permutation model) for n up to 1e7, the setting of
   Lazarenko & Bonald's Figure 2 (A: 10 equal clusters, B: 10 clusters drawn with
   probabilities proportional to i.i.d. uniforms).

``--ari-cold`` times only ARI under "num" and "all" (two-sided) against clusim given prebuilt
``Clustering`` objects, cold (our caches of q emptied before each call: a first call at
that n and K) and warm, and appends that table to the results file.
"""

from __future__ import annotations

import argparse
import platform
import sys
from functools import partial
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import metrics as M  # noqa: E402
from benchmarks import timing  # noqa: E402

RESULTS = Path(__file__).resolve().parent / "results" / "random_models.md"
# Calls of tens of microseconds: more rounds than the default, within 0.2 s.
interleaved = partial(timing.interleaved, min_total=0.2, max_rounds=25)
MODELS = [("num", False, "num"), ("num", True, "num1"), ("all", False, "all"),
          ("all", True, "all1")]


def labels_pair(n: int, k_true: int, k_pred: int, seed: int):
    rng = np.random.default_rng(seed)
    return rng.integers(0, k_true, n), rng.integers(0, k_pred, n)


def against_clusim(ami_sizes, ari_sizes):
    import clusim.sim as clusim_sim
    from clusim.clustering import Clustering

    def clusim_call(measure, labels_true, labels_pred, **kw):
        c_true = Clustering().from_membership_list(labels_true.tolist())
        c_pred = Clustering().from_membership_list(labels_pred.tolist())
        return measure(c_pred, c_true, **kw)

    rows = []
    for n in sorted(set(ami_sizes) | set(ari_sizes)):
        labels_true, labels_pred = labels_pair(n, 5, 4, n)
        c_true = Clustering().from_membership_list(labels_true.tolist())
        c_pred = Clustering().from_membership_list(labels_pred.tolist())
        for model, one_sided, name in MODELS:
            kw = dict(random_model=model, one_sided=one_sided)
            ami = None
            if n in ami_sizes:
                ami = interleaved([
                    partial(M.adjusted_mutual_information, labels_true, labels_pred, **kw),
                    partial(clusim_call, clusim_sim.adj_mi, labels_true, labels_pred,
                            random_model=name, norm_type="sum", logbase=2),
                ])
            ari = interleaved([
                partial(M.adjusted_rand_index, labels_true, labels_pred, **kw),
                partial(clusim_call, clusim_sim.adjrand_index, labels_true, labels_pred,
                        random_model=name),
                partial(clusim_sim.adjrand_index, c_pred, c_true, random_model=name),
            ])
            rows.append((n, name, ami, ari))
            print(n, name, None if ami is None else ami[0], ari[0], flush=True)
    return rows


def ours_alone(sizes):
    rows = []
    cases = [(n, 10, 8) for n in sizes] + [(n, n // 5, n // 4) for n in sizes if n <= 100_000]
    for n, k_true, k_pred in cases:
        labels_true, labels_pred = labels_pair(n, k_true, k_pred, n)
        for model, one_sided, name in MODELS:
            kw = dict(random_model=model, one_sided=one_sided)
            (t_ami, t_ari), _ = interleaved([
                partial(M.adjusted_mutual_information, labels_true, labels_pred, **kw),
                partial(M.adjusted_rand_index, labels_true, labels_pred, **kw),
            ])
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
        (t_ami, t_pami, t_table), _ = interleaved([
            partial(M.adjusted_mutual_information, labels_a, labels_b),
            partial(M.pairwise_adjusted_mutual_information, labels_a, labels_b),
            partial(M.contingency_table, labels_a, labels_b),
        ])
        rows.append((n, t_ami, t_pami, t_table))
        print(rows[-1], flush=True)
    return rows


def write(clusim_rows, alone_rows, pairwise_rows):
    import clusim

    lines = [
        "# Random models and pairwise adjusted MI: timings",
        "",
        "Produced by `python benchmarks/bench_random_models.py`"
        f" ({platform.python_implementation()} {platform.python_version()},"
        f" numpy {np.__version__}, clusim {getattr(clusim, '__version__', '0.4')},"
        f" {platform.machine()}). Every call from the two label vectors, as a user makes it;"
        " process CPU time, the minimum of at least 3 rounds with the compared calls"
        " interleaved. The machine was shared (2 cores, several jobs): CPU time and the"
        " minimum soften that noise but do not remove it.",
        "",
        "## 1. Against clusim 0.4 (AMI arithmetic mean in bits, ARI)",
        "",
        "Labels: 5 and 4 clusters drawn uniformly. `num1`/`all1` are the one-sided models",
        "(clusim's names; labels_true fixed). Ratio = clusim time / ours. |diff| = largest",
        "absolute difference of the values. clusim from labels builds its two `Clustering`",
        "objects (`from_membership_list`) in the call; \"prebuilt\" is clusim given them ready",
        "(not how a user calls from labels, shown for comparison). Ours caches q per (n, K) for",
        "\"num\" and per n for \"all\", so the minimum of repeated calls on one n is a warm",
        "call; AMI under clusim takes seconds to minutes from n = 100 on, so it is timed at",
        "n = 50 and 100 only.",
        "",
        "| n | model | AMI ours (s) | AMI clusim (s) | AMI ratio | AMI diff |"
        " ARI ours (s) | ARI clusim from labels (s) | ARI ratio | ARI clusim prebuilt (s) |"
        " ARI ratio, prebuilt | ARI diff |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for n, name, ami, ari in clusim_rows:
        if ami is None:
            ami_cells = "| | | |"
        else:
            (t_o, t_c), (v_o, v_c) = ami
            ami_cells = f"{t_o:.2e} | {t_c:.2e} | {t_c / t_o:,.0f} | {abs(v_o - v_c):.1e} |"
        (ta_o, ta_c, ta_p), (a_o, a_c, _) = ari
        lines.append(f"| {n} | {name} | {ami_cells} {ta_o:.2e} | {ta_c:.2e} |"
                     f" {ta_c / ta_o:,.1f} | {ta_p:.2e} | {ta_p / ta_o:,.1f} |"
                     f" {abs(a_o - a_c):.1e} |")
    lines += [
        "",
        "## 2. Ours alone (labels drawn uniformly over K_true and K_pred; from the labels)",
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
        "Both from the labels (each builds its contingency table, timed alone in the last",
        "column: it dominates at large n). Ratio = AMI time / PAMI time.",
        "",
        "| n | AMI (s) | PAMI (s) | ratio | contingency table (s) |",
        "|---|---|---|---|---|",
    ]
    for n, t_ami, t_pami, t_table in pairwise_rows:
        lines.append(f"| {n:.0e} | {t_ami:.2e} | {t_pami:.2e} | {t_ami / t_pami:,.1f} |"
                     f" {t_table:.2e} |")
    RESULTS.write_text("\n".join(lines) + "\n")


def ari_cold_and_warm(sizes) -> list[str]:
    """ARI under num and all, ours cold and warm against clusim's prebuilt call, as rows."""
    import clusim.sim as clusim_sim
    from clusim.clustering import Clustering

    from metrics import random_models

    def cold(labels_true, labels_pred, model):
        random_models._num_pair_probability.cache_clear()
        random_models._all_pair_probability.cache_clear()
        return M.adjusted_rand_index(labels_true, labels_pred, random_model=model)

    def clear_only():
        random_models._num_pair_probability.cache_clear()
        random_models._all_pair_probability.cache_clear()

    rows = []
    for n in sizes:
        labels_true, labels_pred = labels_pair(n, 5, 4, n)
        c_true = Clustering().from_membership_list(labels_true.tolist())
        c_pred = Clustering().from_membership_list(labels_pred.tolist())
        for model in ("num", "all"):
            (t_cold, t_warm, t_clear, t_clusim), (v_cold, v_warm, _, v_clusim) = interleaved([
                partial(cold, labels_true, labels_pred, model),
                partial(M.adjusted_rand_index, labels_true, labels_pred, random_model=model),
                clear_only,
                partial(clusim_sim.adjrand_index, c_pred, c_true, random_model=model),
            ], min_rounds=50, max_rounds=400, min_total=0.5)
            t_cold -= t_clear
            assert v_cold == v_warm
            rows.append(f"| {n} | {model} | {t_cold * 1e6:.0f} | {t_warm * 1e6:.0f} | "
                        f"{t_clusim * 1e6:.0f} | {t_clusim / t_cold:.2f} | "
                        f"{t_clusim / t_warm:.2f} | {abs(v_warm - v_clusim):.1e} |")
            print(rows[-1], flush=True)
    return rows


def append_ari_cold(rows, sizes) -> None:
    import os
    import time

    load = " ".join(f"{v:.1f}" for v in os.getloadavg())
    lines = [
        "",
        f"## ARI against clusim's prebuilt call, cold and warm ({time.strftime('%Y-%m-%d %H:%M')}"
        " UTC)",
        "",
        f"`python benchmarks/bench_random_models.py --ari-cold --ari-sizes "
        f"{' '.join(map(str, sizes))}`; load average at the end {load} (2 cores shared with "
        "other engineers). Labels: 5 and 4 clusters drawn uniformly; ours from the two label "
        "vectors, clusim given its two `Clustering` objects ready. Cold: our caches of q "
        "emptied before each call (the time of emptying them subtracted). Process CPU time, "
        "the minimum of 50-400 interleaved rounds (microseconds). Ratio = clusim / ours "
        "(>= 1: ours at least as fast). |diff| = |ours - clusim|.",
        "",
        "| n | model | ours cold (us) | ours warm (us) | clusim prebuilt (us) | ratio cold | "
        "ratio warm | diff |",
        "|---|---|---:|---:|---:|---:|---:|---:|",
        *rows,
        "",
    ]
    with RESULTS.open("a") as f:
        f.write("\n".join(lines))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="small sizes only (smoke test)")
    parser.add_argument("--ari-cold", action="store_true",
                        help="only ARI against clusim's prebuilt call, cold and warm (appended)")
    parser.add_argument("--ari-sizes", type=int, nargs="+", default=[100, 200, 500, 1000])
    args = parser.parse_args()
    if args.ari_cold:
        append_ari_cold(ari_cold_and_warm(args.ari_sizes), args.ari_sizes)
        return
    if args.quick:
        ami_sizes, ari_sizes, alone_sizes, pairwise_sizes = [50], [50], [1000], [100, 10_000]
    else:
        ami_sizes, ari_sizes = [50, 100], [50, 100, 200, 1000]
        alone_sizes = [1_000, 10_000, 100_000, 1_000_000]
        pairwise_sizes = [100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000]
    write(against_clusim(ami_sizes, ari_sizes), ours_alone(alone_sizes),
          pairwise_against_ami(pairwise_sizes))
    print(RESULTS.read_text())


if __name__ == "__main__":
    main()
