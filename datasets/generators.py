"""Synthetic datasets: 2-D shapes, and data of known intrinsic dimension in more dimensions.
Every generator takes (n_samples, seed, noise) and returns (X, y).

Points are shuffled so that their order carries no information about the clusters (DBSCAN
assigns border points in visiting order; an ordered file would bias it).
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
from sklearn.datasets import make_blobs, make_circles, make_moons, make_s_curve, make_swiss_roll

from metrics.seeding import as_generator
from metrics.validation import check_integer

# Linear map of scikit-learn's "anisotropic blobs" example: it stretches round blobs into
# parallel ellipses that k-means splits wrongly.
_ANISOTROPY = np.array([[0.6, -0.6], [-0.4, 0.8]])


def _shuffled(X: np.ndarray, y: np.ndarray, rng: np.random.Generator):
    order = rng.permutation(len(y))
    return X[order], y[order]


def _split(n: int, weights) -> np.ndarray:
    """Split n points into groups proportional to ``weights``, summing exactly to n."""
    weights = np.asarray(weights, dtype=float)
    counts = np.floor(n * weights / weights.sum()).astype(int)
    counts[: n - counts.sum()] += 1
    return counts


def blobs(n, seed, noise, centers=3, n_features=2):
    """Isotropic Gaussian blobs (scikit-learn's ``make_blobs``).

    Parameters
    ----------
    n : int
        Number of points.
    seed : int
        Random seed.
    noise : float
        Standard deviation of each blob.
    centers : int, default=3
        Number of blobs, in [1, 20].
    n_features : int, default=2
        Dimension, in [1, 50].

    Returns
    -------
    X : ndarray of shape (n, n_features)
    y : ndarray of shape (n,), int
        The blob of each point, from 0.

    Raises
    ------
    ValueError
        If ``centers`` or ``n_features`` is out of range.

    Examples
    --------
    >>> X, y = blobs(12, 0, 1.0, centers=4, n_features=3)
    >>> X.shape, sorted(set(y.tolist()))
    ((12, 3), [0, 1, 2, 3])
    """
    centers = check_integer(centers, "centers", 1, 20)
    n_features = check_integer(n_features, "n_features", 1, 50)
    return make_blobs(n_samples=n, centers=centers, n_features=n_features, cluster_std=noise,
                      random_state=seed)


def ring_blobs(n, seed, noise, centers=3):
    """Isotropic Gaussian blobs whose centres sit evenly on the unit circle.

    With no pair of blobs closer than another, a clustering into fewer clusters than blobs
    has several equally good answers, and a clustering into more splits some blob
    arbitrarily: only K = ``centers`` is stable, which is what the Consensus Index of Vinh
    et al. (2009, Sec. 3) looks for. Neighbouring centres are ``2 sin(pi / centers)`` apart.

    Parameters
    ----------
    n : int
        Number of points (split as evenly as possible between the blobs).
    seed : int
        Random seed.
    noise : float
        Standard deviation of each blob.
    centers : int, default=3
        Number of blobs, in [2, 20].

    Returns
    -------
    X : ndarray of shape (n, 2)
    y : ndarray of shape (n,), int
        The blob of each point, from 0.

    Raises
    ------
    ValueError
        If ``centers`` is out of range.

    Examples
    --------
    >>> X, y = ring_blobs(8, 0, 0.1, centers=4)
    >>> X.shape, sorted(set(y.tolist()))
    ((8, 2), [0, 1, 2, 3])
    """
    centers = check_integer(centers, "centers", 2, 20)
    angles = 2 * np.pi * np.arange(centers) / centers
    ring = np.column_stack([np.cos(angles), np.sin(angles)])
    return make_blobs(n_samples=_split(n, np.ones(centers)).tolist(), centers=ring,
                      cluster_std=noise, random_state=seed)


def moons(n, seed, noise):
    """Two interleaving half circles (scikit-learn's ``make_moons``).

    Parameters
    ----------
    n : int
        Number of points.
    seed : int
        Random seed.
    noise : float
        Standard deviation of the Gaussian noise added to each point.

    Returns
    -------
    X : ndarray of shape (n, 2)
    y : ndarray of shape (n,), int
        The generating cluster of each point, from 0.

    Examples
    --------
    >>> X, y = moons(12, 0, 0.05)
    >>> X.shape, sorted(set(y.tolist()))
    ((12, 2), [0, 1])
    """
    return make_moons(n_samples=n, noise=noise, random_state=seed)


def circles(n, seed, noise):
    """A circle inside one twice as large (scikit-learn's ``make_circles``).

    Parameters
    ----------
    n : int
        Number of points.
    seed : int
        Random seed.
    noise : float
        Standard deviation of the Gaussian noise added to each point.

    Returns
    -------
    X : ndarray of shape (n, 2)
    y : ndarray of shape (n,), int
        The generating cluster of each point, from 0.

    Examples
    --------
    >>> X, y = circles(12, 0, 0.05)
    >>> X.shape, sorted(set(y.tolist()))
    ((12, 2), [0, 1])
    """
    return make_circles(n_samples=n, noise=noise, factor=0.5, random_state=seed)


def anisotropic(n, seed, noise):
    """Three Gaussian blobs stretched by one linear map into parallel ellipses.

    Parameters
    ----------
    n : int
        Number of points.
    seed : int
        Random seed.
    noise : float
        Standard deviation of each blob before the stretch.

    Returns
    -------
    X : ndarray of shape (n, 2)
    y : ndarray of shape (n,), int
        The generating cluster of each point, from 0.

    Examples
    --------
    >>> X, y = anisotropic(12, 0, 1.0)
    >>> X.shape, sorted(set(y.tolist()))
    ((12, 2), [0, 1, 2])
    """
    X, y = make_blobs(n_samples=n, centers=3, cluster_std=noise, random_state=seed)
    return X @ _ANISOTROPY, y


def varied_variance(n, seed, noise):
    """Three Gaussian blobs with standard deviations 1, 2.5 and 0.5.

    Parameters
    ----------
    n : int
        Number of points.
    seed : int
        Random seed.
    noise : float
        Ignored (the spreads are fixed).

    Returns
    -------
    X : ndarray of shape (n, 2)
    y : ndarray of shape (n,), int
        The generating cluster of each point, from 0.

    Examples
    --------
    >>> X, y = varied_variance(12, 0, 0.0)
    >>> X.shape, sorted(set(y.tolist()))
    ((12, 2), [0, 1, 2])
    """
    return make_blobs(n_samples=n, centers=3, cluster_std=[1.0, 2.5, 0.5], random_state=seed)


def no_structure(n, seed, noise):
    """Points uniform in the unit square, all in one class: nothing to find.

    Parameters
    ----------
    n : int
        Number of points.
    seed : int
        Random seed.
    noise : float
        Ignored.

    Returns
    -------
    X : ndarray of shape (n, 2)
    y : ndarray of shape (n,), int
        The generating cluster of each point, from 0.

    Examples
    --------
    >>> X, y = no_structure(12, 0, 0.0)
    >>> X.shape, sorted(set(y.tolist()))
    ((12, 2), [0])
    """
    rng = as_generator(seed)
    return rng.uniform(size=(n, 2)), np.zeros(n, dtype=int)


def spirals(n, seed, noise):
    """Two interleaved Archimedean spirals r = t, the second turned by pi, with Gaussian noise.

    Parameters
    ----------
    n : int
        Number of points.
    seed : int
        Random seed.
    noise : float
        Standard deviation of the Gaussian noise added to each point.

    Returns
    -------
    X : ndarray of shape (n, 2)
    y : ndarray of shape (n,), int
        The generating cluster of each point, from 0.

    Examples
    --------
    >>> X, y = spirals(12, 0, 0.5)
    >>> X.shape, sorted(set(y.tolist()))
    ((12, 2), [0, 1])
    """
    rng = as_generator(seed)
    counts = _split(n, [1, 1])
    y = np.repeat([0, 1], counts)
    # sqrt spreads the points evenly along the arc (arc length grows like t^2).
    t = np.sqrt(rng.uniform(0.04, 1.0, size=n)) * 3 * np.pi
    angle = t + np.pi * y
    X = np.column_stack([t * np.cos(angle), t * np.sin(angle)])
    X += noise * rng.standard_normal(X.shape)
    return _shuffled(X, y, rng)


def nested_rings(n, seed, noise):
    """Three concentric rings of radius 1, 2, 3, points in proportion to circumference.

    Parameters
    ----------
    n : int
        Number of points.
    seed : int
        Random seed.
    noise : float
        Standard deviation of the Gaussian noise added to each point.

    Returns
    -------
    X : ndarray of shape (n, 2)
    y : ndarray of shape (n,), int
        The generating cluster of each point, from 0.

    Examples
    --------
    >>> X, y = nested_rings(12, 0, 0.1)
    >>> X.shape, sorted(set(y.tolist()))
    ((12, 2), [0, 1, 2])
    """
    rng = as_generator(seed)
    radii = np.array([1.0, 2.0, 3.0])
    y = np.repeat(np.arange(3), _split(n, radii))
    angle = rng.uniform(0, 2 * np.pi, size=n)
    r = radii[y]
    X = np.column_stack([r * np.cos(angle), r * np.sin(angle)])
    X += noise * rng.standard_normal(X.shape)
    return _shuffled(X, y, rng)


def unequal_density(n, seed, noise):
    """A dense, a medium and a sparse Gaussian blob (60 %, 30 %, 10 % of the points).

    Parameters
    ----------
    n : int
        Number of points.
    seed : int
        Random seed.
    noise : float
        Ignored (the spreads are fixed).

    Returns
    -------
    X : ndarray of shape (n, 2)
    y : ndarray of shape (n,), int
        The generating cluster of each point, from 0.

    Examples
    --------
    >>> X, y = unequal_density(12, 0, 0.0)
    >>> X.shape, sorted(set(y.tolist()))
    ((12, 2), [0, 1, 2])
    """
    rng = as_generator(seed)
    centres = np.array([[0.0, 0.0], [4.0, 0.0], [2.0, 4.5]])
    stds = np.array([0.3, 0.8, 1.5])
    y = np.repeat(np.arange(3), _split(n, [0.6, 0.3, 0.1]))
    X = centres[y] + stds[y, None] * rng.standard_normal((n, 2))
    return _shuffled(X, y, rng)


#: Classes of the rolled sheets: equal stretches of the position along the sheet.
_SHEET_CLASSES = 4


def _along(t: np.ndarray) -> np.ndarray:
    """Class of each point: which of `_SHEET_CLASSES` equal stretches of t it falls in."""
    edges = np.linspace(t.min(), t.max(), _SHEET_CLASSES + 1)[1:-1]
    return np.searchsorted(edges, t)


def plane_10d(n, seed, noise):
    """A flat square (intrinsic dimension 2) turned at random into 10 dimensions; class =
    which half of the square a point lies in.

    Parameters
    ----------
    n, seed, noise
        Points, seed, and noise: unused (the plane is exact).

    Returns
    -------
    X, y : ndarrays of shapes (n, 10) and (n,), classes 0 .. 1.

    Examples
    --------
    >>> X, y = plane_10d(100, 0, 0.0)
    >>> X.shape, sorted(set(y.tolist()))
    ((100, 10), [0, 1])
    """
    rng = as_generator(seed)
    square = rng.uniform(-1, 1, size=(n, 2))
    basis = np.linalg.qr(rng.standard_normal((10, 10)))[0][:2]
    return square @ basis, (square[:, 0] > 0).astype(int)


def _rolled_sheet(make: Callable, name: str, shape: str) -> Callable:
    """A generator of scikit-learn's ``make`` sheet whose classes are four stretches along
    it (the two rolled sheets differ only in the scikit-learn function)."""

    def generate(n, seed, noise):
        X, t = make(n_samples=n, noise=noise, random_state=seed)
        return X, _along(t)

    generate.__name__ = generate.__qualname__ = name
    generate.__doc__ = f"""scikit-learn's {shape}: a 2-D sheet in 3-D; classes are four
    stretches along it.

    Parameters
    ----------
    n, seed, noise
        Points, seed, and the standard deviation of the Gaussian noise.

    Returns
    -------
    X, y : ndarrays of shapes (n, 3) and (n,), classes 0 .. 3.

    Examples
    --------
    >>> X, y = {name}(100, 0, 0.0)
    >>> X.shape, sorted(set(y.tolist()))
    ((100, 3), [0, 1, 2, 3])
    """
    return generate


swiss_roll = _rolled_sheet(make_swiss_roll, "swiss_roll", "Swiss roll")
s_curve = _rolled_sheet(make_s_curve, "s_curve", "S-curve")


def xor(n, seed, noise):
    """The slides' "features useful only in combination": four Gaussian blobs at (+-1, +-1)
    in x1, x2 whose class is the XOR of the signs, plus four features of uniform noise.

    Parameters
    ----------
    n, seed, noise
        Points, seed, and noise: standard deviation of the Gaussian noise of the blobs.

    Returns
    -------
    X, y : ndarrays of shapes (n, 6) and (n,), classes 0 .. 1.

    Examples
    --------
    >>> X, y = xor(100, 0, 0.3)
    >>> X.shape, sorted(set(y.tolist()))
    ((100, 6), [0, 1])
    """
    rng = as_generator(seed)
    corner = rng.integers(0, 2, size=(n, 2))
    X = np.column_stack([2.0 * corner - 1 + noise * rng.standard_normal((n, 2)),
                         rng.uniform(-1.5, 1.5, size=(n, 4))])
    return X, corner[:, 0] ^ corner[:, 1]
