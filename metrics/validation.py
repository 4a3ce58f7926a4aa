"""One place that checks every value coming from a caller: integers, reals, choices, booleans.

Each check returns the value in its canonical Python type and raises :class:`ParameterError`
otherwise, with a message that names the parameter, says what it must be and shows what it
got. ``ParameterError`` is both a ``ValueError`` and a ``TypeError`` (as scikit-learn's
``InvalidParameterError``), so callers catching either keep working.

The one idea of an integer used everywhere: a Python ``int`` or a numpy integer, never a
``bool`` and never a float (``3.0`` is refused: a caller that reads text parses it first, see
:func:`parse_integer`). A real is any of those or a Python/numpy float, finite unless the bounds
say otherwise.

This module sits at the lowest layer (it imports numpy and metrics._docstring only), so
metrics, datasets, clustering, explorer, experiments and the front ends all use it.
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Collection
from dataclasses import dataclass
from typing import Any

import numpy as np

from metrics._docstring import fill_doc

__all__ = [
    "Interval",
    "ParameterError",
    "check_bool",
    "check_choice",
    "check_integer",
    "check_real",
    "check_text",
    "parse_integer",
    "parse_real",
    "shown_value",
]


_with_name = fill_doc(name="""\
name : str
    The parameter's name, used in the message.""")


class ParameterError(ValueError, TypeError):
    """A parameter of the wrong type or outside its range (a ValueError and a TypeError).

    Parameters
    ----------
    message : str
        What was wrong and what is valid.

    Examples
    --------
    >>> isinstance(ParameterError("k must be ..."), ValueError | TypeError)
    True
    """


@dataclass(frozen=True)
class Interval:
    """The range a number may take: ``[low, high]``, either end open or absent (``None``).

    Parameters
    ----------
    low, high : float or None
        The ends; ``None`` leaves that end unbounded.
    low_open, high_open : bool
        Whether the end itself is excluded.

    Examples
    --------
    >>> Interval(0, 1, low_open=True).describe()
    '(0, 1]'
    >>> 0 in Interval(0, 1, low_open=True), 1 in Interval(0, 1, low_open=True)
    (False, True)
    >>> Interval(2, None).describe()
    '[2, inf)'
    """

    low: float | None = None
    high: float | None = None
    low_open: bool = False
    high_open: bool = False

    def __contains__(self, value: float) -> bool:
        if self.low is not None and (value <= self.low if self.low_open else value < self.low):
            return False
        return self.high is None or (value < self.high if self.high_open else value <= self.high)

    def describe(self) -> str:
        """The interval in mathematical notation, ``inf`` for an absent end."""
        low = "-inf" if self.low is None else f"{self.low:g}"
        high = "inf" if self.high is None else f"{self.high:g}"
        left = "(" if self.low_open or self.low is None else "["
        right = ")" if self.high_open or self.high is None else "]"
        return f"{left}{low}, {high}{right}"


# A message shows at most this many characters of the value it refuses: a 10,000-digit number
# or a megabyte of text must not become a megabyte of error message.
MAX_SHOWN = 80


def shown_value(value: object) -> str:
    """``repr(value)`` cut to :data:`MAX_SHOWN` characters, for a message about ``value``.

    Parameters
    ----------
    value : object
        The value a message refuses.

    Returns
    -------
    str
        Its repr, or a short description of an integer too long to write out (Python
        refuses to write integers of over 4,300 digits).

    Examples
    --------
    >>> shown_value("x" * 100)[-6:], shown_value(10**5000)
    ('xxx...', 'an integer of about 5000 digits')
    """
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 256:
        return f"an integer of about {int(value.bit_length() * 0.30103)} digits"
    text = repr(value)
    return text if len(text) <= MAX_SHOWN else f"{text[:MAX_SHOWN - 3]}..."


def _is_integer(value: object) -> bool:
    return isinstance(value, numbers.Integral) and not isinstance(value, bool | np.bool_)


@_with_name
def check_integer(value: object, name: str, low: int | None = None,
                  high: int | None = None) -> int:
    """``value`` as a Python ``int`` if it is an integer in ``[low, high]``.

    Parameters
    ----------
    value : object
        The value to check: a Python or numpy integer (not a bool, not a float).
    %(name)s
    low, high : int or None
        The smallest and largest values allowed; ``None`` leaves that end open.

    Returns
    -------
    int
        ``value`` as a Python int (a numpy integer is converted).

    Raises
    ------
    ParameterError
        When ``value`` is not an integer or lies outside ``[low, high]``.

    Examples
    --------
    >>> check_integer(np.int64(10), "n_draws", 1, 10**6)
    10
    >>> check_integer(3.0, "n_clusters", 1)
    Traceback (most recent call last):
    ...
    metrics.validation.ParameterError: n_clusters must be an integer in [1, inf), got 3.0
    >>> check_integer(10**30, "n_draws", 1, 10**6)
    Traceback (most recent call last):
    ...
    metrics.validation.ParameterError: n_draws must be an integer in [1, 1000000], got 1000000000000000000000000000000
    """  # noqa: E501
    if not _is_integer(value) or int(value) not in Interval(low, high):
        raise _not_an_integer(name, low, high, value)
    return int(value)


