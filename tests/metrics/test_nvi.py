"""Vinh et al. (2009)'s NVI = VI / E[VI] = 1 - AVI (eq. 28 and the line after it), and the
renamed VI / H(U,V) (key ``vi_joint``, formerly ``nvi``)."""

import itertools
import math
import warnings

import numpy as np
import pytest
from sklearn.metrics import adjusted_mutual_info_score

import metrics as M


def _vi(a, b):
    """VI = H(U|V) + H(V|U) from the joint counts, written out here."""
    n = len(a)
    joint, ca, cb = {}, {}, {}
    for x, y in zip(a, b, strict=True):
        joint[x, y] = joint.get((x, y), 0) + 1
        ca[x] = ca.get(x, 0) + 1
        cb[y] = cb.get(y, 0) + 1
    h = lambda counts: -sum(c / n * math.log(c / n) for c in counts)  # noqa: E731
    hj = h(joint.values())
    return 2 * hj - h(ca.values()) - h(cb.values())


@pytest.mark.parametrize("a, b", [
    ([0, 0, 0, 1, 1, 2, 2], [0, 0, 1, 1, 1, 1, 2]),
    ([0, 0, 1, 1, 1, 1], [0, 1, 1, 2, 2, 2]),
    ([0, 1, 1, 2, 2, 2, 3], [0, 0, 0, 0, 1, 1, 1]),
])
def test_vi_over_its_expectation_by_brute_force(a, b):
    """E[VI] under the permutation model: the mean of VI over all n! orders of labels_pred."""
    vis = [_vi(a, [b[i] for i in order]) for order in itertools.permutations(range(len(b)))]
    want = _vi(a, b) / np.mean(vis)
    assert M.vinh_normalized_variation_of_information(a, b) == pytest.approx(want, rel=1e-12)
    assert M.compare(a, b, ["nvi_vinh"])["nvi_vinh"] == pytest.approx(want, rel=1e-12)


def test_one_minus_sklearn_ami_arithmetic():
    """NVI = 1 - AVI and AVI = AMI with the arithmetic mean (Vinh et al., eqs. 27-28)."""
    r = np.random.default_rng(2)
    a = r.integers(0, 6, 400)
    b = np.where(r.random(400) < 0.5, a, r.integers(0, 4, 400))
    want = 1 - adjusted_mutual_info_score(a, b, average_method="arithmetic")
    assert M.vinh_normalized_variation_of_information(a, b) == pytest.approx(want, rel=1e-12)


def test_identical_is_zero_and_not_vi_over_joint_entropy():
    a, b = [0, 0, 1, 1, 2, 2], [0, 0, 1, 2, 2, 2]
    assert M.vinh_normalized_variation_of_information(a, a[::-1]) == 0.0
    over_joint = _vi(a, b) / -sum(c / 6 * math.log(c / 6) for c in (2, 1, 1, 2))
    assert M.compare(a, b, ["vi_joint"])["vi_joint"] == pytest.approx(over_joint, rel=1e-12)
    assert abs(M.compare(a, b, ["nvi_vinh"])["nvi_vinh"] - over_joint) > 0.05


def test_old_key_nvi_still_works_with_a_deprecation_warning():
    a, b = [0, 0, 1, 1, 2, 2], [0, 0, 1, 2, 2, 2]
    with pytest.warns(DeprecationWarning, match="vi_joint"):
        old = M.compare(a, b, ["nvi"])
    assert list(old) == ["nvi"]
    assert old["nvi"] == M.variation_of_information(a, b, normalized=True)
    with pytest.warns(DeprecationWarning):
        assert M.MEASURES["nvi"] is M.MEASURES["vi_joint"]
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert "nvi" in M.MEASURES
        assert "nvi" not in list(M.MEASURES)
    with pytest.raises(KeyError):
        M.MEASURES["no such measure"]


@pytest.mark.parametrize("model", ["num", "all"])
@pytest.mark.parametrize("one_sided", [False, True])
def test_a_random_model_is_used_not_ignored(model, one_sided):
    """Under num and all, NVI is 1 - AMI (arithmetic) of that model, as compare computes it
    beside ami_arithmetic; before, the option was silently dropped and NVI stayed perm's."""
    a, b = [0, 0, 0, 1, 1, 2, 2, 2], [0, 0, 1, 1, 1, 1, 2, 3]
    ami = M.adjusted_mutual_information(a, b, random_model=model, one_sided=one_sided)
    nvi = M.vinh_normalized_variation_of_information(a, b, random_model=model,
                                                      one_sided=one_sided)
    assert nvi == pytest.approx(1 - ami, rel=1e-12)
    both = M.compare(a, b, ["nvi_vinh", "ami_arithmetic"], random_model=model,
                     one_sided=one_sided)
    assert both["nvi_vinh"] == pytest.approx(1 - both["ami_arithmetic"], rel=1e-12)
    assert abs(nvi - M.vinh_normalized_variation_of_information(a, b)) > 1e-3
    assert "random_model" in M.MEASURES["nvi_vinh"].options
