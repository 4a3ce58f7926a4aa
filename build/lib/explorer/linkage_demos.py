"""The slides' strengths and limitations of single and complete link, as two small datasets.

- A bridge: two round blobs joined by a thin line of points. Single link chains along the
  line and calls everything one cluster ("sensitive to noise and outliers", "long, elongated
  clusters"); complete link separates the blobs.
- A large and a small cluster: a wide disc and a tight blob just beside it. Single link finds
  the gap ("can handle non-elliptical shapes"); complete link, which keeps every cluster's
  diameter small, cuts the large disc in two ("tends to break large clusters").
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import pandas as pd

from clustering import run
from metrics import adjusted_rand_index
from metrics.seeding import as_generator

__all__ = ["DEMOS", "bridge", "large_and_small", "links_side_by_side"]


def _disc(rng: np.random.Generator, n: int, radius: float, center: tuple[float, float]):
    """``n`` points uniform in a disc: no outliers, so only the shape matters."""
    angle = rng.uniform(0, 2 * np.pi, n)
    r = radius * np.sqrt(rng.uniform(0, 1, n))
    return np.column_stack([center[0] + r * np.cos(angle), center[1] + r * np.sin(angle)])


def bridge(random_state=0) -> tuple[np.ndarray, np.ndarray]:
    """Two Gaussian blobs (100 points each, sd 0.7, centres 8 apart) and a bridge of 14
    points on the line between them; a bridge point's class is the blob on its side.

    Parameters
    ----------
    random_state : int or numpy Generator

    Returns
    -------
    X : ndarray (214, 2)
    y : ndarray of int (214,)

    Examples
    --------
    >>> X, y = bridge(0)
    >>> X.shape, np.bincount(y).tolist()
    ((214, 2), [107, 107])
    """
    rng = as_generator(random_state)
    left = rng.normal([-4.0, 0.0], 0.7, (100, 2))
    right = rng.normal([4.0, 0.0], 0.7, (100, 2))
    t = np.linspace(-2.6, 2.6, 14)
    line = np.column_stack([t, rng.normal(0, 0.05, t.size)])
    y = np.concatenate([np.zeros(100, int), np.ones(100, int), (t > 0).astype(int)])
    return np.vstack([left, right, line]), y


def large_and_small(random_state=0) -> tuple[np.ndarray, np.ndarray]:
    """A disc of radius 3.5 (400 points) and one of radius 0.4 (30 points) whose centre is
    4.6 away: a gap of 0.7, wider than the spacing of the points.

    Parameters
    ----------
    random_state : int or numpy Generator

    Returns
    -------
    X : ndarray (430, 2)
    y : ndarray of int (430,)

    Examples
    --------
    >>> X, y = large_and_small(0)
    >>> X.shape, np.bincount(y).tolist()
    ((430, 2), [400, 30])
    """
    rng = as_generator(random_state)
    X = np.vstack([_disc(rng, 400, 3.5, (0.0, 0.0)), _disc(rng, 30, 0.4, (4.6, 0.0))])
    return X, np.repeat([0, 1], [400, 30])


#: Demo name -> (generator, what it shows).
DEMOS: dict[str, tuple[Callable, str]] = {
    "bridge": (bridge, "Single link chains through a bridge of points; complete link does "
                       "not."),
    "large_and_small": (large_and_small, "Complete link breaks a large cluster; single link "
                                         "finds the gap."),
}


def links_side_by_side(X, y, links=("single", "complete", "average"), n_clusters: int = 2
                       ) -> tuple[dict[str, np.ndarray], pd.DataFrame]:
    """Cut each linkage's tree into ``n_clusters`` and score it against the classes.

    Parameters
    ----------
    X : array-like (n_samples, 2)
    y : array-like (n_samples,)
    links : tuple of str
        Linkages of :data:`clustering.hierarchical.LINKAGES`.
    n_clusters : int, default=2

    Returns
    -------
    labels : dict
        Link -> cluster labels.
    scores : pandas.DataFrame
        Columns ``link``, ``ari`` (adjusted Rand index against ``y``).

    Examples
    --------
    >>> labels, scores = links_side_by_side(*bridge(0))
    >>> scores.round(2).set_index("link")["ari"].to_dict()
    {'single': 0.0, 'complete': 0.96, 'average': 1.0}
    """
    labels = {link: run("hierarchical", X, n_clusters=n_clusters, linkage=link).labels
              for link in links}
    scores = pd.DataFrame({"link": list(labels),
                           "ari": [adjusted_rand_index(y, labels[link]) for link in labels]})
    return labels, scores
