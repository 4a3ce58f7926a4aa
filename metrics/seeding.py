"""The one rule turning ``random_state`` into randomness, in the spirit of scikit-learn's
``check_random_state`` but for numpy Generators.

Every function of ClusterLab that draws takes ``random_state``: ``None`` (fresh entropy), an
int seed, or a :class:`numpy.random.Generator` (used as it is, so a caller can thread one
stream through several calls). It lives in metrics, the lowest computing package, so that
metrics, datasets, clustering and experiments share it without an import circle (metrics
imports none of them).

Seeds are ints in ``[0, MAX_SEED]``: scikit-learn's estimators and dataset generators (which
datasets and clustering hand the same seed to) accept no others, so a seed valid in one place
is valid everywhere, and a seed typed in the app or a URL fails early with a clear message.
"""

from __future__ import annotations

import numpy as np

from metrics.validation import check_integer

__all__ = ["MAX_SEED", "as_generator", "as_seed", "check_seed"]

#: Largest seed: 2**32 - 1, the largest scikit-learn's ``RandomState`` accepts.
MAX_SEED = 2**32 - 1


def check_seed(seed: object, name: str = "random_state") -> int:
    """``seed`` as a Python int, checked to be a whole number in ``[0, MAX_SEED]``.

    Parameters
    ----------
    seed : int
        The seed (numpy integers are accepted; booleans are not).
    name : str
        The parameter's name, used in error messages.

    Returns
    -------
    int

    Raises
    ------
    metrics.validation.ParameterError
        A ValueError and a TypeError: if ``seed`` is not an integer, or is negative or larger
        than ``MAX_SEED``.

    Examples
    --------
    >>> check_seed(42)
    42
    >>> check_seed(-1, "seed")
    Traceback (most recent call last):
    ...
    metrics.validation.ParameterError: seed must be an integer in [0, 4294967295], got -1
    """
    return check_integer(seed, name, 0, MAX_SEED)


def as_generator(random_state: object, name: str = "random_state") -> np.random.Generator:
    """A numpy Generator from ``random_state``: None, an int seed, or a Generator.

    A Generator is returned as it is (the caller's stream advances); None gives a generator
    seeded from fresh OS entropy; an int (checked by :func:`check_seed`) gives
    ``numpy.random.default_rng(seed)``, so the result is deterministic given it.

    Parameters
    ----------
    random_state : None, int or numpy.random.Generator
    name : str
        The parameter's name, used in error messages.

    Returns
    -------
    numpy.random.Generator

    Raises
    ------
    TypeError
        If ``random_state`` is of another type (e.g. a float or a legacy RandomState).
    ValueError
        If an int seed is negative or larger than ``MAX_SEED``.

    Examples
    --------
    >>> as_generator(0).integers(10, size=3).tolist() == as_generator(0).integers(
    ...     10, size=3).tolist()
    True
    >>> rng = as_generator(None)
    >>> as_generator(rng) is rng
    True
    """
    if isinstance(random_state, np.random.Generator):
        return random_state
    if random_state is None:
        return np.random.default_rng()
    return np.random.default_rng(check_seed(random_state, name))


def as_seed(random_state: object, name: str = "random_state") -> int:
    """An int seed from ``random_state``, for scikit-learn (which takes no numpy Generator).

    The same rule as :func:`as_generator`: an int seed (checked by :func:`check_seed`) is
    returned as it is; a Generator gives one int in ``[0, 2**31 - 1)`` drawn from it
    (advancing it), so a pipeline stays deterministic given the Generator; None gives a seed
    drawn from fresh OS entropy.

    Parameters
    ----------
    random_state, name
        As in :func:`as_generator`.

    Returns
    -------
    int
        Errors are those of :func:`as_generator` (a wrong type, an int seed out of range).

    Examples
    --------
    >>> as_seed(7)
    7
    >>> as_seed(np.random.default_rng(1)) == as_seed(np.random.default_rng(1))
    True
    >>> 0 <= as_seed(None) < 2**31 - 1
    True
    """
    if random_state is None or isinstance(random_state, np.random.Generator):
        return int(as_generator(random_state, name).integers(2**31 - 1))
    return check_seed(random_state, name)
