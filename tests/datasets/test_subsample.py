"""datasets.subsample: a seeded random sample of rows, without replacement, in file order."""

import numpy as np
import pytest

import datasets


def _data(n=50):
    X = np.column_stack([np.arange(n, dtype=float), np.arange(n, dtype=float) ** 2])
    return datasets.Dataset(X=X, y=np.arange(n) % 3, name="toy", description="toy",
                            feature_names=("a", "b"), source={"name": "toy"})


@pytest.mark.parametrize("rows", [1, 7, 49])
def test_rows_are_distinct_rows_of_the_data_in_their_order(rows):
    data = _data()
    part = datasets.subsample(data, rows, random_state=3)
    index = part.X[:, 0].astype(int)  # column a holds the row number
    assert part.n_samples == rows == np.unique(index).size
    assert np.all(np.diff(index) > 0)
    np.testing.assert_array_equal(part.X, data.X[index])
    np.testing.assert_array_equal(part.y, data.y[index])
    assert part.source == {} and part.feature_names == data.feature_names


def test_the_seed_fixes_the_sample_and_every_row_can_be_drawn():
    data = _data()
    draws = [datasets.subsample(data, 10, random_state=s).X[:, 0] for s in range(200)]
    np.testing.assert_array_equal(draws[0], datasets.subsample(data, 10, random_state=0).X[:, 0])
    assert len({tuple(d) for d in draws}) > 190
    # Monte Carlo: each row is kept with probability 10 / 50.
    kept = np.bincount(np.concatenate(draws).astype(int), minlength=50) / 200
    assert np.all(np.abs(kept - 0.2) < 0.13)


def test_all_rows_give_the_data_back_and_bad_sizes_are_refused():
    data = _data()
    assert datasets.subsample(data, 50) is data
    for bad in (0, 51, 2.5, True, "3"):
        with pytest.raises(ValueError, match=r"must be an integer in \[1, 50\]"):
            datasets.subsample(data, bad)
