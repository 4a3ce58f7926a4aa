"""Clustering algorithms as scikit-learn estimators, and a registry with parameter specs."""

from clustering.catalog import ALGORITHMS
from clustering.params import ParamSpec
from clustering.run import canonical_labels, run
from clustering.spec import AlgorithmSpec, ClusteringResult

__all__ = ["ALGORITHMS", "AlgorithmSpec", "ClusteringResult", "ParamSpec", "canonical_labels",
           "run"]
