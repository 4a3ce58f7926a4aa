"""Parameter specifications: what the app needs to build a widget, and the validation of a value."""

from __future__ import annotations

from dataclasses import KW_ONLY, dataclass, field
from typing import Any

from metrics.validation import check_bool, check_choice, check_integer, check_real

KINDS = ("int", "float", "choice", "bool")


@dataclass(frozen=True)
class AlgorithmParam:
    """One tunable parameter of an algorithm: ``AlgorithmParam(name, kind, default=..., ...)``, all
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
    >>> eps = AlgorithmParam("eps", "float", default=0.5, low=0.001, high=10.0,
    ...                 help="Neighbourhood radius.")
    >>> eps.validate(0.25)
    0.25
    >>> eps.validate(20)
    Traceback (most recent call last):
    ...
    metrics.validation.ParameterError: parameter 'eps' must be a finite number in [0.001, 10], got 20
    """  # noqa: E501

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
                f"AlgorithmParam {self.name!r}: kind must be one of {KINDS}, got {self.kind!r}"
            )
        if self.kind == "choice" and self.default not in self.choices:
            raise ValueError(
                f"AlgorithmParam {self.name!r}: default {self.default!r} not in choices")

    def shown(self, values: dict[str, Any]) -> bool:
        """Whether this parameter applies, given the values of the others (by name)."""
        if not self.shown_when:
            return True
        other, allowed = self.shown_when
        return values.get(other) in allowed

    def validate(self, value: Any) -> Any:
        """Return ``value`` converted to the spec's type, or raise ValueError naming the range.

        The rules are `metrics.validation`'s: a numpy integer is an integer, ``3.0`` is not,
        and a fraction is never rounded.
        """
        name = f"parameter {self.name!r}"
        if self.kind == "choice":
            return check_choice(value, name, self.choices)
        if self.kind == "bool":
            return check_bool(value, name)
        if self.kind == "int":
            return check_integer(value, name, self.low, self.high)
        return check_real(value, name, self.low, self.high)


def resolve(specs: tuple[AlgorithmParam, ...], given: dict[str, Any],
            algorithm: str) -> dict[str, Any]:
    """Validate ``given`` against ``specs`` and fill in defaults.

    Parameters
    ----------
    specs : tuple of AlgorithmParam
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
    >>> specs = (AlgorithmParam("n_clusters", "int", default=3, low=1, high=30, help="K."),
    ...          AlgorithmParam("init", "choice", default="random", choices=("random", "k-means++"),
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
