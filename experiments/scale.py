"""Run an experiment's batches on a Dask cluster through joblib's Dask backend.

The batch experiments hand their tasks to :class:`joblib.Parallel`; inside
:func:`dask_backend` joblib sends them to the cluster's workers instead of local threads.
Every task draws from its own generator (``spawn_generators``), so the result is the same
as a local run with the same seed, whatever the number of workers.
"""

from __future__ import annotations

import contextlib
import logging
import os
import sys
import tempfile
from collections.abc import Iterator

from metrics.validation import parse_integer

__all__ = ["MISSING_DASK", "dask_backend", "max_local_workers", "parse_dask"]

MISSING_DASK = (
    "--dask needs dask.distributed, an optional requirement: install it with "
    "`python -m pip install -r requirements-dask.txt`."
)


def max_local_workers() -> int:
    """The most workers ``--dask local:WORKERS`` starts: the machine's cores, at least 4.

    Parameters
    ----------
    None

    Returns
    -------
    int

    Examples
    --------
    >>> max_local_workers() >= 4
    True
    """
    # More processes than cores only share the cores, and each costs ~100 MB and a second
    # to start: local:99999 would exhaust the machine.
    return max(4, os.cpu_count() or 1)


def parse_dask(spec: str) -> tuple[str, int | None]:
    """``"local"`` -> ``("local", None)``, ``"local:4"`` -> ``("local", 4)``, an address as is.

    Parameters
    ----------
    spec : str
        The value of ``--dask``.

    Returns
    -------
    tuple
        ``(where, workers)``: ``"local"`` or the scheduler address, and the worker count
        (None: one per core).

    Raises
    ------
    ValueError
        An empty spec or a worker count that is not an integer in
        ``[1, max_local_workers()]``.

    Examples
    --------
    >>> parse_dask("local:2"), parse_dask("tcp://10.0.0.5:8786")
    (('local', 2), ('tcp://10.0.0.5:8786', None))
    """
    spec = spec.strip()
    if not spec:
        raise ValueError("--dask needs local, local:WORKERS or a scheduler address.")
    if spec == "local":
        return "local", None
    if spec.startswith("local:"):
        return "local", parse_integer(spec.removeprefix("local:"), "--dask local:WORKERS", 1,
                                      max_local_workers())
    return spec, None


@contextlib.contextmanager
def _children_log_elsewhere() -> Iterator[None]:
    """Worker processes started in this block write their stderr to a temporary file.

    Their shutdown after Ctrl-C logs tracebacks; the command line keeps its one line.
    """
    sys.stderr.flush()
    saved = os.dup(2)
    with tempfile.TemporaryFile() as log:
        os.dup2(log.fileno(), 2)
        try:
            yield
        finally:
            sys.stderr.flush()
            os.dup2(saved, 2)
            os.close(saved)


@contextlib.contextmanager
def dask_backend(spec: str, *, processes: bool = True) -> Iterator[dict]:
    """Make joblib run its tasks on Dask for the duration of the block.

    Parameters
    ----------
    spec : str
        ``local`` (a local cluster, one worker per core), ``local:WORKERS`` or the address
        of a running scheduler (``tcp://host:8786``).
    processes : bool
        Local clusters only: workers in separate processes (True) or threads of this one.

    Returns
    -------
    context manager
        Yields a dict: ``scheduler`` (its address) and ``workers`` (how many), for the run
        record.

    Raises
    ------
    RuntimeError
        dask.distributed is not installed (the message says how to install it).

    Examples
    --------
    >>> from joblib import Parallel, delayed
    >>> with dask_backend("local:1", processes=False) as cluster:
    ...     squares = Parallel(n_jobs=-1)(delayed(pow)(i, 2) for i in range(4))
    >>> cluster["workers"], squares
    (1, [0, 1, 4, 9])
    """
    try:
        from dask.distributed import Client, LocalCluster
    except ImportError:
        raise RuntimeError(MISSING_DASK) from None
    import joblib

    where, workers = parse_dask(spec)
    with contextlib.ExitStack() as stack:
        if where == "local":
            with _children_log_elsewhere():
                cluster = stack.enter_context(LocalCluster(
                    n_workers=workers, threads_per_worker=1, processes=processes,
                    dashboard_address=None, silence_logs=logging.CRITICAL,
                ))
            client = stack.enter_context(Client(cluster))
        else:
            client = stack.enter_context(Client(where, timeout=30))
        stack.enter_context(joblib.parallel_config(backend="dask"))
        yield {"scheduler": client.scheduler.address,
               "workers": len(client.scheduler_info()["workers"])}
