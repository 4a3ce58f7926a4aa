"""Real labelled datasets bundled with scikit-learn (read from disk, nothing downloaded)."""

from __future__ import annotations

from sklearn import datasets as skd

LOADERS = {
    "iris": skd.load_iris,
    "wine": skd.load_wine,
    "breast_cancer": skd.load_breast_cancer,
    "digits": skd.load_digits,
}


def load_real(name: str):
    """Return (X, y, feature_names) of a bundled scikit-learn dataset."""
    bunch = LOADERS[name]()
    return bunch.data, bunch.target, tuple(str(f) for f in bunch.feature_names)
