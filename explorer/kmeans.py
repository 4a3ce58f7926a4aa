"""k-means as a sequence of teaching steps: start, assign, update, assign, ..."""

from __future__ import annotations

import re
from dataclasses import dataclass

import numpy as np
from scipy.spatial.distance import cdist

from clustering.kmeans import KMeansStepper

# How the first centres are chosen on the step-through page; "placed" means the student's.
INITS = ("k-means++", "random", "placed")
MAX_PLACED = 30


@dataclass(frozen=True)
class KMeansStep:
    """One frame of the step-through.

    Attributes
    ----------
    phase : {"start", "assign", "update"}
        "start": the initial centres, points not yet assigned; "assign": every point takes
        the colour of its nearest centre; "update": every centre moves to the mean of its
        points.
    iteration : int
        Lloyd iteration (0 for the start and the first assignment).
    centers : ndarray (k, d)
        Centres shown in this frame.
    previous_centers : ndarray (k, d) or None
        Centres before an update (for the arrows), else None.
    labels : ndarray (n,) or None
        Assignment shown (None at the start).
    inertia : float or None
        :math:`J = \\sum_i \\|x_i - c_{z_i}\\|^2` of the labels and centres shown (None at the
        start). It never increases from one frame to the next.
    """

    phase: str
    iteration: int
    centers: np.ndarray
    previous_centers: np.ndarray | None
    labels: np.ndarray | None
    inertia: float | None

    @property
    def caption(self) -> str:
        """What happens in this frame, in one sentence for a student."""
        if self.phase == "start":
            return "Start: the initial centres (crosses). No point is assigned yet."
        if self.phase == "assign":
            return (f"Iteration {self.iteration + 1}, assign: each point joins its nearest "
                    "centre.")
        return (f"Iteration {self.iteration + 1}, update: each centre moves to the mean of its "
                "points (arrows).")


def _inertia(X: np.ndarray, centers: np.ndarray, labels: np.ndarray) -> float:
    return float(((X - centers[labels]) ** 2).sum())


def kmeans_steps(X, history: list[tuple[np.ndarray, np.ndarray]]) -> list[KMeansStep]:
    """Split a `KMeansStepper` history into start / assign / update frames.

    ``history[t] = (c_t, z_t)``: centres of iteration t and the labels assigned to them. The
    frames are: start (c_0), then for each t: assign (c_t, z_t) and, if a later iteration
    exists, update (c_{t+1}, z_t). The last frame is the final state.
    """
    X = np.asarray(X, dtype=float)
    if not history:
        raise ValueError("the k-means history is empty; fit a KMeansStepper first")
    steps = [KMeansStep("start", 0, history[0][0], None, None, None)]
    for t, (centers, labels) in enumerate(history):
        steps.append(KMeansStep("assign", t, centers, None, labels, _inertia(X, centers, labels)))
        if t + 1 < len(history):
            moved = history[t + 1][0]
            steps.append(KMeansStep("update", t, moved, centers, labels,
                                    _inertia(X, moved, labels)))
    return steps


def fit_stepper(X, n_clusters: int, init: str, random_state: int,
                centers: np.ndarray | None = None, max_iter: int = 300) -> KMeansStepper:
    """Fit `KMeansStepper` with the page's init choice.

    ``init="placed"`` starts from ``centers`` (their number sets K); "k-means++" is plain
    D^2 sampling and "random" draws K distinct points.
    """
    if init not in INITS:
        raise ValueError(f"init must be one of {', '.join(INITS)}, got {init!r}")
    if init == "placed":
        if centers is None or len(centers) == 0:
            raise ValueError("place at least one centre: click on the plot or type coordinates")
        centers = np.asarray(centers, dtype=float)
        return KMeansStepper(len(centers), init=centers, max_iter=max_iter).fit(X)
    return KMeansStepper(n_clusters, init=init, max_iter=max_iter,
                         random_state=random_state).fit(X)


_NUMBER = r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?"


def parse_centers(text: str, n_features: int = 2) -> np.ndarray:
    """Read centres typed as ``"x, y; x, y; ..."`` (one centre per ``;`` or line).

    Returns an array of shape (k, n_features); an empty text gives shape (0, n_features).

    Raises
    ------
    ValueError
        When a centre does not have ``n_features`` finite numbers, or there are more than 30.
    """
    parts = [p.strip() for p in re.split(r"[;\n]", text or "") if p.strip()]
    if len(parts) > MAX_PLACED:
        raise ValueError(f"at most {MAX_PLACED} centres, got {len(parts)}")
    rows = []
    for part in parts:
        numbers = re.findall(_NUMBER, part)
        leftover = re.sub(_NUMBER, "", part).replace(",", "").replace("(", "").replace(")", "")
        if len(numbers) != n_features or leftover.strip():
            raise ValueError(
                f"centre {part!r} must be {n_features} numbers separated by commas, "
                f"e.g. '1.5, -2'; separate centres with ';'"
            )
        row = [float(v) for v in numbers]
        if not np.isfinite(row).all():
            raise ValueError(f"centre {part!r} is too large: use numbers below 1e308")
        rows.append(row)
    return np.array(rows, dtype=float).reshape(len(rows), n_features)


def format_centers(centers: np.ndarray) -> str:
    """The inverse of `parse_centers`: ``"x, y; x, y"`` with 3 decimals."""
    return "; ".join(", ".join(f"{v:.3g}" for v in row) for row in np.asarray(centers))


def nearest_center_grid(bounds: tuple[float, float, float, float], centers: np.ndarray,
                        resolution: int = 160) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Index of the nearest centre on a grid: the Voronoi cells k-means assigns by.

    ``bounds = (xmin, xmax, ymin, ymax)``; returns the grid's x and y coordinates and the
    (resolution, resolution) array of nearest-centre indices (rows follow y).
    """
    xmin, xmax, ymin, ymax = bounds
    gx = np.linspace(xmin, xmax, resolution)
    gy = np.linspace(ymin, ymax, resolution)
    points = np.column_stack([np.tile(gx, resolution), np.repeat(gy, resolution)])
    nearest = cdist(points, np.asarray(centers, dtype=float)[:, :2]).argmin(axis=1)
    return gx, gy, nearest.reshape(resolution, resolution)


def padded_bounds(X: np.ndarray, pad: float = 0.08) -> tuple[float, float, float, float]:
    """The data's bounding box in the first two features, widened by ``pad`` of its size."""
    X = np.asarray(X, dtype=float)
    low, high = X[:, :2].min(axis=0), X[:, :2].max(axis=0)
    margin = pad * np.maximum(high - low, 1e-9)
    return (float(low[0] - margin[0]), float(high[0] + margin[0]),
            float(low[1] - margin[1]), float(high[1] + margin[1]))
