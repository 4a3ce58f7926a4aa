"""The per-class precision/recall table a page shows, against scikit-learn and scipy."""

import numpy as np
from scipy.optimize import linear_sum_assignment
from sklearn.metrics import precision_recall_fscore_support
from sklearn.metrics.cluster import contingency_matrix


def shown_classwise(at):
    """The page's per-class table (the one with a 'matched cluster' column)."""
    return next(d.value for d in at.dataframe if "matched cluster" in d.value.columns)


def assert_classwise_matches_sklearn(at, truth, found):
    """Rename each cluster after its class (scipy's Hungarian on scikit-learn's table), then
    compare the page's rows with scikit-learn's precision, recall and F."""
    classes, class_codes = np.unique(truth, return_inverse=True)
    _, cluster_codes = np.unique(found, return_inverse=True)
    rows, cols = linear_sum_assignment(contingency_matrix(truth, found), maximize=True)
    rename = dict(zip(cols.tolist(), rows.tolist(), strict=True))
    predicted = np.array([rename.get(c, classes.size + c) for c in cluster_codes.tolist()])
    p, r, f, support = precision_recall_fscore_support(
        class_codes, predicted, labels=np.arange(classes.size), zero_division=0
    )
    table = shown_classwise(at)
    per_class = table.iloc[: classes.size]
    np.testing.assert_allclose(per_class["precision"], p, atol=1e-9)
    np.testing.assert_allclose(per_class["recall"], r, atol=1e-9)
    np.testing.assert_allclose(per_class["F"], f, atol=1e-9)
    np.testing.assert_array_equal(per_class["points"], support)
    macro = table[table["class"] == "macro average"].iloc[0]
    np.testing.assert_allclose(macro[["precision", "recall", "F"]].astype(float),
                               [p.mean(), r.mean(), f.mean()], atol=1e-9)
