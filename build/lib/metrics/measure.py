"""One comparison measure as the registry lists it: what it is, how to read and compute it."""

from __future__ import annotations

import inspect
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

__all__ = ["OPTIONS", "Measure"]

#: Options :func:`metrics.compare` passes on to the measures that take them.
OPTIONS = ("base", "random_model", "one_sided", "beta")


@dataclass(frozen=True, kw_only=True, eq=False)
class Measure:
    """A comparison measure of :data:`metrics.MEASURES`, written with keyword arguments.

    Several entries share one function of :mod:`metrics` with different fixed options (the
    NMI and AMI normalisations): the entry holds the function and those options itself, so
    every attribute is on the entry.

    Parameters
    ----------
    name, label, family : str
        Registry key, display name, and "pair counting", "information" or "set matching".
    adjusted, higher_is_better : bool
        Corrected for chance; a similarity (True) or a distance (False).
    range : tuple of float
        Smallest and largest values (may be infinite).
    description, formula : str
        One line for tooltips; LaTeX for ``st.latex``.
    base_function : callable
        The function of :mod:`metrics` computing the measure.
    fixed_options : mapping, optional
        Keyword arguments always passed to ``base_function``.

    Examples
    --------
    >>> from metrics import normalized_mutual_information
    >>> nmi_max = Measure(name="nmi_max", label="NMI (max)", family="information",
    ...                   adjusted=False, range=(0.0, 1.0), higher_is_better=True,
    ...                   description="MI over the larger entropy.", formula="I / max(H)",
    ...                   base_function=normalized_mutual_information,
    ...                   fixed_options={"normalization": "max"})
    >>> nmi_max.function([0, 0, 1, 1], [0, 0, 1, 2])
    0.666666...
    >>> nmi_max.options
    ()
    """

    name: str
    """Registry key (also the column name in experiment tables)."""
    label: str
    """Human-readable name."""
    family: str
    """"pair counting", "information" or "set matching"."""
    adjusted: bool
    """True when corrected for chance (expected value 0 under the random model)."""
    range: tuple[float, float]
    """Smallest and largest possible values (may be infinite)."""
    higher_is_better: bool
    """True for similarities, False for distances."""
    description: str
    """One line for tooltips."""
    formula: str
    """LaTeX, for ``st.latex``."""
    base_function: Callable[..., float]
    """The function of :mod:`metrics` computing it: ``f(labels_true, labels_pred, *,
    contingency=None, **options) -> float``."""
    fixed_options: Mapping[str, Any] = field(default_factory=dict)
    """Keyword arguments this entry always passes to ``base_function`` (e.g. a normalisation)."""

    def function(self, labels_true: object = None, labels_pred: object = None, *,
                 contingency: object = None, **options: Any) -> float:
        """The measure of two labelings (or of ``contingency=``), with the :attr:`options`
        given."""
        return self.base_function(labels_true, labels_pred, contingency=contingency,
                                  **self.fixed_options, **options)

    @property
    def options(self) -> tuple[str, ...]:
        """The :data:`OPTIONS` this measure accepts."""
        parameters = inspect.signature(self.base_function).parameters
        return tuple(o for o in OPTIONS if o in parameters and o not in self.fixed_options)

    @property
    def takes_random_model(self) -> bool:
        """True when the measure takes ``random_model=`` and ``one_sided=``."""
        return "random_model" in self.options
