"""Chance correction of any measure by Monte Carlo under a random model.

    adjusted = (s - E[s]) / (best - E[s])

where s is the measure on the two clusterings, E[s] its mean over random clusterings drawn
from the model (each side drawn independently; with ``one_sided=True`` labels_true is kept
and only labels_pred is drawn), and ``best`` the measure's best value. This is eq. 1 of
Gates & Ahn 2017 (Hubert & Arabie 1985), with E[s] estimated from ``n_samples`` draws.

Random sides are drawn by :func:`metrics._sampling.sample_clustering` from the side's own
cluster sizes: "perm" shuffles them, "num" draws a uniform partition with the side's number
of clusters, "all" a uniform partition of n elements.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import NamedTuple

import numpy as np

from metrics._docstring import fill_doc
from metrics._labels import check_pair, encode
from metrics._sampling import sample_clustering
from metrics.model_registry import get_random_model
from metrics.registry import MEASURES
from metrics.seeding import as_generator
from metrics.validation import check_bool, check_integer, check_real

__all__ = ["MAX_LABEL_DRAWS", "MonteCarloResult", "monte_carlo_adjusted"]

#: Largest ``n_samples * n`` (labels drawn) `monte_carlo_adjusted` accepts: about a minute
#: of work; more would hold the process far longer than any estimate needs.
MAX_LABEL_DRAWS = 100_000_000


class MonteCarloResult(NamedTuple):
    """Result of :func:`monte_carlo_adjusted`.

    Parameters
    ----------
    value, expected, std_error, expected_std_error, raw, best : float
        See the attributes below.
    n_samples : int
        Number of random pairs drawn.

    Examples
    --------
    >>> r = MonteCarloResult(value=0.5, expected=0.5, std_error=0.01,
    ...                      expected_std_error=0.004, raw=0.75, best=1.0, n_samples=100)
    >>> r.value == (r.raw - r.expected) / (r.best - r.expected)
    True
    """

    value: float
    """The adjusted value (s - E[s]) / (best - E[s])."""
    expected: float
    """The Monte Carlo estimate of E[s]."""
    std_error: float
    """Standard error of ``value`` (delta method from that of ``expected``)."""
    expected_std_error: float
    """Standard error of ``expected``: sd of the draws / sqrt(n_samples)."""
    raw: float
    """The measure s itself."""
    best: float
    """The best value used."""
    n_samples: int


def _resolve_measure(measure) -> tuple[Callable[..., float], float | None]:
    if callable(measure):
        return measure, None
    if measure not in MEASURES:
        raise ValueError(
            f"unknown measure {measure!r}: pass a key of metrics.MEASURES or a function "
            f"f(labels_true, labels_pred) -> float."
        )
    spec = MEASURES[measure]
    best = spec.range[1] if spec.higher_is_better else spec.range[0]
    return spec.function, (best if math.isfinite(best) else None)


def _codes(labels) -> np.ndarray:
    codes = encode(labels)[0]
    return np.unique(codes, return_inverse=True)[1]


def _draw(labels: np.ndarray, model: str, rng: np.random.Generator) -> np.ndarray:
    """A clustering drawn from ``model`` for a side with these labels (codes 0..K-1)."""
    sizes = np.bincount(labels)
    return sample_clustering(labels.size, model, n_clusters=sizes.size, sizes=sizes,
                             random_state=rng)


@fill_doc
def monte_carlo_adjusted(
    measure,
    labels_true,
    labels_pred,
    *,
    random_model: str = "perm",
    one_sided: bool = False,
    n_samples: int = 1000,
    random_state=None,
    best: float | None = None,
) -> MonteCarloResult:
    """Adjust a measure for chance by Monte Carlo: (s - E[s]) / (best - E[s]).

    Parameters
    ----------
    measure : str or callable
        A key of :data:`metrics.MEASURES` or a function ``f(labels_true, labels_pred)``.
    labels_true, labels_pred : array-like
        The two clusterings (labels_true is the fixed side when ``one_sided``).
    %(random_model)s
    %(one_sided)s
    n_samples : int
        Number of random pairs drawn (>= 2, and ``n_samples * n <= MAX_LABEL_DRAWS``, 1e8).
    random_state : None, int or numpy.random.Generator
    best : float, optional
        The best value of the measure. Default: the best end of the registered range when
        finite (1 for similarities, 0 for distances), otherwise the mean of
        s(labels_true, labels_true) and s(labels_pred, labels_pred) (e.g. the mean entropy
        for mutual information, as in AMI).

    Returns
    -------
    MonteCarloResult
        value, expected, std_error, expected_std_error, raw, best, n_samples.

    Raises
    ------
    ValueError
        Unknown measure or random model, ``n_samples`` < 2 or beyond the work bound, ``best``
        not a finite number, labels that do not match.
    TypeError
        ``one_sided`` not True or False.

    References
    ----------
    .. [1] %(ref_gates2017)s, eq. (1) (the expectation estimated by sampling).

    Examples
    --------
    The Rand index adjusted under "perm" is the ARI (Hubert & Arabie 1985), which is 4/7
    for scikit-learn's example pair; the estimate lands within a few standard errors:

    >>> r = monte_carlo_adjusted("ri", [0, 0, 1, 1], [0, 0, 1, 2], n_samples=1000,
    ...                          random_state=0)
    >>> r.raw  # 5 of the 6 pairs agree
    0.8333333333333334
    >>> bool(abs(r.value - 4 / 7) < 0.02)
    True

    Identical clusterings score 1 whatever E[s] is: (best - E) / (best - E).

    >>> float(monte_carlo_adjusted("ri", [0, 0, 1, 1, 2], [0, 0, 1, 1, 2],
    ...                            n_samples=100, random_state=0).value)
    1.0
    """
    get_random_model(random_model)
    check_bool(one_sided, "one_sided")
    n_samples = check_integer(n_samples, "n_samples", 2)
    if best is not None:
        best = check_real(best, "best")
    function, registered_best = _resolve_measure(measure)
    true_arr, pred_arr = check_pair(labels_true, labels_pred)
    if n_samples * true_arr.size > MAX_LABEL_DRAWS:
        raise ValueError(
            f"n_samples * n = {n_samples:,} * {true_arr.size:,} is more than the "
            f"{MAX_LABEL_DRAWS:,} labels monte_carlo_adjusted draws: lower n_samples to "
            f"{max(2, MAX_LABEL_DRAWS // true_arr.size):,} or fewer."
        )
    true_codes, pred_codes = _codes(true_arr), _codes(pred_arr)
    rng = as_generator(random_state)
    raw = float(function(true_codes, pred_codes))
    if best is None:
        best = registered_best
    if best is None:
        best = 0.5 * (function(true_codes, true_codes) + function(pred_codes, pred_codes))
    draws = np.empty(n_samples)
    for s in range(n_samples):
        side_true = true_codes if one_sided else _draw(true_codes, random_model, rng)
        side_pred = _draw(pred_codes, random_model, rng)
        draws[s] = function(side_true, side_pred)
    expected = float(draws.mean())
    expected_se = float(draws.std(ddof=1) / math.sqrt(n_samples))
    span = best - expected
    if span == 0.0:
        return MonteCarloResult(0.0, expected, 0.0, expected_se, raw, best, n_samples)
    value = (raw - expected) / span
    # d value / d E = (raw - best) / (best - E)^2
    std_error = abs(raw - best) / span**2 * expected_se
    return MonteCarloResult(value, expected, std_error, expected_se, raw, best, n_samples)
