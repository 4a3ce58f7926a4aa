"""The refactoring guard: a fresh dump of the registries, page parameters and experiment CSVs
equals the golden one taken from main before the packages were restructured.

A refactoring guard, not a correctness test (see tests/refactor_guard.py): it checks that
moving and renaming code changed nothing a user sees. A change meant to alter behaviour
regenerates the golden file (``python tests/refactor_guard.py``) in the same commit.
"""

import json

import pytest

from tests.refactor_guard import GOLDEN, PARTS, dump

SLOW = {"experiments", "pages"}


@pytest.fixture(scope="module")
def golden():
    return json.loads(GOLDEN.read_text())


def test_the_golden_file_has_every_part(golden):
    assert sorted(golden) == sorted(PARTS)


@pytest.mark.parametrize(
    "part", [pytest.param(p, marks=pytest.mark.slow) if p in SLOW else p for p in sorted(PARTS)])
def test_dump_is_unchanged(golden, part):
    assert dump(part) == golden[part]
