"""Parameter specifications: what the app needs to build a widget, and the validation of a value."""

from __future__ import annotations

import numbers
from dataclasses import KW_ONLY, dataclass, field
from typing import Any

import numpy as np

KINDS = ("int", "float", "choice", "bool")


@dataclass(frozen=True)
class ParamSpec:
    """One tunable parameter of an algorithm: ``ParamSpec(name, kind, default=..., ...)``, all
    but the name and kind given by keyword.

    Parameters
    ----------
    name : str
        Keyword passed to the algorithm.
    kind : {"int", "float", "choice", "bool"}
        Widget type and validation rule.
    default : Any
        Value used when the caller does not give one.
    low, high : float or None
        Inclusive range for "int" and "float" (None: unbounded on that side).
    step : float or None
        Suggested slider step.
    choices : tuple
        Allowed values for "choice".
    help : str
        One line for a student.
    log : bool
        Whether a slider should use a logarithmic scale.
    shown_when : tuple
        ``(other, values)``: the parameter matters, and its widget is drawn, only while the
        parameter ``other`` takes one of ``values`` (a metric's own parameters). Empty:
        always.
    at_most_n : bool
        The value cannot exceed the number of points (a neighbourhood or cluster size):
        `clustering.run` lowers a larger one to it, with a warning, so small data still run.

    Examples
    --------
    >>> eps = ParamSpec("eps", "float", default=0.5, low=0.001, high=10.0,
    ...                 help="Neighbourhood radius.")
    >>> eps.validate(0.25)
    0.25
    >>> eps.validate(20)
    Traceback (most recent call last):
    ...
    ValueError: parameter 'eps' must be a number in [0.001, 10], got 20
    """

    name: str
    kind: str
    _: KW_ONLY
    default: Any
    low: float | None = None
    high: float | None = None
    step: float | None = None
    choices: tuple = field(default_factory=tuple)
    help: str = ""
    log: bool = False
    shown_when: tuple = ()
    at_most_n: bool = False

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(
                f"ParamSpec {self.name!r}: kind must be one of {KINDS}, got {self.kind!r}"
            )
        if self.kind == "choice" and self.default not in self.choices:
            raise ValueError(f"ParamSpec {self.name!r}: default {self.default!r} not in choices")

    def shown(self, values: dict[str, Any]) -> bool:
        """Whether this parameter applies, given the values of the others (by name)."""
        if not self.shown_when:
            return True
        other, allowed = self.shown_when
        return values.get(other) in allowed

    def range_text(self) -> str:
        """Human-readable description of the valid values."""
        if self.kind == "choice":
            return "one of " + ", ".join(repr(c) for c in self.choices)
        if self.kind == "bool":
            return "True or False"
        low = "-inf" if self.low is None else f"{self.low:g}"
        high = "inf" if self.high is None else f"{self.high:g}"
        what = "an integer" if self.kind == "int" else "a number"
        return f"{what} in [{low}, {high}]"

    def validate(self, value: Any) -> Any:
        """Return ``value`` converted to the spec's type, or raise ValueError naming the range."""
        bad = ValueError(
            f"parameter {self.name!r} must be {self.range_text()}, got {value!r}"
        )
        if self.kind == "choice":
            if value not in self.choices:
                raise bad
            return value
        if self.kind == "bool":
            if not isinstance(value, bool | np.bool_):
                raise bad
            return bool(value)
        if isinstance(value, bool) or not isinstance(value, numbers.Real):
            raise bad
        if self.kind == "int":
            if value != int(value):
                raise bad
            value = int(value)
        else:
            value = float(value)
            if value != value:  # NaN
                raise bad
        if (self.low is not None and value < self.low) or (
            self.high is not None and value > self.high
        ):
            raise bad
        return value


def resolve(specs: tuple[ParamSpec, ...], given: dict[str, Any], algorithm: str) -> dict[str, Any]:
    """Validate ``given`` against ``specs`` and fill in defaults.

    Parameters
    ----------
    specs : tuple of ParamSpec
    given : dict
        Parameter name -> value given by the caller.
    algorithm : str
        Name used in error messages.

    Returns
    -------
    dict
        Every spec's name -> its validated value, or its default.

    Raises
    ------
    ValueError
        For an unknown parameter name (listing the valid ones) or a value out of range.

    Examples
    --------
    >>> specs = (ParamSpec("n_clusters", "int", default=3, low=1, high=30, help="K."),
    ...          ParamSpec("init", "choice", default="random", choices=("random", "k-means++"),
    ...                    help="."))
    >>> resolve(specs, {"n_clusters": 5}, "kmeans")
    {'n_clusters': 5, 'init': 'random'}
    """
    by_name = {s.name: s for s in specs}
    unknown = sorted(set(given) - set(by_name))
    if unknown:
        valid = ", ".join(by_name) or "none"
        raise ValueError(
            f"unknown parameter(s) {', '.join(map(repr, unknown))} for algorithm "
            f"{algorithm!r}; valid parameters: {valid}"
        )
    return {s.name: s.validate(given[s.name]) if s.name in given else s.default for s in specs}
