"""Points a student draws, in a compact text that travels in a page link.

Each point is four characters of the URL-safe base64 alphabet (RFC 4648, section 5): 24 bits
holding its x and y on a grid of `GRID` steps across the drawing surface (10 bits each,
the surface's bottom-left corner is 0) and its class (3 bits, 0 to `MAX_CLASSES` - 1), the
last bit 0. 2,000 points take 8,000 characters.
"""

from __future__ import annotations

import numpy as np

from datasets.base import Dataset
from datasets.base import standardize as zscore

ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
GRID = 1024
MAX_POINTS = 2000
MAX_CLASSES = 5
#: The drawing surface spans [0, EXTENT] on both axes of the data.
EXTENT = 10.0
CHARS_PER_POINT = 4
DESCRIPTION = "Points you drew, in the classes you drew them in."
_VALUE = {char: index for index, char in enumerate(ALPHABET)}


def encode_points(cells, classes) -> str:
    """The link text of drawn points.

    Parameters
    ----------
    cells : array-like of shape (n_points, 2), int
        Each point's column and row on the surface's grid, in ``[0, GRID - 1]`` (row 0 at
        the bottom).
    classes : array-like of shape (n_points,), int
        Each point's class, in ``[0, MAX_CLASSES - 1]``.

    Returns
    -------
    str
        ``CHARS_PER_POINT`` characters of `ALPHABET` per point, in the order given.

    Raises
    ------
    ValueError
        More than `MAX_POINTS` points, shapes that do not match, a cell or class out of
        range or not a whole number.

    Examples
    --------
    >>> encode_points([[0, 0], [1023, 1023]], [0, 4])
    'AAAA___4'
    >>> encode_points([[0, 1024]], [0])
    Traceback (most recent call last):
    ...
    ValueError: drawn points must lie on the grid: cells from 0 to 1023, got 1024
    """
    cells, classes = _checked(cells, classes)
    words = (cells[:, 0] << 14) | (cells[:, 1] << 4) | (classes << 1)
    out = []
    for word in words.tolist():
        out.append("".join(ALPHABET[(word >> shift) & 63] for shift in (18, 12, 6, 0)))
    return "".join(out)


def decode_points(text: str) -> tuple[np.ndarray, np.ndarray]:
    """The grid cells and classes of the link text made by `encode_points`.

    Parameters
    ----------
    text : str
        At most ``CHARS_PER_POINT * MAX_POINTS`` characters of `ALPHABET`, a multiple of
        ``CHARS_PER_POINT`` long ("" is no point).

    Returns
    -------
    cells : ndarray of shape (n_points, 2), int
    classes : ndarray of shape (n_points,), int

    Raises
    ------
    TypeError
        If ``text`` is not a string.
    ValueError
        If ``text`` is too long, not a whole number of points, has a character outside
        `ALPHABET`, or a point with a class from `MAX_CLASSES` on or its last bit set.

    Examples
    --------
    >>> cells, classes = decode_points("AAAA___4")
    >>> cells.tolist(), classes.tolist()
    ([[0, 0], [1023, 1023]], [0, 4])
    >>> decode_points("AAA")
    Traceback (most recent call last):
    ...
    ValueError: drawn points must be 4 characters each; got 3 characters
    """
    if not isinstance(text, str):
        raise TypeError(f"drawn points must be a string, got {type(text).__name__}")
    limit = CHARS_PER_POINT * MAX_POINTS
    if len(text) > limit:
        raise ValueError(f"drawn points hold at most {MAX_POINTS:,} points ({limit:,} "
                         f"characters); got {len(text):,} characters")
    if len(text) % CHARS_PER_POINT:
        raise ValueError(f"drawn points must be {CHARS_PER_POINT} characters each; got "
                         f"{len(text)} characters")
    bad = sorted({char for char in text if char not in _VALUE})
    if bad:
        raise ValueError("drawn points use only letters, digits, '-' and '_'; got "
                         + ", ".join(repr(char) for char in bad[:5]))
    digits = np.array([_VALUE[char] for char in text], dtype=np.int64).reshape(-1, 4)
    words = (digits[:, 0] << 18) | (digits[:, 1] << 12) | (digits[:, 2] << 6) | digits[:, 3]
    classes = (words >> 1) & 7
    if (words & 1).any() or (classes >= MAX_CLASSES).any():
        raise ValueError(f"drawn points have classes 0 to {MAX_CLASSES - 1}; the text holds "
                         "a point that is not one")
    cells = np.column_stack([words >> 14, (words >> 4) & (GRID - 1)])
    return cells, classes


def drawn_dataset(points: str, standardize: bool = False) -> Dataset:
    """The `Dataset` of drawn points: coordinates in ``[0, EXTENT]``, the drawn classes as
    ground truth (renumbered 0, 1, ... in order of first appearance of each class
    number, so classes the student skipped leave no gap).

    Parameters
    ----------
    points : str
        Link text of `encode_points`.
    standardize : bool, default=False
        Scale each feature to zero mean and unit variance.

    Returns
    -------
    Dataset
        ``source`` is ``{"name": "drawn", "points": points, "standardize": standardize}``,
        the keywords of :func:`datasets.load` that make it again.

    Examples
    --------
    >>> data = drawn_dataset(encode_points([[0, 0], [1023, 0], [0, 1023]], [3, 1, 3]))
    >>> data.X.tolist(), data.y.tolist()
    ([[0.0, 0.0], [10.0, 0.0], [0.0, 10.0]], [1, 0, 1])
    """
    cells, classes = decode_points(points)
    X = cells * (EXTENT / (GRID - 1))
    if standardize:
        X = zscore(X)
    _, y = np.unique(classes, return_inverse=True)
    return Dataset(X=X, y=y.astype(int), name="drawn", description=DESCRIPTION,
                   feature_names=("x1", "x2"),
                   source={"name": "drawn", "points": points, "standardize": bool(standardize)})


