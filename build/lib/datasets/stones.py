"""The slides' stone collection: a small table with integer, real and categorical features.

Rodriguez, clustering course, "My stone collection (2)": ten stones described by weight (g),
light wavelength (nm), shape, volume and rugosity, the example of a sample's "raw
characteristics" (cardinality, dimension and types of features).
"""

from __future__ import annotations

import pandas as pd

#: Each feature's type, as the slides label the columns.
STONE_FEATURE_TYPES: dict[str, str] = {
    "weight_g": "integer",
    "wavelength_nm": "integer",
    "shape": "categorical",
    "volume": "real",
    "rugosity": "real",
}

_ROWS = [
    (1, 20, 450, "spherical", 0.2, 1.04),
    (2, 33, 698, "cube", 0.4, 1.3),
    (3, 12, 543, "cube", 0.2, 0.8),
    (4, 70, 691, "spherical", 1.1, 1.9),
    (5, 120, 465, "cube", 0.3, 0.2),
    (6, 45, 486, "cube", 0.8, 0.3),
    (7, 136, 504, "cube", 1.35, 0.5),
    (8, 20, 504, "spherical", 0.2, 0.5),
    (9, 54, 623, "spherical", 0.5, 1.0),
    (10, 93, 430, "spherical", 0.7, 1.0),
]


def stone_collection() -> pd.DataFrame:
    """The ten stones of the slides, one row each, indexed by their number.

    Parameters
    ----------
    None

    Returns
    -------
    DataFrame
        Columns ``weight_g`` and ``wavelength_nm`` (int), ``shape`` (categorical: cube or
        spherical), ``volume`` and ``rugosity`` (float); see `STONE_FEATURE_TYPES`.

    Examples
    --------
    >>> stones = stone_collection()
    >>> stones.shape, stones.loc[7, "weight_g"], str(stones["shape"].dtype)
    ((10, 5), np.int64(136), 'category')
    """
    frame = pd.DataFrame(_ROWS, columns=["number", *STONE_FEATURE_TYPES]).set_index("number")
    frame["shape"] = frame["shape"].astype("category")
    return frame


def stone_binary_features(stones: pd.DataFrame | None = None) -> pd.DataFrame:
    """Yes/no features of the stones, for the distances between qualitative features.

    ``cube`` (shape), ``heavy`` (weight above 50 g), ``red`` (wavelength above 600 nm),
    ``large`` (volume above 0.5) and ``rough`` (rugosity above 1), as 0/1 integers.

    Parameters
    ----------
    stones : DataFrame, optional
        A table like `stone_collection`'s (default: that one).

    Returns
    -------
    DataFrame
        One row per stone, the five yes/no columns.

    Examples
    --------
    >>> stone_binary_features().loc[2].tolist()
    [1, 0, 1, 0, 1]
    """
    stones = stone_collection() if stones is None else stones
    return pd.DataFrame({
        "cube": stones["shape"] == "cube",
        "heavy": stones["weight_g"] > 50,
        "red": stones["wavelength_nm"] > 600,
        "large": stones["volume"] > 0.5,
        "rough": stones["rugosity"] > 1,
    }).astype(int)
