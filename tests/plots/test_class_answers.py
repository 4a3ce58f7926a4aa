"""The histogram of a class's numeric answers: every answer counted once, in the bin that
holds it (counted by hand here, not by NumPy), and the true value on the axis."""

import math

import numpy as np
import pytest

from plots.class_answers import answers_histogram


def edges_of(fig) -> list[tuple[float, float]]:
    bar = fig.data[0]
    return [(c - w / 0.95 / 2, c + w / 0.95 / 2) for c, w in zip(bar.x, bar.width, strict=True)]


@pytest.mark.parametrize("values,truth", [
    ([0.1, 0.4, 0.45, 0.5, 0.5, 0.9], 0.488),
    ([3, 3, 3], 3),  # every answer right: one value only
    (list(np.random.default_rng(1).normal(10, 3, 57)), 50.0),  # truth far from the answers
])
def test_each_answer_is_counted_in_the_bin_that_holds_it(values, truth):
    fig = answers_histogram(values, truth)
    edges = edges_of(fig)
    expected = [0] * len(edges)
    for value in values:
        # brute force: the bin whose interval holds the value (the last one is closed)
        hits = [i for i, (a, b) in enumerate(edges)
                if a - 1e-9 <= value < b - 1e-9 or (i == len(edges) - 1 and math.isclose(value, b))]
        expected[hits[0]] += 1
    assert list(fig.data[0].y) == expected
    assert sum(fig.data[0].y) == len(values)
    low, high = edges[0][0], edges[-1][1]
    assert low <= truth <= high and fig.layout.shapes[0].x0 == truth
    assert 1 <= len(edges) <= 20


def test_no_answer_yet_marks_the_truth_only():
    fig = answers_histogram([], 2.5)
    assert sum(fig.data[0].y) == 0 and fig.layout.shapes[0].x0 == 2.5


@pytest.mark.parametrize("values,truth", [([1, math.nan], 1), ([1], math.inf)])
def test_a_non_finite_number_is_refused(values, truth):
    with pytest.raises(ValueError, match="finite"):
        answers_histogram(values, truth)
