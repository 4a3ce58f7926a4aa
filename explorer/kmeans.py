"""k-means as a sequence of teaching steps: start, assign, update, assign, ..."""

from __future__ import annotations

import re
from dataclasses import dataclass

import numpy as np
from scipy.spatial.distance import cdist

from clustering.kmeans import KMeansStepper
from metrics.validation import check_choice

# How the first centres are chosen on the step-through page; "placed" means the student's.
INITS = ("k-means++", "random", "placed")
MAX_PLACED = 30


@dataclass(frozen=True)
class KMeansStep:
    r"""One frame of the step-through.

    Parameters
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
        :math:`J = \sum_i \|x_i - c_{z_i}\|^2` of the labels and centres shown (None at the
        start). It never increases from one frame to the next.

    Examples
    --------
    >>> import numpy as np
    >>> step = KMeansStep("start", 0, np.zeros((2, 2)), None, None, None)
    >>> step.caption
    'Start: the initial centres (crosses). No point is assigned yet.'
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

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
    history : list of (centres, labels)
        ``KMeansStepper.history_``.

    Returns
    -------
    list of KMeansStep
        ``2 * len(history)`` frames.

    Raises
    ------
    ValueError
        When ``history`` is empty.

    Examples
    --------
    >>> import numpy as np
    >>> X = np.array([[0.0, 0], [0, 1], [4, 0], [4, 1]])
    >>> stepper = fit_stepper(X, 2, "placed", 0, centers=np.array([[0.0, 0], [0, 1]]))
    >>> [(s.phase, s.inertia) for s in kmeans_steps(X, stepper.history_)]
    [('start', None), ('assign', 32.0), ('update', 16.0), ('assign', 16.0)]

    Those two starting centres split the data across its long side and k-means stops there,
    at J = 16, while the split into the two columns has J = 1: a local optimum.
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

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
    n_clusters : int
        K (ignored with ``init="placed"``: the number of centres sets it).
    init : {"k-means++", "random", "placed"}
        "k-means++" is plain D^2 sampling, "random" draws K distinct points, "placed" starts
        from ``centers``.
    random_state : int
    centers : ndarray of shape (k, n_features), optional
        The student's centres, for ``init="placed"``.
    max_iter : int, default=300

    Returns
    -------
    KMeansStepper
        Fitted, with ``history_``.

    Raises
    ------
    ValueError
        Unknown ``init``, or "placed" without centres.

    Examples
    --------
    >>> import numpy as np
    >>> X = np.array([[0.0, 0], [0, 1], [4, 0], [4, 1]])
    >>> fit_stepper(X, 2, "placed", 0, centers=np.array([[0.0, 0], [4, 0]])).cluster_centers_
    array([[0. , 0.5],
           [4. , 0.5]])
    """
    check_choice(init, "init", INITS)
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

    Parameters
    ----------
    text : str
    n_features : int, default=2

    Returns
    -------
    ndarray of shape (k, n_features)
        Shape (0, n_features) for an empty text.

    Raises
    ------
    ValueError
        When a centre does not have ``n_features`` finite numbers, or there are more than 30.

    Examples
    --------
    >>> parse_centers("1.5, -2; (0, 3e1)")
    array([[ 1.5, -2. ],
           [ 0. , 30. ]])
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
    """The inverse of `parse_centers`: ``"x, y; x, y"`` with 3 significant digits.

    Parameters
    ----------
    centers : array-like of shape (k, d)

    Returns
    -------
    str

    Examples
    --------
    >>> format_centers([[1.5, -2.0], [0.0, 30.0]])
    '1.5, -2; 0, 30'
    """
    return "; ".join(", ".join(f"{v:.3g}" for v in row) for row in np.asarray(centers))


def nearest_center_grid(bounds: tuple[float, float, float, float], centers: np.ndarray,
                        resolution: int = 160) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Index of the nearest centre on a grid: the Voronoi cells k-means assigns by.

    Parameters
    ----------
    bounds : (xmin, xmax, ymin, ymax)
    centers : ndarray of shape (k, d)
        Only the first two coordinates are used.
    resolution : int, default=160
        Grid points per axis.

    Returns
    -------
    gx, gy : ndarray of shape (resolution,)
        The grid's coordinates.
    nearest : ndarray of shape (resolution, resolution)
        Nearest-centre index; rows follow y.

    Examples
    --------
    >>> import numpy as np
    >>> gx, gy, cells = nearest_center_grid((0, 1, 0, 1), np.array([[0.0, 0], [1, 0]]), 3)
    >>> cells
    array([[0, 0, 1],
           [0, 0, 1],
           [0, 0, 1]])
    """
    xmin, xmax, ymin, ymax = bounds
    gx = np.linspace(xmin, xmax, resolution)
    gy = np.linspace(ymin, ymax, resolution)
    points = np.column_stack([np.tile(gx, resolution), np.repeat(gy, resolution)])
    nearest = cdist(points, np.asarray(centers, dtype=float)[:, :2]).argmin(axis=1)
    return gx, gy, nearest.reshape(resolution, resolution)


def padded_bounds(X: np.ndarray, pad: float = 0.08) -> tuple[float, float, float, float]:
    """The data's bounding box in the first two features, widened by ``pad`` of its size.

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
    pad : float, default=0.08
        Share of the box's width (height) added on each side.

    Returns
    -------
    (xmin, xmax, ymin, ymax)

    Examples
    --------
    >>> padded_bounds([[0.0, 0.0], [10.0, 1.0]], pad=0.1)
    (-1.0, 11.0, -0.1, 1.1)
    """
    X = np.asarray(X, dtype=float)
    low, high = X[:, :2].min(axis=0), X[:, :2].max(axis=0)
    margin = pad * np.maximum(high - low, 1e-9)
    return (float(low[0] - margin[0]), float(high[0] + margin[0]),
            float(low[1] - margin[1]), float(high[1] + margin[1]))
