"""Batch measures: many contingency tables of the same n, their measures at once.

The public face of the batch engine (:mod:`metrics._batch`, which documents how it works),
as scikit-learn keeps ``sklearn.metrics`` in front of its private modules: the experiments,
the benchmarks and a researcher's own scripts import these names from here, and the engine
may change behind them. Every batch measure equals metrics' scalar function on the same
table to about 1e-12 (tests/experiments/test_engine.py).

Examples
--------
>>> import numpy as np
>>> tables = batch_contingency(np.array([[0, 0, 1, 1], [0, 0, 1, 1]]),
...                            np.array([[0, 0, 1, 1], [0, 1, 0, 1]]), 2, 2)
>>> [round(float(v), 6) for v in batch_measures(tables, ["ari"])["ari"]]
[1.0, -0.5]
"""

from metrics._batch import (
    BATCH_MEASURES,
    EMICache,
    batch_contingency,
    batch_expected_mi,
    batch_measures,
    check_measures,
)

__all__ = [
    "BATCH_MEASURES",
    "EMICache",
    "batch_contingency",
    "batch_expected_mi",
    "batch_measures",
    "check_measures",
]
