"""Clustering algorithms as scikit-learn estimators, distances, and a registry with parameter
specs."""

from clustering.catalog import ALGORITHMS
from clustering.distances import DISTANCES, distance_matrix
from clustering.params import ParamSpec
from clustering.run import canonical_labels, run
from clustering.spec import AlgorithmSpec, ClusteringResult

__all__ = ["ALGORITHMS", "DISTANCES", "AlgorithmSpec", "ClusteringResult", "ParamSpec",
           "canonical_labels", "distance_matrix", "run"]
