"""Docstring fragments written once and substituted into many docstrings (as scipy does).

A docstring line holding only ``%(name)s`` is replaced by the fragment ``name`` of
:data:`FRAGMENTS`, indented as the placeholder was; :func:`fill_doc` does it for a function
or class. The parameters every measure shares (the two labelings, ``contingency=``, the random
model and its side) are thus worded once; tests/metrics/test_docstring_fragments.py checks
that every rendered docstring shows the same text.
"""

from __future__ import annotations

import re
from typing import TypeVar

__all__ = ["FRAGMENTS", "fill_doc", "render"]

FRAGMENTS: dict[str, str] = {
    "labels": """\
labels_true : array-like of shape (n_samples,), optional
    Reference labels (classes).
labels_pred : array-like of shape (n_samples,), optional
    Labels to compare (clusters).""",
    "contingency": """\
contingency : array-like of shape (n_classes, n_clusters) or Contingency, optional
    The table of counts instead of the two label vectors (rows classes, columns clusters).""",
    "random_model": """\
random_model : {"perm", "num", "all"}, default="perm"
    A key of :data:`metrics.RANDOM_MODELS` (Gates & Ahn 2017): fixed cluster sizes
    ("perm"), a uniform clustering with the same number of clusters ("num"), or any
    clustering ("all").""",
    "one_sided": """\
one_sided : bool, default=False
    Keep ``labels_true`` fixed (its own clustering) and draw only ``labels_pred`` at
    random.""",
}

_PLACEHOLDER = re.compile(r"^(?P<indent>[ \t]*)%\((?P<name>\w+)\)s[ \t]*$", re.MULTILINE)

T = TypeVar("T")


def render(doc: str) -> str:
    """``doc`` with every placeholder line replaced by its indented fragment.

    Parameters
    ----------
    doc : str
        A docstring whose placeholder lines hold only ``%(name)s``.

    Returns
    -------
    str

    Raises
    ------
    KeyError
        For a placeholder naming no fragment.

    Examples
    --------
    >>> print(render("    %(one_sided)s").splitlines()[0])
        one_sided : bool, default=False
    """
    def fragment(match: re.Match) -> str:
        indent = match["indent"]
        return "\n".join(indent + line for line in FRAGMENTS[match["name"]].splitlines())

    return _PLACEHOLDER.sub(fragment, doc)


def fill_doc(obj: T) -> T:
    """Decorator: render the placeholders of ``obj``'s docstring (see :func:`render`).

    Parameters
    ----------
    obj : function or class

    Returns
    -------
    The same object, its ``__doc__`` rendered.

    Examples
    --------
    >>> @fill_doc
    ... def f(labels_true=None, labels_pred=None):
    ...     '''
    ...     %(labels)s
    ...     '''
    >>> "Reference labels (classes)" in f.__doc__
    True
    """
    if obj.__doc__:  # None under python -OO
        obj.__doc__ = render(obj.__doc__)
    return obj
