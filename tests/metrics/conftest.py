"""Fixtures of the metrics tests."""

import math

import numpy as np
import pytest
from scipy.stats import entropy
from sklearn.metrics.cluster import contingency_matrix
from sklearn.metrics.cluster._expected_mutual_info_fast import expected_mutual_information


def _ami_tolerance(a, b, normalization):
    """Absolute tolerance for AMI against scikit-learn.

    scikit-learn's EMI is computed from differences of log-gammas and is off by up to ~1e-12
    relative at moderate n (1.6e-7 at n = 1e7); AMI = (MI - EMI) / (bound - EMI) magnifies an
    EMI error by EMI / (bound - EMI), which is large on random labelings (AMI ~ 0). So the two
    AMIs are compared on the scale of EMI: 1e-9 of it. EMI and the entropies come from the
    reference libraries (scikit-learn's EMI, scipy's entropy), not from the code under test.
    """
    table = contingency_matrix(a, b, sparse=True)
    emi = float(expected_mutual_information(table, len(a)))
    h_a = float(entropy(np.unique(a, return_counts=True)[1]))
    h_b = float(entropy(np.unique(b, return_counts=True)[1]))
    bound = {
        "min": min(h_a, h_b),
        "sqrt": math.sqrt(h_a * h_b),
        "arithmetic": (h_a + h_b) / 2,
        "max": max(h_a, h_b),
    }[normalization]
    denominator = abs(bound - emi)
    return 1e-12 if denominator == 0 else 1e-12 + 1e-9 * emi / denominator


@pytest.fixture(scope="session")
def ami_tolerance():
    """``ami_tolerance(a, b, normalization)``: see ``_ami_tolerance``."""
    return _ami_tolerance
