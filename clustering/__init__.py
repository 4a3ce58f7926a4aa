"""Clustering algorithms as scikit-learn estimators, distances, and a registry with parameter
specs."""

from clustering.catalog import ALGORITHMS
from clustering.dbscan import dbscan_point_types, k_distance, suggested_eps
from clustering.density_peaks import DensityPeaks
from clustering.distances import DISTANCES, distance_matrix
from clustering.fuzzy_cmeans import FuzzyCMeans
from clustering.gaussian_mixture import GaussianMixtureEM
from clustering.hierarchical import Hierarchical
from clustering.kmeans import KMeansStepper
from clustering.kmedoids import KMedoids
from clustering.params import AlgorithmParam
from clustering.run import canonical_labels, run
from clustering.spec import AlgorithmSpec, ClusteringResult

__all__ = [
    "ALGORITHMS",
    "DISTANCES",
    "AlgorithmSpec",
    "ClusteringResult",
    "DensityPeaks",
    "FuzzyCMeans",
    "GaussianMixtureEM",
    "Hierarchical",
    "KMeansStepper",
    "KMedoids",
    "AlgorithmParam",
    "canonical_labels",
    "dbscan_point_types",
    "distance_matrix",
    "k_distance",
    "run",
    "suggested_eps",
]
