"""Measures comparing two clusterings of the same samples.

Every measure takes ``(labels_true, labels_pred)`` (1-D arrays of hashable labels) or
``contingency=`` (a 2-D table of counts or a :class:`Contingency`). Logarithms are natural
unless ``base=`` is given. ``labels_true`` is the reference: the fixed side of one-sided random
models. :data:`MEASURES` lists the measures; :func:`compare` computes several at once.

Examples
--------
>>> import metrics
>>> metrics.adjusted_rand_index([0, 0, 1, 1], [1, 1, 0, 0])
1.0
"""

from metrics._sampling import sample_clustering
from metrics.chance import (
    adjusted_mutual_information,
    expected_mutual_information,
    expected_mutual_information_from_sizes,
    expected_rand_index,
    vinh_normalized_variation_of_information,
)
from metrics.classwise import ClasswiseScores, precision_recall_fscore
from metrics.consensus import ConsensusIndex, consensus_index
from metrics.contingency import Contingency, contingency_table
from metrics.dom import dom_q0, dom_q1, dom_q2, normalized_hamming
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
from metrics.model_registry import RANDOM_MODELS, get_random_model
from metrics.monte_carlo import MonteCarloResult, monte_carlo_adjusted
from metrics.pairs import (
    PairCounts,
    adjusted_rand_index,
    fowlkes_mallows_index,
    hubert_gamma,
    jaccard_index,
    pair_counts,
    rand_index,
)
from metrics.pairwise import pairwise_adjusted_entropy, pairwise_adjusted_mutual_information
from metrics.random_models import AllModel, NumModel, PermutationModel, RandomModel
from metrics.registry import MEASURES, Measure, compare
from metrics.standardized import standardized_mutual_information

__all__ = [
    "AllModel",
    "ClasswiseScores",
    "ConsensusIndex",
    "Contingency",
    "MEASURES",
    "Measure",
    "MonteCarloResult",
    "NumModel",
    "PairCounts",
    "PermutationModel",
    "RANDOM_MODELS",
    "RandomModel",
    "adjusted_mutual_information",
    "adjusted_rand_index",
    "classification_error",
    "compare",
    "consensus_index",
    "completeness",
    "conditional_entropy",
    "contingency_table",
    "dom_q0",
    "dom_q1",
    "dom_q2",
    "entropy",
    "expected_mutual_information",
    "expected_mutual_information_from_sizes",
    "expected_rand_index",
    "fowlkes_mallows_index",
    "get_random_model",
    "homogeneity",
    "hubert_gamma",
    "jaccard_index",
    "joint_entropy",
    "monte_carlo_adjusted",
    "mutual_information",
    "normalized_hamming",
    "normalized_mutual_information",
    "pair_counts",
    "pairwise_adjusted_entropy",
    "pairwise_adjusted_mutual_information",
    "precision_recall_fscore",
    "purity",
    "rand_index",
    "sample_clustering",
    "standardized_mutual_information",
    "v_measure",
    "variation_of_information",
    "vinh_normalized_variation_of_information",
]
