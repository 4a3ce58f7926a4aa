"""Checks of the measures' options, with messages that name the parameter and the fix."""

from __future__ import annotations

import numpy as np

__all__ = ["check_bool"]


def check_bool(value: object, name: str) -> bool:
    """``value`` if it is True or False (Python or numpy), else a TypeError naming ``name``.

    A string such as ``"no"`` is refused rather than read as True.

    Examples
    --------
    >>> check_bool(False, "one_sided")
    False
    >>> check_bool("no", "one_sided")
    Traceback (most recent call last):
    ...
    TypeError: one_sided must be True or False, got 'no'
    """
    if not isinstance(value, bool | np.bool_):
        raise TypeError(f"{name} must be True or False, got {value!r}")
    return bool(value)
