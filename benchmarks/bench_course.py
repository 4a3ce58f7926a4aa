"""Speed of the course's first half (issue 12): the geodesic distance matrix against
scikit-learn's Isomap, and the reruns of the Features, Dimensionality and Distances lessons.

Run by hand from the repository root (not part of the test suite):

    python benchmarks/bench_course.py

Geodesic: `clustering.distance_matrix(X, "geodesic", n_neighbors=10)` on a Swiss roll of
n = 5,000 points, and in the same run ``Isomap(n_neighbors=10, n_components=2).fit(X)``,
whose ``dist_matrix_`` is the same matrix (checked) but whose fit also embeds the points;
the benchmarks' timing rule (`timing.interleaved`: CPU time, interleaved rounds, minimum).
Pages: as in ``bench_pages.py`` (AppTest in-process, median of its repeats, interactions
alternating between values). Writes ``benchmarks/results/course.md``.
"""

import os
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from bench_pages import RENDER_GOAL_S, RERUN_GOAL_S, cold_render, rerun  # noqa: E402
from sklearn.manifold import Isomap  # noqa: E402
from timing import interleaved  # noqa: E402

import datasets  # noqa: E402
from clustering.distances import distance_matrix  # noqa: E402

N_GEODESIC = 5_000
PAGES = ["app_pages/learn_features.py", "app_pages/learn_dimensionality.py",
         "app_pages/learn_distances.py"]
INTERACTIONS = [
    ("Features: switch the criterion (wine)", PAGES[0], {},
     lambda at, i: at.radio(key="lfe_method").set_value(
         ["mutual_information", "single_variable", "correlation"][i % 3])),
    ("Features: pick another feature (wine)", PAGES[0], {},
     lambda at, i: at.selectbox(key="lfe_feature_wine").select(
         ["alcohol", "hue", "proline"][i % 3])),
    ("Dimensionality: move the variance share (2,000-point Swiss roll)", PAGES[1],
     {"dim_n": "2000"}, lambda at, i: at.slider(key="dim_var").set_value([0.8, 0.95][i % 2])),
    ("Dimensionality: move the TwoNN share (2,000-point Swiss roll)", PAGES[1],
     {"dim_n": "2000"}, lambda at, i: at.slider(key="dim_frac").set_value([0.8, 0.95][i % 2])),
    ("Distances: move p", PAGES[2], {},
     lambda at, i: at.select_slider(key="dist_p").set_value([0.5, 3.0][i % 2])),
    ("Distances: move k of the geodesic graph (400 points, two clusterings)", PAGES[2], {},
     lambda at, i: at.slider(key="dist_nn").set_value([8, 12][i % 2])),
]


def main() -> None:
    X = datasets.load("swiss_roll", N_GEODESIC, random_state=0).X
    (ours, theirs), (D, iso) = interleaved([
        lambda: distance_matrix(X, "geodesic", n_neighbors=10),
        lambda: Isomap(n_neighbors=10, n_components=2).fit(X),
    ])
    same = float(np.abs(D - iso.dist_matrix_).max())
    rows = [
        "| n | distance_matrix geodesic (CPU s) | Isomap.fit (CPU s) | ratio ours / Isomap | "
        "max abs difference |",
        "|---|---|---|---|---|",
        f"| {N_GEODESIC:,} | {ours:.2f} | {theirs:.2f} | {ours / theirs:.2f} | {same:.1e} |",
        "", "| page | cold render (s) | goal 3 s: ratio |", "|---|---|---|",
    ]
    for path in PAGES:
        t = cold_render(path)
        rows.append(f"| {Path(path).stem} | {t:.2f} | {t / RENDER_GOAL_S:.2f} |")
    rows += ["", "| interaction | rerun (s) | goal 0.5 s: ratio |", "|---|---|---|"]
    for label, path, params, action in INTERACTIONS:
        t = rerun(path, params, action)
        rows.append(f"| {label} | {t:.3f} | {t / RERUN_GOAL_S:.2f} |")
    load = os.getloadavg()[0]
    text = "\n".join([
        "# Course lessons (issue 12): geodesic distances and page reruns", "",
        "`python benchmarks/bench_course.py`. Geodesic: Swiss roll, k = 10, CPU time, "
        "minimum over interleaved rounds (benchmarks/timing.py); Isomap's fit computes the "
        "same shortest paths (scipy's Dijkstra) and then embeds the points. Pages: AppTest "
        "in-process, median of 3 reruns alternating between values (first visits and cached "
        "ones mixed).",
        f"Machine: 2 cores shared with other jobs (1-minute load average {load:.1f} at the "
        "end of the run): the page times are wall-clock and inflated by the load; the "
        "geodesic times are CPU times.", "", *rows, "",
    ])
    out = ROOT / "benchmarks" / "results" / "course.md"
    out.write_text(text)
    print(text)


if __name__ == "__main__":
    main()
