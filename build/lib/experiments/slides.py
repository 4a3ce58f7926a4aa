"""The Rand-index exercise of the course slides (Rodriguez, "External indexes").

The slide counts the 136 pairs of n = 17 objects: 20 together in both the ground truth and
the clustering, 24 together only in the ground truth, 20 only in the clustering, 72 apart in
both; RI = (20 + 72) / 136 = 0.68, and leaves the adjusted Rand index "to be calculated".

With ``q = P(pair together)`` in each labeling, ``E[RI] = q_G q_P + (1 - q_G)(1 - q_P)``
(Hubert & Arabie 1985) and ``ARI = (RI - E[RI]) / (1 - E[RI])`` = 1920 / 7904 = 0.243.
The run also checks the answer on a concrete 3 x 3 contingency table with exactly these pair
counts, through metrics' own functions.
"""

from __future__ import annotations

from fractions import Fraction

import pandas as pd

from experiments.registry import Experiment, Progress, register, report
from metrics import adjusted_rand_index, pair_counts, rand_index

__all__ = ["EXAMPLE_TABLE", "SLIDE_PAIRS", "rand_exercise"]

#: (together in both, only in the ground truth, only in the clustering, apart in both).
SLIDE_PAIRS = (20, 24, 20, 72)
#: A table of 17 objects with the slide's pair counts (rows: ground truth, columns:
#: clustering). No 2 x 2, 2 x 3 or 3 x 2 table has them; this is one of the 3 x 3 ones.
EXAMPLE_TABLE = ((0, 0, 4), (1, 2, 2), (4, 4, 0))


def rand_exercise(
    pairs: tuple[int, int, int, int] = SLIDE_PAIRS,
    random_state: int | None = None,
    progress: Progress | None = None,
) -> pd.DataFrame:
    """RI, E[RI] and ARI from the four pair counts, in exact fractions.

    Parameters
    ----------
    pairs : (n11, n10, n01, n00)
        Pairs together in both, only in the ground truth, only in the clustering, apart in
        both.
    random_state : None
        Unused (the exercise has no randomness).
    progress : callable, optional

    Returns
    -------
    DataFrame
        Columns ``quantity, value, slide`` (the slide's printed value where it gives one) and
        ``example_table`` (metrics on :data:`EXAMPLE_TABLE`, for the slide's own counts).

    Examples
    --------
    >>> df = rand_exercise().set_index("quantity")
    >>> float(df.loc["ri", "value"]), float(df.loc["ri", "slide"])   # 92 / 136
    (0.6764705882352942, 0.68)
    >>> float(df.loc["ari", "value"]) == 1920 / 7904
    True
    """
    n11, n10, n01, n00 = (int(p) for p in pairs)
    if min(n11, n10, n01, n00) < 0 or n11 + n10 + n01 + n00 == 0:
        raise ValueError(f"pair counts must be non-negative with a positive total, got {pairs}.")
    report(progress, 0.0, "pair counts")
    total = n11 + n10 + n01 + n00
    ri = Fraction(n11 + n00, total)
    q_true, q_pred = Fraction(n11 + n10, total), Fraction(n11 + n01, total)
    expected = q_true * q_pred + (1 - q_true) * (1 - q_pred)
    ari = (ri - expected) / (1 - expected) if expected != 1 else Fraction(0)
    rows = [
        ("n11", n11, 20.0), ("n10", n10, 24.0), ("n01", n01, 20.0), ("n00", n00, 72.0),
        ("pairs", total, 136.0), ("ri", float(ri), 0.68),
        ("expected_ri", float(expected), None), ("ari", float(ari), None),
    ]
    df = pd.DataFrame(rows, columns=["quantity", "value", "slide"])
    if tuple(pairs) == SLIDE_PAIRS:
        pc = pair_counts(contingency=EXAMPLE_TABLE)
        check = {"n11": pc.n11, "n10": pc.n10, "n01": pc.n01, "n00": pc.n00,
                 "pairs": pc.n_pairs, "ri": rand_index(contingency=EXAMPLE_TABLE),
                 "ari": adjusted_rand_index(contingency=EXAMPLE_TABLE)}
        df["example_table"] = df["quantity"].map(check)
    report(progress, 1.0, "done")
    return df


register(Experiment(
    name="slides-rand",
    title="The slides' Rand exercise: RI = 0.68 from pair counts 20/24/20/72, and its ARI",
    paper="Rodriguez, course slides, External indexes (Rand and Adjusted Rand index)",
    description=(
        "Rand index from the slide's pair counts, the expected Rand index under the "
        "permutation model and the adjusted Rand index the slide leaves to be calculated; "
        "checked with metrics on a 17-object table having these pair counts."
    ),
    presets={"paper": dict(pairs=SLIDE_PAIRS), "quick": dict(pairs=SLIDE_PAIRS)},
    run=rand_exercise,
    figure="table",
    seeded=False,
))
