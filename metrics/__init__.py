"""Measures comparing two clusterings of the same samples.

Every measure takes ``(labels_true, labels_pred)`` (1-D arrays of hashable labels) or
``contingency=`` (a 2-D table of counts or a :class:`Contingency`). Logarithms are natural
unless ``base=`` is given. ``labels_true`` is the reference: the fixed side of one-sided random
models. :data:`MEASURES` lists the measures; :func:`compare` computes several at once.
"""

from metrics.chance import (
    RANDOM_MODELS,
    PermutationModel,
    RandomModel,
    adjusted_mutual_information,
    expected_mutual_information,
    expected_mutual_information_from_sizes,
    expected_rand_index,
)
from metrics.contingency import Contingency, contingency_table
from metrics.information import (
    completeness,
    conditional_entropy,
    entropy,
    homogeneity,
    joint_entropy,
    mutual_information,
    normalized_mutual_information,
    v_measure,
    variation_of_information,
)
from metrics.matching import classification_error, purity
from metrics.pairs import (
    PairCounts,
    adjusted_rand_index,
    fowlkes_mallows_index,
    hubert_gamma,
    jaccard_index,
    pair_counts,
    rand_index,
)
from metrics.registry import MEASURES, Measure, compare

__all__ = [
    "MEASURES",
    "RANDOM_MODELS",
    "Contingency",
    "Measure",
    "PairCounts",
    "PermutationModel",
    "RandomModel",
    "adjusted_mutual_information",
    "adjusted_rand_index",
    "classification_error",
    "compare",
    "completeness",
    "conditional_entropy",
    "contingency_table",
    "entropy",
    "expected_mutual_information",
    "expected_mutual_information_from_sizes",
    "expected_rand_index",
    "fowlkes_mallows_index",
    "homogeneity",
    "hubert_gamma",
    "jaccard_index",
    "joint_entropy",
    "mutual_information",
    "normalized_mutual_information",
    "pair_counts",
    "purity",
    "rand_index",
    "v_measure",
    "variation_of_information",
]
