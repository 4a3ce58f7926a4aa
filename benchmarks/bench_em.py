"""Speed of EM (GaussianMixtureEM) against scikit-learn, and of the pages of issue 13.

Run by hand from the repository root (not part of the test suite):

    python benchmarks/bench_em.py [--n 2000] [--repeats 21] [--out FILE]
    python benchmarks/bench_em.py --sizes [--repeats 3] [--out FILE]

``--sizes`` times 30 EM steps (tol = 0, from the same k-means start) of
ours and scikit-learn at the sizes of SIZES for the four covariance types and writes
em_sizes.md, with ratio = scikit-learn's time / ours (>= 1: ours at least as fast).

Part 1 fits ``clustering.GaussianMixtureEM`` and ``sklearn.mixture.GaussianMixture`` on the
same data from the same start (``init="kmeans"`` with the same ``random_state``, so both
begin from the same k-means run), for each covariance type, in one process with one BLAS
thread; the time is the best CPU time of ``repeats`` interleaved rounds
(``benchmarks.timing.interleaved``) and the ratio is ours / scikit-learn's (goal: at most 2).
Ours also records every step (parameters, and responsibilities up to 2,000 points); the step
counts are printed beside the times. Fits "until tol" include the k-means start and a few EM
steps; the "100 steps" rows (tol = 0) show the cost of the steps themselves.

Part 2 drives the pages with Streamlit's AppTest (the app's entry point, then the page) at n
points: "cold" opens the page with empty caches; "step" is the rerun after one click on
Step, with warm caches as in a browser session (best and median of ``repeats``; goal:
< 0.5 s). Times include Streamlit's script run, not the browser's drawing.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import sys
import time
import warnings
from pathlib import Path

from threadpoolctl import threadpool_limits

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.timing import interleaved  # noqa: E402

TYPES = ("full", "diag", "spherical", "tied")
# (n, d, K) of the head-to-head step timings.
SIZES = ((2_000, 2, 3), (20_000, 2, 3), (20_000, 10, 5))
STEPS = 30


def size_times(repeats: int) -> list[dict]:
    """EM fits of STEPS steps, ours and scikit-learn, from the same start, interleaved."""
    from sklearn.datasets import make_blobs
    from sklearn.mixture import GaussianMixture

    from clustering.gaussian_mixture import GaussianMixtureEM

    rows = []
    for n, d, k in SIZES:
        X, _ = make_blobs(n, d, centers=k, cluster_std=2.0, random_state=0)
        for covariance_type in TYPES:
            options = {"covariance_type": covariance_type, "max_iter": STEPS, "tol": 0.0,
                       "n_components": k, "random_state": 0}
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                (ours, ref), (em, sk) = interleaved(
                    [lambda o=options, X=X: GaussianMixtureEM(**o).fit(X),
                     lambda o=options, X=X: GaussianMixture(**o).fit(X)],
                    min_rounds=repeats, max_rounds=repeats)
            rows.append({"size": f"{n:,} x {d}, K = {k}", "covariance": covariance_type,
                         "ours": ours, "reference": ref,
                         "score_gap": abs(em.score(X) - sk.score(X))})
            print(rows[-1], flush=True)
    return rows


def size_markdown(repeats: int, rows: list[dict]) -> str:
    load = Path("/proc/loadavg").read_text().split()[:3]
    lines = [
        "# EM steps against scikit-learn's GaussianMixture at larger sizes",
        "",
        f"`python benchmarks/bench_em.py --sizes --repeats {repeats}` on "
        f"{time.strftime('%Y-%m-%d %H:%M')} UTC, one BLAS thread, load average at the end "
        f"{' '.join(load)} (2 cores shared with other engineers). Data: `make_blobs(n, d, "
        f"centers=K, cluster_std=2)`; both fit {STEPS} EM steps (tol = 0) from the same "
        "start (`init_params='kmeans'`, `random_state=0`: the same k-means run, included in "
        "both times); ours also records every step. Seconds: minimum CPU time of the "
        "interleaved rounds (benchmarks/timing.py). Ratio = scikit-learn / ours (>= 1: ours "
        "at least as fast).",
        "",
        "| n x d, K | covariance | ours (s) | scikit-learn (s) | sklearn / ours | "
        "mean log-likelihood gap |",
        "|---|---|---:|---:|---:|---:|",
    ]
    lines += [f"| {r['size']} | {r['covariance']} | {r['ours']:.4f} | {r['reference']:.4f} | "
              f"{r['reference'] / r['ours']:.2f} | {r['score_gap']:.1e} |" for r in rows]
    return "\n".join(lines) + "\n"


def fit_times(n: int, repeats: int) -> list[dict]:
    from sklearn.mixture import GaussianMixture

    import datasets
    from clustering.gaussian_mixture import GaussianMixtureEM

    rows = []
    runs = [("anisotropic", "until tol = 1e-3", {"max_iter": 500}),
            ("blobs", "until tol = 1e-3", {"max_iter": 500}),
            ("anisotropic", "100 steps", {"max_iter": 100, "tol": 0.0})]
    for name, stop, settings in runs:
        X = datasets.load(name, n_samples=n, random_state=0).X
        for covariance_type in TYPES:
            options = {"covariance_type": covariance_type, "random_state": 0, **settings}
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                (ours, ref), (em, sk) = interleaved(
                    [lambda o=options, X=X: GaussianMixtureEM(3, **o).fit(X),
                     lambda o=options, X=X: GaussianMixture(3, **o).fit(X)],
                    min_rounds=repeats, max_rounds=repeats,
                )
            rows.append({"data": name, "stop": stop, "covariance": covariance_type,
                         "ours": ours, "reference": ref, "our_steps": em.n_iter_,
                         "their_steps": sk.n_iter_,
                         "score_gap": abs(em.score(X) - sk.score(X))})
    return rows


def page_times(n: int, repeats: int) -> list[dict]:
    import streamlit as st

    from tests.app.conftest import open_page

    cases = [
        ("EM / Gaussian mixture", "app_pages/explore_em.py", {"em_n": str(n)}, "em_step"),
        ("Linkage step by step", "app_pages/explore_linkage.py", {}, "lk_step"),
    ]
    open_page("app_pages/explore_em.py")  # import everything once, as a running server has
    rows = []
    for title, path, query, step in cases:
        st.cache_data.clear()
        start = time.perf_counter()
        at = open_page(path, query)
        cold = time.perf_counter() - start
        assert not at.exception, at.exception
        times = []
        for _ in range(repeats):
            # One step on, as the chart's Step button sends it (the last wraps to the start).
            slider = at.slider(key=step)
            slider.set_value((slider.value + 1) % (slider.max + 1))
            start = time.perf_counter()
            at.run()
            times.append(time.perf_counter() - start)
            assert not at.exception, at.exception
        rows.append({"page": title, "cold": cold, "best": min(times),
                     "median": statistics.median(times)})
    return rows


def markdown(n: int, repeats: int, fits: list[dict], pages: list[dict]) -> str:
    lines = [
        "# EM and the pages of issue 13: speed",
        "",
        f"`python benchmarks/bench_em.py --n {n} --repeats {repeats}` on {platform.machine()}, "
        f"Python {platform.python_version()}, {time.strftime('%Y-%m-%d')}. Seconds. "
        "Measured on a 2-core machine shared with other jobs: times vary between runs.",
        "",
        f"## A full EM fit, ours against scikit-learn's GaussianMixture (n = {n}, K = 3, "
        "same start, one BLAS thread, best CPU time of the repeats, the two run alternately; "
        "goal: ours / sklearn <= 2)",
        "",
        "| data | stop | covariance | ours | scikit-learn | ours / sklearn | steps (ours, "
        "sklearn) | mean log-likelihood gap |",
        "|---|---|---|---:|---:|---:|---:|---:|",
    ]
    lines += [
        f"| {r['data']} | {r['stop']} | {r['covariance']} | {r['ours']:.4f} | "
        f"{r['reference']:.4f} | "
        f"{r['ours'] / r['reference']:.2f} | {r['our_steps']}, {r['their_steps']} | "
        f"{r['score_gap']:.1e} |"
        for r in fits
    ]
    lines += [
        "",
        "The fits until tol last a few milliseconds, most of it the same k-means start in "
        "both, so their ratios are noise at this load; the 100-step rows measure the EM steps.",
        "",
        f"## Pages (AppTest; n = {n} points on the EM page; goal: a step reruns in < 0.5 s)",
        "",
        "| page | cold render | step rerun, best | step rerun, median |",
        "|---|---:|---:|---:|",
    ]
    lines += [f"| {r['page']} | {r['cold']:.2f} | {r['best']:.3f} | {r['median']:.3f} |"
              for r in pages]
    return "\n".join(lines) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=2000)
    parser.add_argument("--repeats", type=int, default=21)
    parser.add_argument("--out", type=Path, default=None)
    parser.add_argument("--sizes", action="store_true", help="only the EM steps at SIZES")
    args = parser.parse_args()
    if args.sizes:
        with threadpool_limits(1):
            text = size_markdown(args.repeats, size_times(args.repeats))
        (args.out or ROOT / "benchmarks/results/em_sizes.md").write_text(text)
        print(text)
        return
    args.out = args.out or ROOT / "benchmarks/results/em.md"
    with threadpool_limits(1):
        fits = fit_times(args.n, args.repeats)
    pages = page_times(args.n, args.repeats)
    text = markdown(args.n, args.repeats, fits, pages)
    args.out.write_text(text)
    print(text)


if __name__ == "__main__":
    main()
