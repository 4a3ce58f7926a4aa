"""Feature selection by variable ranking and by forward subset selection (the slides'
"Techniques for feature selection"; Guyon and Elisseeff, JMLR 2003)."""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

import numpy as np
import pandas as pd
from sklearn.feature_selection import mutual_info_classif
from sklearn.model_selection import StratifiedKFold
from sklearn.tree import DecisionTreeClassifier

import metrics
from clustering._validation import check_X
from metrics.validation import check_choice, check_integer

RANKINGS = ("correlation", "single_variable", "mutual_information")
#: Integer-valued features with at most this many distinct values count as discrete.
MAX_DISCRETE_VALUES = 20
#: Equal-width bins of the histogram estimate of the mutual information.
MI_BINS = 10


def _check(X, y, feature_names) -> tuple[np.ndarray, np.ndarray, list[str]]:
    X = check_X(X)
    y = np.asarray(y)
    if y.shape != (X.shape[0],):
        raise ValueError(f"y must hold one label per row of X ({X.shape[0]}), got {y.shape}")
    if len(np.unique(y)) < 2:
        raise ValueError("y has a single class: ranking features needs at least two classes")
    names = ([f"x{j + 1}" for j in range(X.shape[1])] if feature_names is None
             else [str(f) for f in feature_names])
    if len(names) != X.shape[1]:
        raise ValueError(f"{len(names)} feature names for {X.shape[1]} features")
    return X, y, names


def is_discrete(x) -> bool:
    """Whether a feature is discrete: integer values, at most `MAX_DISCRETE_VALUES` of them.

    Parameters
    ----------
    x : array-like of shape (n_samples,)

    Returns
    -------
    bool

    Examples
    --------
    >>> is_discrete([0, 1, 2, 1]), is_discrete([0.5, 1.0, 2.0])
    (True, False)
    """
    x = np.asarray(x, dtype=float)
    return bool(np.all(x == np.round(x)) and len(np.unique(x)) <= MAX_DISCRETE_VALUES)


def correlation_scores(X, y) -> tuple[np.ndarray, np.ndarray]:
    r"""Pearson correlation of each feature with the class (slides, "Linear correlation
    coefficient").

    .. math:: R(i) = \frac{\sum_k (x_{k,i} - \bar x_i)(y_k - \bar y)}
                         {\sqrt{\sum_k (x_{k,i} - \bar x_i)^2 \sum_k (y_k - \bar y)^2}}

    The class numbers are arbitrary beyond two classes, so y is each class's indicator in
    turn (one against the rest) and the feature keeps its largest :math:`|R|`; with two
    classes this is :math:`|R|` with y itself. A constant feature scores 0.

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
    y : array-like of shape (n_samples,)

    Returns
    -------
    score : ndarray of shape (n_features,)
        The largest :math:`|R|` over the classes.
    best_class : ndarray of shape (n_features,)
        The class that attains it.

    Examples
    --------
    Column 0 against the class indicator (0, 0, 1, 1): centred products sum to
    0.75 + 0.25 + 0.25 + 0.75 = 2, squares to 5 and 1, so R = 2 / sqrt(5) = 0.894;
    column 1 (5, 5, 6, 4) has centred products 0 + 0 + 0.5 - 0.5 = 0.

    >>> correlation_scores([[0, 5], [1, 5], [2, 6], [3, 4]], [0, 0, 1, 1])[0].round(3)
    array([0.894, 0.   ])
    """
    X, y = np.asarray(X, dtype=float), np.asarray(y)
    classes = np.unique(y)
    Xc = X - X.mean(axis=0)
    sx = np.sqrt((Xc**2).sum(axis=0))
    R = np.zeros((len(classes), X.shape[1]))
    for c, label in enumerate(classes):
        yc = (y == label) - np.mean(y == label)
        denominator = sx * np.sqrt((yc**2).sum())
        R[c] = np.divide(yc @ Xc, denominator, out=np.zeros(X.shape[1]),
                         where=denominator > 0)
    best = np.abs(R).argmax(axis=0)
    return np.abs(R).max(axis=0), classes[best]


@dataclass(frozen=True)
class StumpResult:
    """A one-feature classifier (slides, "Single variable classifier").

    Attributes
    ----------
    thresholds : ndarray
        Cut points on the feature, sorted; the intervals between them predict one class each.
    predicted : ndarray
        The class predicted for each sample.
    confusion : ndarray of shape (n_classes, n_classes)
        Rows: true classes; columns: predicted classes (in ``classes`` order).
    classes : ndarray
    fscore : float
        Macro-averaged F-score (the mean over classes of 2 P R / (P + R)).
    accuracy : float

    Parameters
    ----------
    thresholds, predicted, confusion, classes, fscore, accuracy
        The attributes above.

    Examples
    --------
    >>> result = single_variable_classifier([0.0, 1.0, 5.0, 6.0], [0, 0, 1, 1])
    >>> result.confusion.tolist(), result.accuracy
    ([[2, 0], [0, 2]], 1.0)
    """

    thresholds: np.ndarray
    predicted: np.ndarray
    confusion: np.ndarray
    classes: np.ndarray
    fscore: float
    accuracy: float


