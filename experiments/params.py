"""Parameter specs of the experiments: the type of every parameter and its valid values.

One source of truth per fact:

- the *type* of a parameter is the annotation of the experiment's ``run`` function (``int``,
  ``bool``, ``int | None``, ``Sequence[int]``, ``tuple[int, int, int, int]``, ...), and the
  type of its preset value when the annotation says nothing usable;
- the *valid values* of a parameter whose name names a registry (``random_model``,
  ``measures``, ``datasets``, ``algorithms``, ...) are that registry's keys, read when checked,
  so a model or measure added to its registry is accepted everywhere at once. An experiment
  can add its own lists with ``Experiment(choices=...)``.

:meth:`experiments.Experiment.parameters` checks every value with :meth:`ExperimentParam.check`
(the Python API and the command line share it); the command line first turns the text of
``--set PARAM=VALUE`` into a value with :meth:`ExperimentParam.parse`.
"""

from __future__ import annotations

import ast
import inspect
import math
import types
import typing
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from metrics.validation import (
    ParameterError,
    check_bool,
    check_integer,
    check_real,
    parse_integer,
    parse_real,
    shown_value,
)

__all__ = ["INTEGER_BOUNDS", "MAX_ITEMS", "MAX_N", "MAX_WORK", "REGISTRY_CHOICES",
           "ExperimentParam", "check_work", "param_specs", "run_work"]

_SCALARS = {bool: "bool", int: "int", float: "float", str: "str"}
_TRUE = ("true", "yes", "on", "1")
_FALSE = ("false", "no", "off", "0")
_NONE = ("none", "null")


def _random_models() -> list[str]:
    from metrics import RANDOM_MODELS

    return list(RANDOM_MODELS)


def _measures() -> list[str]:
    from metrics import MEASURES

    return list(MEASURES)


def _datasets() -> list[str]:
    from datasets import DATASETS

    return list(DATASETS)


def _algorithms() -> list[str]:
    from clustering import ALGORITHMS

    return list(ALGORITHMS)


def _linkages() -> list[str]:
    from clustering.hierarchical import LINKAGES

    return list(LINKAGES)


def _normalizations() -> list[str]:
    from metrics.information import NORMALIZATIONS

    return list(NORMALIZATIONS)


#: Parameter name -> the registry its values (or its items, for a list) must be keys of.
REGISTRY_CHOICES: Mapping[str, Callable[[], list[str]]] = {
    "random_model": _random_models,
    "random_models": _random_models,
    "measure": _measures,
    "measures": _measures,
    "dataset": _datasets,
    "datasets": _datasets,
    "algorithm": _algorithms,
    "algorithms": _algorithms,
    "linkage": _linkages,
    "linkage_method": _linkages,
    "normalization": _normalizations,
    "normalizations": _normalizations,
}


