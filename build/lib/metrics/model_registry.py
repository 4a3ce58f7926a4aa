"""The random models by name: the one list of ``random_model=`` values.

Every list of model names (the measures, the Monte Carlo correction, the sampler, the
experiments, the app's switches) reads :data:`RANDOM_MODELS`; adding a model is one
:class:`~metrics.random_models.RandomModel` subclass and one entry here.
"""

from __future__ import annotations

from metrics._checks import check_bool
from metrics.random_models import AllModel, NumModel, PermutationModel, RandomModel

__all__ = ["RANDOM_MODELS", "get_random_model", "model_sides"]

#: ``random_model=`` name -> model, in the order the app lists them.
RANDOM_MODELS: dict[str, RandomModel] = {
    model.name: model for model in (PermutationModel(), NumModel(), AllModel())
}


def get_random_model(random_model: str) -> RandomModel:
    """The :class:`~metrics.random_models.RandomModel` registered under ``random_model``.

    Parameters
    ----------
    random_model : str
        A key of :data:`RANDOM_MODELS`.

    Returns
    -------
    RandomModel

    Raises
    ------
    ValueError
        If no model has that name; the message lists the names there are.

    Examples
    --------
    >>> get_random_model("num").description
    'any partition into the same number of clusters'
    """
    try:
        return RANDOM_MODELS[random_model]
    except (KeyError, TypeError):
        raise ValueError(
            f"unknown random_model {random_model!r}: use one of {', '.join(RANDOM_MODELS)}."
        ) from None


def model_sides(random_model: str, one_sided: bool) -> tuple[RandomModel, RandomModel]:
    """Models of (labels_true, labels_pred): one-sided keeps labels_true as it is ("perm").

    The chance-adjusted measures call it first, once: it checks their options (so that even
    their shortcuts, identical labelings or n < 2, refuse bad ones) and hands the two models
    to their unchecked internals.

    Parameters
    ----------
    random_model : str
        A key of :data:`RANDOM_MODELS`: the model of the random side(s).
    one_sided : bool
        Keep labels_true fixed (its actual cluster sizes, the permutation model).

    Returns
    -------
    tuple of RandomModel
        The models of labels_true and labels_pred.

    Raises
    ------
    ValueError
        If ``random_model`` is not registered.
    TypeError
        If ``one_sided`` is not True or False.

    Examples
    --------
    >>> [m.name for m in model_sides("all", one_sided=True)]
    ['perm', 'all']
    >>> model_sides("num", one_sided="no")
    Traceback (most recent call last):
    ...
    TypeError: one_sided must be True or False, got 'no'
    """
    model = get_random_model(random_model)
    return (RANDOM_MODELS["perm"] if check_bool(one_sided, "one_sided") else model), model
