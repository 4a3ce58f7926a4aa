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
from clustering.internal import internal_indices, jump_curve, within_sse
from experiments.consensus import consensus_sweep
from explorer.threads import one_thread

__all__ = ["CONSENSUS_INDEX", "CONSENSUS_RUNS", "JUMP", "k_sweep"]

#: k-means runs (one k-means++ start each) behind the lesson's Consensus Index.
CONSENSUS_RUNS = 20
CONSENSUS_INDEX = f"CI: Consensus Index (AMI of {CONSENSUS_RUNS} runs)"
#: The jump method's row name in :func:`k_sweep`.
JUMP = "jump J(K) (Sugar & James)"


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
        Columns k, index ("silhouette", "SSE (within)", "F-ratio (WB)", :data:`JUMP`
        (the jump method's J(K), scaled, for K = 1 and every K of ``ks``; only when
        ``ks`` are consecutive from 2),
        :data:`CONSENSUS_INDEX`, "ARI against the truth"), value and kind ("internal",
        "stability" or "external").

    Examples
    --------
    >>> from datasets import load
    >>> data = load("blobs", n_samples=60, random_state=0)
    >>> sweep = k_sweep(data.X, data.y, (2, 3), seed=0)
    >>> sweep.shape, sorted(set(sweep["kind"]))
    ((13, 4), ['external', 'internal', 'stability'])
    """
    rows = []
    # Small fits and O(n^2) silhouettes one after another: BLAS threads would spin between
    # them, a third of the lesson's CPU time on a busy two-core machine.
    with one_thread():
        for k in ks:
            labels = clustering.run("kmeans", X, random_state=seed, n_clusters=k).labels
            scores = internal_indices(X, labels)
            rows += [
                {"k": k, "index": "silhouette", "value": scores.silhouette, "kind": "internal"},
                {"k": k, "index": "SSE (within)", "value": scores.sse, "kind": "internal"},
                {"k": k, "index": "F-ratio (WB)", "value": scores.f_ratio, "kind": "internal"},
                {"k": k, "index": "ARI against the truth",
                 "value": metrics.adjusted_rand_index(y, labels), "kind": "external"},
            ]
    if list(ks) == list(range(2, len(ks) + 2)):
        # The jump needs SSE(1), the total sum of squares: one cluster, no k-means run.
        sse = [within_sse(X, np.zeros(len(X), int))]
        sse += [r["value"] for r in rows if r["index"] == "SSE (within)"]
        curve = pd.DataFrame({"k": range(1, len(sse) + 1), "sse": sse})
        jumps = jump_curve(curve, X.shape[1], X.shape[0])  # K = 1 too: "no structure"
        rows += [{"k": int(k), "index": JUMP, "value": float(j), "kind": "internal"}
                 for k, j in zip(jumps["k"], jumps["jump"], strict=True)]
    consensus = consensus_sweep(X, ks, CONSENSUS_RUNS, random_state=seed)
    rows += [{"k": int(k), "index": CONSENSUS_INDEX, "value": ci, "kind": "stability"}
             for k, ci in zip(consensus["K"], consensus["ci"], strict=True)]
    return pd.DataFrame(rows)
