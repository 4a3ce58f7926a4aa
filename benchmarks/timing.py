"""Measuring rules shared by the benchmarks: CPU time of interleaved rounds, peak memory."""

from __future__ import annotations

import time
import tracemalloc

import numpy as np


def interleaved(functions, min_rounds=3, min_total=0.5, max_rounds=7):
    """Minimum CPU time of each function over rounds that call each once, in turn.

    CPU time (``time.process_time``) because the machine is shared and CPU time is less
    sensitive to other jobs than wall time; interleaved rounds so that changes of load hit
    every function alike; at least ``min_rounds`` rounds, more (up to ``max_rounds``) while
    they are quick, until ``min_total`` seconds have been spent. Returns ``(times, values)``
    (values of the last round).
    """
    best = [np.inf] * len(functions)
    values = [None] * len(functions)
    spent, rounds = 0.0, 0
    while rounds < min_rounds or (rounds < max_rounds and spent < min_total):
        for i, f in enumerate(functions):
            start = time.process_time()
            values[i] = f()
            elapsed = time.process_time() - start
            best[i], spent = min(best[i], elapsed), spent + elapsed
        rounds += 1
    return best, values


def peak_mb(f):
    """Peak memory allocated while ``f()`` runs, in MB (tracemalloc sees numpy's arrays)."""
    tracemalloc.start()
    f()
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return peak / 2**20
