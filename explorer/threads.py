"""One thread for BLAS and OpenMP, where many small fits run one after another."""

from __future__ import annotations

from functools import cache

from threadpoolctl import ThreadpoolController


@cache
def _controller() -> ThreadpoolController:
    # The BLAS and OpenMP libraries, found once, at the first use (they are loaded by then):
    # ``threadpool_limits`` looks them up again at every call, 3-4 ms, an eighth of the fuzzy
    # page's sweep of 40 runs.
    return ThreadpoolController()


def one_thread():
    """A context in which BLAS and OpenMP run on one thread: for loops of small matrix
    products, where threads cost more than they save (seven times more on a busy two-core
    machine).

    Parameters
    ----------
    None

    Returns
    -------
    threadpoolctl's limit context: BLAS and OpenMP get their thread counts back on leaving it.

    Examples
    --------
    >>> import numpy as np
    >>> with one_thread():
    ...     float((np.eye(2) @ np.ones(2)).sum())
    2.0
    """
    return _controller().limit(limits=1)
