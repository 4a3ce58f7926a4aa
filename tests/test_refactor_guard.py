"""The refactoring guard: a fresh dump of the registries, page parameters and experiment tables
equals the golden one taken from main before the packages were restructured, floats within the
tolerance of each part (tests/refactor_guard.py, RTOL: the last bits of a float depend on the
CPU, so the guard holds on any x86-64 or ARM machine).

A refactoring guard, not a correctness test (see tests/refactor_guard.py): it checks that
moving and renaming code changed nothing a user sees. A change meant to alter behaviour
regenerates the golden file (``python tests/refactor_guard.py``) in the same commit.
"""

import json

import numpy as np
import pytest

from tests.refactor_guard import (
    BLOCK,
    DEFAULT_RTOL,
    GOLDEN,
    PARTS,
    RTOL,
    differences,
    dump,
    fingerprint,
)

SLOW = {"experiments", "pages"}


@pytest.fixture(scope="module")
def golden():
    return json.loads(GOLDEN.read_text())


def test_the_golden_file_has_every_part(golden):
    assert sorted(golden) == sorted(PARTS)


@pytest.mark.parametrize(
    "part", [pytest.param(p, marks=pytest.mark.slow) if p in SLOW else p for p in sorted(PARTS)])
def test_dump_is_unchanged(golden, part):
    assert differences(dump(part), golden[part], RTOL.get(part, DEFAULT_RTOL)) == []


def rounding_noise(values: np.ndarray, relative: float, seed: int) -> np.ndarray:
    """``values`` with each one moved by up to ``relative`` of the largest magnitude, as
    another CPU's order of additions moves a result's last bits (and more, to be safe)."""
    scale = np.abs(values).max()
    return values + np.random.default_rng(seed).uniform(-1, 1, values.shape) * relative * scale


@pytest.mark.parametrize("part", sorted(RTOL))
def test_cpu_rounding_noise_passes_but_a_real_change_fails(part):
    rtol = RTOL[part]
    values = np.random.default_rng(1).normal(size=1000)
    values[10] = -1e-17  # a value at 0 after a cancellation: its noise is not relative
    golden = json.loads(json.dumps(fingerprint(values)))
    noisy = fingerprint(rounding_noise(values, 1e-13, seed=2))
    assert differences(noisy, golden, rtol) == []
    # One value of a thousand moved by more than the stated bound of a block is seen.
    changed = values.copy()
    changed[500] += 2 * BLOCK * rtol * np.abs(values).max()
    assert differences(fingerprint(changed), golden, rtol) != []
    # So are a swap of two rows, a sign flip, a new NaN and a lost row.
    swapped = values.copy()
    swapped[[3, 900]] = swapped[[900, 3]]
    flipped = values.copy()
    flipped[7] = -flipped[7]
    with_nan = values.copy()
    with_nan[5] = np.nan
    for other in (swapped, flipped, with_nan, values[:-1]):
        assert differences(fingerprint(other), golden, rtol) != []


def test_other_floats_ints_and_text_compare_as_stated():
    golden = {"p": 0.375, "k": 3, "name": "perm", "xs": [1.0, 2.0]}
    assert differences({"p": 0.375 * (1 + 1e-12), "k": 3, "name": "perm", "xs": [1.0, 2.0]},
                       golden, DEFAULT_RTOL) == []
    assert differences({"p": 0.376, "k": 3, "name": "perm", "xs": [1.0, 2.0]},
                       golden, DEFAULT_RTOL) == ["/p: 0.376, golden 0.375 (rtol 1e-09)"]
    assert differences({"p": 0.375, "k": 4, "name": "num", "xs": [1.0]}, golden, 1.0) == [
        "/k: 4, golden 3", "/name: 'num', golden 'perm'", "/xs: 1 items, golden 2"]
    assert differences({"p": 0.375, "k": 3.0, "name": "perm", "xs": [1.0, 2.0]}, golden,
                       1.0) == ["/k: 3.0, golden 3"]


def test_a_dataset_changed_for_real_fails_the_guard(golden):
    import datasets

    moved = datasets.load("blobs", random_state=1)  # another seed: the same kind of points
    fresh = [fingerprint(column) for column in moved.X.T]
    assert differences(fresh, golden["datasets"]["blobs"]["default_load"]["X"],
                       RTOL["datasets"]) != []
