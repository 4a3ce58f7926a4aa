"""Time and peak memory of every registered algorithm, and of ours against reference libraries.

Run by hand from the repository root (not part of the test suite):

    python benchmarks/bench_clustering.py [--sizes 1000 5000 20000] [--out FILE]
    python benchmarks/bench_clustering.py --versus linkage [--sizes 1000 5000 10000]
    python benchmarks/bench_clustering.py --versus kmedoids [--sizes 1000 3000]
    python benchmarks/bench_clustering.py --versus distances [--sizes 2000 5000]
    python benchmarks/bench_clustering.py --versus distances --dims 2 10 50 [--sizes 2000]

``--versus distances --dims ...`` times every metric at those numbers of features (Gaussian
data; hamming and jaccard on its signs) in this one process, ours and ``squareform(pdist)``
interleaved (``benchmarks.timing.interleaved``, one BLAS thread), and appends its table to
clustering_distances.md. ``--versus linkage`` times our Hierarchical against scipy's
``linkage`` and fastcluster, ``--versus kmedoids`` our KMedoids against the kmedoids
package (and our former PAM), with the same processes and timing rule as below, and writes
clustering_GROUP.md.

Each measurement runs in a fresh Python process with one BLAS/OpenMP thread, on 2-D blobs
(3 Gaussian blobs, standard deviation 1, ``datasets.load("blobs")``); time is the process's
CPU time of one fit (the machine is shared: CPU time is less sensitive to other jobs than
wall time), the minimum over ``--repeats`` processes (3 by default), ours and the reference
interleaved (ours, reference, ours, reference, ...), each after a warm-up fit on 60
points. ``clustering.run`` is timed (validation and the
extras the app shows included), the reference estimator's fit alone. Peak memory is the growth
of the process's maximum resident set size (``resource.getrusage``) during the fit, so it
counts C allocations too, not only numpy's. Pairs (ours, reference) run in the same session:
DensityPeaks vs pydpc (given the same d_c and thresholds), FuzzyCMeans vs scikit-fuzzy
(same initial memberships), KMeansStepper vs scikit-learn's KMeans (same initial centres),
Hierarchical vs scikit-learn's AgglomerativeClustering (ward).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import platform
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SIZES = (1_000, 5_000, 20_000)
TIMEOUT = 600
# Quadratic-memory or very slow at n = 20,000 (reason shown in the table).
SKIP = {
    "affinity_propagation": (20_000, "n x n similarity and message matrices (> 9 GB)"),
    "kmedoids": (20_000, "PAM holds the n x n distance matrix and n x n swap gains (> 6 GB)"),
}
REFERENCES = {
    "density_peaks": "pydpc",
    "fuzzy_cmeans": "scikit-fuzzy",
    "kmeans": "sklearn KMeans",
    "hierarchical": "sklearn Agglomerative",
}


def _settings(name: str, est) -> dict:
    """What the reference needs to do the same work as our fitted estimator ``est``."""
    import numpy as np

    if name == "density_peaks":
        others = np.setdiff1d(est.centers_, est.order_[:1])
        return {"dc": est.dc_, "rho_min": est.rho_[est.centers_].min() * (1 - 1e-9),
                "delta_min": est.delta_[others].min() * (1 - 1e-9), "labels": est.labels_}
    if name == "fuzzy_cmeans":
        return {"init": est.initial_membership_, "membership": est.membership_}
    if name == "kmeans":
        return {"init": est.init_centers_, "labels": est.labels_}
    if name == "hierarchical":
        return {"labels": est.labels_}
    return {}


def _fit_reference(name: str, X, s: dict, start, stop) -> dict:
    """Fit the reference library on X with the settings ``s`` of our run."""
    import numpy as np

    if name == "density_peaks":
        from pydpc import Cluster

        start()
        ref = Cluster(X, fraction=0.02, autoplot=False, kernel_size=float(s["dc"]))
        ref.assign(float(s["rho_min"]), float(s["delta_min"]))
        stop()
        return {"same_partition": bool(np.array_equal(ref.membership, s["labels"]))}
    if name == "fuzzy_cmeans":
        import skfuzzy

        k = s["init"].shape[1]
        start()
        _, u, *_ = skfuzzy.cluster.cmeans(X.T, k, 2.0, 1e-5, 300, init=s["init"].T)
        stop()
        return {"max_membership_diff": float(np.abs(u.T - s["membership"]).max())}
    if name == "kmeans":
        from sklearn.cluster import KMeans

        start()
        ref = KMeans(len(s["init"]), init=s["init"], n_init=1, algorithm="lloyd").fit(X)
        stop()
        return {"same_partition": bool(np.array_equal(ref.labels_, s["labels"]))}
    from sklearn.cluster import AgglomerativeClustering
    from sklearn.metrics import adjusted_rand_score

    start()
    ref = AgglomerativeClustering(3, linkage="ward").fit(X)
    stop()
    return {"same_partition": bool(adjusted_rand_score(ref.labels_, s["labels"]) == 1.0)}


def _one(kind: str, name: str, n: int, settings_file: str) -> dict:
    """Measure one fit in this process (called in a child process)."""
    import resource

    import numpy as np

    sys.path.insert(0, str(ROOT))
    import clustering
    from datasets import load

    X = load("blobs", n_samples=n, random_state=0).X
    marks: dict = {}

    def start():
        marks.setdefault("rss0", resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
        marks["t0"] = time.process_time()

    def stop():
        marks["seconds"] = time.process_time() - marks["t0"]
        marks["mb"] = (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - marks["rss0"]) / 1024

    # Warm-up on a small set: lazy imports and first-call costs are not the fit's.
    small = load("blobs", n_samples=60, random_state=1).X
    if kind == "ours":
        clustering.run(name, small, random_state=0)
        start()
        result = clustering.run(name, X, random_state=0)
        stop()
        info = {"n_clusters": result.n_clusters}
        np.savez(settings_file, **_settings(name, result.estimator))
    else:
        with np.load(settings_file) as f:
            settings = dict(f)
        with contextlib.suppress(Exception):  # the settings are X's: they may not fit
            _fit_reference(name, small, settings, lambda: None, lambda: None)
        info = _fit_reference(name, X, settings, start, stop)
    return {"seconds": marks["seconds"], "mb": marks["mb"], **info}


def best_of(runs: list[dict]) -> dict:
    """The run with the least CPU time (an error if every run failed)."""
    done = [r for r in runs if "seconds" in r]
    return min(done, key=lambda r: r["seconds"]) if done else runs[-1]


def measure(kind: str, name: str, n: int, settings_file: Path) -> dict:
    """Run `_one` in a fresh single-threaded process (fresh high-water mark of memory)."""
    env = dict(os.environ, OMP_NUM_THREADS="1", OPENBLAS_NUM_THREADS="1", MKL_NUM_THREADS="1")
    cmd = [sys.executable, __file__, "--child", kind, name, str(n), str(settings_file)]
    try:
        out = subprocess.run(cmd, capture_output=True, text=True, timeout=TIMEOUT, env=env,
                             check=False)
    except subprocess.TimeoutExpired:
        return {"error": f"timeout > {TIMEOUT} s"}
    if out.returncode != 0:
        last = (out.stderr.strip().splitlines() or ["exit code " + str(out.returncode)])[-1]
        return {"error": last[:120]}
    return json.loads(out.stdout.strip().splitlines()[-1])


# Head-to-head groups: the cases (rows) and implementations (columns, ours first; a column
# named "ours (before)" is our previous implementation and is not a peer).
VERSUS = {
    "linkage": (("single", "complete", "average", "ward", "centroid"),
                ("ours", "scipy", "fastcluster")),
    "kmedoids": (("3", "10"), ("ours", "ours (before)", "kmedoids")),
    "distances": (("euclidean", "cityblock", "minkowski", "mahalanobis", "cosine", "jaccard"),
                  ("ours", "ours (before)", "pdist + squareform")),
}


def _versus_fit(group: str, impl: str, case: str):
    """The fit that ``impl`` does for ``case``: X -> something to fingerprint."""
    import numpy as np

    sys.path.insert(0, str(ROOT))
    if group == "distances":
        from scipy.spatial.distance import cdist, pdist, squareform

        from clustering.distances import distance_matrix, inverse_covariance

        params = {"p": 3.0} if case == "minkowski" else {}

        def distances(X):
            if case == "jaccard":  # presence of a feature: above its mean
                X = (X.mean(axis=0) < X).astype(float)
            if impl == "ours":
                return float(distance_matrix(X, case, **params).sum())
            kw = {"VI": inverse_covariance(X)} if case == "mahalanobis" else params
            if impl == "pdist + squareform":
                return float(squareform(pdist(X, case, **kw)).sum())
            D = cdist(X, X, case, **kw)  # the former distance_matrix
            if not np.isfinite(D).all():
                raise ValueError(case)
            np.fill_diagonal(D, 0.0)
            return float(D.sum())

        return distances
    if group == "kmedoids":
        import kmedoids

        from clustering.kmedoids import KMedoids

        k = int(case)
        if impl == "kmedoids":
            return lambda X: kmedoids.KMedoids(k, metric="euclidean", method="fasterpam",
                                               init="build").fit(X).inertia_
        method = "pam" if impl == "ours (before)" else "fasterpam"
        return lambda X: KMedoids(k, method=method).fit(X).inertia_

    import fastcluster
    from scipy.cluster.hierarchy import fcluster, linkage
    from scipy.spatial.distance import pdist

    from clustering.hierarchical import Hierarchical

    from_points = case in ("single", "ward", "centroid", "median")

    def fit(X):  # the tree and a cut into 3 clusters, as our fit makes
        if impl == "ours":
            Z = Hierarchical(3, linkage=case).fit(X).linkage_matrix_
        else:
            if impl == "scipy":
                Z = linkage(X if from_points else pdist(X), case)
            elif from_points:
                Z = fastcluster.linkage_vector(X, case)
            else:
                Z = fastcluster.linkage(pdist(X), case, preserve_input=False)
            fcluster(Z, 3, "maxclust")
        return float(np.sum(Z[:, 2]) + np.sum(Z[:, 3]))

    return fit


def _one_versus(group: str, impl: str, case: str, n: int) -> dict:
    """Time and memory of one fit in this process (called in a child process)."""
    import resource

    sys.path.insert(0, str(ROOT))
    from datasets import load

    fit = _versus_fit(group, impl, case)
    fit(load("blobs", n_samples=60, random_state=1).X)
    X = load("blobs", n_samples=n, random_state=0).X
    rss0 = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    t0 = time.process_time()
    check = fit(X)
    seconds = time.process_time() - t0
    mb = (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - rss0) / 1024
    return {"seconds": seconds, "mb": mb, "check": float(check)}


VERSUS_NOTES = {
    "distances": "Case = metric (minkowski with p = 3; jaccard on the features binarised at "
                 "their mean). Ours is `clustering.distance_matrix(X, metric)` (validation "
                 "and, for mahalanobis, the inverse covariance included); ours (before) is "
                 "`cdist(X, X)` with the finiteness check and zero diagonal it had; the peer "
                 "is `squareform(pdist(X))`. Same result: the sums of all distances agree to "
                 "1e-9.",
    "linkage": "Ours is `Hierarchical(3, linkage=...)` (validation and the cut included); the "
               "peers cut with `fcluster(Z, 3, 'maxclust')`; scipy is `linkage` (from the "
               "points for single, ward, centroid; from `pdist` otherwise); fastcluster is "
               "`linkage_vector` from the points for single, ward, centroid and `linkage` of "
               "`pdist` otherwise. The scipy column is also our previous implementation (it "
               "was scipy's `linkage` plus the cut). Same result: the sums of merge heights "
               "and sizes agree to 1e-9.",
    "kmedoids": "Case = number of medoids k. Ours is `KMedoids(k)` (FasterPAM from BUILD "
                "through the kmedoids package, on `squareform(pdist(X))`); ours (before) is "
                "`KMedoids(k, method='pam')`, the PAM that was the only method; the peer is "
                "`kmedoids.KMedoids(k, method='fasterpam', init='build')` (its distances from "
                "scikit-learn). Same result: ours and the peer's total deviations agree to 1e-9 "
                "(PAM may stop in another local optimum).",
}


def versus_main(group: str, sizes: list[int], repeats: int, out: Path) -> None:
    """Each implementation of ``group`` for each case and n, interleaved, as ratios."""
    env = dict(os.environ, OMP_NUM_THREADS="1", OPENBLAS_NUM_THREADS="1", MKL_NUM_THREADS="1")
    cases, impls = VERSUS[group]
    peers = [i for i in impls[1:] if "(before)" not in i]
    rows = []
    for case in cases:
        for n in sizes:
            runs = {impl: [] for impl in impls}
            for _ in range(repeats):
                for impl in impls:
                    cmd = [sys.executable, __file__, "--versus-child", group, impl, case, str(n)]
                    done = subprocess.run(cmd, capture_output=True, text=True, env=env,
                                          timeout=TIMEOUT, check=True)
                    runs[impl].append(json.loads(done.stdout.strip().splitlines()[-1]))
            best = {impl: best_of(r) for impl, r in runs.items()}
            ours = best["ours"]
            peer = min(best[p]["seconds"] for p in peers)
            peer_mb = min(best[p]["mb"] for p in peers)
            same = all(abs(r["check"] - ours["check"]) <= 1e-9 * abs(ours["check"])
                       for r in (best[p] for p in peers))
            rows.append(" | ".join([
                f"| {case} | {n:,}", *(f"{best[i]['seconds']:.3f}" for i in impls),
                f"{peer / ours['seconds']:.2f}", *(f"{best[i]['mb']:.1f}" for i in impls),
                f"{ours['mb'] / max(peer_mb, 1.0):.2f}", f"{same} |"]))
            print(rows[-1], flush=True)
    load = Path("/proc/loadavg").read_text().split()[:3]
    text = "\n".join([
        f"# {group}: ours against {', '.join(peers)}",
        "",
        f"`python benchmarks/bench_clustering.py --versus {group} --sizes "
        f"{' '.join(map(str, sizes))} --repeats {repeats}` on {time.strftime('%Y-%m-%d %H:%M')}"
        f" UTC; load average at the end {' '.join(load)} (2 cores shared with other "
        "engineers: CPU time and the minimum soften the load, they do not remove it).",
        "Data: `datasets.load('blobs', n_samples=n)` (2-D). Each cell: a fresh process with "
        "one thread, CPU time of the fit (s), the minimum of the repeats, the implementations "
        "interleaved; memory: growth of the peak resident set during the fit (MB; a few MB "
        "is the resolution). Time ratio = best peer's time / ours (>= 1: ours at least as "
        "fast); memory ratio = ours / best peer's (floor 1 MB).",
        VERSUS_NOTES[group],
        "",
        "| case | n | " + " | ".join(f"{i} (s)" for i in impls) + " | best peer / ours | "
        + " | ".join(f"{i} (MB)" for i in impls) + " | memory ours / peer | same result |",
        "|---|---:|" + "---:|" * (2 * len(impls) + 2) + "---|",
        *rows,
        "",
    ])
    out.write_text(text)
    print(f"wrote {out}")


DIMS_METRICS = ("euclidean", "cityblock", "chebyshev", "minkowski", "mahalanobis", "cosine",
                "hamming", "jaccard")


def distances_by_width(dims: list[int], sizes: list[int], rounds: int, out: Path) -> None:
    """``distance_matrix`` against ``squareform(pdist)`` per metric and d, in this process."""
    import numpy as np
    from scipy.spatial.distance import pdist, squareform
    from threadpoolctl import threadpool_limits

    sys.path.insert(0, str(ROOT))
    from benchmarks.timing import interleaved
    from clustering.distances import distance_matrix, inverse_covariance

    rows = []
    with threadpool_limits(1):
        for n in sizes:
            for d in dims:
                data = np.random.default_rng(d).normal(size=(n, d))
                for metric in DIMS_METRICS:
                    X = data > 0 if metric in ("hamming", "jaccard") else data
                    params = {"p": 3.0} if metric == "minkowski" else {}
                    # The peer is given the inverse covariance ours estimates.
                    peer = ({"VI": inverse_covariance(X)} if metric == "mahalanobis"
                            else params)
                    (ours, theirs), (D, E) = interleaved(
                        [lambda X=X, m=metric, p=params: distance_matrix(X, m, **p),
                         lambda X=X, m=metric, p=peer: squareform(pdist(X, m, **p))],
                        min_rounds=rounds, max_rounds=rounds)
                    gap = float(np.abs(D - E).max() / max(np.abs(E).max(), 1e-300))
                    rows.append(f"| {metric} | {d} | {n:,} | {ours * 1e3:.1f} | "
                                f"{theirs * 1e3:.1f} | {theirs / ours:.2f} | {gap:.0e} |")
                    print(rows[-1], flush=True)
    load = " ".join(Path("/proc/loadavg").read_text().split()[:3])
    text = "\n".join([
        "",
        f"## By number of features ({time.strftime('%Y-%m-%d %H:%M')} UTC)",
        "",
        f"`python benchmarks/bench_clustering.py --versus distances --dims "
        f"{' '.join(map(str, dims))} --sizes {' '.join(map(str, sizes))} --repeats {rounds}`; "
        f"load average at the end {load} (2 cores shared with other engineers). One process, "
        "one BLAS thread; each cell the minimum CPU time of the rounds, ours and the peer "
        "alternated (`benchmarks.timing.interleaved`). Data: standard Gaussian n x d "
        "(hamming and jaccard on its signs); minkowski with p = 3; the peer's mahalanobis "
        "is given our inverse covariance. Ours includes validation and the finiteness check. "
        "Largest difference: max |ours - peer| / max |peer|.",
        "",
        "| metric | d | n | ours (ms) | pdist + squareform (ms) | peer / ours | "
        "largest difference |",
        "|---|---:|---:|---:|---:|---:|---:|",
        *rows,
        "",
    ])
    with out.open("a") as f:
        f.write(text)
    print(f"appended to {out}")


def _agreement(check: dict) -> str:
    return ", ".join(f"{k}={v:.2g}" if type(v) is float else f"{k}={v}" for k, v in check.items())


def _fmt(r: dict, key: str, spec: str) -> str:
    return format(r[key], spec) if key in r else r.get("error", "-")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=list(SIZES))
    parser.add_argument("--out", type=Path, default=ROOT / "benchmarks/results/clustering.md")
    parser.add_argument("--only", nargs="+", help="algorithm names (default: all)")
    parser.add_argument("--no-skip", action="store_true", help="also run the skipped cases")
    parser.add_argument("--repeats", type=int, default=3, help="processes per measurement")
    parser.add_argument("--versus", choices=tuple(VERSUS),
                        help="one group head to head: ours vs each peer, per case")
    parser.add_argument("--dims", type=int, nargs="+",
                        help="with --versus distances: numbers of features, in one process")
    args = parser.parse_args()
    if args.dims:
        if args.versus != "distances":
            parser.error("--dims goes with --versus distances")
        distances_by_width(args.dims, args.sizes, args.repeats,
                           ROOT / "benchmarks/results/clustering_distances.md")
        return
    if args.versus:
        out = args.out
        if out == ROOT / "benchmarks/results/clustering.md":
            out = ROOT / f"benchmarks/results/clustering_{args.versus}.md"
        versus_main(args.versus, args.sizes, args.repeats, out)
        return
    sys.path.insert(0, str(ROOT))
    import clustering

    names = args.only or list(clustering.ALGORITHMS)
    settings = Path(tempfile.mkdtemp()) / "settings.npz"
    rows, ref_rows = [], []
    for name in names:
        for n in args.sizes:
            if name in SKIP and n >= SKIP[name][0] and not args.no_skip:
                rows.append(f"| {name} | {n:,} | skipped | | {SKIP[name][1]} |")
                print(rows[-1], flush=True)
                continue
            runs, ref_runs = [], []
            for _ in range(args.repeats):  # interleaved: the machine's load hits both alike
                runs.append(measure("ours", name, n, settings))
                if name in REFERENCES:
                    ref_runs.append(measure("reference", name, n, settings))
            ours = best_of(runs)
            note = f"{ours['n_clusters']} clusters" if "n_clusters" in ours else ""
            rows.append(f"| {name} | {n:,} | {_fmt(ours, 'seconds', '.3f')} | "
                        f"{_fmt(ours, 'mb', '.0f')} | {note} |")
            print(rows[-1], flush=True)
            if name in REFERENCES:
                ref = best_of(ref_runs)
                if "seconds" in ours and "seconds" in ref:
                    check = {k: v for k, v in ref.items() if k not in ("seconds", "mb")}
                    ref_rows.append(
                        f"| {name} | {REFERENCES[name]} | {n:,} | {ours['seconds']:.3f} | "
                        f"{ref['seconds']:.3f} | {ours['seconds'] / ref['seconds']:.2f} | "
                        f"{ours['mb']:.0f} | {ref['mb']:.0f} | "
                        f"{ours['mb'] / max(ref['mb'], 1):.3f} | "
                        f"{_agreement(check)} |"
                    )
                else:
                    ref_rows.append(f"| {name} | {REFERENCES[name]} | {n:,} | "
                                    f"{_fmt(ours, 'seconds', '.3f')} | "
                                    f"{_fmt(ref, 'seconds', '.3f')} | | | | | |")
                print(ref_rows[-1], flush=True)

    import numpy
    import scipy
    import sklearn

    cpu = platform.machine()
    with contextlib.suppress(OSError, StopIteration):
        cpu = next(line.split(":", 1)[1].strip() for line in
                   Path("/proc/cpuinfo").read_text().splitlines() if line.startswith("model name"))
    text = "\n".join([
        "# Clustering benchmark",
        "",
        f"`python benchmarks/bench_clustering.py` on {time.strftime('%Y-%m-%d')}, {cpu}, one "
        f"thread per process; Python {platform.python_version()}, numpy {numpy.__version__}, "
        f"scipy {scipy.__version__}, scikit-learn {sklearn.__version__}.",
        "Data: `datasets.load('blobs', n_samples=n)` (2-D, 3 blobs); default parameters of "
        "`clustering.ALGORITHMS`. Time: CPU time of the fit in its process (s), the minimum "
        f"of {args.repeats} processes, ours and the reference interleaved; the machine was "
        "shared with other jobs (2 cores), which CPU time and the minimum soften but do not "
        "remove. Memory: growth of the peak resident set during the fit (MB).",
        "",
        "## Ours against the reference libraries (ratio < 1: ours is faster / smaller)",
        "",
        "| algorithm | reference | n | ours (s) | reference (s) | time ratio | ours (MB) | "
        "reference (MB) | memory ratio | agreement |",
        "|---|---|---:|---:|---:|---:|---:|---:|---:|---|",
        *ref_rows,
        "",
        "Notes: DensityPeaks works on blocks of the upper triangle of the (squared, for the "
        "Euclidean metric) distance matrix, kept for its passes up to 2**24 pairs (4 n^2 "
        "bytes, n up to about 5,700) and recomputed per pass beyond (O(n) memory); delta "
        "comes from the pairs within d_c, by brute force only for the few points with no "
        "denser point that close; pydpc holds the full n x n matrix "
        "(8 n^2 bytes, 3.2 GB at n = 20,000). pydpc is given our d_c, so its time leaves out "
        "locating d_c, which ours includes. "
        "Both hierarchical implementations hold the condensed distance vector (4 n^2 bytes). "
        "Memory growth of a few MB is at the resolution of the method (the process's peak "
        "after imports).",
        "",
        "## Every registered algorithm",
        "",
        "| algorithm | n | time (s) | peak memory (MB) | note |",
        "|---|---:|---:|---:|---|",
        *rows,
        "",
    ])
    args.out.write_text(text)
    print(f"wrote {args.out}")


if __name__ == "__main__":
    if len(sys.argv) == 6 and sys.argv[1] == "--versus-child":
        print(json.dumps(_one_versus(*sys.argv[2:5], int(sys.argv[5]))))
    elif len(sys.argv) == 6 and sys.argv[1] == "--child":
        print(json.dumps(_one(sys.argv[2], sys.argv[3], int(sys.argv[4]), sys.argv[5])))
    else:
        main()
