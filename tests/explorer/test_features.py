"""Variable ranking and forward selection against numpy, scikit-learn and exact counts."""

import numpy as np
import pytest
from scipy import integrate, stats
from sklearn.datasets import load_wine
from sklearn.feature_selection import mutual_info_classif
from sklearn.metrics import confusion_matrix, f1_score, mutual_info_score
from sklearn.model_selection import StratifiedKFold, cross_val_score
from sklearn.neighbors import KNeighborsClassifier

from explorer.features import (
    correlation_scores,
    forward_selection,
    mutual_information_scores,
    rank_features,
    single_variable_classifier,
    subset_score,
)

WINE = load_wine()


def xor_data(n=400, seed=0):
    rng = np.random.default_rng(seed)
    X = rng.uniform(-1, 1, size=(n, 5))
    y = (X[:, 0] * X[:, 1] > 0).astype(int)
    return X, y


def test_correlation_is_numpys_for_two_classes():
    X, y = WINE.data, (WINE.target == 0).astype(int)
    expected = [abs(np.corrcoef(X[:, j], y)[0, 1]) for j in range(X.shape[1])]
    np.testing.assert_allclose(correlation_scores(X, y)[0], expected, rtol=1e-10)


def test_correlation_keeps_the_best_class_indicator():
    X, y = WINE.data, WINE.target
    R = np.array([[abs(np.corrcoef(X[:, j], y == c)[0, 1]) for j in range(X.shape[1])]
                  for c in range(3)])
    score, best = correlation_scores(X, y)
    np.testing.assert_allclose(score, R.max(axis=0), rtol=1e-10)
    np.testing.assert_array_equal(best, R.argmax(axis=0))


def test_rank_is_best_first_with_the_given_names():
    table = rank_features(WINE.data, WINE.target, "correlation", WINE.feature_names)
    assert list(table.columns[:2]) == ["feature", "score"]
    assert table["score"].is_monotonic_decreasing
    assert sorted(table["feature"]) == sorted(WINE.feature_names)


def test_single_variable_classifier_scores_with_sklearn():
    x, y = WINE.data[:, 6], WINE.target  # flavanoids
    result = single_variable_classifier(x, y)
    np.testing.assert_array_equal(result.confusion, confusion_matrix(y, result.predicted))
    assert result.fscore == pytest.approx(f1_score(y, result.predicted, average="macro"))
    assert len(result.thresholds) == 2  # three classes: three intervals
    assert result.accuracy == pytest.approx(np.trace(result.confusion) / len(y))


def test_single_threshold_is_the_brute_force_best_on_two_classes():
    rng = np.random.default_rng(1)
    y = np.repeat([0, 1], 60)
    x = np.where(y == 1, 2.0, 0.0) + rng.normal(size=120)
    result = single_variable_classifier(x, y)
    xs = np.sort(x)
    cuts = (xs[1:] + xs[:-1]) / 2
    best = max(max(np.mean((x > t) == y), np.mean((x <= t) == y)) for t in cuts)
    assert len(result.thresholds) == 1
    # The tree splits on Gini, not on accuracy: it may give up a point or two.
    assert result.accuracy == pytest.approx(best, abs=2 / 120)


def test_exact_mutual_information_of_discrete_features():
    X = np.round(WINE.data[:, [0, 6]])  # integers with few distinct values
    table = mutual_information_scores(X, WINE.target)
    assert table["discrete"].all()
    expected = [mutual_info_score(X[:, j], WINE.target) for j in range(2)]
    np.testing.assert_allclose(table["exact"], expected, rtol=1e-12)
    np.testing.assert_allclose(table["score"], expected, rtol=1e-12)


