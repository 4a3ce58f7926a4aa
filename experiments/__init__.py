"""Reproductions of the seed papers' figures and tables, as tidy pandas DataFrames.

:data:`EXPERIMENTS` maps command-line names (``vinh2009-fig1``, ``dom2001-table5``, ...) to
:class:`Experiment` specs with ``paper`` and ``quick`` presets. Run one with
``EXPERIMENTS[name](preset, random_state=seed)`` or ``python -m experiments run NAME``.
"""

from experiments import dom2001, lazarenko2021, slides, vinh2009  # noqa: F401  (they register)
from experiments.registry import EXPERIMENTS, PRESETS, Experiment, get_experiment

__all__ = ["EXPERIMENTS", "PRESETS", "Experiment", "get_experiment"]
