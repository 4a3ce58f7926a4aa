"""The Features, Dimensionality and Distances lessons, their numbers checked against
scikit-learn, scipy and the slides."""

import math

import numpy as np
import pytest
from scipy.spatial.distance import cdist
from sklearn.datasets import load_wine
from sklearn.decomposition import PCA
from sklearn.feature_selection import mutual_info_classif
from sklearn.manifold import Isomap
from sklearn.metrics import adjusted_rand_score, f1_score, mutual_info_score
from sklearn.tree import DecisionTreeClassifier

import clustering
import datasets
from tests.app.conftest import answer, open_page
from tests.app.explore_helpers import array, chart, metrics, trace, xy

FEATURES = "app_pages/learn_features.py"
DIMENSION = "app_pages/learn_dimensionality.py"
DISTANCES = "app_pages/learn_distances.py"


def frames(at, *columns):
    """The tables shown that have all of ``columns``, in page order."""
    return [d.value for d in at.dataframe if set(columns) <= set(d.value.columns)]


def frame(at, *columns):
    return frames(at, *columns)[0]


def test_features_page_shows_the_slides_stones_and_sklearns_scores():
    at = open_page(FEATURES, {"lfe_method": "Mutual information (nats)"})
    assert not at.exception and not at.error
    stones = frame(at, "weight_g")
    assert stones.loc[4].tolist() == [70, 691, "spherical", 1.1, 1.9]
    wine = load_wine()
    table = frame(at, "knn").set_index("feature")
    knn = mutual_info_classif(wine.data, wine.target, n_neighbors=3, random_state=0)
    np.testing.assert_allclose(table.loc[wine.feature_names, "knn"], knn, rtol=1e-12)


def test_features_page_exact_mi_on_discrete_digits():
    at = open_page(FEATURES, {"lfe_method": "Mutual information (nats)",
                               "lfe_data": "Digits"})
    assert not at.exception and not at.error
    digits = datasets.load("digits")
    table = frame(at, "knn").set_index("feature")
    expected = [mutual_info_score(digits.X[:, j], digits.y) for j in range(64)]
    np.testing.assert_allclose(table.loc[list(digits.feature_names), "exact"], expected,
                               rtol=1e-10)


def test_single_variable_classifier_is_a_one_feature_tree():
    at = open_page(FEATURES, {"lfe_feature_wine": "proline"})
    assert not at.exception
    wine = load_wine()
    x = wine.data[:, list(wine.feature_names).index("proline")].reshape(-1, 1)
    tree = DecisionTreeClassifier(max_leaf_nodes=3, random_state=0).fit(x, wine.target)
    expected = f1_score(wine.target, tree.predict(x), average="macro")
    assert metrics(at)["F-score (macro)"] == f"{expected:.3f}"
    confusion = array(chart(at, "lfe_confusion")["data"][0]["z"])
    assert confusion.sum() == len(wine.target)


def test_xor_question_and_forward_selection():
    at = open_page(FEATURES)
    pairs = frames(at, "added")[1]
    assert set(pairs["subset"][0]) == {"x1", "x2"} and pairs["score"][0] > 0.9
    answer(at, "lfe_q1", 2)
    assert at.warning and not at.success
    answer(at, "lfe_q1", 0)
    assert at.success
    assert frame(at, "binned")["score"].max() < 0.05


def test_features_exercise_solution_is_sklearns_mutual_information():
    at = open_page(FEATURES)
    x = [0, 0, 0, 1, 0, 1, 1, 1]
    y = [0, 0, 0, 0, 1, 1, 1, 1]
    assert f"{mutual_info_score(x, y):.4f}" in " ".join(e.value for e in at.latex)


def test_dimensionality_page_on_the_swiss_roll():
    at = open_page(DIMENSION)
    assert not at.exception and not at.error
    shown = metrics(at)
    roll = datasets.load("swiss_roll", n_samples=1000, random_state=0)
    cumulative = np.cumsum(PCA().fit(roll.X).explained_variance_ratio_)
    assert shown["PCA"] == str(int(np.searchsorted(cumulative, 0.9)) + 1) == "3"
    assert float(shown["TwoNN"]) == pytest.approx(2, rel=0.1)
    assert shown["Known dimension"] == "2"
    answer(at, "dim_q1", 2)
    assert at.success


@pytest.mark.parametrize(("name", "variance"), [("plane_10d", "0.9"), ("digits", "0.8")])
def test_dimensionality_pca_count_matches_sklearn(name, variance):
    at = open_page(DIMENSION, {"dim_data": datasets.DATASETS[name].label, "dim_var": variance})
    assert not at.exception and not at.error
    data = datasets.load(name, n_samples=None if name == "digits" else 1000, random_state=0)
    cumulative = np.cumsum(PCA().fit(data.X).explained_variance_ratio_)
    expected = int(np.searchsorted(cumulative, float(variance) - 1e-12)) + 1
    assert metrics(at)["PCA"] == str(expected)
    scree = chart(at, "dim_scree")
    assert len(scree["data"]) == 2


