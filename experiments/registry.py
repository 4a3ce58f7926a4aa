"""The registry of paper reproductions: name -> :class:`Experiment`.

Each experiment module registers its entries with :func:`register`; the command line and the
app build their menus, presets and downloads from :data:`EXPERIMENTS`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

import pandas as pd

from experiments.params import ExperimentParam, check_work, param_specs

__all__ = ["EXPERIMENTS", "PAPER_LABEL", "PRESETS", "PRESET_LABELS", "STAND_IN_LABEL",
           "Experiment", "Progress", "get_experiment", "register"]

#: Names of the presets every experiment has.
PRESETS = ("paper", "quick")
#: How the app's preset radio names each preset (links may give the label or the key); the
#: caption under "Paper" is :meth:`Experiment.preset_label`.
PRESET_LABELS = {"quick": "Quick", "paper": "Paper"}
#: The ``paper`` preset's name where every value is the paper's.
PAPER_LABEL = "The paper's settings"
#: The start of the ``paper`` preset's name where some of its values are ours.
STAND_IN_LABEL = "Our stand-in for"

#: ``progress(fraction_done, message)``, called by long runs (the app draws a progress bar).
Progress = Callable[[float, str], None]

#: Figure kinds understood by ``plots.experiments.figure``.
FIGURE_KINDS = ("lines", "ranks", "failures", "scatter", "table", "bars", "timing", "pairs",
                "consensus", "model_bars", "baseline")


@dataclass(frozen=True)
class Experiment:
    """One reproducible figure or table of a paper.

    Parameters
    ----------
    name, title, paper, description : str
        Command-line name, menu title, the paper's figure or table, and what is computed
        (see the attributes below).
    presets : mapping of str to mapping
        Parameters of the ``paper`` and ``quick`` presets.
    run : callable
        ``run(**parameters, random_state=seed, progress=None)`` -> tidy DataFrame.
    figure : str
        Figure kind, one of ``FIGURE_KINDS``.
    options : mapping, optional
        Extra settings for the figure.
    choices : mapping of str to sequence of str, optional
        Valid values of parameters that no registry lists.
    stand_in_for, differs : str, optional
        Empty when every value of the ``paper`` preset is the paper's; otherwise what the
        preset stands in for (a dataset, lost sizes, ...) and what differs from the paper.

    Examples
    --------
    >>> toy = Experiment(
    ...     name="toy", title="Toy", paper="none", description="n in a table",
    ...     presets={"paper": {"n": 100}, "quick": {"n": 10}},
    ...     run=lambda n, random_state, progress: pd.DataFrame({"n": [n]}), figure="table")
    >>> toy.parameters(), toy.parameters("paper", n=5)
    ({'n': 10}, {'n': 5})
    >>> toy("quick")["n"].tolist()
    [10]
    >>> toy.preset_label("paper"), toy.settings_note()
    ("The paper's settings", "The paper preset holds the paper's settings.")
    >>> toy.settings_note("quick")
    'The quick preset, a first look: n 10 (paper preset: 100); the rest as the paper preset.'
    >>> toy.parameters(m=1)
    Traceback (most recent call last):
    ...
    ValueError: toy has no parameter(s) 'm'; its parameters are: n (int in [2, 10000000]).
    """

    name: str
    """Command-line name, e.g. ``vinh2009-fig1``."""
    title: str
    """One line, for menus and figure titles."""
    paper: str
    """The paper and the figure or table reproduced."""
    description: str
    """What is computed and how it departs from the paper (if it does)."""
    presets: Mapping[str, Mapping[str, Any]]
    """``paper`` (the paper's settings, or our stand-in: see :attr:`stand_in_for`) and
    ``quick`` (fewer draws, for tests and slow machines)."""
    run: Callable[..., pd.DataFrame]
    """``run(**parameters, random_state=seed, progress=None)`` -> tidy DataFrame."""
    figure: str
    """Figure kind, one of ``FIGURE_KINDS``."""
    options: Mapping[str, Any] = field(default_factory=dict)
    """Extra settings for the figure (axis columns, published values, ...)."""
    seeded: bool = True
    """False when ``run`` draws nothing: the seed then changes nothing (pages disable it)."""
    choices: Mapping[str, Sequence[str]] = field(default_factory=dict)
    """Valid values of parameters that no registry lists (see ``experiments.params``)."""
    stand_in_for: str = ""
    """What the ``paper`` preset stands in for; empty when every value is the paper's."""
    differs: str = ""
    """What differs from the paper (dataset, sizes, n), when :attr:`stand_in_for` is set."""

    def preset_label(self, preset: str) -> str:
        """The preset's name in the app: "Quick", "The paper's settings" or, where some
        values are ours, "Our stand-in for" what it replaces."""
        if preset == "paper" and self.stand_in_for:
            return f"{STAND_IN_LABEL} {self.stand_in_for}"
        return PAPER_LABEL if preset == "paper" else PRESET_LABELS.get(preset, preset)

    def settings_note(self, preset: str = "paper") -> str:
        """What the values of ``preset`` are: for ``paper``, whose settings it holds and what
        differs; for ``quick``, where it departs from the paper preset."""
        if preset == "quick":
            quick, paper = self.presets["quick"], self.presets["paper"]
            changed = [f"{name} {_short(quick[name])} (paper preset: {_short(paper[name])})"
                       for name in quick if _short(quick[name]) != _short(paper.get(name))]
            if not changed:
                return "The quick preset holds the paper preset's values."
            return (f"The quick preset, a first look: {'; '.join(changed)}; "
                    "the rest as the paper preset.")
        if not self.stand_in_for:
            return "The paper preset holds the paper's settings."
        return f"The paper preset is our stand-in for {self.stand_in_for}: {self.differs}"

    def specs(self) -> dict[str, ExperimentParam]:
        """Name -> :class:`~experiments.params.ExperimentParam` of every parameter."""
        return param_specs(self)

    def parameters(self, preset: str = "quick", **overrides: Any) -> dict[str, Any]:
        """The preset's parameters with ``overrides`` applied, every value checked.

        Raises
        ------
        ValueError
            Unknown preset or parameter name (the message lists the valid ones with their
            types), or a value that is not one of the valid ones.
        TypeError
            A value of the wrong type (e.g. ``one_sided="no"``).
        """
        if preset not in self.presets:
            raise ValueError(
                f"unknown preset {preset!r} for {self.name}: use one of {', '.join(self.presets)}."
            )
        params = dict(self.presets[preset])
        specs = self.specs()
        unknown = sorted(set(overrides) - set(params))
        if unknown:
            listed = "; ".join(f"{name} ({spec.describe()})" for name, spec in specs.items())
            raise ValueError(
                f"{self.name} has no parameter(s) {', '.join(map(repr, unknown))}; "
                f"its parameters are: {listed}."
            )
        params.update(overrides)
        checked = {name: specs[name].check(value) for name, value in params.items()}
        check_work(self.name, checked)
        return checked

    def __call__(
        self,
        preset: str = "quick",
        *,
        random_state: int = 0,
        progress: Progress | None = None,
        **overrides: Any,
    ) -> pd.DataFrame:
        """Run the experiment with a preset and optional parameter overrides."""
        params = self.parameters(preset, **overrides)
        return self.run(**params, random_state=random_state, progress=progress)


def _short(value: Any) -> str:
    """A preset value in a few words: ``2, 4, 6`` or, for a long list, ``10 values``."""
    if isinstance(value, tuple | list):
        if len(value) > 4:
            return f"{len(value)} values"
        return ", ".join(f"({_short(v)})" if isinstance(v, tuple | list) else _short(v)
                         for v in value)
    if isinstance(value, bool) or value is None:
        return str(value).lower()
    if isinstance(value, int):
        return f"{value:,}"
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)