def _not_an_integer(name: str, low: int | None, high: int | None, got: object) -> ParameterError:
    # Integer bounds written out in full: %g would round 2**32 - 1 to 4.29497e+09.
    left = "(-inf" if low is None else f"[{low}"
    right = "inf)" if high is None else f"{high}]"
    return ParameterError(f"{name} must be an integer in {left}, {right}, got {shown_value(got)}")


def _not_a_real(name: str, interval: Interval, got: object,
                allow_inf: bool = False) -> ParameterError:
    if allow_inf:
        # The infinite ends belong to the range: written closed, as ``(0, inf]``.
        text = interval.describe()
        text = ("[" + text[1:] if text.startswith("(-inf") else text)
        text = (text[:-1] + "]" if text.endswith("inf)") else text)
        return ParameterError(f"{name} must be a number in {text}, got {shown_value(got)}")
    return ParameterError(
        f"{name} must be a finite number in {interval.describe()}, got {shown_value(got)}"
    )


@_with_name
def check_real(value: object, name: str, low: float | None = None, high: float | None = None,
               *, low_open: bool = False, high_open: bool = False,
               allow_inf: bool = False) -> float:
    """``value`` as a Python ``float`` if it is a finite real number in the given interval.

    Parameters
    ----------
    value : object
        The value to check: a Python or numpy integer or float (not a bool), finite.
    %(name)s
    low, high : float or None
        The interval's ends; ``None`` leaves that end unbounded.
    low_open, high_open : bool
        Whether the ends themselves are excluded.
    allow_inf : bool
        Also accept an infinite value at an unbounded end (Minkowski's ``p = inf``, the
        Chebyshev distance); NaN is always refused.

    Returns
    -------
    float
        ``value`` as a Python float.

    Raises
    ------
    ParameterError
        When ``value`` is not a finite real number inside the interval.

    Examples
    --------
    >>> check_real(0.5, "noise", 0, 1)
    0.5
    >>> check_real(float("nan"), "eps", 0, low_open=True)
    Traceback (most recent call last):
    ...
    metrics.validation.ParameterError: eps must be a finite number in (0, inf), got nan
    >>> check_real(np.inf, "p", 0, low_open=True, allow_inf=True)
    inf
    """
    interval = Interval(low, high, low_open, high_open)
    ok = isinstance(value, numbers.Real) and not isinstance(value, bool | np.bool_)
    # An integer too large for a float (10**400) is refused, not an OverflowError.
    number = _as_float(value) if ok else math.nan
    if math.isnan(number) or number not in interval or (not allow_inf and math.isinf(number)):
        raise _not_a_real(name, interval, value, allow_inf)
    return number


def _as_float(value: numbers.Real) -> float:
    try:
        return float(value)
    except OverflowError:
        return math.nan


@_with_name
def check_choice(value: Any, name: str, choices: Collection[Any]) -> Any:
    """``value`` if it is one of ``choices``, else an error listing the valid ones.

    Parameters
    ----------
    value : object
        The value to check.
    %(name)s
    choices : collection
        The allowed values, listed in the message in their own order.

    Returns
    -------
    object
        ``value`` itself.

    Raises
    ------
    ParameterError
        When ``value`` is not among ``choices`` (or cannot be compared with them).

    Examples
    --------
    >>> check_choice("sqrt", "normalization", ("min", "sqrt", "max"))
    'sqrt'
    >>> check_choice("mean", "normalization", ("min", "sqrt", "max"))
    Traceback (most recent call last):
    ...
    metrics.validation.ParameterError: normalization must be one of 'min', 'sqrt', 'max'; got 'mean'
    """
    try:
        found = value in choices
    except TypeError:  # an unhashable value asked of a set or dict
        found = False
    if not found:
        raise ParameterError(
            f"{name} must be one of {', '.join(map(repr, choices))}; got {shown_value(value)}"
        )
    return value


@_with_name
def check_bool(value: object, name: str) -> bool:
    """``value`` if it is True or False (Python or numpy), else an error naming ``name``.

    A string such as ``"no"`` is refused rather than read as True.

    Parameters
    ----------
    value : object
        The value to check.
    %(name)s

    Returns
    -------
    bool
        ``value`` as a Python bool.

    Raises
    ------
    ParameterError
        When ``value`` is not a bool.

    Examples
    --------
    >>> check_bool(np.False_, "one_sided")
    False
    >>> check_bool("no", "one_sided")
    Traceback (most recent call last):
    ...
    metrics.validation.ParameterError: one_sided must be True or False, got 'no'
    """
    if not isinstance(value, bool | np.bool_):
        raise ParameterError(f"{name} must be True or False, got {shown_value(value)}")
    return bool(value)


