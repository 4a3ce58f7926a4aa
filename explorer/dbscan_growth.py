"""How DBSCAN grows its clusters: the frames of the expansion, for an animation.

DBSCAN (Ester et al. 1996, section 4.1) takes the points in order; an unlabelled core point
starts a new cluster, which then takes every point within eps of one of its core points,
wave after wave, until no core point of the cluster has an unlabelled neighbour; a border
point joins the first cluster that reaches it and extends it no further. What is left when
every cluster is complete is noise. The waves are breadth-first: wave w of a cluster holds
the points first reached w steps of eps away from its seed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import pandas as pd
from sklearn.neighbors import NearestNeighbors

from clustering._validation import check_X
from metrics.validation import check_integer, check_real

__all__ = ["DbscanGrowth", "dbscan_growth"]

#: Label of a point no cluster has reached yet (in the frames; noise is -1).
UNREACHED = -2


@dataclass(frozen=True)
class DbscanGrowth:
    """The expansion of DBSCAN's clusters, wave by wave.

    Parameters
    ----------
    labels : ndarray of int, shape (n_frames, n_samples)
        The clusters after each frame: -2 for a point not reached yet; the last frame is
        DBSCAN's result (-1 noise).
    titles : tuple of str
        What each frame shows, in words.

    Examples
    --------
    >>> import numpy as np
    >>> growth = DbscanGrowth(np.array([[-2, -2], [0, -2], [0, -1]]), ("a", "b", "c"))
    >>> growth.table(np.zeros((2, 2)), ("x", "y"))["frame_reached"].tolist()
    [1, -1]
    """

    labels: np.ndarray
    titles: tuple[str, ...]

    def table(self, X: np.ndarray, feature_names: Sequence[str]) -> pd.DataFrame:
        """One row per point: its coordinates (the first two features), its cluster at the
        end (-1 noise) and the first frame it belongs to a cluster in (-1: never)."""
        reached = self.labels[:-1] != UNREACHED
        first = np.where(reached.any(axis=0), reached.argmax(axis=0), -1)
        return pd.DataFrame({feature_names[0]: X[:, 0], feature_names[1]: X[:, 1],
                             "cluster": self.labels[-1], "frame_reached": first})


def _waves(neighbours: Sequence[np.ndarray], core: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Each point's cluster (-1 noise) and the wave, counted over all clusters, in which it
    was reached (no wave is empty)."""
    n = len(core)
    label = np.full(n, -1)
    wave = np.full(n, -1)
    clusters, step = 0, -1
    for seed in np.flatnonzero(core):
        if label[seed] != -1:
            continue
        step += 1
        label[seed], wave[seed] = clusters, step
        front = np.array([seed])
        while True:
            # Only core points extend a cluster; a border point stops where it is.
            cores = front[core[front]]
            if not cores.size:
                break
            found = np.unique(np.concatenate([neighbours[point] for point in cores]))
            front = found[label[found] == -1]
            if not front.size:
                break
            step += 1
            label[front], wave[front] = clusters, step
        clusters += 1
    return label, wave


def dbscan_growth(X, eps: float, min_samples: int, max_frames: int = 40) -> DbscanGrowth:
    """DBSCAN's clusters as they grow from their core points, one frame per group of waves.

    A point ``p`` is core when ``|N_eps(p)| >= min_samples`` (itself included); a cluster is
    every point density-reachable from its first core point (Ester et al. 1996, definitions
    1-5). Frames follow the waves of every cluster in turn (clusters in the order of their
    first point); with more waves than ``max_frames``, consecutive waves share a frame. The
    last frame equals `sklearn.cluster.DBSCAN` at the same parameters, ties included: a
    border point within eps of core points of two clusters joins the one grown first, the
    cluster whose first core point comes first in ``X`` (DBSCAN's result depends on the
    order of the points there; scikit-learn follows the same order).

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
    eps : float
        The neighbourhood radius, > 0.
    min_samples : int
        Neighbours (the point itself included) that make a core point, >= 1.
    max_frames : int, default=40
        The most frames returned (>= 2): the first shows no cluster yet.

    Returns
    -------
    DbscanGrowth

    Examples
    --------
    >>> import numpy as np
    >>> X = np.array([[0.0], [1.0], [2.0], [10.0], [11.0], [30.0]])
    >>> growth = dbscan_growth(X, eps=1.5, min_samples=2)
    >>> growth.labels[-1].tolist()
    [0, 0, 0, 1, 1, -1]
    >>> growth.labels[1].tolist()
    [0, -2, -2, -2, -2, -2]
    """
    X = check_X(X)
    eps = check_real(eps, "eps", 0, low_open=True)
    min_samples = check_integer(min_samples, "min_samples", 1)
    max_frames = check_integer(max_frames, "max_frames", 2)
    neighbours = NearestNeighbors(radius=eps).fit(X).radius_neighbors(X, return_distance=False)
    core = np.array([len(found) >= min_samples for found in neighbours])
    label, wave = _waves(neighbours, core)
    last_wave = int(wave.max()) if (wave >= 0).any() else -1
    # Frame 0: nothing reached; then groups of waves, evenly, up to the last; then the result.
    n_waves = last_wave + 1
    ends = np.unique(np.ceil(np.linspace(0, n_waves, min(n_waves, max_frames - 2) + 1)[1:]
                             ).astype(int) - 1) if n_waves else np.array([], int)
    frames, titles = [np.full(len(X), UNREACHED)], ["Before: every point waits, none reached"]
    for end in ends:
        reached = (wave >= 0) & (wave <= end)
        frames.append(np.where(reached, label, UNREACHED))
        clusters = len(np.unique(label[reached]))
        titles.append(f"Growing: {clusters} cluster{'s' * (clusters != 1)}, "
                      f"{int(reached.sum())} of {len(X)} points reached")
    frames.append(label)
    n_clusters = int(label.max()) + 1
    titles.append(f"Done: {n_clusters} cluster{'s' * (n_clusters != 1)}, "
                  f"{int((label == -1).sum())} noise points left")
    return DbscanGrowth(np.array(frames), tuple(titles))