def single_variable_classifier(x, y) -> StumpResult:
    """The best classifier that reads one feature only: a decision tree on that feature
    with one leaf per class (for two classes, the best single threshold, a stump).

    Scored on the data it was fitted to, as in the slides' Forest/Indust./Urban/Water
    confusion matrix: how much of the ground truth one variable reproduces.

    Parameters
    ----------
    x : array-like of shape (n_samples,)
    y : array-like of shape (n_samples,)

    Returns
    -------
    StumpResult

    Examples
    --------
    >>> result = single_variable_classifier([1.0, 2.0, 3.0, 10.0, 11.0], [0, 0, 0, 1, 1])
    >>> result.thresholds.tolist(), result.fscore
    ([6.5], 1.0)
    """
    x = np.asarray(x, dtype=float).reshape(-1, 1)
    y = np.asarray(y)
    classes, codes = np.unique(y, return_inverse=True)
    tree = DecisionTreeClassifier(max_leaf_nodes=max(len(classes), 2), random_state=0)
    predicted = tree.fit(x, y).predict(x)
    inner = tree.tree_.feature >= 0
    # The table and the F-scores by counting: scikit-learn's confusion_matrix and f1_score
    # check their inputs at every call, most of the cost of ranking a dataset's features.
    k = classes.size
    confusion = np.bincount(codes * k + np.searchsorted(classes, predicted),
                            minlength=k * k).reshape(k, k)
    # F = 2PR / (P + R) = 2 TP / (true + predicted count); every class occurs in y, so the
    # denominator is never 0.
    fscores = 2 * np.diag(confusion) / (confusion.sum(axis=1) + confusion.sum(axis=0))
    return StumpResult(
        thresholds=np.sort(tree.tree_.threshold[inner]),
        predicted=predicted,
        confusion=confusion,
        classes=classes,
        fscore=float(np.mean(fscores)),
        accuracy=float(np.mean(predicted == y)),
    )


def binned(x, bins: int = MI_BINS) -> np.ndarray:
    """The index of each value's equal-width bin among ``bins`` over the feature's range.

    Parameters
    ----------
    x : array-like of shape (n_samples,)
    bins : int

    Returns
    -------
    ndarray of int
        In 0 .. bins - 1 (the maximum falls in the last bin).

    Examples
    --------
    >>> binned([0.0, 0.4, 0.5, 1.0], bins=2).tolist()
    [0, 0, 1, 1]
    """
    x = np.asarray(x, dtype=float)
    edges = np.linspace(x.min(), x.max(), bins + 1)
    return np.clip(np.searchsorted(edges, x, side="right") - 1, 0, bins - 1)


def mutual_information_scores(X, y, *, bins: int = MI_BINS, n_neighbors: int = 3,
                              random_state: int = 0) -> pd.DataFrame:
    r"""Mutual information between each feature and the class, in nats (slides,
    "Information theoretic ranking").

    .. math:: I(i) = \sum_{x, y} p(x, y) \log \frac{p(x, y)}{p(x) p(y)}

    Discrete features (`is_discrete`): exact, from the frequency counts (the plug-in sum
    above, `metrics.mutual_information`). Continuous features: two estimates side by side,
    the same sum over ``bins`` equal-width bins ("binned", biased upwards at small n and
    dependent on the bins), and scikit-learn's nearest-neighbour estimator
    (``mutual_info_classif``; Kraskov, Stoegbauer and Grassberger 2004, Ross 2014).

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
    y : array-like of shape (n_samples,)
    bins : int
        Bins of the histogram estimate.
    n_neighbors : int
        Neighbours of the nearest-neighbour estimate.
    random_state : int
        Seed of scikit-learn's estimator (it adds a little noise to break ties).

    Returns
    -------
    DataFrame
        One row per feature: ``discrete``, ``exact`` (NaN for continuous features),
        ``binned``, ``knn`` (NaN for discrete features), and ``score`` (exact when discrete,
        else the nearest-neighbour estimate).

    Examples
    --------
    >>> table = mutual_information_scores([[0], [0], [1], [1]], [0, 0, 1, 1])
    >>> round(float(table["score"][0]), 4)  # log 2: the feature gives the class away
    0.6931
    """
    X, y = np.asarray(X, dtype=float), np.asarray(y)
    discrete = np.array([is_discrete(X[:, j]) for j in range(X.shape[1])])
    exact = np.full(X.shape[1], np.nan)
    knn = np.full(X.shape[1], np.nan)
    for j in np.flatnonzero(discrete):
        exact[j] = metrics.mutual_information(X[:, j], y)
    if (~discrete).any():
        knn[~discrete] = mutual_info_classif(X[:, ~discrete], y, discrete_features=False,
                                             n_neighbors=n_neighbors,
                                             random_state=random_state)
    hist = np.array([exact[j] if discrete[j] else metrics.mutual_information(
        binned(X[:, j], bins), y) for j in range(X.shape[1])])
    return pd.DataFrame({"discrete": discrete, "exact": exact, "binned": hist, "knn": knn,
                         "score": np.where(discrete, exact, knn)})


