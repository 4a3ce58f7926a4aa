"""Choosing the number of clusters on one dataset: internal indices, stability and truth
side by side for each K (the Internal vs external validation lesson).

The stability column is the Consensus Index of Vinh et al. (2009, Sec. 3), computed by
:func:`experiments.consensus.consensus_sweep`; this module lives in experiments, above
explorer, because it uses that sweep.
"""

import numpy as np
import pandas as pd

import clustering
import metrics
from clustering.internal import internal_indices
from experiments.consensus import consensus_sweep

__all__ = ["CONSENSUS_INDEX", "CONSENSUS_RUNS", "k_sweep"]

#: k-means runs (one k-means++ start each) behind the lesson's Consensus Index.
CONSENSUS_RUNS = 20
CONSENSUS_INDEX = f"CI: Consensus Index (AMI of {CONSENSUS_RUNS} runs)"


def k_sweep(X: np.ndarray, y: np.ndarray, ks: tuple[int, ...], seed: int) -> pd.DataFrame:
    """k-means for each K: internal indices (no truth), the Consensus Index of
    :data:`CONSENSUS_RUNS` k-means runs (no truth: their mean pairwise AMI, Vinh et al. 2009,
    Sec. 3) and the ARI (truth) side by side.

    Parameters
    ----------
    X : ndarray of shape (n_samples, n_features)
        The data.
    y : array-like of shape (n_samples,)
        The true classes.
    ks : tuple of int
        The numbers of clusters to run k-means with.
    seed : int
        k-means' seed.

    Returns
    -------
    pandas.DataFrame
        Columns k, index ("silhouette", "SSE (within)", :data:`CONSENSUS_INDEX`, "ARI
        against the truth"), value and kind ("internal", "stability" or "external").

    Examples
    --------
    >>> from datasets import load
    >>> data = load("blobs", n_samples=60, random_state=0)
    >>> sweep = k_sweep(data.X, data.y, (2, 3), seed=0)
    >>> sweep.shape, sorted(set(sweep["kind"]))
    ((8, 4), ['external', 'internal', 'stability'])
    """
    rows = []
    for k in ks:
        labels = clustering.run("kmeans", X, random_state=seed, n_clusters=k).labels
        scores = internal_indices(X, labels)
        rows += [
            {"k": k, "index": "silhouette", "value": scores.silhouette, "kind": "internal"},
            {"k": k, "index": "SSE (within)", "value": scores.sse, "kind": "internal"},
            {"k": k, "index": "ARI against the truth",
             "value": metrics.adjusted_rand_index(y, labels), "kind": "external"},
        ]
    consensus = consensus_sweep(X, ks, CONSENSUS_RUNS, random_state=seed)
    rows += [{"k": int(k), "index": CONSENSUS_INDEX, "value": ci, "kind": "stability"}
             for k, ci in zip(consensus["K"], consensus["ci"], strict=True)]
    return pd.DataFrame(rows)
