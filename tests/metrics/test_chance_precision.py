"""Exactness at the edges of the chance-corrected measures.

D2: ARI under "all" at large n against 50-digit mpmath, with q = B_{n-1} / B_n computed
independently (mpmath's Bell numbers, or Dobinski's sum as an integral).
D1: AMI when every draw of the random model gives the same MI, for every model x side x
normalization, against brute-force enumeration of the models' partitions.
"""

from collections import Counter

import pytest

import metrics as M
from tests.metrics.partitions import set_partitions

mpmath = pytest.importorskip("mpmath")


def bell_ratio(n):
    """q = B_{n-1} / B_n in 50 digits.

    Large n: by Dobinski, B_n = e^-1 sum_k k^n / k!; the summand is analytic and spread over
    sigma ~ sqrt(n) / log(n) >> 1 values of k, so by Poisson summation the sum equals the
    integral to within exp(-2 pi^2 sigma^2), i.e. exactly at 50 digits.
    """
    with mpmath.workdps(50):
        if n <= 2000:
            return mpmath.bell(n - 1) / mpmath.bell(n)
        big_n = mpmath.mpf(n)
        mode = big_n / mpmath.lambertw(big_n).real
        scale = big_n * mpmath.log(mode) - mpmath.loggamma(mode + 1)

        def integral(power):
            def term(x):
                return mpmath.exp(power * mpmath.log(x) - mpmath.loggamma(x + 1) - scale)

            width = mpmath.sqrt(mode)
            return mpmath.quad(term, [mode + c * width for c in (-60, -10, 0, 10, 60)])

        return integral(big_n - 1) / integral(big_n)


def ari_reference(table, one_sided):
    """(RI - E) / (1 - E) in 50 digits from exact pair counts and the mpmath q."""
    n = sum(map(sum, table))
    rows, cols = [sum(r) for r in table], [sum(c) for c in zip(*table, strict=True)]

    def pairs(x):
        return x * (x - 1) // 2

    total = pairs(n)
    together = sum(pairs(v) for r in table for v in r)
    rows_together, cols_together = sum(map(pairs, rows)), sum(map(pairs, cols))
    with mpmath.workdps(50):
        index = mpmath.mpf(total - rows_together - cols_together + 2 * together) / total
        q = bell_ratio(n)
        q_true = mpmath.mpf(rows_together) / total if one_sided else q
        expected = q_true * q + (1 - q_true) * (1 - q)
        return (index - expected) / (1 - expected)


@pytest.mark.parametrize(
    "table",
    [
        [[6 * 10**7, 2 * 10**7], [3 * 10**7, 9 * 10**7]],  # n = 2e8
        [[10**10 - 10**6, 5 * 10**5], [0, 5 * 10**5]],  # n = 1e10, nearly one cluster
        [[3 * 10**11, 10**11], [2 * 10**11, 4 * 10**11]],  # n = 1e12
        [[4, 1, 0], [2, 5, 3]],  # n = 15 (mpmath's Bell numbers)
    ],
)
@pytest.mark.parametrize("one_sided", [False, True])
def test_ari_under_all_is_exact_at_large_n(table, one_sided):
    value = M.adjusted_rand_index(contingency=table, random_model="all", one_sided=one_sided)
    expected = ari_reference(table, one_sided)
    # Was 4.6e-10 at n = 2e8 and 2.1e-7 at n = 1e12 (1 - E[RI] cancelling in float64).
    assert abs(value - float(expected)) <= 1e-12 * abs(float(expected))


# --- D1: constant MI under a random model, by brute-force enumeration -----------------------


def block_sizes(labels):
    return tuple(sorted(Counter(labels).values()))


def model_support(name, labels):
    """The partitions a side may take, each equally likely (all three models are uniform)."""
    n, sizes = len(labels), block_sizes(labels)
    keep = {
        "perm": lambda p: block_sizes(p) == sizes,
        "num": lambda p: len(set(p)) == len(sizes),
        "all": lambda p: True,
    }[name]
    return [p for p in set_partitions(n) if keep(p)]


def mi_50_digits(u, v):
    n = len(u)
    a, b = Counter(u), Counter(v)
    with mpmath.workdps(50):
        return mpmath.fsum(
            mpmath.mpf(c) / n * mpmath.log(mpmath.mpf(n * c) / (a[i] * b[j]))
            for (i, j), c in Counter(zip(u, v, strict=True)).items()
        )


def entropy_50_digits(labels):
    return mi_50_digits(labels, labels)