def rank_features(X, y, method: str, feature_names=None) -> pd.DataFrame:
    """Rank the features by how well each one alone explains the labels (slides, "Variable
    ranking").

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
    y : array-like of shape (n_samples,)
        Class labels (at least two classes).
    method : {"correlation", "single_variable", "mutual_information"}
        "correlation": largest :math:`|R|` with a class indicator (`correlation_scores`);
        "single_variable": macro F-score of the best one-feature classifier
        (`single_variable_classifier`); "mutual_information": exact for discrete features,
        nearest-neighbour estimate for continuous ones, with the binned estimate beside it
        (`mutual_information_scores`).
    feature_names : sequence of str, optional

    Returns
    -------
    DataFrame
        Columns ``feature``, ``score`` and the method's details, best first (ties keep
        the features' order), index 0 .. n_features - 1.

    Raises
    ------
    ValueError
        Unknown method, a single class, or a malformed X or y.

    Examples
    --------
    >>> X = [[1.0, 0.0], [2.0, 1.0], [3.0, 0.0], [4.0, 1.0]]
    >>> rank_features(X, [0, 0, 1, 1], "correlation", ["size", "colour"])["feature"].tolist()
    ['size', 'colour']
    """
    check_choice(method, "method", RANKINGS)
    X, y, names = _check(X, y, feature_names)
    if method == "correlation":
        score, best_class = correlation_scores(X, y)
        table = pd.DataFrame({"feature": names, "score": score, "class": best_class})
    elif method == "single_variable":
        results = [single_variable_classifier(X[:, j], y) for j in range(X.shape[1])]
        table = pd.DataFrame({"feature": names, "score": [r.fscore for r in results],
                              "accuracy": [r.accuracy for r in results]})
    else:
        table = mutual_information_scores(X, y)
        table.insert(0, "feature", names)
        table = table[["feature", "score", "discrete", "exact", "binned", "knn"]]
    return table.sort_values("score", ascending=False, kind="stable").reset_index(drop=True)


def subset_score(X, y, columns, *, n_neighbors: int = 15, folds: int = 5,
                 random_state: int = 0) -> float:
    """Cross-validated accuracy of a k-nearest-neighbour classifier reading only ``columns``:
    the "wrapper" of the slides' subset selection (the learning machine judges the subset).

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
    y : array-like of shape (n_samples,)
    columns : sequence of int
        The features read.
    n_neighbors : int
        Neighbours of the classifier (fewer if a training fold is smaller).
    folds : int
        Stratified folds (fewer if a class is smaller).
    random_state : int
        Seed of the folds' shuffle.

    Returns
    -------
    float
        Mean accuracy over the folds.

    Examples
    --------
    >>> X = [[0.0, 5.0]] * 10 + [[1.0, 5.0]] * 10
    >>> subset_score(X, [0] * 10 + [1] * 10, [0], n_neighbors=3)
    1.0
    """
    X, y = np.asarray(X, dtype=float), np.asarray(y)
    folds = _Folds.of(y, n_neighbors, folds, random_state)
    return _cv_accuracy(_squared_distances(X, list(columns), folds), folds)


