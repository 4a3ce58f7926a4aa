"""Every public function of the computing packages is documented the numpydoc way, and every
Examples block runs: the doctests are part of the README's test command through this file.
"""

import ast
import doctest
import importlib
from pathlib import Path

import numpy as np
import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("metrics", "clustering", "datasets", "explorer", "experiments", "classroom")
#: Sections a public function's docstring must have (classes: all but Returns).
SECTIONS = ("Parameters", "Returns", "Examples")
#: Modules exempted from the section check while being rewritten (none today).
NOT_YET_DOCUMENTED: frozenset[str] = frozenset()


def module_names(private: bool = False) -> list[str]:
    """The public modules of the packages; with ``private``, their private modules too
    (engines whose examples must run although their docstrings need no sections)."""
    names = []
    for package in PACKAGES:
        for path in sorted((ROOT / package).glob("*.py")):
            if path.name == "__main__.py" or (
                    path.name.startswith("_") and path.name != "__init__.py" and not private):
                continue
            names.append(package if path.stem == "__init__" else f"{package}.{path.stem}")
    return names


def public_definitions(module_name: str, names: set[str] | None = None):
    """(name, line, is_class, docstring) of the public top-level defs of a module's source,
    and of those it imports from a private module of the project (a public face such as
    metrics.batch in front of metrics._batch: its names are public wherever they are defined).
    """
    path = ROOT / Path(*module_name.split("."))
    path = path / "__init__.py" if path.is_dir() else path.with_suffix(".py")
    body = ast.parse(path.read_text()).body
    exported = {name for node in body if isinstance(node, ast.Assign)
                and [getattr(t, "id", None) for t in node.targets] == ["__all__"]
                for name in ast.literal_eval(node.value)}
    for node in body:
        if isinstance(node, ast.FunctionDef | ast.ClassDef) and not node.name.startswith("_") \
                and (names is None or node.name in names):
            yield node.name, node.lineno, isinstance(node, ast.ClassDef), ast.get_docstring(node)
        elif (isinstance(node, ast.ImportFrom) and node.level == 0 and node.module
              and node.module.split(".")[0] in PACKAGES
              and node.module.rsplit(".", 1)[-1].startswith("_") and names is None):
            yield from public_definitions(
                node.module, {alias.name for alias in node.names} & exported)


def missing_sections(docstring: str | None, is_class: bool) -> list[str]:
    text = docstring or ""
    wanted = [s for s in SECTIONS if not (is_class and s == "Returns")]
    missing = [s for s in wanted if f"{s}\n{'-' * len(s)}" not in text]
    if "Examples" not in missing and ">>>" not in text:
        missing.append("a runnable example (>>>)")
    return missing


def test_the_section_check_can_fail():
    documented = (
        "Sum.\n\nParameters\n----------\nx\n\nReturns\n-------\nint\n\n"
        "Examples\n--------\n>>> 1\n1"
    )
    assert missing_sections(documented, is_class=False) == []
    assert missing_sections("Sum.\n\nExamples\n--------\nnone", is_class=True) == [
        "Parameters", "a runnable example (>>>)"
    ]
    assert missing_sections(None, is_class=False) == list(SECTIONS)


@pytest.mark.parametrize(
    "module_name", [name for name in module_names() if name not in NOT_YET_DOCUMENTED]
)
def test_public_definitions_have_numpydoc_sections(module_name):
    undocumented = {
        f"{name} (line {line})": missing
        for name, line, is_class, doc in public_definitions(module_name)
        if (missing := missing_sections(doc, is_class))
    }
    assert not undocumented, f"{module_name}: {undocumented}"


@pytest.mark.parametrize("module_name", module_names(private=True))
def test_examples_run(module_name):
    module = importlib.import_module(module_name)
    finder = doctest.DocTestFinder(exclude_empty=True)
    runner = doctest.DocTestRunner(
        optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
    )
    tests = [t for t in finder.find(module, module_name) if t.examples]
    # Examples print with numpy's legacy scalar repr off by default; pin what they show.
    with np.printoptions(precision=8, suppress=True):
        for test in tests:
            runner.run(test)
    result = runner.summarize(verbose=False)
    assert result.failed == 0, f"{result.failed} failing example(s) in {module_name}"


def test_every_module_with_public_functions_has_examples():
    # The parametrized run above would pass vacuously on a module without any example.
    without = [
        name for name in module_names()
        if name not in NOT_YET_DOCUMENTED
        and any(True for _ in public_definitions(name))
        and not any(
            t.examples
            for t in doctest.DocTestFinder().find(importlib.import_module(name), name)
        )
    ]
    assert not without, f"modules whose public functions have no example: {without}"
