"""``Dataset.source`` makes the same data again (what a page's notebook relies on)."""

import numpy as np
import pytest

from datasets import DATASETS, load


# Drawn points have no default: tests/datasets/test_drawn.py loads them from their source.
@pytest.mark.parametrize("name", [k for k, spec in DATASETS.items() if spec.kind != "drawn"])
def test_loading_from_source_gives_the_same_data(name):
    spec = DATASETS[name]
    n = min(spec.default_n, 120)
    noise = spec.max_noise / 2 if spec.has_noise else None
    data = load(name, n_samples=n, random_state=np.random.default_rng(5), noise=noise,
                standardize=True)
    again = load(**data.source)
    assert data.source["name"] == name and isinstance(data.source["random_state"], int)
    np.testing.assert_array_equal(again.X, data.X)
    np.testing.assert_array_equal(again.y, data.y)
    different = load(**{**data.source, "random_state": data.source["random_state"] + 1})
    assert n < spec.default_n or spec.kind == "generator"  # so the seed draws the points
    assert not np.array_equal(different.X, data.X)
