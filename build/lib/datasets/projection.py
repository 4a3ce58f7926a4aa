"""Two-dimensional views of a dataset for scatter plots."""

import numpy as np
from sklearn.decomposition import PCA


def project_2d(
    X: np.ndarray, feature_names: tuple[str, ...] = ()
) -> tuple[np.ndarray, tuple[str, str]]:
    """Coordinates to plot and their axis titles.

    Two features are shown as they are. More are projected on the first two principal
    components (PCA, centred, no scaling), and each axis title gives the share of variance it
    explains, so a student sees how faithful the picture is. One feature is drawn against zero.

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
    feature_names : tuple of str, optional
        Axis titles when ``X`` has one or two columns (default ``x1``, ``x2``).

    Returns
    -------
    coordinates : ndarray of shape (n_samples, 2)
    titles : tuple of two str

    Raises
    ------
    ValueError
        If ``X`` is not a non-empty 2-D array.

    Examples
    --------
    >>> import numpy as np
    >>> X = np.array([[0.0, 0, 0], [2, 0, 0], [0, 1, 0], [2, 1, 0]])
    >>> xy, titles = project_2d(X)
    >>> titles
    ('PC1 (80% of variance)', 'PC2 (20%)')
    >>> project_2d([[1.0], [2.0]])[1]
    ('x1', '')
    """
    X = np.asarray(X, dtype=float)
    if X.ndim != 2 or X.shape[0] == 0:
        raise ValueError(f"X must be a non-empty 2-D array, got shape {X.shape}")
    names = tuple(feature_names) or tuple(f"x{i + 1}" for i in range(X.shape[1]))
    if X.shape[1] == 1:
        return np.column_stack([X[:, 0], np.zeros(len(X))]), (names[0], "")
    if X.shape[1] == 2:
        return X, (names[0], names[1])
    pca = PCA(n_components=2, svd_solver="full").fit(X)
    share = pca.explained_variance_ratio_
    return pca.transform(X), (f"PC1 ({share[0]:.0%} of variance)", f"PC2 ({share[1]:.0%})")
