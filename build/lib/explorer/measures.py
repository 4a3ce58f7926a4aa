"""The measure registry as tables a student reads: one row per measure, one per random model."""

import math

import pandas as pd

import metrics

__all__ = ["measure_table", "models_table", "range_text"]


def range_text(low: float, high: float) -> str:
    """A range as mathematicians write it, infinite ends open.

    Parameters
    ----------
    low, high : float
        The ends (may be infinite).

    Returns
    -------
    str

    Examples
    --------
    >>> range_text(0.0, 1.0), range_text(-math.inf, 1.0)
    ('[0, 1]', '(−∞, 1]')
    """
    def end(x: float) -> str:
        return ("−∞" if x < 0 else "∞") if math.isinf(x) else f"{x:g}"

    left = "(" if math.isinf(low) else "["
    right = ")" if math.isinf(high) else "]"
    return f"{left}{end(low)}, {end(high)}{right}"


def measure_table(values: dict[str, float]) -> pd.DataFrame:
    """One row per measure of ``values`` (keys of :data:`metrics.MEASURES`, in that order):
    its label, value, family, whether adjusted, range, direction and meaning.

    Parameters
    ----------
    values : dict
        Measure key -> value, as :func:`metrics.compare` returns it.

    Returns
    -------
    pandas.DataFrame
        Columns measure, value, family, adjusted, range, higher is better, meaning, key.

    Examples
    --------
    >>> table = measure_table({"ari": 0.5, "vi": 1.2})
    >>> table[["measure", "range", "higher is better"]].values.tolist()
    [['Adjusted Rand index', '[-0.5, 1]', True], ['Variation of information', '[0, ∞)', False]]
    """
    rows = []
    for name, value in values.items():
        m = metrics.MEASURES[name]
        rows.append({
            "measure": m.label,
            "value": value,
            "family": m.family,
            "adjusted": m.adjusted,
            "range": range_text(*m.range),
            "higher is better": m.higher_is_better,
            "meaning": m.description,
            "key": name,
        })
    return pd.DataFrame(rows)


def models_table(contingency) -> pd.DataFrame:
    """ARI and AMI (arithmetic) of one table under every random model of
    :data:`metrics.RANDOM_MODELS`, two- and one-sided (Gates & Ahn 2017).

    Parameters
    ----------
    contingency : array-like or Contingency
        The contingency table (classes as rows).

    Returns
    -------
    pandas.DataFrame
        Columns random model (the model's label), one-sided, ARI, AMI (arithmetic): two rows
        per model.

    Examples
    --------
    >>> table = models_table([[5, 1], [0, 4]])
    >>> len(table), table["random model"].iloc[0]
    (6, 'perm: sizes fixed, points shuffled (Hubert & Arabie; Vinh et al.)')
    """
    rows = []
    for model in metrics.RANDOM_MODELS.values():
        for one_sided in (False, True):
            values = metrics.compare(contingency=contingency, measures=["ari", "ami_arithmetic"],
                                     random_model=model.name, one_sided=one_sided)
            rows.append({"random model": model.label, "one-sided": one_sided,
                         "ARI": values["ari"], "AMI (arithmetic)": values["ami_arithmetic"]})
    return pd.DataFrame(rows)
