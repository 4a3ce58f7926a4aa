"""The text of ``clusterlab list``: two lines per experiment, its parameters on request.

A teacher choosing a figure needs the name, what it shows and whose settings it runs; the
parameters, their preset values and valid ranges come with ``clusterlab list NAME`` (or
``--details`` for every experiment).
"""

from __future__ import annotations

import shlex
import textwrap
from collections.abc import Sequence

from experiments import EXPERIMENTS, get_experiment

__all__ = ["WIDTH", "details", "listing", "summary"]

#: Lines are wrapped to this many characters.
WIDTH = 100
_HINT = ("Run one: clusterlab run NAME --out DIR. Its parameters, their preset values and "
         "valid ranges: clusterlab list NAME (every experiment's: clusterlab list --details).")


def _wrap(text: str, indent: str, first: str | None = None) -> list[str]:
    return textwrap.wrap(text, WIDTH, initial_indent=indent if first is None else first,
                         subsequent_indent=indent, break_on_hyphens=False,
                         break_long_words=False)  # a --set value stays whole, to copy


def summary() -> str:
    """Every experiment: its name and title, then its paper and whose settings it runs.

    Returns
    -------
    str
        Two lines per experiment (more where a title wraps), then how to see the details.
    """
    width = max(map(len, EXPERIMENTS)) + 2
    lines = []
    for experiment in EXPERIMENTS.values():
        lines += _wrap(experiment.title, " " * width, f"{experiment.name:<{width}}")
        settings = "our stand-in" if experiment.stand_in_for else "the paper's settings"
        lines += _wrap(f"{experiment.paper}; {settings}", " " * width)
    return "\n".join([*lines, "", *_wrap(_HINT, "")])


def details(name: str) -> str:
    """One experiment: title, paper, whose settings, and every parameter.

    Parameters
    ----------
    name : str
        A key of :data:`experiments.EXPERIMENTS`.

    Returns
    -------
    str
        Each parameter as ``--set`` takes it in a shell (quoted where needed) with the paper
        preset's value (and the quick preset's where it differs), then its valid values.

    Raises
    ------
    ValueError
        An unknown name (the message lists the valid ones).
    """
    experiment = get_experiment(name)
    paper, quick = experiment.parameters("paper"), experiment.parameters("quick")
    lines = [experiment.name, *_wrap(experiment.title, "  "),
             *_wrap(f"Source: {experiment.paper}", "  "),
             *_wrap(experiment.settings_note(), "  "),
             "  Parameters (--set NAME=VALUE; the paper preset's value, then the quick one's "
             "where it differs):"]
    for param, spec in experiment.specs().items():
        value = f"{param}={shlex.quote(spec.show(paper[param]))}"
        if quick[param] != paper[param]:
            value += f"  (quick: {shlex.quote(spec.show(quick[param]))})"
        lines += _wrap(value, "      ", "    ")
        lines += _wrap(spec.describe(), "      ")
    return "\n".join(lines)


def listing(names: Sequence[str] = (), every: bool = False) -> str:
    """What ``clusterlab list [NAME ...] [--details]`` prints.

    Parameters
    ----------
    names : sequence of str
        Experiments to detail; none: the summary of all.
    every : bool
        Detail every experiment.

    Returns
    -------
    str
    """
    if not names and not every:
        return summary()
    return "\n\n".join(details(name) for name in (names or EXPERIMENTS))
