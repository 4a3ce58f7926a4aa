"""The dendrogram's dragged cut line: the K a height gives is scipy's fcluster at that height."""

import numpy as np
import pytest
from scipy.cluster.hierarchy import fcluster, linkage

from explorer.hierarchical import clusters_below


@pytest.mark.parametrize("method", ["single", "complete", "average", "weighted", "ward"])
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_a_dropped_height_gives_fclusters_number_of_clusters(method, seed):
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(int(rng.integers(5, 80)), int(rng.integers(1, 4))))
    Z = linkage(X, method=method)
    # Heights anywhere on the chart: below the first merge, between merges, above the root.
    heights = np.concatenate([rng.uniform(0, Z[:, 2].max() * 1.1, 200), [Z[0, 2] / 2],
                              [Z[-1, 2] * 1.05]])
    for height in heights:
        assert clusters_below(Z, height) == fcluster(Z, height, criterion="distance").max()
    # Both ends of the range are reached: every point alone, then one cluster.
    assert clusters_below(Z, heights[-2]) == len(X)
    assert clusters_below(Z, heights[-1]) == 1
