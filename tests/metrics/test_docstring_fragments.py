"""The parameters every measure shares are documented in one wording (metrics._docstring)."""

import inspect
import textwrap

import pytest

import metrics
import metrics.batch
from metrics._docstring import FRAGMENTS, render


def public_functions():
    """Every public function and method reachable from ``metrics``' public names."""
    seen = {}
    for name in metrics.__all__:
        obj = getattr(metrics, name)
        if inspect.isfunction(obj):
            seen[name] = obj
        elif inspect.isclass(obj):
            for attr, member in vars(obj).items():
                if inspect.isfunction(member) and not attr.startswith("_"):
                    seen[f"{name}.{attr}"] = member
    for module in (metrics.batch,):
        for name in module.__all__:
            if inspect.isfunction(obj := getattr(module, name)):
                seen[f"{module.__name__}.{name}"] = obj
    return seen


def entry(doc: str, parameter: str) -> str | None:
    """The text of ``parameter``'s entry in a numpydoc Parameters section, or None."""
    lines = inspect.cleandoc(doc).splitlines()
    for i, line in enumerate(lines):
        if line.startswith(f"{parameter} :"):
            stop = next((j for j in range(i + 1, len(lines))
                         if not lines[j].startswith(" ")), len(lines))
            return "\n".join(lines[i:stop])
    return None


FUNCTIONS = public_functions()


def test_no_placeholder_is_left_unrendered():
    assert [name for name, f in FUNCTIONS.items() if "%(" in (f.__doc__ or "")] == []


def test_render_indents_every_line_of_a_fragment():
    assert render("  %(contingency)s") == textwrap.indent(FRAGMENTS["contingency"], "  ")


@pytest.mark.parametrize(("parameter", "fragment", "default"), [
    ("labels_true", "labels", None),
    ("contingency", "contingency", None),
    ("random_model", "random_model", "perm"),
    ("one_sided", "one_sided", False),
])
def test_shared_parameters_read_the_same_everywhere(parameter, fragment, default):
    """Every public function taking the parameter with its usual default documents it with
    the shared fragment's text."""
    takers = {name: f for name, f in FUNCTIONS.items()
              if "Parameters\n" in (f.__doc__ or "")
              and (p := inspect.signature(f).parameters.get(parameter)) is not None
              and p.default is not inspect.Parameter.empty and p.default == default
              and (parameter != "labels_true" or "contingency" in inspect.signature(f).parameters)}
    assert len(takers) >= 2
    expected = FRAGMENTS[fragment].split("\nlabels_pred")[0]
    texts = {name: entry(f.__doc__, parameter) for name, f in takers.items()}
    assert {name: text for name, text in texts.items() if text != expected} == {}


def test_see_also_names_existing_measures():
    """Every name a See Also section links to is a function of the public API."""
    linked = {}
    for name, function in FUNCTIONS.items():
        doc = inspect.cleandoc(function.__doc__ or "")
        if "See Also\n--------\n" in doc:
            section = doc.split("See Also\n--------\n", 1)[1].split("\n\n", 1)[0]
            linked[name] = [line.split(" : ")[0] for line in section.splitlines()]
    assert len(linked) >= 8
    assert {n: [t for t in targets if not hasattr(metrics, t)] for n, targets in linked.items()
            if any(not hasattr(metrics, t) for t in targets)} == {}


def test_references_cite_the_source_papers_in_one_wording():
    """Every citation of a References section starts with one paper's shared wording."""
    papers = [text for name, text in FRAGMENTS.items() if name.startswith("ref_")]
    citations = {name: [line.strip() for line in inspect.cleandoc(f.__doc__).splitlines()
                        if line.startswith(".. [")]
                 for name, f in FUNCTIONS.items() if "References\n" in (f.__doc__ or "")}
    assert len(citations) >= 20 and all(citations.values())
    odd = {name: line for name, lines in citations.items() for line in lines
           if not any(line.split("] ", 1)[1].startswith(paper) for paper in papers)}
    assert odd == {}


def test_the_errors_of_labelings_and_counts_read_the_same_everywhere():
    """Every public function taking both labelings and ``contingency=`` whose docstring has a
    Raises section states their error in the shared wording."""
    docs = {name: inspect.cleandoc(f.__doc__ or "") for name, f in FUNCTIONS.items()
            if {"labels_true", "contingency"} <= set(inspect.signature(f).parameters)}
    takers = {name: doc for name, doc in docs.items() if "Raises\n------\n" in doc}
    assert len(takers) >= 20
    raises = {name: doc.split("Raises\n------\n", 1)[1].split("\n\n", 1)[0]
              for name, doc in takers.items()}
    assert {name: text for name, text in raises.items()
            if FRAGMENTS["label_errors"] not in text} == {}
