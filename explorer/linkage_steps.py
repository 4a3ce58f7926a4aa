"""Agglomerative clustering of a small similarity matrix, one merge at a time (the slides' example).

The course slides ("Distance between two clusters") merge five items I1..I5 under single,
complete and average link. Here the similarity matrix shrinks by one row and column at each
merge; the merged cluster's row is recomputed from the two rows it replaces:

- single link: :math:`s(A \\cup B, C) = \\max(s(A, C), s(B, C))` (the closest pair),
- complete link: :math:`s(A \\cup B, C) = \\min(s(A, C), s(B, C))` (the farthest pair),
- average link: :math:`s(A \\cup B, C) = \\frac{|A| s(A, C) + |B| s(B, C)}{|A| + |B|}`
  (the mean over all pairs of items).

Heights are distances ``1 - s``, as scipy's ``linkage`` sees them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import numpy as np
import pandas as pd

from metrics.validation import check_choice

__all__ = [
    "LINK_FORMULAS",
    "LINK_RULES",
    "MAX_ITEMS",
    "SLIDES_ITEMS",
    "SLIDES_SIMILARITY",
    "LinkageStep",
    "check_similarity",
    "cluster_names",
    "format_similarity",
    "linkage_matrix",
    "merge_table",
    "merge_steps",
    "parse_similarity",
]

#: The slides' similarity matrix of items I1..I5 (single-, complete- and average-link examples).
SLIDES_SIMILARITY = np.array([
    [1.00, 0.90, 0.10, 0.65, 0.20],
    [0.90, 1.00, 0.70, 0.60, 0.50],
    [0.10, 0.70, 1.00, 0.40, 0.30],
    [0.65, 0.60, 0.40, 1.00, 0.80],
    [0.20, 0.50, 0.30, 0.80, 1.00],
])
SLIDES_ITEMS = ("I1", "I2", "I3", "I4", "I5")
#: How each link turns the merged clusters' two similarities to C into one.
LINK_RULES = {
    "single": "the larger of the two, the most similar pair of items",
    "complete": "the smaller of the two, the least similar pair of items",
    "average": "their mean weighted by cluster size, the mean over all pairs of items",
}
#: Each rule as a formula, for ``st.latex``.
LINK_FORMULAS = {
    "single": r"s(A \cup B, C) = \max\big(s(A, C),\ s(B, C)\big)",
    "complete": r"s(A \cup B, C) = \min\big(s(A, C),\ s(B, C)\big)",
    "average": r"s(A \cup B, C) = \frac{|A|\, s(A, C) + |B|\, s(B, C)}{|A| + |B|}",
}
#: A matrix typed by hand stays small enough to read.
MAX_ITEMS = 8


@dataclass(frozen=True)
class LinkageStep:
    """The state before one merge, the merge, and the matrix after it.

    Parameters
    ----------
    clusters : tuple of tuple of int
        Items of each current cluster (rows of ``matrix``).
    matrix : ndarray (m, m)
        Similarities between the current clusters.
    pair : tuple of int
        Rows ``(a, b)``, ``a < b``, of the most similar pair: merged at this step.
    similarity : float
        Their similarity; the merge height is ``1 - similarity``.
    merged_matrix : ndarray (m - 1, m - 1)
        The matrix after the merge; the merged cluster is its last row.
    merged_clusters : tuple of tuple of int
        The clusters after the merge (the merged one last).
    updates : tuple of (int, float, float, float)
        For each other cluster (its row in ``merged_matrix``): its similarity to the two
        merged clusters and the recomputed similarity.

    Examples
    --------
    >>> step = merge_steps(SLIDES_SIMILARITY, "single")[0]
    >>> step.clusters[step.pair[0]], step.clusters[step.pair[1]], step.similarity
    ((0,), (1,), 0.9)
    """

    clusters: tuple[tuple[int, ...], ...]
    matrix: np.ndarray
    pair: tuple[int, int]
    similarity: float
    merged_matrix: np.ndarray
    merged_clusters: tuple[tuple[int, ...], ...]
    updates: tuple[tuple[int, float, float, float], ...]

    @property
    def height(self) -> float:
        """Merge height on the dendrogram, the distance ``1 - similarity``."""
        return 1.0 - self.similarity


def check_similarity(S) -> np.ndarray:
    """Validate a similarity matrix: square, 2 to 8 items, symmetric, in [0, 1], 1 on the
    diagonal.

    Parameters
    ----------
    S : array-like (m, m)

    Returns
    -------
    ndarray (m, m) of float

    Raises
    ------
    ValueError
        Saying which rule the matrix breaks and where.

    Examples
    --------
    >>> check_similarity([[1, 0.5], [0.5, 1]]).tolist()
    [[1.0, 0.5], [0.5, 1.0]]
    >>> check_similarity([[1, 0.5], [0.4, 1]])
    Traceback (most recent call last):
    ...
    ValueError: the matrix must be symmetric: entry (1, 2) is 0.5 but entry (2, 1) is 0.4.
    """
    try:
        S = np.asarray(S, dtype=float)
    except (TypeError, ValueError):
        raise ValueError("the similarity matrix must hold numbers only.") from None
    if S.ndim != 2 or S.shape[0] != S.shape[1]:
        raise ValueError(f"the similarity matrix must be square, got shape {S.shape}.")
    if not 2 <= S.shape[0] <= MAX_ITEMS:
        raise ValueError(f"give between 2 and {MAX_ITEMS} items, got {S.shape[0]}.")
    if not np.isfinite(S).all():
        raise ValueError("the similarity matrix must hold finite numbers (no NaN or inf).")
    if ((S < 0) | (S > 1)).any():
        i, j = np.argwhere((S < 0) | (S > 1))[0]
        raise ValueError(
            f"similarities must lie in [0, 1]: row {i + 1}, column {j + 1} holds {S[i, j]:g}."
        )
    if not np.allclose(np.diag(S), 1.0):
        i = int(np.flatnonzero(~np.isclose(np.diag(S), 1.0))[0])
        raise ValueError(
            f"each item is fully similar to itself: the diagonal must be 1, but row {i + 1} "
            f"holds {S[i, i]:g}."
        )
    asymmetric = np.argwhere(~np.isclose(S, S.T))
    if asymmetric.size:
        i, j = sorted(asymmetric[0])
        raise ValueError(
            f"the matrix must be symmetric: entry ({i + 1}, {j + 1}) is {S[i, j]:g} but entry "
            f"({j + 1}, {i + 1}) is {S[j, i]:g}."
        )
    return (S + S.T) / 2


_NUMBER = r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?"


def parse_similarity(text: str) -> np.ndarray:
    """Read a similarity matrix typed one row per line (or per ``;``), numbers separated by
    spaces or commas, and validate it with :func:`check_similarity`.

    Parameters
    ----------
    text : str

    Returns
    -------
    ndarray (m, m)

    Raises
    ------
    ValueError
        On anything but numbers, rows of unequal length, or a matrix
        :func:`check_similarity` refuses.

    Examples
    --------
    >>> parse_similarity("1, 0.3; 0.3, 1").tolist()
    [[1.0, 0.3], [0.3, 1.0]]
    """
    rows = [r.strip() for r in re.split(r"[;\n]", text or "") if r.strip()]
    if not rows:
        raise ValueError("type the matrix: one row per line, numbers separated by spaces.")
    matrix = []
    for r, row in enumerate(rows, start=1):
        tokens = [tok for tok in re.split(r"[\s,]+", row) if tok]
        for e, token in enumerate(tokens, start=1):
            if not re.fullmatch(_NUMBER, token):
                # The position, not the text: what a student typed is never echoed as markup.
                raise ValueError(f"row {r}, entry {e} is not a number.")
        matrix.append([float(tok) for tok in tokens])
    lengths = {len(r) for r in matrix}
    if len(lengths) != 1:
        raise ValueError(f"every row needs the same number of entries; got lengths "
                         f"{[len(r) for r in matrix]}.")
    return check_similarity(matrix)


def format_similarity(S) -> str:
    """The inverse of :func:`parse_similarity`: one row per line, two decimals.

    Parameters
    ----------
    S : array-like (m, m)

    Returns
    -------
    str

    Examples
    --------
    >>> print(format_similarity([[1, 0.25], [0.25, 1]]))
    1.00 0.25
    0.25 1.00
    """
    return "\n".join(" ".join(f"{v:.2f}" for v in row) for row in np.asarray(S, dtype=float))


def _combine(link: str, s_a: np.ndarray, s_b: np.ndarray, size_a: int, size_b: int):
    if link == "single":
        return np.maximum(s_a, s_b)
    if link == "complete":
        return np.minimum(s_a, s_b)
    return (size_a * s_a + size_b * s_b) / (size_a + size_b)


def merge_steps(S, link: str) -> list[LinkageStep]:
    """Agglomerate the items of a similarity matrix, most similar pair first.

    At each step the two most similar clusters merge (on a tie, the first pair in row
    order); their rows and columns are replaced by one, recomputed by the link's rule
    (module docstring). Equivalent to scipy's ``linkage`` on the distances ``1 - S``.

    Parameters
    ----------
    S : array-like (m, m)
        A similarity matrix (:func:`check_similarity`).
    link : {"single", "complete", "average"}

    Returns
    -------
    list of LinkageStep
        The m - 1 merges.

    Raises
    ------
    ValueError
        On an unknown link or a bad matrix.

    Examples
    --------
    The slides' matrix under single link merges I1-I2 (0.90), I4-I5 (0.80), then I3 joins
    {I1, I2} (0.70), and the last merge is at 0.65.

    >>> [round(s.similarity, 2) for s in merge_steps(SLIDES_SIMILARITY, "single")]
    [0.9, 0.8, 0.7, 0.65]
    """
    check_choice(link, "link", LINK_RULES)
    matrix = check_similarity(S)
    clusters = tuple((i,) for i in range(matrix.shape[0]))
    steps = []
    while len(clusters) > 1:
        off = matrix.copy()
        np.fill_diagonal(off, -np.inf)
        a, b = np.unravel_index(int(np.argmax(off)), off.shape)
        a, b = int(min(a, b)), int(max(a, b))
        keep = [i for i in range(len(clusters)) if i not in (a, b)]
        merged_row = _combine(link, matrix[a, keep], matrix[b, keep], len(clusters[a]),
                              len(clusters[b]))
        size = len(keep) + 1
        new = np.ones((size, size))
        new[:-1, :-1] = matrix[np.ix_(keep, keep)]
        new[-1, :-1] = new[:-1, -1] = merged_row
        new_clusters = tuple(clusters[i] for i in keep) + (clusters[a] + clusters[b],)
        updates = tuple((row, float(matrix[a, i]), float(matrix[b, i]), float(merged_row[row]))
                        for row, i in enumerate(keep))
        steps.append(LinkageStep(clusters, matrix, (a, b), float(matrix[a, b]), new,
                                 new_clusters, updates))
        matrix, clusters = new, new_clusters
    return steps


def linkage_matrix(steps: list[LinkageStep]) -> np.ndarray:
    """The merges in scipy's linkage-matrix form (nodes ``m + t`` for merge t), for drawing
    the dendrogram.

    Parameters
    ----------
    steps : list of LinkageStep
        From :func:`merge_steps`.

    Returns
    -------
    ndarray (m - 1, 4)
        Rows ``[node a, node b, height 1 - s, size]``.

    Examples
    --------
    >>> linkage_matrix(merge_steps([[1, 0.2, 0.1], [0.2, 1, 0.7], [0.1, 0.7, 1]], "single"))
    array([[1. , 2. , 0.3, 2. ],
           [0. , 3. , 0.8, 3. ]])
    """
    m = len(steps) + 1
    node_of = {(i,): i for i in range(m)}
    rows = []
    for t, step in enumerate(steps):
        first, second = (step.clusters[i] for i in step.pair)
        a, b = sorted((node_of[first], node_of[second]))
        rows.append([a, b, step.height, len(first) + len(second)])
        node_of[first + second] = m + t
    return np.array(rows, dtype=float)


def cluster_names(clusters, items) -> list[str]:
    """Names of clusters of items: the item's own name, or its items in braces.

    Parameters
    ----------
    clusters : sequence of tuple of int
    items : sequence of str
        Name of each item.

    Returns
    -------
    list of str

    Examples
    --------
    >>> cluster_names([(2,), (0, 1)], ["I1", "I2", "I3"])
    ['I3', '{I1, I2}']
    """
    return [items[c[0]] if len(c) == 1 else "{" + ", ".join(items[i] for i in sorted(c)) + "}"
            for c in clusters]


def merge_table(steps: list[LinkageStep], items) -> pd.DataFrame:
    """One row per merge: the two clusters joined, their similarity and the height.

    Parameters
    ----------
    steps : list of LinkageStep
    items : sequence of str

    Returns
    -------
    pandas.DataFrame
        Columns ``merge`` (from 1), ``joins``, ``with``, ``similarity``, ``height``.

    Examples
    --------
    >>> table = merge_table(merge_steps(SLIDES_SIMILARITY, "complete"), SLIDES_ITEMS)
    >>> table[["joins", "with"]].values.tolist()
    [['I1', 'I2'], ['I4', 'I5'], ['I3', '{I4, I5}'], ['{I1, I2}', '{I3, I4, I5}']]
    >>> table["height"].round(2).tolist()
    [0.1, 0.2, 0.7, 0.9]
    """
    rows = []
    for t, step in enumerate(steps, start=1):
        first, second = cluster_names([step.clusters[i] for i in step.pair], items)
        rows.append({"merge": t, "joins": first, "with": second,
                     "similarity": step.similarity, "height": step.height})
    return pd.DataFrame(rows, columns=["merge", "joins", "with", "similarity", "height"])