#: The largest sample size of any run: the papers' largest n (Lazarenko & Bonald, Fig. 2).
MAX_N = 10**7
#: Integer parameter name -> its range (each item of a list parameter alike). Every integer
#: parameter is listed, by what it counts; :func:`param_specs` refuses one that is not.
INTEGER_BOUNDS: Mapping[str, tuple[int, int]] = {
    # repetitions: each multiplies a run's work (see check_work)
    "n_draws": (1, 1_000_000),
    "n_clusterings": (1, 100_000),
    "n_repeats": (1, 10_000),
    "n_runs": (1, 10_000),
    "n_triplets": (1, 1_000_000),
    "n_jobs": (-1, 64),
    # sample sizes; settings are (n, K) pairs
    "n": (2, MAX_N),
    "ns": (2, MAX_N),
    "n_samples": (2, MAX_N),
    "sklearn_max_n": (2, MAX_N),
    "settings": (1, MAX_N),
    # numbers of clusters, classes or cluster sizes: at most n (the experiment checks K <= n)
    "k": (1, MAX_N),
    "ks": (1, MAX_N),
    "n_clusters": (1, MAX_N),
    "n_classes": (1, MAX_N),
    "k_max": (1, MAX_N),
    "max_clusters": (1, MAX_N),
    "reference": (1, MAX_N),
    "sizes": (1, MAX_N),
    "useful": (1, MAX_N),
    "noise": (0, MAX_N),
    "blob_centers": (1, MAX_N),
    # the four pair counts of a comparison of at most MAX_N samples
    "pairs": (0, MAX_N * (MAX_N - 1) // 2),
}
#: The most items a list parameter may hold (the presets' longest holds 100).
MAX_ITEMS = 10_000
#: Parameters counting repetitions, and those holding sample sizes, in a run's work.
REPETITIONS = ("n_draws", "n_clusterings", "n_repeats", "n_runs", "n_triplets")
SAMPLE_SIZES = ("n", "ns", "n_samples", "settings")
#: The most work one run may do, in units of one sample of one setting drawn once: the
#: largest paper preset (vinh2009-fig1, 190 settings x 10,000 draws x n = 500: 9.5e8) fits.
#: Measured on one core here, 1e9 is about 3 minutes of vinh2009-fig1 (6e6 units/s) and about
#: 18 minutes of lazarenko2021-table1 (9e5 units/s), the slowest per unit.
MAX_WORK = 10**9


def run_work(parameters: Mapping[str, Any]) -> tuple[int, str]:
    """A run's work: the product of its lists' lengths, its repetitions and its largest n.

    Parameters
    ----------
    parameters : mapping
        Checked parameters of one run (:meth:`experiments.Experiment.parameters`).

    Returns
    -------
    (int, str)
        The work and how it was counted (the factors, named).

    Examples
    --------
    >>> run_work({"ks": (2, 4), "n_draws": 400, "settings": ((100, 10),), "one_sided": False})
    (80000, 'ks 2 x settings 1 x n_draws 400 x n 100')
    """
    factors = [(name, len(value)) for name, value in parameters.items()
               if isinstance(value, tuple)]
    factors += [(name, int(parameters[name])) for name in REPETITIONS if name in parameters]
    sizes = [item for name in SAMPLE_SIZES if parameters.get(name) is not None
             for item in np.ravel(parameters[name])]
    factors.append(("n", int(max(sizes, default=1))))
    return math.prod(value for _, value in factors), " x ".join(
        f"{name} {value:,}" for name, value in factors)


def check_work(experiment: str, parameters: Mapping[str, Any]) -> None:
    """Refuse a run whose :func:`run_work` is over :data:`MAX_WORK`, naming the limit.

    Parameters
    ----------
    experiment : str
        The experiment's name (for the message).
    parameters : mapping
        Its checked parameters.

    Returns
    -------
    None
        When the run fits.

    Raises
    ------
    ValueError
        The run would do more than ``MAX_WORK``: the message shows the factors.

    Examples
    --------
    >>> check_work("toy", {"ns": (100,), "n_repeats": 2})
    >>> check_work("toy", {"ns": (10**7,) * 100, "n_repeats": 2})
    Traceback (most recent call last):
    ...
    ValueError: toy: this run's work is ns 100 x n_repeats 2 x n 10,000,000 = 2,000,000,000, ...
    """
    work, factors = run_work(parameters)
    if work > MAX_WORK:
        raise ValueError(
            f"{experiment}: this run's work is {factors} = {work:,}, over the limit of "
            f"{MAX_WORK:,} per run (MAX_WORK); shorten a list or lower a count or n."
        )


@dataclass(frozen=True)
class _Type:
    """A scalar type (``scalar`` set) or a sequence of ``item`` (``length`` items if set)."""

    scalar: str | None = None
    item: _Type | None = None
    length: int | None = None

    def holds_int(self) -> bool:
        return self.scalar == "int" or (self.item is not None and self.item.holds_int())

    def describe(self) -> str:
        if self.scalar is not None:
            return "true or false" if self.scalar == "bool" else self.scalar
        if self.item is None:
            return "any value"
        count = f"{self.length} " if self.length else ""
        return f"list of {count}{self.item.describe()}"


_ANY = _Type()


def _from_hint(hint: Any) -> tuple[_Type | None, bool]:
    """``(type, optional)`` from an annotation; ``None`` type when it is not understood."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        optional = type(None) in args
        rest = [a for a in args if a is not type(None) and a is not np.random.Generator]
        if len(rest) != 1:
            return None, optional
        found, _ = _from_hint(rest[0])
        return found, optional
    if hint in _SCALARS:
        return _Type(scalar=_SCALARS[hint]), False
    if origin is tuple and args:
        if len(args) == 2 and args[1] is Ellipsis:
            item, _ = _from_hint(args[0])
            return (_Type(item=item) if item else None), False
        if len(set(args)) == 1:
            item, _ = _from_hint(args[0])
            return (_Type(item=item, length=len(args)) if item else None), False
        return None, False
    if origin in (list, Sequence, typing.Sequence) and args:
        item, _ = _from_hint(args[0])
        return (_Type(item=item) if item else None), False
    return None, False


def _from_value(value: Any) -> _Type:
    """The type of a preset value (the fallback when the annotation says nothing usable)."""
    if isinstance(value, bool | np.bool_):
        return _Type(scalar="bool")
    if isinstance(value, int | np.integer):
        return _Type(scalar="int")
    if isinstance(value, float | np.floating):
        return _Type(scalar="float")
    if isinstance(value, str):
        return _Type(scalar="str")
    if isinstance(value, list | tuple) and value:
        return _Type(item=_from_value(value[0]))
    return _ANY


def _passes(check: Callable[[Any, str], Any], value: Any) -> bool:
    """True if the gate's ``check`` (`check_integer`, `check_real`) takes ``value``."""
    try:
        check(value, "value")
    except ParameterError:
        return False
    return True


@dataclass(frozen=True)
class ExperimentParam:
    """One parameter of an experiment: its type, whether None is allowed, its valid values.

    Parameters
    ----------
    experiment : str
        The experiment's name (for messages).
    name : str
        The parameter's name.
    type : _Type
        Scalar or list type (from the annotation or the preset value).
    optional : bool
        None is a valid value.
    choices : callable, optional
        Returns the valid values (the keys of a registry), read at each check.
    bounds : (int, int), optional
        The range of an integer parameter (or of each item of a list of integers).

    Examples
    --------
    >>> from experiments import EXPERIMENTS
    >>> spec = EXPERIMENTS["gates2017-kmeans"].specs()["n_samples"]
    >>> spec.describe(), spec.parse("none"), spec.check(300)
    ('int in [2, 10000000] or none', None, 300)
    >>> EXPERIMENTS["vinh2009-fig1"].specs()["n_draws"].parse("2000000")
    Traceback (most recent call last):
    ...
    ValueError: vinh2009-fig1: parameter 'n_draws' must be int in [1, 1000000]; got '2000000'.
    """

    experiment: str
    name: str
    type: _Type
    optional: bool = False
    choices: Callable[[], list[str]] | None = None
    bounds: tuple[int, int] | None = None

    def describe(self) -> str:
        """``"list of int"``, ``"one of perm, num, all"``, ``"int in [1, 1000000] or none"``."""
        text = self.type.describe()
        if self.bounds is not None:
            text += f" in [{self.bounds[0]}, {self.bounds[1]}]"
        if self.choices is not None:
            valid = ", ".join(self.choices())
            text = f"list of: {valid}" if self.type.item is not None else f"one of: {valid}"
        return f"{text} or none" if self.optional else text

    def _fail(self, value: Any, error: type[Exception] = ValueError, typed: str | None = None):
        got = shown_value(value if typed is None else typed)
        raise error(f"{self.experiment}: parameter {self.name!r} must be {self.describe()}; "
                    f"got {got}.")

    def check(self, value: Any, *, typed: str | None = None) -> Any:
        """The value in canonical form (tuples for lists, Python scalars), or an error.

        ``typed``, the text the value was read from, is what a refusal shows (by default
        the value's repr).

        Raises
        ------
        TypeError
            The value has the wrong type (``one_sided='no'``, ``n_draws=[1]``).
        ValueError
            The value is not one of the valid ones, or a list has the wrong length.
        """
        if value is None and self.optional:
            return None
        valid = self.choices() if self.choices is not None else None
        return self._check(value, self.type, valid, typed)

    def _check(self, value: Any, kind: _Type, valid: list[str] | None,
               typed: str | None = None) -> Any:
        if kind.scalar is None and kind.item is None:
            return value
        if kind.scalar is not None:
            out = self._scalar(value, kind.scalar, typed)
            if valid is not None and out not in valid:
                self._fail(value, typed=typed)
            return out
        if isinstance(value, str | bytes) or not isinstance(value, Sequence | np.ndarray):
            self._fail(value, TypeError, typed)
        if len(value) > MAX_ITEMS:
            raise ValueError(f"{self.experiment}: parameter {self.name!r} holds "
                             f"{len(value):,} items; at most {MAX_ITEMS:,} are allowed.")
        if kind.length is not None and len(value) != kind.length:
            self._fail(value, typed=typed)
        return tuple(self._check(item, kind.item, valid, typed) for item in value)

    def _scalar(self, value: Any, scalar: str, typed: str | None = None) -> Any:
        # The gate's rules (metrics.validation): a numpy integer is an integer, 3.0 is not.
        checks = {"bool": lambda: check_bool(value, self.name),
                  "int": lambda: check_integer(value, self.name, *self.bounds),
                  # A whole number stays an int: a count passed where a float is allowed.
                  "float": lambda: (check_integer(value, self.name) if _passes(check_integer, value)
                                    else check_real(value, self.name))}
        if scalar not in checks:
            if isinstance(value, str):
                return value
            self._fail(value, TypeError, typed)
        try:
            return checks[scalar]()
        except ParameterError:
            # A number of the right kind out of range is a ValueError; else the type is wrong.
            check = {"int": check_integer, "float": check_real}.get(scalar)
            wrong = ValueError if check is not None and _passes(check, value) else TypeError
        self._fail(value, wrong, typed)

    def show(self, value: Any) -> str:
        """``value`` written as :meth:`parse` reads it (the ``--set`` form): its inverse.

        Parameters
        ----------
        value : object
            A valid value of this parameter.

        Returns
        -------
        str
            ``true``/``false``, ``none``, a comma-separated list (``2,4,8``) or, for a list of
            pairs, a Python literal without spaces (``[(100,10),(500,10)]``).

        Examples
        --------
        >>> from experiments import EXPERIMENTS
        >>> specs = EXPERIMENTS["vinh2009-fig1"].specs()
        >>> specs["ks"].show((2, 4, 8)), specs["one_sided"].show(False)
        ('2,4,8', 'false')
        >>> specs["settings"].show(((100, 10), (500, 10)))
        '[(100,10),(500,10)]'
        """
        def scalar(item: Any) -> str:
            return "none" if item is None else str(item).lower() if isinstance(item, bool) \
                else str(item)

        value = self.check(value)
        if not isinstance(value, tuple):
            return scalar(value)
        if any(isinstance(item, tuple) for item in value):
            return repr(list(value)).replace(", ", ",")
        return ",".join(map(scalar, value))

    def parse(self, text: str) -> Any:
        """The value written ``text`` on the command line, checked with :meth:`check`.

        Booleans are true/false (yes/no, on/off, 1/0); ``none`` is None where allowed; a list
        is comma-separated (``ks=2,4,8``) or a Python literal (``settings=[(100,10),(500,10)]``).
        """
        text = text.strip()
        if self.optional and text.lower() in _NONE:
            return None
        if self.type.item is not None:
            if text[:1] in "[(":
                try:
                    value = ast.literal_eval(text)
                except (ValueError, SyntaxError):
                    self._fail(text)
            else:
                value = [self._parse_scalar(part, self.type.item)
                         for part in text.split(",") if part.strip()]
            return self.check(value, typed=text)
        # A refusal shows the text as typed: "1e30" read as an int is 1000...19884624838656.
        return self.check(self._parse_scalar(text, self.type), typed=text)

    def _parse_scalar(self, text: str, kind: _Type) -> Any:
        text = text.strip()
        try:
            if kind.scalar == "bool" and text.lower() in _TRUE + _FALSE:
                return text.lower() in _TRUE
            # Through the validation module's readers: ASCII digits only, at most 40
            # characters, nan and inf refused; the range is checked by check().
            if kind.scalar == "int":
                return parse_integer(text, self.name)
            if kind.scalar == "float":
                return parse_real(text, self.name)
            if kind.scalar == "str":
                return text
            if kind.scalar is None:
                return ast.literal_eval(text)
        except (ValueError, SyntaxError):
            pass
        return self._fail(text)


def param_specs(experiment) -> dict[str, ExperimentParam]:
    """Name -> :class:`ExperimentParam` of every parameter of an experiment's presets.

    Parameters
    ----------
    experiment : experiments.Experiment
        Its ``run`` annotations give the types, its presets the names (and the types the
        annotations leave open), :data:`REGISTRY_CHOICES` and ``experiment.choices`` the
        valid values.

    Returns
    -------
    dict
        In the order of the first preset's parameters.

    Examples
    --------
    >>> from experiments import EXPERIMENTS
    >>> specs = param_specs(EXPERIMENTS["vinh2009-fig1"])
    >>> specs["one_sided"].describe()
    'true or false'
    >>> specs["ks"].parse("2,4,8")
    (2, 4, 8)
    >>> specs["random_model"].describe()
    'one of: perm, num, all'
    """
    try:
        hints = typing.get_type_hints(experiment.run)
    except Exception:  # an annotation that does not resolve: fall back on the presets
        hints = {}
    signature = inspect.signature(experiment.run)
    names: dict[str, Any] = {}
    for preset in experiment.presets.values():
        for name, value in preset.items():
            if name not in names or names[name] is None:
                names[name] = value
    specs = {}
    for name, value in names.items():
        kind, optional = _from_hint(hints.get(name))
        if kind is None:
            kind = _from_value(value)
        default = signature.parameters.get(name)
        optional = optional or (default is not None and default.default is None)
        optional = optional or any(p.get(name, 0) is None for p in experiment.presets.values())
        choices = experiment.choices.get(name)
        source = (lambda c=tuple(choices): list(c)) if choices is not None else \
            REGISTRY_CHOICES.get(name)
        if source is not None and kind.scalar is None and kind.item is None:
            kind = _Type(item=_Type(scalar="str")) if name.endswith("s") else \
                _Type(scalar="str")
        integers = kind.holds_int()
        if integers and name not in INTEGER_BOUNDS:
            raise ValueError(f"{experiment.name}: integer parameter {name!r} has no range: "
                             "add it to experiments.params.INTEGER_BOUNDS.")
        bounds = INTEGER_BOUNDS[name] if integers else None
        specs[name] = ExperimentParam(experiment.name, name, kind, optional, source, bounds)
    return specs
