"""The `DATASETS` registry and `load`."""

from __future__ import annotations

import inspect
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from datasets import drawn, generators
from datasets.base import Dataset
from datasets.base import standardize as zscore
from datasets.real import load_real
from metrics.seeding import as_generator, as_seed
from metrics.validation import check_integer, check_real

MIN_SAMPLES = 10
MAX_SAMPLES = 100_000


@dataclass(frozen=True, kw_only=True)
class DatasetSpec:
    """What the app needs to offer a dataset (entries are written with keyword arguments).

    Parameters
    ----------
    name : str
        Registry key.
    label : str
        Display name.
    description : str
        One line a student understands.
    kind : {"generator", "real", "drawn"}
    default_n : int
        Default number of points (for real sets: their size; for drawn points: the most a
        drawing holds).
    has_noise : bool
        Whether the ``noise`` argument of `load` means something for this set.
    default_noise, max_noise : float
        Default and largest accepted ``noise`` (0 when ``has_noise`` is False).
    intrinsic_dim : int or None
        The dimension of the surface the points lie on, when it is known (without noise).
    generate : callable or None
        For a generator set, ``generate(n_samples, seed, noise, **params) -> (X, y)`` (a
        function of :mod:`datasets.generators`; its keywords after ``noise`` are the set's
        extra parameters). None for a real set, which :func:`datasets.real.load_real` reads.

    Examples
    --------
    >>> spec = DATASETS["moons"]
    >>> spec.label, spec.kind, spec.has_noise, spec.max_noise
    ('Two moons', 'generator', True, 0.5)
    """

    name: str
    label: str
    description: str
    kind: str
    default_n: int
    has_noise: bool = False
    default_noise: float = 0.0
    max_noise: float = 0.0
    intrinsic_dim: int | None = None
    generate: Callable[..., tuple[np.ndarray, np.ndarray]] | None = None


def _gen(generate, label, description, n=500, noise=None, max_noise=0.0, intrinsic_dim=None):
    return DatasetSpec(name=generate.__name__, label=label, description=description,
                       kind="generator", default_n=n, has_noise=noise is not None,
                       default_noise=0.0 if noise is None else noise, max_noise=max_noise,
                       intrinsic_dim=intrinsic_dim, generate=generate)


_SPECS = [
    _gen(generators.blobs, "Blobs",
         "Three round Gaussian blobs; noise is their standard deviation.",
         noise=1.0, max_noise=5.0),
    _gen(generators.moons, "Two moons", "Two interleaving half circles; noise blurs them together.",
         noise=0.05, max_noise=0.5),
    _gen(generators.circles, "Circles", "A small circle inside a large one; noise blurs the rings.",
         noise=0.05, max_noise=0.5),
    _gen(generators.anisotropic, "Anisotropic blobs",
         "Three stretched, parallel elliptical blobs; noise is the blob spread before stretching.",
         noise=1.0, max_noise=3.0),
    _gen(generators.varied_variance, "Varied variance",
         "Three Gaussian blobs with very different spreads (standard deviations 1, 2.5, 0.5)."),
    _gen(generators.no_structure, "No structure",
         "Points drawn uniformly in a square: there are no clusters to find."),
    _gen(generators.spirals, "Spirals", "Two interleaved spiral arms; noise blurs the arms.",
         n=1000, noise=0.5, max_noise=2.0),
    _gen(generators.nested_rings, "Nested rings", "Three concentric rings; noise blurs the rings.",
         n=1000, noise=0.1, max_noise=0.5),
    _gen(generators.unequal_density, "Unequal density",
         "A dense, a medium and a sparse blob: one density threshold cannot fit all three."),
    _gen(generators.plane_10d, "Plane in 10-D",
         "A flat square turned into 10 dimensions: 10 features, intrinsic dimension 2.",
         n=1000, intrinsic_dim=2),
    _gen(generators.swiss_roll, "Swiss roll",
         "A sheet rolled up in 3-D (intrinsic dimension 2); classes: four stretches along "
         "the roll.", n=1000, noise=0.05, max_noise=2.0, intrinsic_dim=2),
    _gen(generators.s_curve, "S-curve",
         "A sheet bent into an S in 3-D (intrinsic dimension 2); classes: four stretches "
         "along the S.", n=1000, noise=0.01, max_noise=0.5, intrinsic_dim=2),
    _gen(generators.xor, "XOR features",
         "Class = XOR of the signs of x1 and x2 (each useless alone), plus 4 noise features.",
         noise=0.35, max_noise=1.0),
    DatasetSpec(name="drawn", label="Drawn points", kind="drawn",
                default_n=drawn.MAX_POINTS, description=drawn.DESCRIPTION),
    DatasetSpec(name="iris", label="Iris", kind="real", default_n=150,
                description="150 iris flowers, 4 measurements, 3 species."),
    DatasetSpec(name="wine", label="Wine", kind="real", default_n=178,
                description="178 Italian wines, 13 chemical measurements, 3 cultivars."),
    DatasetSpec(name="breast_cancer", label="Breast cancer", kind="real", default_n=569,
                description="569 tumour biopsies, 30 cell-nucleus measurements, benign or "
                            "malignant."),
    DatasetSpec(name="digits", label="Digits", kind="real", default_n=1797,
                description="1797 handwritten digits as 8x8 grey images (64 features), 10 "
                            "classes."),
]

