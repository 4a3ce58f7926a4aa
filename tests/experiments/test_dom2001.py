"""Dom (2001): the parametric family against the paper's Tables 2-3, Appendix A by Monte
Carlo, and the property failures of Section 7.2.2 / Table 5."""

import itertools

import numpy as np
import pytest

from experiments import EXPERIMENTS
from experiments.dom2001 import (
    PAPER_FAILURES,
    assign_clusters,
    dom_family,
    expected_pair_measures,
    parameter_grid,
)
from metrics import fowlkes_mallows_index, pair_counts

TABLE_2 = np.full((5, 5), 0.01) + np.eye(5) * 0.15
TABLE_3 = np.hstack([np.full((5, 5), 0.01) + np.eye(5) * 0.09, np.full((5, 3), 0.02)])


def test_family_reproduces_tables_1_to_3():
    np.testing.assert_allclose(dom_family(5, 5, 0, 0.0, 0.0), np.eye(5) * 0.2)
    np.testing.assert_allclose(dom_family(5, 5, 0, 0.2, 0.0), TABLE_2)
    np.testing.assert_allclose(dom_family(5, 5, 3, 0.2, 0.3), TABLE_3)


def test_ceiling_rule_in_both_directions():
    # 11 clusters over 5 classes: ceil(11/5) = 3, then ceil(8/4) = 2, 2, 2, 2.
    assert [len(k) for k in assign_clusters(5, 11)] == [3, 2, 2, 2, 2]
    # 5 classes over 2 clusters: ceil(5/2) = 3 classes to cluster 0, 2 to cluster 1.
    assert assign_clusters(5, 2) == [[0], [0], [0], [1], [1]]
    assert assign_clusters(3, 3) == [[0], [1], [2]]


def test_every_member_is_a_distribution():
    for k_u, k_n, e1, e2 in [(2, 3, 0.2, 0.1), (11, 6, 1 / 15, 0.3), (7, 0, 0.2, 0.0)]:
        p = dom_family(5, k_u, k_n, e1, e2)
        assert p.sum() == pytest.approx(1.0)
        np.testing.assert_allclose(p.sum(axis=1), 0.2)


def test_meaningless_combinations_are_refused_and_760_remain():
    with pytest.raises(ValueError, match="meaningless"):
        dom_family(5, 5, 0, 0.0, 0.1)
    with pytest.raises(ValueError, match="meaningless"):
        dom_family(5, 5, 2, 0.1, 0.0)
    assert len(parameter_grid()) == 760


def test_appendix_a_expected_pair_counts_by_monte_carlo():
    rng = np.random.default_rng(0)
    p = dom_family(5, 3, 2, 0.2, 0.2)
    n, draws = 60, 4000
    total = n * (n - 1) / 2
    sums = np.zeros(4)
    for table in rng.multinomial(n, p.ravel(), size=draws):
        pc = pair_counts(contingency=table.reshape(p.shape))
        sums += [pc.n11, pc.n10, pc.n01, pc.n00]
    fractions = sums / draws / total
    both = (p**2).sum()
    same_class, same_cluster = (p.sum(1) ** 2).sum(), (p.sum(0) ** 2).sum()
    expected = [both, same_class - both, same_cluster - both,
                1 - same_class - same_cluster + both]
    np.testing.assert_allclose(fractions, expected, atol=0.002)
    measures = expected_pair_measures(p)
    assert measures["ri"] == pytest.approx(expected[0] + expected[3])


def test_expected_pair_measures_are_the_table_measures_for_a_diagonal_limit():
    # For a large n the expected pair counts approach those of H = n p.
    p = dom_family(5, 5, 0, 0.0, 0.0)
    table = (p * 1_000_000).round().astype(int)
    assert expected_pair_measures(p)["fm"] == pytest.approx(
        fowlkes_mallows_index(contingency=table), abs=1e-5)


@pytest.mark.parametrize("name,x", [("dom2001-fig1", "eps1"), ("dom2001-fig2", "K_u")])
def test_every_measure_falls_along_the_sweeps(name, x):
    df = EXPERIMENTS[name]("quick")
    for measure, part in df.groupby("measure"):
        values = part.sort_values(x)["mean"].to_numpy()
        assert np.all(np.diff(values) < 0), measure
    first = df[df[x] == df[x].min()].set_index("measure")["mean"]
    assert first.to_dict() == pytest.approx(dict.fromkeys(first.index, 1.0))


@pytest.fixture(scope="module")
def table5():
    return EXPERIMENTS["dom2001-table5"]("quick").set_index(["property", "measure"])


def test_failure_counts_match_the_paper_except_rand_p5(table5):
    for prop, counts in PAPER_FAILURES.items():
        for measure, published in counts.items():
            if (prop, measure) == ("P5", "ri"):
                continue
            assert table5.loc[(prop, measure), "failures"] == published, (prop, measure)
    assert table5.loc[("P3", "ri"), "sequences"] == 120


def test_rand_p5_failures_follow_the_papers_description():
    # Paper: 29 failures, 4 of them at |K_u| = 3, none at |K_u| >= 4, "most" at |K_u| = 2.
    grid = parameter_grid().set_index(["K_u", "K_n", "eps1", "eps2"])["ri"]
    by_useful = {}
    for k_u, k_n, e1 in itertools.product(range(2, 12), range(1, 7), grid.index.levels[2]):
        values = [grid[(k_u, k_n, e1, e2)] for e2 in (0.1, 0.2, 0.3)]
        if np.any(np.diff(values) >= 0):
            by_useful[k_u] = by_useful.get(k_u, 0) + 1
    assert by_useful.get(3) == 4
    assert all(k_u <= 3 for k_u in by_useful)
    # At |K_u| = 2 there are 6 x 4 = 24 sequences: 29 - 4 = 25 failures cannot occur there.
    assert by_useful[2] <= 24


def test_ranks_cover_the_760_combinations():
    df = EXPERIMENTS["dom2001-ranks"]("quick")
    assert set(df["measure"]) == {"ri", "fm", "gamma", "jaccard", "hamming"}
    assert (df.groupby("measure").size() == 760).all()
    # Each measure orders the combinations differently from Q2 (Figs. 3-7).
    for _, part in df.groupby("measure"):
        assert not np.array_equal(part["rank"], part["rank_q2"])


@pytest.mark.parametrize(("args", "message"), [
    ((0, 3), r"n_classes \(\|C\|\) must be an integer in \[1, inf\), got 0"),
    ((3, 2.0), r"n_useful \(\|K_u\|\) must be an integer in \[1, inf\), got 2.0"),
])
def test_assign_clusters_refuses_empty_or_fractional_counts(args, message):
    with pytest.raises(ValueError, match=message):
        assign_clusters(*args)
