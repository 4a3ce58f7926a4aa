"""Docstring fragments written once and substituted into many docstrings (as scipy does).

A docstring line holding only ``%(name)s`` is replaced by the fragment ``name`` of
:data:`FRAGMENTS`, indented as the placeholder was; :func:`fill_doc` does it for a function
or class. The parameters every measure shares (the two labelings, ``contingency=``, the random
model and its side), the error those inputs raise and the citations of the source papers are
thus worded once; tests/metrics/test_docstring_fragments.py checks that every rendered
docstring shows the same text.
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
    "label_errors": """\
ValueError
    When neither or both of the labels and ``contingency`` are given, or they are invalid
    (different lengths, negative or non-integer counts).""",
    # The five source papers (/work/shared/papers/README.md), cited in References sections.
    "ref_vinh2009": 'Vinh, Epps & Bailey (2009), "Information theoretic measures for '
                    'clusterings comparison: is a correction for chance necessary?", ICML',
    "ref_gates2017": 'Gates & Ahn (2017), "The impact of random models on clustering '
                     'similarity", JMLR 18',
    "ref_dom2001": 'Dom (2001), "An information-theoretic external cluster-validity measure", '
                   "IBM Research Report",
    "ref_lazarenko": 'Lazarenko & Bonald, "Pairwise adjusted mutual information"',
}

_PLACEHOLDER = re.compile(r"^(?P<indent>[ \t]*)%\((?P<name>\w+)\)s[ \t]*$", re.MULTILINE)
_INLINE = re.compile(r"%\((\w+)\)s")

T = TypeVar("T")


def render(doc: str, **extra: str) -> str:
    """``doc`` with every placeholder replaced by its fragment.

    A line holding only ``%(name)s`` becomes the fragment, each of its lines indented as the
    placeholder was; a placeholder inside a line (a formula in a ``.. math::`` line, say)
    becomes the one-line fragment.

    Parameters
    ----------
    doc : str
        A docstring with placeholders.
    **extra : str
        Fragments of this docstring only (e.g. a formula whose home is the caller's module).

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
    >>> render(".. math:: %(f)s", f="E = mc^2")
    '.. math:: E = mc^2'
    """
    fragments = {**FRAGMENTS, **extra}

    def block(match: re.Match) -> str:
        indent = match["indent"]
        return "\n".join(indent + line for line in fragments[match["name"]].splitlines())

    return _INLINE.sub(lambda m: fragments[m[1]], _PLACEHOLDER.sub(block, doc))


def fill_doc(obj: T | None = None, /, **extra: str):
    """Decorator: render the placeholders of ``obj``'s docstring (see :func:`render`).

    ``@fill_doc`` uses the shared fragments; ``@fill_doc(name=text)`` adds fragments of its
    own.

    Parameters
    ----------
    obj : function or class, optional
    **extra : str
        Fragments for this docstring only.

    Returns
    -------
    The same object, its ``__doc__`` rendered (or, given only ``extra``, the decorator).

    Examples
    --------
    >>> @fill_doc
    ... def f(labels_true=None, labels_pred=None):
    ...     '''
    ...     %(labels)s
    ...     '''
    >>> "Reference labels (classes)" in f.__doc__
    True
    >>> @fill_doc(law="a = b")
    ... def g():
    ...     '''The law %(law)s.'''
    >>> g.__doc__
    'The law a = b.'
    """
    if obj is None:
        return lambda target: fill_doc(target, **extra)
    if obj.__doc__:  # None under python -OO
        obj.__doc__ = render(obj.__doc__, **extra)
    return obj