def test_discrete_mutual_information_is_the_counting_sum():
    # As in the slides' example (its counts are garbled in our copy): a feature taking
    # A, B, C, D against three classes, p(x, y) from frequency counts, summed by hand.
    x = np.repeat([0, 0, 0, 1, 1, 1, 2, 2, 3, 3, 3], [3, 1, 2, 1, 1, 3, 1, 2, 1, 1, 3])
    y = np.repeat([0, 1, 2, 0, 1, 2, 0, 2, 0, 1, 2], [3, 1, 2, 1, 1, 3, 1, 2, 1, 1, 3])
    joint = np.histogram2d(x, y, bins=[4, 3])[0] / len(x)
    px, py = joint.sum(axis=1), joint.sum(axis=0)
    nz = joint > 0
    by_hand = float((joint[nz] * np.log(joint[nz] / np.outer(px, py)[nz])).sum())
    assert rank_features(x[:, None], y, "mutual_information")["score"][0] == pytest.approx(
        by_hand, rel=1e-12)


def test_continuous_estimates_match_sklearn_and_the_true_value():
    # x | y ~ N(+-1, 1), equal priors: I = h(x) - h(x | y), by numerical integration.
    rng = np.random.default_rng(0)
    y = np.repeat([0, 1], 2000)
    x = np.where(y == 1, 1.0, -1.0) + rng.normal(size=4000)
    mix = lambda t: 0.5 * (stats.norm.pdf(t, -1) + stats.norm.pdf(t, 1))  # noqa: E731
    h_x = integrate.quad(lambda t: -mix(t) * np.log(mix(t)), -12, 12)[0]
    true_mi = h_x - stats.norm.entropy()
    table = mutual_information_scores(x[:, None], y)
    assert not table["discrete"][0]
    assert table["knn"][0] == pytest.approx(
        mutual_info_classif(x[:, None], y, discrete_features=False, random_state=0)[0])
    assert table["knn"][0] == pytest.approx(true_mi, abs=0.03)
    assert table["binned"][0] == pytest.approx(true_mi, abs=0.05)


def test_xor_features_are_useless_alone():
    X, y = xor_data()
    for method, chance in [("correlation", 0.1), ("mutual_information", 0.05),
                           ("single_variable", 0.62)]:
        table = rank_features(X, y, method).set_index("feature")
        assert table.loc[["x1", "x2"], "score"].max() < chance, method


def test_forward_selection_with_pairs_finds_the_xor_pair():
    X, y = xor_data()
    steps = forward_selection(X, y, 3, lookahead=2)
    assert steps["subset"][0] in {("x1", "x2"), ("x2", "x1")}
    assert steps["score"][0] > 0.9
    assert len(steps) == 2 and len(steps["subset"].iloc[-1]) == 3


@pytest.mark.parametrize("columns", [[0], [0, 1], [1, 3, 4]])
def test_subset_score_is_scikit_learns_cross_validated_knn(columns):
    # Continuous features: no equidistant neighbours, so the vote is the same as sklearn's.
    rng = np.random.default_rng(3)
    X = rng.normal(size=(150, 5))
    y = (X[:, 0] + X[:, 1] ** 2 + rng.normal(scale=0.5, size=150) > 1).astype(int) + (
        X[:, 3] > 1)
    folds = StratifiedKFold(5, shuffle=True, random_state=0)
    expected = cross_val_score(KNeighborsClassifier(15), X[:, columns], y, cv=folds).mean()
    assert subset_score(X, y, columns) == pytest.approx(expected, abs=1e-12)


def test_plain_forward_selection_scores_single_features_near_chance():
    X, y = xor_data()
    first = forward_selection(X, y, 1, lookahead=1)
    assert len(first) == 1 and first["score"][0] < 0.62


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: rank_features(WINE.data, WINE.target, "anova"),
         "method must be one of .*; got 'anova'"),
        (lambda: rank_features(WINE.data, np.zeros(178), "correlation"), "single class"),
        (lambda: rank_features(WINE.data, WINE.target[:5], "correlation"), "one label per"),
        (lambda: rank_features(WINE.data, WINE.target, "correlation", ["a"]), "feature names"),
        (lambda: forward_selection(WINE.data, WINE.target, lookahead=3),
         r"lookahead must be an integer in \[1, 2\], got 3"),
    ],
)
def test_bad_input_is_explained(call, message):
    with pytest.raises(ValueError, match=message):
        call()