def _chart_scale(points: str, standardize: bool) -> tuple[np.ndarray, np.ndarray]:
    """Each axis' centre and spread of a chart of the drawing ``points``: the chart shows
    (surface coordinate - centre) / spread."""
    if not (standardize and points):
        return np.zeros(2), np.ones(2)
    raw = drawn_dataset(points).X
    spread = raw.std(axis=0)
    return raw.mean(axis=0), np.where(spread > 0, spread, 1.0)


def cells_at(xy, points: str, standardize: bool = False) -> np.ndarray:
    """The grid cells under coordinates ``xy`` of a chart of the drawing ``points``: the
    inverse of `drawn_dataset`'s map, rounded to the nearest cell and kept on the grid.

    With ``standardize`` the chart shows z-scores of the drawn points, so a coordinate is
    first taken back to the surface, :math:`x = z s_j + \\bar x_j` (the drawn points' mean and
    population standard deviation of each column; 1 for a constant one, as
    `datasets.base.standardize` leaves it). A drawing of no points has no scale: its chart
    is the surface, ``[0, EXTENT]``.

    Parameters
    ----------
    xy : array-like of shape (n, 2)
        Coordinates on the chart's axes.
    points : str
        Link text of `encode_points`: the drawing the chart shows.
    standardize : bool, default=False
        Whether the chart shows the drawing standardized.

    Returns
    -------
    ndarray of shape (n, 2), int
        Columns and rows in ``[0, GRID - 1]``.

    Examples
    --------
    >>> cells_at([[0.0, 10.0], [5.0, -3.0]], "")
    array([[   0, 1023],
           [ 512,    0]])
    >>> text = encode_points([[100, 200], [300, 200], [500, 900]], [0, 0, 1])
    >>> cells_at(drawn_dataset(text, standardize=True).X, text, standardize=True).tolist()
    [[100, 200], [300, 200], [500, 900]]
    """
    centre, spread = _chart_scale(points, standardize)
    xy = np.asarray(xy, dtype=float).reshape(-1, 2) * spread + centre
    return np.clip(np.rint(xy * ((GRID - 1) / EXTENT)), 0, GRID - 1).astype(np.int64)


def surface_on_chart(points: str, standardize: bool = False,
                     margin: float = 0.03) -> list[list[float]]:
    """The surface ``[0, EXTENT]`` of both axes in the coordinates of a chart of the
    drawing ``points`` (see `cells_at`), widened by ``margin`` of its width on each side:
    the axis ranges that let a student draw anywhere on it.

    Parameters
    ----------
    points : str
        Link text of `encode_points`: the drawing the chart shows.
    standardize : bool, default=False
        Whether the chart shows the drawing standardized.
    margin : float, default=0.03
        Share of the surface's width added beyond each edge.

    Returns
    -------
    list of two [low, high] lists
        The x and the y range.

    Examples
    --------
    >>> surface_on_chart("", margin=0.05)
    [[-0.5, 10.5], [-0.5, 10.5]]
    >>> surface_on_chart(encode_points([[0, 0], [1023, 1023]], [0, 0]), True, margin=0.0)
    [[-1.0, 1.0], [-1.0, 1.0]]
    """
    centre, spread = _chart_scale(points, standardize)
    ends = (np.array([-margin, 1 + margin]) * EXTENT)[:, None]
    return ((ends - centre) / spread).T.tolist()


def _checked(cells, classes) -> tuple[np.ndarray, np.ndarray]:
    cells = np.asarray(cells)
    classes = np.asarray(classes)
    if cells.size == 0 and classes.size == 0:
        return np.empty((0, 2), dtype=np.int64), np.empty(0, dtype=np.int64)
    if cells.ndim != 2 or cells.shape[1] != 2 or classes.shape != (cells.shape[0],):
        raise ValueError(f"drawn points need cells of shape (n, 2) and n classes; got "
                         f"{cells.shape} and {classes.shape}")
    if len(cells) > MAX_POINTS:
        raise ValueError(f"drawn points hold at most {MAX_POINTS:,} points; got {len(cells):,}")
    for name, values, high in (("cells", cells, GRID - 1), ("classes", classes,
                                                             MAX_CLASSES - 1)):
        if values.dtype.kind not in "iu" and not np.all(np.mod(values, 1) == 0):
            raise ValueError(f"drawn points' {name} must be whole numbers")
        if values.min() < 0 or values.max() > high:
            bad = values.min() if values.min() < 0 else values.max()
            what = "lie on the grid: cells" if name == "cells" else "have classes"
            raise ValueError(f"drawn points must {what} from 0 to {high}, got {bad}")
    return cells.astype(np.int64), classes.astype(np.int64)