def ami_by_enumeration(u, v, model, one_sided):
    """``({normalization: AMI}, constant)`` from the definition: E[MI] is the mean of MI over
    every pair of partitions the two sides can take, and MI is constant when all those values
    agree in 50 digits. The sides are independent and exchangeable, so labels_true's partitions are
    grouped by shape (one representative, weighted by how many partitions have it)."""
    true_support = Counter()
    representative = {}
    for p in model_support("perm" if one_sided else model, u):
        true_support[block_sizes(p)] += 1
        representative.setdefault(block_sizes(p), p)
    pred_support = model_support(model, v)
    mi_of_table = {}
    weighted = Counter()
    for shape, weight in true_support.items():
        p = representative[shape]
        for q in pred_support:
            # MI depends on the table only through its (n_ij, a_i, b_j) triples
            a, b = Counter(p), Counter(q)
            cells = Counter(zip(p, q, strict=True)).items()
            key = tuple(sorted((c, a[i], b[j]) for (i, j), c in cells))
            if key not in mi_of_table:
                mi_of_table[key] = mi_50_digits(p, q)
            weighted[key] += weight
    identical = len(set(u)) == len(set(v)) == len(set(zip(u, v, strict=True)))
    mis = list(mi_of_table.values())
    normalizations = ("min", "sqrt", "arithmetic", "max")
    tiny = mpmath.mpf(10) ** -40
    with mpmath.workdps(50):
        bound = {
            "perm": entropy_50_digits,
            "num": lambda x: mpmath.log(len(set(x))),
            "all": lambda x: mpmath.log(len(x)),
        }[model]
        e_u, e_v = bound(u), bound(v)
        norms = (min(e_u, e_v), mpmath.sqrt(e_u * e_v), (e_u + e_v) / 2, max(e_u, e_v))
        mi = mi_50_digits(u, v)
        if max(mis) - min(mis) < tiny:
            # MI - E[MI] = 0: AMI = 0, or 1 for identical partitions when the denominator
            # is 0 as well (docs/degenerate-cases.md)
            return {k: 1.0 if identical and abs(e - mi) < tiny else 0.0
                    for k, e in zip(normalizations, norms, strict=True)}, True
        if identical and model == "perm":
            return dict.fromkeys(normalizations, 1.0), False
        emi = mpmath.fsum(mi_of_table[k] * c for k, c in weighted.items()) / sum(
            weighted.values()
        )
        pairs = zip(normalizations, norms, strict=True)
        return {k: float((mi - emi) / (e - emi)) for k, e in pairs}, False


def _sweep_cases():
    # Every labels_pred against one labels_true per shape at n <= 4; at n = 5, 6 the
    # degenerate shapes: one cluster, all singletons, one cluster plus a lone point, and the
    # lone point against equal clusters (constant MI although neither side is trivial).
    cases = []
    for n in range(1, 5):
        shapes = {block_sizes(p): p for p in set_partitions(n)}
        cases += [(u, v) for u in shapes.values() for v in set_partitions(n)]
    for n in (5, 6):
        one, alone, singles = (0,) * n, (0,) * (n - 1) + (1,), tuple(range(n))
        cases += [(x, y) for x in (one, alone, singles) for y in (one, alone, singles)]
    cases += [((0, 0, 1, 1, 2, 2), (0, 0, 0, 0, 0, 1)), ((0, 0, 0, 0, 0, 1), (0, 1, 0, 1, 0, 1))]
    return cases


@pytest.mark.parametrize("model", ["perm", "num", "all"])
@pytest.mark.parametrize("one_sided", [False, True])
def test_ami_sweep_against_enumeration(model, one_sided):
    assert set(M.RANDOM_MODELS) == {"perm", "num", "all"}  # a new model needs its support here
    for u, v in _sweep_cases():
        references, constant = ami_by_enumeration(u, v, model, one_sided)
        for normalization, expected in references.items():
            value = M.adjusted_mutual_information(
                list(u), list(v), normalization=normalization, random_model=model,
                one_sided=one_sided,
            )
            if constant:  # exactly, not up to rounding
                assert value == expected, (u, v, normalization)
            else:
                assert value == pytest.approx(expected, rel=1e-9, abs=1e-12), (u, v, normalization)


def test_issue_example_is_zero():
    # labels_pred has K = n clusters: every partition into 4 blocks is all singletons, so
    # every draw gives MI = H(labels_true); AMI was 1.0 (rounding noise over rounding noise).
    value = M.adjusted_mutual_information(
        [0, 0, 1, 1], [0, 1, 2, 3], normalization="min", random_model="num", one_sided=True
    )
    assert value == 0.0