@dataclass(frozen=True)
class _Folds:
    """The cross-validation of `subset_score`, fixed by the labels alone: the class codes,
    the neighbours k and the stratified folds. Made once, it serves every subset of a
    forward search (40 on the Features lesson), which would otherwise rebuild the same folds.
    """

    codes: np.ndarray
    n_classes: int
    k: int
    splits: list[tuple[np.ndarray, np.ndarray]]

    @classmethod
    def of(cls, y: np.ndarray, n_neighbors: int, folds: int, random_state: int) -> _Folds:
        folds = int(min(folds, np.unique(y, return_counts=True)[1].min()))
        if folds < 2:
            raise ValueError("every class needs at least 2 samples for cross-validation")
        classes, codes = np.unique(y, return_inverse=True)
        # StratifiedKFold reads only the labels and the number of rows.
        splits = StratifiedKFold(folds, shuffle=True, random_state=random_state)
        return cls(codes, classes.size, min(n_neighbors, len(y) * (folds - 1) // folds),
                   list(splits.split(np.zeros((len(y), 1)), codes)))


def _squared_distances(X: np.ndarray, columns, folds: _Folds,
                       base: list[np.ndarray] | None = None) -> list[np.ndarray]:
    """Per fold, the squared Euclidean distance from each test point to each training point
    over ``columns``, added one feature at a time in the order given, to ``base`` (the
    distances over the features before them) when given. A forward search thus adds only the
    candidate features to the chosen subset's distances, in the order a sum over the
    subset's columns would take (the same numbers)."""
    distances = []
    for fold, (train, test) in enumerate(folds.splits):
        d2 = np.zeros((len(test), len(train))) if base is None else base[fold].copy()
        for j in columns:
            d2 += (X[test, j][:, None] - X[train, j][None, :]) ** 2
        distances.append(d2)
    return distances


def _cv_accuracy(distances: list[np.ndarray], folds: _Folds) -> float:
    """Mean over the folds of `_knn_accuracy`, given each fold's `_squared_distances`."""
    codes = folds.codes
    return float(np.mean([_knn_accuracy(d2, codes[train], codes[test], folds.k,
                                        folds.n_classes)
                          for d2, (train, test) in zip(distances, folds.splits, strict=True)]))


def _knn_accuracy(d2, y_train, y_test, k, n_classes):
    """Accuracy of a plain majority vote of the k nearest (Euclidean) training points, ties
    to the smallest class as in scikit-learn's KNeighborsClassifier; ``d2`` holds the
    squared distances, test points by training points. The forward search scores dozens of
    small subsets, where scikit-learn's per-call checks cost more than the vote itself."""
    nearest = np.argpartition(d2, k - 1, axis=1)[:, :k]
    rows = np.arange(len(y_test))[:, None] * n_classes
    votes = np.bincount((rows + y_train[nearest]).ravel(), minlength=len(y_test) * n_classes)
    return float(np.mean(votes.reshape(-1, n_classes).argmax(axis=1) == y_test))


def forward_selection(X, y, max_features: int = 3, *, lookahead: int = 1,
                      feature_names=None, random_state: int = 0) -> pd.DataFrame:
    """Greedy forward subset selection with a wrapper (`subset_score`).

    Each step adds to the chosen subset the group of at most ``lookahead`` features that
    raises the score most. With ``lookahead=1`` (plain forward selection) two features that
    are useless alone but perfect together (XOR) are found only by luck: neither helps on its
    own at the first step. ``lookahead=2`` also tries pairs, at a cost of O(p^2) fits per
    step instead of O(p): the slides' "brute force is NP hard" in miniature.

    Parameters
    ----------
    X, y : array-likes
    max_features : int
        Stop once the subset has this many features (or when nothing is left to add).
    lookahead : {1, 2}
    feature_names : sequence of str, optional
    random_state : int
        Seed of the cross-validation folds.

    Returns
    -------
    DataFrame
        One row per step: ``step``, ``added`` (names joined by " + "), ``subset`` (tuple of
        names) and ``score`` (cross-validated accuracy).

    Examples
    --------
    >>> rng = np.random.default_rng(0)
    >>> X = rng.uniform(-1, 1, size=(300, 4))
    >>> y = (X[:, 1] * X[:, 3] > 0).astype(int)  # XOR of the signs of x2 and x4
    >>> forward_selection(X, y, 2, lookahead=2)["added"].tolist()
    ['x2 + x4']
    """
    X, y, names = _check(X, y, feature_names)
    check_integer(lookahead, "lookahead", 1, 2)
    folds = _Folds.of(y, n_neighbors=15, folds=5, random_state=random_state)
    chosen: list[int] = []
    chosen_distances = _squared_distances(X, chosen, folds)
    rows = []
    while len(chosen) < max_features:
        left = [j for j in range(X.shape[1]) if j not in chosen]
        room = min(lookahead, max_features - len(chosen))
        groups = [g for size in range(1, room + 1) for g in combinations(left, size)]
        if not groups:
            break
        scores = [_cv_accuracy(_squared_distances(X, g, folds, chosen_distances), folds)
                  for g in groups]
        best = groups[int(np.argmax(scores))]
        chosen += list(best)
        chosen_distances = _squared_distances(X, best, folds, chosen_distances)
        rows.append({"step": len(rows) + 1, "added": " + ".join(names[j] for j in best),
                     "subset": tuple(names[j] for j in chosen), "score": max(scores)})
    return pd.DataFrame(rows, columns=["step", "added", "subset", "score"])
