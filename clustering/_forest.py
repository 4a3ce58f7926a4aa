"""Roots of a forest given by parent pointers, by pointer jumping."""

from __future__ import annotations

import numpy as np


def forest_roots(parent: np.ndarray) -> np.ndarray:
    """The root of every node of a forest in which ``parent[v]`` is v's parent and a root
    is its own parent.

    Each pass points every node to its pointer's pointer, so a node reaches its root in
    log2(depth) passes of numpy over the array, where following the chain in Python costs a
    step per node and level.

    Examples
    --------
    >>> forest_roots(np.array([0, 0, 1, 3, 3])).tolist()
    [0, 0, 0, 3, 3]
    """
    while not np.array_equal(jumped := parent[parent], parent):
        parent = jumped
    return parent
