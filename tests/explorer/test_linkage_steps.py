"""The slides' linkage example: every merge against scipy's linkage on 1 - similarity."""

import itertools

import numpy as np
import pytest
from scipy.cluster.hierarchy import linkage
from scipy.spatial.distance import squareform
from sklearn.cluster import AgglomerativeClustering
from sklearn.metrics import adjusted_rand_score

from explorer.linkage_demos import DEMOS, bridge, large_and_small, links_side_by_side
from explorer.linkage_steps import (
    SLIDES_SIMILARITY,
    check_similarity,
    linkage_matrix,
    merge_steps,
    parse_similarity,
)

LINKS = ["single", "complete", "average"]
AGGREGATE = {"single": np.max, "complete": np.min, "average": np.mean}


def merges_as_item_sets(Z: np.ndarray) -> list[tuple[frozenset, float]]:
    """Each merge of a scipy linkage matrix as (the items it joins, its height)."""
    m = len(Z) + 1
    members = {i: frozenset([i]) for i in range(m)}
    out = []
    for t, (a, b, height, _) in enumerate(Z):
        members[m + t] = members[int(a)] | members[int(b)]
        out.append((frozenset([members[int(a)], members[int(b)]]), float(height)))
    return out


def random_similarity(rng, m):
    upper = rng.uniform(0.01, 0.99, m * (m - 1) // 2)  # continuous: no ties
    S = 1 - squareform(upper)
    return S


def assert_same_merges_as_scipy(S, link):
    ours = merges_as_item_sets(linkage_matrix(merge_steps(S, link)))
    theirs = merges_as_item_sets(linkage(squareform(1 - S, checks=False), link))
    assert [pair for pair, _ in ours] == [pair for pair, _ in theirs]
    np.testing.assert_allclose([h for _, h in ours], [h for _, h in theirs], atol=1e-12)


@pytest.mark.parametrize("link", LINKS)
def test_slides_matrix_merges_as_scipy(link):
    assert_same_merges_as_scipy(SLIDES_SIMILARITY, link)


def test_slides_single_and_complete_differ_where_the_slides_say():
    # Single link: I3 joins {I1, I2} (s = 0.70); complete link: I3 joins {I4, I5} (s = 0.30).
    single = merge_steps(SLIDES_SIMILARITY, "single")[2]
    complete = merge_steps(SLIDES_SIMILARITY, "complete")[2]
    assert {single.clusters[i] for i in single.pair} == {(2,), (0, 1)}
    assert single.similarity == pytest.approx(0.70)
    assert {complete.clusters[i] for i in complete.pair} == {(2,), (3, 4)}
    assert complete.similarity == pytest.approx(0.30)


@pytest.mark.parametrize("link", LINKS)
@pytest.mark.parametrize("seed", range(12))
def test_random_matrices_merge_as_scipy(link, seed):
    rng = np.random.default_rng(seed)
    assert_same_merges_as_scipy(random_similarity(rng, int(rng.integers(2, 9))), link)


@pytest.mark.parametrize("link", LINKS)
def test_every_recomputed_similarity_is_the_link_over_all_item_pairs(link):
    S = random_similarity(np.random.default_rng(7), 7)
    steps = merge_steps(S, link)
    assert len(steps) == 6
    for step in steps:
        clusters = step.merged_clusters
        for i, j in itertools.combinations(range(len(clusters)), 2):
            brute = AGGREGATE[link]([S[p, q] for p in clusters[i] for q in clusters[j]])
            assert step.merged_matrix[i, j] == pytest.approx(brute, abs=1e-12)
            assert step.merged_matrix[j, i] == step.merged_matrix[i, j]


@pytest.mark.parametrize(
    "matrix, match",
    [
        ([[1, 0.5, 0.2], [0.5, 1, 0.3]], "square"),
        ([[1.0]], "between 2 and 8"),
        (np.eye(9), "between 2 and 8"),
        ([[1, 0.5], [0.4, 1]], r"symmetric: entry \(1, 2\) is 0.5"),
        ([[1, 0.5], [0.5, 0.9]], "diagonal must be 1"),
        ([[1, 1.5], [1.5, 1]], r"\[0, 1\]"),
        ([[1, -0.1], [-0.1, 1]], r"\[0, 1\]"),
        ([[1, np.nan], [np.nan, 1]], "finite"),
    ],
)
def test_bad_matrices_are_refused_with_the_reason(matrix, match):
    with pytest.raises(ValueError, match=match):
        check_similarity(matrix)


@pytest.mark.parametrize(
    "text, match",
    [
        ("", "type the matrix"),
        ("1 0.5\n0.5", "same number of entries"),
        ("1 a\na 1", "row 1, entry 2 is not a number"),
        ("1 0.5\n0.5 1\n<b>", "row 3, entry 1 is not a number"),
        ("1 0.5e\n0.5 1", "row 1, entry 2"),
    ],
)
def test_bad_typed_matrices_are_refused(text, match):
    with pytest.raises(ValueError, match=match):
        parse_similarity(text)


def test_a_typed_matrix_reads_back():
    np.testing.assert_array_equal(parse_similarity("1, 0.2 0.3\n0.2 1 0.4;0.3 0.4 1"),
                                  [[1, 0.2, 0.3], [0.2, 1, 0.4], [0.3, 0.4, 1]])


def test_unknown_link_is_refused():
    with pytest.raises(ValueError, match="link must be one of"):
        merge_steps(SLIDES_SIMILARITY, "ward")


@pytest.mark.parametrize("seed", range(4))
def test_single_link_chains_through_the_bridge_and_complete_link_does_not(seed):
    X, y = bridge(seed)
    labels, scores = links_side_by_side(X, y)
    ari = scores.set_index("link")["ari"]
    assert ari["single"] < 0.1 < 0.9 < ari["complete"]
    for link, found in labels.items():
        ref = AgglomerativeClustering(2, linkage=link).fit_predict(X)
        assert adjusted_rand_score(ref, found) == 1.0
        assert ari[link] == pytest.approx(adjusted_rand_score(y, ref))


@pytest.mark.parametrize("seed", range(4))
def test_complete_link_breaks_the_large_cluster_and_single_link_does_not(seed):
    X, y = large_and_small(seed)
    ari = links_side_by_side(X, y)[1].set_index("link")["ari"]
    assert ari["complete"] < 0.5 < 0.95 < ari["single"]
    assert ari["single"] == pytest.approx(
        adjusted_rand_score(y, AgglomerativeClustering(2, linkage="single").fit_predict(X)))


def test_every_demo_is_listed():
    assert set(DEMOS) == {"bridge", "large_and_small"}
