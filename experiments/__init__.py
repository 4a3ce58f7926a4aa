"""Reproductions of the seed papers' figures and tables, as tidy pandas DataFrames.

:data:`EXPERIMENTS` maps command-line names (``vinh2009-fig1``, ``dom2001-table5``, ...) to
:class:`Experiment` specs with ``paper`` and ``quick`` presets. Run one with
``EXPERIMENTS[name](preset, random_state=seed)`` or ``clusterlab run NAME``.

The names below load on first use (with the paper modules that register the experiments):
``python -m experiments`` imports this package before its ``__main__`` can catch a Ctrl-C,
so the import itself must take no time.
"""

from importlib import import_module

__all__ = ["EXPERIMENTS", "PRESETS", "Experiment", "get_experiment"]

# The modules whose import registers their experiments, in the order of `clusterlab list`.
_PAPER_MODULES = ("consensus", "dom2001", "gates2017", "gates2017_baseline", "gates2017_sizes",
                  "lazarenko2021", "slides", "vinh2009")


def __getattr__(name: str):
    if name not in __all__:
        raise AttributeError(f"module 'experiments' has no attribute {name!r}")
    for module in _PAPER_MODULES:
        import_module(f"experiments.{module}")
    registry = import_module("experiments.registry")
    for public in __all__:
        globals()[public] = getattr(registry, public)
    return globals()[name]


def __dir__() -> list[str]:
    return sorted([*globals(), *__all__])