@_with_name
def check_text(value: object, name: str, max_length: int, *, one_line: bool = False) -> str:
    """``value`` if it is a string of at most ``max_length`` characters.

    Parameters
    ----------
    value : object
        The value to check.
    %(name)s
    max_length : int
        The most characters allowed: a bound on the memory and time any text costs.
    one_line : bool
        Also refuse line breaks (a name or title shown on one line).

    Returns
    -------
    str
        ``value`` itself.

    Raises
    ------
    ParameterError
        When ``value`` is not a string, is too long or (with ``one_line``) breaks a line.

    Examples
    --------
    >>> check_text("blobs.csv", "file name", 255, one_line=True)
    'blobs.csv'
    >>> check_text("a" * 300, "file name", 255)
    Traceback (most recent call last):
    ...
    metrics.validation.ParameterError: file name must be text of at most 255 characters, got 300 characters
    """  # noqa: E501
    if not isinstance(value, str):
        raise ParameterError(f"{name} must be text, got {shown_value(value)}")
    if len(value) > max_length:
        raise ParameterError(f"{name} must be text of at most {max_length:,} characters, "
                             f"got {len(value):,} characters")
    if one_line and len(value.splitlines()) > 1:
        raise ParameterError(f"{name} must be one line of text, got {shown_value(value)}")
    return value


# Text longer than this is refused before parsing: no integer we accept needs more digits, and
# Python's int() of a huge digit string costs quadratic time.
MAX_NUMBER_TEXT = 40


def parse_integer(text: str, name: str, low: int | None = None, high: int | None = None) -> int:
    """An integer read from text (a URL, a lesson file, a command line), then checked.

    Accepts decimal digits with an optional sign, and a float literal with an integral value
    (``"3.0"``, ``"1e3"``: links written by older versions carry those); refuses anything
    else, including ``"1e309"``, ``"nan"``, ``"²"``, ``"1_000"`` and text over 40 characters.

    Parameters
    ----------
    text : str
        The text to read.
    name, low, high
        As in :func:`check_integer`.

    Returns
    -------
    int
        The integer the text writes.

    Raises
    ------
    ParameterError
        When the text is not an integer in ``[low, high]``.

    Examples
    --------
    >>> parse_integer(" 42 ", "seed", 0, 2**32 - 1)
    42
    >>> parse_integer("1e3", "n_draws", 1, 10**6)
    1000
    >>> parse_integer("1e309", "seed", 0, 2**32 - 1)
    Traceback (most recent call last):
    ...
    metrics.validation.ParameterError: seed must be an integer in [0, 4294967295], got '1e309'
    """
    value = _parse_number(text)
    if value is None or value != int(value) or int(value) not in Interval(low, high):
        raise _not_an_integer(name, low, high, text)
    return int(value)


def parse_real(text: str, name: str, low: float | None = None, high: float | None = None, *,
               low_open: bool = False, high_open: bool = False) -> float:
    """A finite real number read from text, then checked against the interval.

    Parameters
    ----------
    text : str
        The text to read (``"0.5"``, ``"1e-3"``); ``"nan"``, ``"inf"`` and text over 40
        characters are refused.
    name, low, high, low_open, high_open
        As in :func:`check_real`.

    Returns
    -------
    float
        The number the text writes.

    Raises
    ------
    ParameterError
        When the text is not a finite number inside the interval.

    Examples
    --------
    >>> parse_real("0.25", "eps", 0, low_open=True)
    0.25
    >>> parse_real("-inf", "eps", 0, low_open=True)
    Traceback (most recent call last):
    ...
    metrics.validation.ParameterError: eps must be a finite number in (0, inf), got '-inf'
    """
    value = _parse_number(text)
    interval = Interval(low, high, low_open, high_open)
    if value is None or value not in interval:
        raise _not_a_real(name, interval, text)
    return float(value)


def _parse_number(text: object) -> int | float | None:
    """An int or float from plain ASCII number text, or None when it is not one."""
    if not isinstance(text, str) or len(text) > MAX_NUMBER_TEXT:
        return None
    stripped = text.strip()
    # str.isdigit() and float() accept non-ASCII digits such as '²' or '٣', and Python's
    # digit separators ('1_000'); a link never needs them, so only plain ASCII is read.
    if not stripped.isascii() or "_" in stripped:
        return None
    try:
        return int(stripped)
    except ValueError:
        pass
    try:
        value = float(stripped)
    except ValueError:
        return None
    return value if math.isfinite(value) else None