_REGISTRY: dict[str, Experiment] = {}
#: Read-only view: name -> :class:`Experiment`, in registration order.
EXPERIMENTS: Mapping[str, Experiment] = MappingProxyType(_REGISTRY)


def register(experiment: Experiment) -> Experiment:
    """Add an experiment to :data:`EXPERIMENTS` (its name must be new).

    Parameters
    ----------
    experiment : Experiment
        Its presets must be exactly ``PRESETS`` and its figure one of ``FIGURE_KINDS``.

    Returns
    -------
    Experiment
        ``experiment`` itself.

    Raises
    ------
    ValueError
        If the name is taken, the presets are not ``PRESETS``, the figure kind is unknown,
        or only one of ``stand_in_for`` and ``differs`` is given.

    Examples
    --------
    >>> from experiments import EXPERIMENTS  # loads the papers' experiments
    >>> register(get_experiment("vinh2009-fig1"))
    Traceback (most recent call last):
    ...
    ValueError: experiment 'vinh2009-fig1' is already registered.
    """
    if experiment.name in _REGISTRY:
        raise ValueError(f"experiment {experiment.name!r} is already registered.")
    if set(experiment.presets) != set(PRESETS):
        raise ValueError(f"{experiment.name}: presets must be exactly {PRESETS}.")
    if experiment.figure not in FIGURE_KINDS:
        raise ValueError(f"{experiment.name}: figure kind must be one of {FIGURE_KINDS}.")
    if bool(experiment.stand_in_for) != bool(experiment.differs):
        raise ValueError(f"{experiment.name}: give both stand_in_for and differs, or neither.")
    _REGISTRY[experiment.name] = experiment
    return experiment


def get_experiment(name: str) -> Experiment:
    """The experiment registered under ``name``.

    Parameters
    ----------
    name : str
        Command-line name, e.g. ``"vinh2009-fig1"``.

    Returns
    -------
    Experiment

    Raises
    ------
    ValueError
        If no experiment has that name (the message lists the names).

    Examples
    --------
    >>> from experiments import EXPERIMENTS  # loads the papers' experiments
    >>> get_experiment("vinh2009-fig1").paper
    'Vinh, Epps & Bailey 2009, Figs. 1 and 3'
    >>> get_experiment("nope")
    Traceback (most recent call last):
    ...
    ValueError: unknown experiment 'nope': use one of ...
    """
    try:
        return _REGISTRY[name]
    except KeyError:
        raise ValueError(
            f"unknown experiment {name!r}: use one of {', '.join(_REGISTRY)} "
            "(clusterlab list)."
        ) from None


def report(progress: Progress | None, done: float, message: str) -> None:
    """Call ``progress`` if there is one, with ``done`` clipped to ``[0, 1]``.

    Parameters
    ----------
    progress : callable or None
        ``progress(fraction_done, message)``.
    done : float
        Fraction of the work done.
    message : str
        What is being done.

    Returns
    -------
    None

    Examples
    --------
    >>> report(print, 1.5, "done")
    1.0 done
    >>> report(None, 0.5, "nobody listens")
    """
    if progress is not None:
        progress(min(max(done, 0.0), 1.0), message)
