"""A class's answers as CSV, for the teacher to keep: counts and numbers, no identities."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable

COLUMNS = ("step", "question kind", "option", "count", "value", "answered_at")


def option_letter(index: int) -> str:
    """The letter a question shows before its option ``index`` (0: "A").

    Parameters
    ----------
    index : int
        The option's index, from 0.

    Returns
    -------
    str

    Examples
    --------
    >>> option_letter(0), option_letter(5)
    ('A', 'F')
    """
    return chr(ord("A") + index)


def answers_csv(counts: Iterable[tuple[int, tuple[int, ...]]],
                numbers: Iterable[tuple[int, float, float]]) -> str:
    """The CSV text of a class's answers.

    Parameters
    ----------
    counts : iterable of (int, tuple of int)
        For each choice question, its step and the count of each option: one row per
        option, its answered_at empty.
    numbers : iterable of (int, float, float)
        For each number given, its step, the number and when it was given (seconds since the
        class started, written to 0.1 s): one row each.

    Returns
    -------
    str
        A header row (`COLUMNS`) and the rows, steps in order; only numbers and letters,
        so no cell can be read as a spreadsheet formula.

    Examples
    --------
    >>> print(answers_csv([(1, (2, 0))], [(3, 0.5, 61.27)]), end="")
    step,question kind,option,count,value,answered_at
    1,choice,A,2,,
    1,choice,B,0,,
    3,number,,,0.5,61.3
    """
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(COLUMNS)
    rows = [(step, "choice", option_letter(i), count, "", "")
            for step, per_option in counts for i, count in enumerate(per_option)]
    rows += [(step, "number", "", "", repr(float(value)), f"{at:.1f}")
             for step, value, at in numbers]
    writer.writerows(sorted(rows, key=lambda row: row[0]))
    return out.getvalue()
