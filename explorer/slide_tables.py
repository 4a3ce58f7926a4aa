"""Two tables of the course slides (Rodriguez), as the lessons show them.

- The feature-ranking mutual-information example ("Information Theoretic Ranking"): a
  variable with values A, B, C, D against three classes (red, green, blue), 19 samples. The
  slide is inconsistent: its counts give the class totals 6, 3, 10, but it prints 6, 7, 6
  in the terms (green 7, blue 6); its twelve printed terms add up to 0.208 nats while it
  prints "approx. 0.17". :func:`mutual_information_example` puts the slide's terms and the
  consistent ones (the same counts, totals recomputed from them) side by side.
- The land-use confusion matrix ("Single variable classifier"): Forest, Indust., Urban and
  Water, 391 samples, with the slide's row and column totals.
"""

from __future__ import annotations

import math

import numpy as np
import pandas as pd

__all__ = ["LAND_USE", "LAND_USE_CLASSES", "LAND_USE_TOTALS", "MI_SLIDE_PRINTED",
           "MI_SLIDE_TERMS", "land_use_totals", "mutual_information_example"]

#: The slide's counts: (value, class, count, printed p(value) x 19, printed p(class) x 19),
#: in the slide's order. Counts and value totals agree; the class totals do not.
MI_SLIDE_TERMS = (
    ("A", "red", 3, 6, 6), ("A", "green", 1, 6, 7), ("A", "blue", 2, 6, 6),
    ("B", "red", 1, 5, 6), ("B", "green", 1, 5, 7), ("B", "blue", 3, 5, 6),
    ("C", "red", 1, 3, 6), ("C", "green", 0, 3, 7), ("C", "blue", 2, 3, 6),
    ("D", "red", 1, 5, 6), ("D", "green", 1, 5, 7), ("D", "blue", 3, 5, 6),
)
#: The total the slide prints ("approx. 0.17").
MI_SLIDE_PRINTED = 0.17

#: The land-use confusion matrix: rows the reference classes, columns the classifier's.
LAND_USE = np.array([[68, 7, 3, 0], [12, 112, 15, 10], [3, 9, 89, 0], [0, 2, 5, 56]])
LAND_USE_CLASSES = ("Forest", "Indust.", "Urban", "Water")
#: The totals printed on the slide: rows, columns, and all.
LAND_USE_TOTALS = ((78, 149, 101, 63), (83, 130, 112, 66), 391)


def _term(count: int, n: int, value_total: int, class_total: int) -> float:
    """p(x, y) log(p(x, y) / (p(x) p(y))) in nats; 0 for an empty cell (0 log 0 = 0)."""
    if count == 0:
        return 0.0
    return count / n * math.log(count * n / (value_total * class_total))


def mutual_information_example() -> pd.DataFrame:
    """The slide's twelve MI terms beside the consistent ones.

    .. math:: I = \\sum_{x, y} p(x, y) \\log \\frac{p(x, y)}{p(x) p(y)}

    Parameters
    ----------
    None

    Returns
    -------
    DataFrame
        One row per cell: ``value``, ``class``, ``count``, ``p_value_slide`` and
        ``p_class_slide`` (the printed totals, out of 19), ``term_slide`` (the printed term,
        in nats), ``p_class`` (the class total recomputed from the counts) and ``term`` (the
        consistent term). The columns ``term_slide`` and ``term`` add up to 0.208 and the
        table's mutual information 0.0732 nats.

    Examples
    --------
    >>> df = mutual_information_example()
    >>> round(float(df["term_slide"].sum()), 3), round(float(df["term"].sum()), 4)
    (0.208, 0.0732)
    >>> df.groupby("class", sort=False)["count"].sum().tolist()   # not 6, 7, 6
    [6, 3, 10]
    """
    frame = pd.DataFrame(MI_SLIDE_TERMS, columns=["value", "class", "count", "p_value_slide",
                                                  "p_class_slide"])
    n = int(frame["count"].sum())
    class_totals = frame.groupby("class")["count"].transform("sum")
    value_totals = frame.groupby("value")["count"].transform("sum")
    frame["term_slide"] = [
        _term(c, n, a, b) for c, a, b in
        zip(frame["count"], frame["p_value_slide"], frame["p_class_slide"], strict=True)]
    frame["p_class"] = class_totals
    frame["term"] = [_term(c, n, a, b) for c, a, b in
                     zip(frame["count"], value_totals, class_totals, strict=True)]
    return frame


def land_use_totals(table=LAND_USE) -> pd.DataFrame:
    """The slide's row and column totals of :data:`LAND_USE` beside those of ``table``.

    Parameters
    ----------
    table : array-like of shape (4, 4), default LAND_USE
        The land-use table, possibly edited.

    Returns
    -------
    DataFrame
        Columns ``class``, ``reference_total`` (row sums of ``table``),
        ``reference_total_slide``, ``classified_total`` (column sums) and
        ``classified_total_slide``.

    Raises
    ------
    ValueError
        If ``table`` is not 4 x 4.

    Examples
    --------
    >>> df = land_use_totals()
    >>> bool((df["reference_total"] == df["reference_total_slide"]).all())
    True
    >>> int(LAND_USE.sum()) == LAND_USE_TOTALS[2]
    True
    """
    table = np.asarray(table)
    if table.shape != LAND_USE.shape:
        raise ValueError(f"the land-use table is 4 x 4, got {table.shape}.")
    rows, cols, _ = LAND_USE_TOTALS
    return pd.DataFrame({
        "class": LAND_USE_CLASSES,
        "reference_total": table.sum(axis=1), "reference_total_slide": rows,
        "classified_total": table.sum(axis=0), "classified_total_slide": cols,
    })