DATASETS: dict[str, DatasetSpec] = {s.name: s for s in _SPECS}

def _extra_params(func: Callable) -> list[str]:
    """Keyword parameters of a generator beyond (n, seed, noise)."""
    return list(inspect.signature(func).parameters)[3:]


def _check_noise(spec: DatasetSpec, noise: object) -> float:
    """The noise level to use: ``spec``'s default for None, else ``noise`` checked."""
    if noise is None or (not spec.has_noise and noise == spec.default_noise):
        return spec.default_noise
    if not spec.has_noise:
        raise ValueError(f"dataset {spec.name!r} has no noise parameter; leave noise=None")
    return check_real(noise, f"noise for dataset {spec.name!r}", 0, spec.max_noise)


def load(
    name: str,
    n_samples: int | None = None,
    random_state: int | np.random.Generator | None = 0,
    noise: float | None = None,
    standardize: bool = False,
    **params,
) -> Dataset:
    """Load a registered dataset.

    Parameters
    ----------
    name : str
        A key of `DATASETS`.
    n_samples : int, optional
        Number of points (default: the spec's ``default_n``). For a real set, a smaller value
        draws a deterministic random subsample of that size (without replacement, original
        order kept) from ``random_state``; its full size returns the whole set.
    random_state : None, int or numpy Generator, default=0
        Seed for generation or subsampling (:func:`metrics.seeding.as_seed`; None draws a
        fresh one).
    noise : float, optional
        Noise level for sets with ``has_noise`` (default: ``default_noise``), in
        [0, ``max_noise``]. Sets without noise accept only None or their default 0.
    standardize : bool
        Scale each feature to zero mean and unit variance.
    **params
        Generator-specific options (``blobs``: ``centers``, ``n_features``); ``drawn``
        takes only ``points``, the link text of `datasets.drawn.encode_points` (at least
        `MIN_SAMPLES` points; ``n_samples``, ``random_state`` and ``noise`` are ignored).

    Returns
    -------
    Dataset

    Raises
    ------
    ValueError
        Unknown dataset, ``n_samples`` or ``noise`` out of range, unknown extra parameter.

    Examples
    --------
    >>> data = load("blobs", n_samples=60, random_state=1, centers=4)
    >>> data.X.shape, len(set(data.y.tolist()))
    ((60, 2), 4)
    >>> load("iris", n_samples=50).X.shape
    (50, 4)
    >>> again = load(**data.source)  # ``source`` makes the same data again
    >>> bool((again.X == data.X).all())
    True
    >>> load("drawn", points="AAAA" * 12).n_samples  # 12 points drawn at one corner
    12
    >>> load("moons", noise=2.0)
    Traceback (most recent call last):
    ...
    metrics.validation.ParameterError: noise for dataset 'moons' must be a finite number in [0, 0.5], got 2.0
    """  # noqa: E501
    if name not in DATASETS:
        raise ValueError(f"unknown dataset {name!r}; valid names: {', '.join(DATASETS)}")
    spec = DATASETS[name]
    if spec.kind == "drawn":
        return _load_drawn(standardize=standardize, **params)
    seed = as_seed(random_state)
    high = spec.default_n if spec.kind == "real" else MAX_SAMPLES
    n = check_integer(spec.default_n if n_samples is None else n_samples,
                      f"n_samples for dataset {name!r}", MIN_SAMPLES, high)
    noise = _check_noise(spec, noise)

    # The parameters every dataset takes, named in the message for a misspelt one.
    common = ("n_samples", "random_state", *(("noise",) if spec.has_noise else ()),
              "standardize")
    if spec.kind == "real":
        if params:
            raise ValueError(f"unknown parameter(s) {sorted(params)} for dataset {name!r}; "
                             f"valid: {', '.join(common)}")
        X, y, features = load_real(name)
        if n < len(y):
            keep = np.sort(as_generator(seed).choice(len(y), size=n, replace=False))
            X, y = X[keep], y[keep]
    else:
        func = spec.generate
        allowed = _extra_params(func)
        unknown = sorted(set(params) - set(allowed))
        if unknown:
            raise ValueError(
                f"unknown parameter(s) {unknown} for dataset {name!r}; "
                f"valid: {', '.join([*common, *allowed])}"
            )
        X, y = func(n, seed, noise, **params)
        features = tuple(f"x{j + 1}" for j in range(X.shape[1]))
    X = np.asarray(X, dtype=float)
    if standardize:
        X = zscore(X)
    source = dict(name=name, n_samples=n, random_state=seed,
                  noise=noise if spec.has_noise else None, standardize=bool(standardize),
                  **params)
    return Dataset(X=X, y=np.asarray(y, dtype=int), name=name, description=spec.description,
                   feature_names=features, source=source)



def _load_drawn(standardize: bool = False, points: str = "", **params) -> Dataset:
    if params:
        raise ValueError(f"dataset 'drawn' takes only points, got {sorted(params)}")
    data = drawn.drawn_dataset(points, standardize=standardize)
    if data.n_samples < MIN_SAMPLES:
        raise ValueError(f"draw at least {MIN_SAMPLES} points (click or drag on the "
                         f"chart); there are {data.n_samples}")
    return data
