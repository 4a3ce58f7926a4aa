"""Reproductions of the seed papers' figures and tables, as tidy pandas DataFrames.

:data:`EXPERIMENTS` maps command-line names (``vinh2009-fig1``, ``dom2001-table5``, ...) to
:class:`Experiment` specs with ``paper`` and ``quick`` presets. Run one with
``EXPERIMENTS[name](preset, random_state=seed)`` or ``python -m experiments run NAME``.
"""

from experiments import (  # noqa: F401  (the modules register their experiments)
    consensus,
    dom2001,
    gates2017,
    gates2017_baseline,
    gates2017_sizes,
    lazarenko2021,
    slides,
    vinh2009,
)
from experiments.registry import EXPERIMENTS, PRESETS, Experiment, get_experiment

__all__ = ["EXPERIMENTS", "PRESETS", "Experiment", "get_experiment"]