def test_dimensionality_exercise_table():
    at = open_page(DIMENSION)
    # The exercise's table comes after the scree chart's own data table (same columns).
    table = frames(at, "cumulative")[-1]
    np.testing.assert_allclose(table["cumulative"], [0.5, 0.8, 0.9, 0.95, 1.0])


def test_minkowski_below_one_is_flagged_with_scipys_numbers():
    at = open_page(DISTANCES, {"dist_p": "0.5"})
    assert not at.exception and not at.error
    points = np.array([[0.0, 0.0], [1.0, 0.0], [1.0, 1.0]])
    D = cdist(points, points, "minkowski", p=0.5)
    text = " ".join(w.value for w in at.warning)
    assert "not a metric" in text
    assert f"{D[0, 2]:.3f}" in text and f"{D[0, 1] + D[1, 2]:.3f}" in text


def test_mahalanobis_neighbours_are_scipys():
    at = open_page(DISTANCES)
    figure = chart(at, "dist_mahalanobis")
    cloud = np.vstack([xy(trace(figure, name)) for name in ("other points", "nearest",
                                                             "centre")])
    center = xy(trace(figure, "centre"))
    VI = np.linalg.inv(np.cov(cloud.T))
    d = cdist(center, cloud, "mahalanobis", VI=VI)[0]
    nearest = xy(trace(figure, "nearest"))
    expected = cloud[np.argsort(d)[1:41]]
    assert {tuple(p) for p in np.round(nearest, 9)} == {tuple(p) for p in np.round(expected, 9)}


def test_geodesic_path_length_is_isomaps_and_the_payoff_scores():
    at = open_page(DISTANCES)
    assert not at.exception and not at.error
    roll = datasets.load("swiss_roll", n_samples=400, random_state=0)
    geodesic = Isomap(n_neighbors=10).fit(roll.X).dist_matrix_
    longest = geodesic.max()
    title = chart(at, "dist_graph")["layout"]["title"]["text"]
    assert title.startswith(f"Geodesic {longest:.2f} against")
    ours = {m: clustering.run("kmedoids", roll.X, n_clusters=4, metric=m).labels
            for m in ("euclidean", "geodesic")}
    for metric, labels in ours.items():
        shown = chart(at, f"dist_payoff_{metric}")["layout"]["title"]["text"]
        assert shown.endswith(f"ARI {adjusted_rand_score(roll.y, labels):.2f}")
    answer(at, "dist_q1", 1)
    assert at.success
    ari = frame(at, "ARI against the truth").set_index("distance")["ARI against the truth"]
    assert ari["geodesic"] > ari["euclidean"] + 0.3


def test_qualitative_distances_and_the_slides_exercise():
    at = open_page(DISTANCES, {"dist_qual": "Jaccard"})
    assert not at.exception and not at.error
    binary = frame(at, "cube", "rough").to_numpy(float)
    z = array(chart(at, "dist_stone_matrix")["data"][0]["z"])
    np.testing.assert_allclose(z, cdist(binary, binary, "jaccard"))
    text = " ".join(m.value for m in at.markdown)
    assert "1 - S = 0.60" in text and "0.375 = 3/8" in text


def test_small_k_on_the_moons_warns_and_keeps_working():
    at = open_page(DISTANCES, {"dist_data": "Two moons", "dist_nn": "3"})
    assert not at.exception and not at.error
    assert any("separate pieces" in w.value for w in at.warning)


def test_cosine_on_the_stones_leaves_out_the_stone_without_direction():
    at = open_page(DISTANCES, {"dist_qual": "Cosine"})
    assert not at.exception and not at.error
    binary = frame(at, "cube", "rough")
    kept = binary[binary.any(axis=1)].to_numpy(float)
    z = array(chart(at, "dist_stone_matrix")["data"][0]["z"])
    np.testing.assert_allclose(z, cdist(kept, kept, "cosine"), atol=1e-12)
    assert len(kept) == 9


def test_features_page_shows_the_slides_mi_example_and_its_slip():
    """The slide's printed terms (class totals 6, 7, 6) beside the consistent ones (6, 3, 10
    from the same counts): 0.208 nats against scikit-learn's MI of the counts."""
    at = open_page(FEATURES)
    assert not at.exception and not at.error
    printed = frame(at, "term_slide")
    by_hand = sum(c / 19 * math.log(c * 19 / (a * b)) for c, a, b in
                  zip(printed["count"], printed["p_value_slide"], printed["p_class_slide"],
                      strict=True) if c)
    assert round(by_hand, 3) == 0.208
    assert printed["term_slide"].sum() == pytest.approx(by_hand, rel=1e-12)
    consistent = frame(at, "p_class")
    values = np.repeat(consistent["value"].to_numpy(), consistent["count"].to_numpy())
    classes = np.repeat(consistent["class"].to_numpy(), consistent["count"].to_numpy())
    assert consistent["term"].sum() == pytest.approx(mutual_info_score(values, classes),
                                                     rel=1e-12)
    assert sorted(set(consistent["p_class"])) == [3, 6, 10]
    text = " ".join(m.value for m in at.markdown)
    assert "0.208 nats" in text and "6, 7, 6" in text
