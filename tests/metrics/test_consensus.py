"""Consensus Index (Vinh et al. 2009, eq. 12) against the mean of metrics.compare over pairs."""

import itertools

import numpy as np
import pytest

import metrics.consensus
from metrics import MEASURES, compare, consensus_index

OPTIONS = [
    {},
    {"random_model": "num"},
    {"random_model": "all"},
    {"random_model": "num", "one_sided": True},
]


def _labelings(seed, n_labelings=6, n=25):
    rng = np.random.default_rng(seed)
    out = [rng.integers(0, k, n) for k in rng.integers(1, 6, n_labelings)]
    out[0] = np.array(list("abcde"))[out[0] % 5]  # string labels are labels too
    return out


def _reference(labelings, measure, present=None, **options):
    values = []
    for i, j in itertools.combinations(range(len(labelings)), 2):
        keep = slice(None) if present is None else present[i] & present[j]
        u, v = np.asarray(labelings[i])[keep], np.asarray(labelings[j])[keep]
        values.append(compare(u, v, [measure], **options)[measure])
    return np.mean(values), np.std(values), len(values)


@pytest.mark.parametrize("measure", list(MEASURES))
def test_every_measure_equals_the_mean_of_compare(measure):
    labelings = _labelings(1)
    got = consensus_index(labelings, measure, return_std=True)
    mean, std, pairs = _reference(labelings, measure)
    assert got.n_pairs == pairs == 15
    assert got.ci == pytest.approx(mean, rel=1e-12, abs=1e-12)
    assert got.std == pytest.approx(std, rel=1e-9, abs=1e-12)


@pytest.mark.parametrize("options", OPTIONS)
@pytest.mark.parametrize("measure", ["ari", "ami_sqrt", "ami_max"])
def test_random_models_pass_through(measure, options):
    labelings = _labelings(2)
    got = consensus_index(labelings, measure, **options)
    assert got == pytest.approx(_reference(labelings, measure, **options)[0], abs=1e-12)


def test_options_outside_the_batch_go_through_compare():
    labelings = _labelings(3)
    got = consensus_index(labelings, "mi", base=2)
    assert got == pytest.approx(_reference(labelings, "mi", base=2)[0], rel=1e-12)
    assert got == pytest.approx(consensus_index(labelings, "mi") / np.log(2), rel=1e-12)


@pytest.mark.parametrize("measure", ["ari", "nmi_sqrt", "ami_sqrt", "fm"])
def test_subsampled_clusterings_are_compared_on_common_samples(measure):
    rng = np.random.default_rng(4)
    labelings = [rng.integers(0, 4, 40) for _ in range(5)]
    present = rng.random((5, 40)) < 0.8
    got = consensus_index(labelings, measure, present=present)
    assert got == pytest.approx(_reference(labelings, measure, present)[0], abs=1e-12)


def test_a_two_dimensional_array_and_a_list_agree():
    rng = np.random.default_rng(5)
    array = rng.integers(0, 3, (4, 30))
    assert consensus_index(array) == consensus_index(list(array))


def test_identical_clusterings_agree_perfectly():
    labels = np.repeat(np.arange(3), 5)
    result = consensus_index([labels, labels + 7, labels.astype(str)], "ami_sqrt",
                             return_std=True)
    assert result.ci == 1.0 and result.std == 0.0


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({"labelings": [[0, 1, 1]]}, ValueError, "at least 2"),
        ({"labelings": [[0, 1, 1], [0, 1]]}, ValueError, "same samples"),
        ({"labelings": np.zeros(5)}, ValueError, "2-D"),
        ({"labelings": "abc"}, TypeError, "sequence"),
        ({"labelings": [[0, 1, 1], [0, None, 1]]}, ValueError, "missing"),
        ({"labelings": [[0, 1], [1, 0]], "measure": "nope"}, ValueError, "unknown measure"),
        ({"labelings": [[0, 1], [1, 0]], "colour": 1}, TypeError, "unknown option"),
        ({"labelings": [[0, 1], [1, 0]], "present": [[True, True]]}, ValueError, "shape"),
        ({"labelings": [[0, 1, 0], [1, 0, 1]], "present": [[True, False, True],
                                                            [False, True, False]]},
         ValueError, "fewer than 2"),
    ],
)
def test_bad_input_is_explained(kwargs, error, message):
    with pytest.raises(error, match=message):
        consensus_index(**kwargs)


@pytest.mark.parametrize("present", [False, True])
def test_clusterings_with_many_clusters_go_pair_by_pair(monkeypatch, present):
    # Above _DENSE_TABLE cells per table, each pair gets its own contingency table.
    rng = np.random.default_rng(6)
    labelings = [rng.integers(0, 30, 60) for _ in range(4)]
    mask = rng.random((4, 60)) < 0.8 if present else None
    expected = consensus_index(labelings, "ami_sqrt", present=mask)
    monkeypatch.setattr(metrics.consensus, "_DENSE_TABLE", 1)
    got = consensus_index(labelings, "ami_sqrt", present=mask)
    assert got == pytest.approx(expected, abs=1e-12)
    assert got == pytest.approx(_reference(labelings, "ami_sqrt", mask)[0], abs=1e-12)
