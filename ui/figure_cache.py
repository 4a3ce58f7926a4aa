"""Figures built once for every session: a class following its teacher asks for the same page
with the same parameters dozens of times at once, and each run built, laid out and copied the
same figures again (0.1-0.3 s of server CPU per student page run).

Two layers, both bounded: `shared_figure` keeps the last ``FIGURES_KEPT`` figures a builder
made, keyed by the builder and its arguments (`st.cache_resource`, so every session gets the
same object); `laid_out` and `summary` keep, for each such figure while it is kept, its copy
laid out for the screen and for the projector (its arrays already in the form sent to the
browser) and its text summary. A shared figure and its laid-out copies are never changed
after they are made: `ui.export.plot` draws them as they are, and a page that needs another
figure builds it inside its builder.
"""

import threading
import weakref
from collections.abc import Callable, Hashable
from typing import Any

import plotly.graph_objects as go
import streamlit as st

from plots.describe import chart_summary
from plots.framed import copied_figure, set_frames
from plots.layout import layout_for
from ui.lesson import covered_figure

# Figures kept at once across all sessions. A class asks for a handful (one per chart of the
# step it is on); 64 leaves room for the students who explore on their own meanwhile.
FIGURES_KEPT = 64


def shared_figure(builder: Callable[..., go.Figure], *args: Any, **kwargs: Any) -> go.Figure:
    """``builder(*args, **kwargs)``, built once for every session with the same arguments.

    The figure returned is shared: it must not be changed (draw it with
    ``ui.export.show_chart(..., shared=True)``, which lays out a copy once). The key is the
    builder (its file and name) and its arguments, hashed by value as `st.cache_resource`
    does (arrays and tables by their contents); at most ``FIGURES_KEPT`` figures are kept,
    the least recently used leave first.

    Parameters
    ----------
    builder : callable
        A function returning a new ``go.Figure`` from ``args`` and ``kwargs`` alone,
        defined at the top of its module (its file and name tell it from other builders).
    *args, **kwargs
        Its arguments: values `st.cache_resource` can hash (numbers, strings, tuples, lists,
        dicts, numpy arrays, pandas tables).

    Returns
    -------
    go.Figure
        The figure, the same object for every session that asks with equal arguments.

    Examples
    --------
    >>> def bars(heights):
    ...     return go.Figure(go.Bar(y=list(heights)))
    >>> shared_figure(bars, (1, 2)) is shared_figure(bars, (1, 2))
    True
    >>> shared_figure(bars, (1, 2)) is shared_figure(bars, (1, 3))
    False
    """
    code = builder.__code__  # a page's functions all live in the module "__main__"
    return _built(f"{code.co_filename}:{builder.__qualname__}", builder, args, kwargs)


@st.cache_resource(max_entries=FIGURES_KEPT, show_spinner=False)
def _built(name: str, _builder: Callable[..., go.Figure], args: tuple, kwargs: dict
           ) -> go.Figure:
    return _builder(*args, **kwargs)


# id(shared figure) -> what was made from it, by name; an entry leaves with its figure.
_MADE: dict[int, dict[Hashable, Any]] = {}
_LOCK = threading.Lock()


def _once(fig: go.Figure, name: Hashable, make: Callable[[], Any]) -> Any:
    """``make()``, made once for the shared figure ``fig`` and kept while ``fig`` is."""
    with _LOCK:
        made = _MADE.get(id(fig))
        if made is None:
            made = _MADE[id(fig)] = {}
            # Dropped with the figure, before its id can name another figure.
            weakref.finalize(fig, _MADE.pop, id(fig), None)
        if name not in made:
            made[name] = make()
        return made[name]


def laid_out(fig: go.Figure, large: bool, alone: bool = False, covered: bool = False
             ) -> go.Figure:
    """A copy of the shared figure ``fig`` laid out for the projector (``large``:
    `plots.layout.presenter_layout`, with ``alone``: no chart beside it) or the screen
    (`plots.layout.screen_layout`), made once per figure and mode and kept while ``fig`` is.
    With ``covered``, the copy is `ui.lesson.covered_figure` of ``fig`` (what a page sends
    while a lesson's question waits), laid out the same way: every student of a class on a
    step with a question draws it.

    ``fig`` and the copy must not be changed afterwards: every session drawing ``fig``
    gets the same copy. Presenter and screen copies are distinct entries, never one.

    Examples
    --------
    >>> fig = go.Figure(go.Bar(y=[1, 2]), {"title": {"text": "Two bars"}})
    >>> screen = laid_out(fig, False)
    >>> screen is laid_out(fig, False), screen is laid_out(fig, True), screen is fig
    (True, False, False)
    >>> cover = laid_out(fig, False, covered=True)
    >>> cover is laid_out(fig, False, covered=True), len(cover.data), len(screen.data)
    (True, 0, 1)
    """
    # A screen's copy is the same with or without ``alone``: one entry.
    mode = ("presenter", alone, covered) if large else ("screen", covered)
    source = covered_figure if covered else copied_figure
    return _once(fig, mode, lambda: _as_sent(layout_for(source(fig), large, alone)))


def _as_sent(fig: go.Figure) -> go.Figure:
    """``fig`` as `st.plotly_chart` sends it: its arrays already plotly's base64 typed arrays
    (what ``fig.to_dict()`` makes of them), so that each session's ``to_dict`` copies strings
    instead of converting every array again; the JSON sent is the same."""
    sent = fig.to_dict()
    compact = go.Figure(data=sent["data"], layout=sent["layout"], _validate=False)
    set_frames(compact, [go.Frame(frame, _validate=False) for frame in sent.get("frames", ())])
    return compact


def summary(fig: go.Figure) -> str:
    """`plots.describe.chart_summary` of the shared figure ``fig``, made once and kept
    while ``fig`` is.

    Examples
    --------
    >>> fig = go.Figure(go.Bar(y=[1, 2]), {"title": {"text": "Two bars"}})
    >>> summary(fig) == chart_summary(fig)
    True
    """
    return _once(fig, "summary", lambda: chart_summary(fig))
