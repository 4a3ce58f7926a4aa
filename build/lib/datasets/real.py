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
    """Read a real labelled dataset bundled with scikit-learn (nothing is downloaded).

    Parameters
    ----------
    name : {"iris", "wine", "breast_cancer", "digits"}

    Returns
    -------
    X : ndarray of shape (n_samples, n_features)
    y : ndarray of shape (n_samples,)
    feature_names : tuple of str

    Examples
    --------
    >>> X, y, names = load_real("iris")
    >>> X.shape, names[0]
    ((150, 4), 'sepal length (cm)')
    """
    bunch = LOADERS[name]()
    return bunch.data, bunch.target, tuple(str(f) for f in bunch.feature_names)
