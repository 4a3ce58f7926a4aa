"""The Examples blocks of the public docstrings run as doctests."""

import doctest
import importlib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("metrics", "clustering", "datasets", "explorer", "experiments", "plots")
# Every module whose source holds an example to run.
MODULES = sorted(
    ".".join(path.relative_to(ROOT).with_suffix("").parts)
    for package in PACKAGES
    for path in (ROOT / package).rglob("*.py")
    if ">>> " in path.read_text(encoding="utf-8")
)


def test_examples_are_found():
    assert "metrics.classwise" in MODULES and "clustering.gaussian_mixture" in MODULES


@pytest.mark.parametrize("name", MODULES)
def test_examples_run(name):
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0, f"{name} has no Examples that doctest finds"
    assert result.failed == 0
