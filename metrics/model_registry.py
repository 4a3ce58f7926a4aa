"""The random models by name: the one list of ``random_model=`` values.

Every list of model names (the measures, the Monte Carlo correction, the sampler, the
experiments, the app's switches) reads :data:`RANDOM_MODELS`; adding a model is one
:class:`~metrics.random_models.RandomModel` subclass and one entry here.
"""

from __future__ import annotations

from metrics._checks import check_bool
from metrics.random_models import AllModel, NumModel, PermutationModel, RandomModel

__all__ = ["RANDOM_MODELS", "check_model_options", "get_random_model", "model_sides"]

#: ``random_model=`` name -> model, in the order the app lists them.
RANDOM_MODELS: dict[str, RandomModel] = {
    model.name: model for model in (PermutationModel(), NumModel(), AllModel())
}


def get_random_model(random_model: str) -> RandomModel:
    """The :class:`~metrics.random_models.RandomModel` registered under ``random_model``.

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


def check_model_options(random_model: object, one_sided: object) -> None:
    """Refuse an unknown ``random_model`` or a ``one_sided`` that is not True or False.

    The chance-adjusted measures call it first, so that even their shortcuts (identical
    labelings, n < 2) refuse bad options.

    Examples
    --------
    >>> check_model_options("num", one_sided="no")
    Traceback (most recent call last):
    ...
    TypeError: one_sided must be True or False, got 'no'
    """
    get_random_model(random_model)
    check_bool(one_sided, "one_sided")


def model_sides(random_model: str, one_sided: bool) -> tuple[RandomModel, RandomModel]:
    """Models of (labels_true, labels_pred): one-sided keeps labels_true as it is ("perm").

    Examples
    --------
    >>> [m.name for m in model_sides("all", one_sided=True)]
    ['perm', 'all']
    """
    model = get_random_model(random_model)
    return (RANDOM_MODELS["perm"] if check_bool(one_sided, "one_sided") else model), model
