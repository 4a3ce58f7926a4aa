"""The Examples blocks of the public docstrings run as doctests."""

import doctest
import importlib

import pytest

MODULES = ["clustering.distances", "clustering.precomputed", "explorer.dimension",
           "explorer.features", "explorer.distances", "datasets.stones"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0, f"{name} has no Examples to run"
    assert result.failed == 0
