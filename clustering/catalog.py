"""The `ALGORITHMS` registry: one entry per algorithm, with its parameters and inner quantities."""

from __future__ import annotations

from typing import Any

import numpy as np
from sklearn import cluster

from clustering.dbscan import dbscan_point_types
from clustering.density_peaks import DensityPeaks
from clustering.distances import DISTANCE_PARAMS, DISTANCES
from clustering.fuzzy_cmeans import FuzzyCMeans
from clustering.gaussian_mixture import COVARIANCE_TYPES, INIT_METHODS, GaussianMixtureEM
from clustering.hierarchical import LINKAGES, Hierarchical
from clustering.kmeans import INITS, KMeansStepper
from clustering.kmedoids import KMedoids
from clustering.params import ParamSpec
from clustering.precomputed import OnDistances
from clustering.spec import AlgorithmSpec

METRICS = tuple(DISTANCES)


def _n_clusters(default: int = 3, help: str = "Number of clusters to find.") -> ParamSpec:
    return ParamSpec("n_clusters", "int", default, 1, 30, 1, help=help)


def _metric(help: str = "Distance between points (see the Distances lesson).") -> tuple[
        ParamSpec, ...]:
    """The ``metric`` choice, followed by each metric's own parameters (shown only with it)."""
    return (ParamSpec("metric", "choice", "euclidean", choices=METRICS, help=help),
            *DISTANCE_PARAMS)


def _with_metric(make, metric: str, **metric_params):
    """``make(metric)`` when the estimator computes ``metric`` itself, else the estimator
    ``make("precomputed")`` fitted on `clustering.distance_matrix`."""
    if DISTANCES[metric].native:
        return make(metric)
    own = {p.name: metric_params[p.name] for p in DISTANCES[metric].params}
    return OnDistances(make("precomputed"), metric=metric, metric_params=own)


def _inner(est):
    """The fitted algorithm, through the distance wrapper if there is one."""
    return est.estimator_ if isinstance(est, OnDistances) else est


# -- estimators written here ------------------------------------------------------------------


def _kmeans(random_state, n_clusters, init, max_iter):
    return KMeansStepper(n_clusters=n_clusters, init=init, max_iter=max_iter,
                         random_state=random_state)


def _kmeans_extras(est, X) -> dict[str, Any]:
    return {"centers": est.cluster_centers_, "init_centers": est.init_centers_,
            "history": est.history_, "inertia": est.inertia_, "n_iter": est.n_iter_}


def _density_peaks(random_state, center_selection, n_clusters, rho_min, delta_min, percent,
                   kernel, metric, halo, halo_as_noise, **metric_params):
    by_count = center_selection == "n_clusters"
    return _with_metric(
        lambda m: DensityPeaks(n_clusters=n_clusters if by_count else None,
                               rho_min=None if by_count else rho_min,
                               delta_min=None if by_count else delta_min,
                               percent=percent, kernel=kernel, metric=m, halo=halo,
                               halo_as_noise=halo_as_noise),
        metric, **metric_params)


def _density_peaks_extras(est, X) -> dict[str, Any]:
    est = _inner(est)
    return {"rho": est.rho_, "delta": est.delta_, "gamma": est.gamma_,
            "nearest_higher": est.nearest_higher_, "centers": est.centers_, "halo": est.halo_,
            "dc": est.dc_, "border_density": est.border_density_, "order": est.order_}


def _hierarchical(random_state, cut, n_clusters, distance_threshold, linkage, metric,
                  **metric_params):
    by_count = cut == "n_clusters"
    return _with_metric(
        lambda m: Hierarchical(n_clusters=n_clusters if by_count else None,
                               distance_threshold=None if by_count else distance_threshold,
                               linkage=linkage, metric=m),
        metric, **metric_params)


def _hierarchical_extras(est, X) -> dict[str, Any]:
    return {"linkage_matrix": _inner(est).linkage_matrix_}


def _fuzzy_cmeans(random_state, n_clusters, m, tol, max_iter):
    return FuzzyCMeans(n_clusters=n_clusters, m=m, tol=tol, max_iter=max_iter,
                       random_state=random_state)


def _fuzzy_cmeans_extras(est, X) -> dict[str, Any]:
    return {"membership": est.membership_, "centers": est.cluster_centers_, "fpc": est.fpc_,
            "objective": est.objective_, "initial_membership": est.initial_membership_,
            "n_iter": est.n_iter_}


def _kmedoids(random_state, n_clusters, metric, max_iter, **metric_params):
    return _with_metric(lambda m: KMedoids(n_clusters=n_clusters, metric=m, max_iter=max_iter),
                        metric, **metric_params)


def _kmedoids_extras(est, X) -> dict[str, Any]:
    est = _inner(est)
    return {"medoid_indices": est.medoid_indices_, "centers": X[est.medoid_indices_],
            "inertia": est.inertia_, "n_iter": est.n_iter_}


def _gmm(random_state, n_clusters, covariance_type, init, max_iter, tol, reg_covar):
    return GaussianMixtureEM(n_components=n_clusters, covariance_type=covariance_type,
                             init=init, max_iter=max_iter, tol=tol, reg_covar=reg_covar,
                             random_state=random_state)


def _gmm_extras(est, X) -> dict[str, Any]:
    return {"means": est.means_, "covariances": est.covariances_, "weights": est.weights_,
            "membership": est.responsibilities_, "converged": bool(est.converged_),
            "n_iter": est.n_iter_, "log_likelihood": est.log_likelihood_,
            "history": est.history_}


# -- scikit-learn estimators ---------------------------------------------------------------------


def _dbscan(random_state, eps, min_samples, metric, **metric_params):
    return _with_metric(lambda m: cluster.DBSCAN(eps=eps, min_samples=min_samples, metric=m),
                        metric, **metric_params)


def _dbscan_extras(est, X) -> dict[str, Any]:
    data = est.distances_ if isinstance(est, OnDistances) else X
    est = _inner(est)
    core = np.zeros(len(est.labels_), dtype=bool)
    core[est.core_sample_indices_] = True
    return {"core_mask": core,
            "point_types": dbscan_point_types(data, est.eps, est.min_samples, est.metric)}


def _spectral(random_state, n_clusters, affinity, n_neighbors, gamma, assign_labels):
    return cluster.SpectralClustering(n_clusters=n_clusters, affinity=affinity,
                                      n_neighbors=n_neighbors, gamma=gamma,
                                      assign_labels=assign_labels, random_state=random_state)


def _mean_shift(random_state, bandwidth, bin_seeding, cluster_all):
    return cluster.MeanShift(bandwidth=bandwidth, bin_seeding=bin_seeding,
                             cluster_all=cluster_all)


def _centers_extras(est, X) -> dict[str, Any]:
    return {"centers": est.cluster_centers_}


def _hdbscan(random_state, min_cluster_size, min_samples, cluster_selection_epsilon,
             cluster_selection_method, metric, **metric_params):
    return _with_metric(
        lambda m: cluster.HDBSCAN(min_cluster_size=min_cluster_size, min_samples=min_samples,
                                  cluster_selection_epsilon=cluster_selection_epsilon,
                                  cluster_selection_method=cluster_selection_method, metric=m,
                                  copy=True),
        metric, **metric_params)


def _hdbscan_extras(est, X) -> dict[str, Any]:
    return {"probabilities": _inner(est).probabilities_}


def _optics(random_state, min_samples, min_cluster_size, cluster_method, xi, eps, metric,
            **metric_params):
    return _with_metric(
        lambda m: cluster.OPTICS(min_samples=min_samples, min_cluster_size=min_cluster_size,
                                 cluster_method=cluster_method, xi=xi, eps=eps, metric=m),
        metric, **metric_params)


def _optics_extras(est, X) -> dict[str, Any]:
    est = _inner(est)
    return {"reachability": est.reachability_, "ordering": est.ordering_,
            "core_distances": est.core_distances_}


def _birch(random_state, n_clusters, threshold, branching_factor):
    return cluster.Birch(n_clusters=n_clusters, threshold=threshold,
                         branching_factor=branching_factor)


def _birch_extras(est, X) -> dict[str, Any]:
    return {"subcluster_centers": est.subcluster_centers_}


def _affinity(random_state, damping, max_iter, convergence_iter):
    return cluster.AffinityPropagation(damping=damping, max_iter=max_iter,
                                       convergence_iter=convergence_iter,
                                       random_state=random_state)


def _affinity_extras(est, X) -> dict[str, Any]:
    return {"exemplars": est.cluster_centers_indices_, "centers": est.cluster_centers_,
            "n_iter": est.n_iter_}


_SPECS = [
    AlgorithmSpec(
        "kmeans", "k-means", "partitional",
        "Alternates assigning points to the nearest centre and moving centres to their mean. "
        "Euclidean by construction: the mean is the point minimising squared Euclidean "
        "distances, so there is no metric to choose (k-medoids takes any).",
        (
            _n_clusters(),
            ParamSpec("init", "choice", "k-means++", choices=INITS,
                      help="First centres: D^2 sampling, scikit-learn's greedy variant, random."),
            ParamSpec("max_iter", "int", 300, 1, 1000, 1,
                      help="Stop after this many assign/update rounds."),
        ),
        _kmeans, _kmeans_extras,
    ),
    AlgorithmSpec(
        "dbscan", "DBSCAN", "density",
        "Grows clusters from core points that have at least min_samples neighbours within eps.",
        (
            ParamSpec("eps", "float", 0.5, 0.001, 100.0, 0.01, log=True,
                      help="Neighbourhood radius: points closer than eps are neighbours."),
            ParamSpec("min_samples", "int", 5, 1, 200, 1,
                      at_most_n=True,
                      help="Neighbours (the point itself included) needed to be a core point."),
            *_metric(),
        ),
        _dbscan, _dbscan_extras,
    ),
    AlgorithmSpec(
        "density_peaks", "Density peaks", "density",
        "Centres are points denser than their neighbours and far from any denser point.",
        (
            ParamSpec("center_selection", "choice", "n_clusters",
                      choices=("n_clusters", "thresholds"),
                      help="Pick the n_clusters largest rho*delta, or all rho > rho_min and "
                           "delta > delta_min."),
            _n_clusters(help="Number of centres (largest rho * delta)."),
            ParamSpec("rho_min", "float", 1.0, 0.0, 10_000.0, 0.5,
                      help="Decision graph: a centre needs a density above this."),
            ParamSpec("delta_min", "float", 1.0, 0.0, 1_000.0, 0.01,
                      help="Decision graph: a centre needs a distance to denser points above "
                           "this."),
            ParamSpec("percent", "float", 2.0, 0.1, 50.0, 0.1,
                      help="d_c is this percentile of all pair distances (about 1-2 % of "
                           "points as neighbours)."),
            ParamSpec("kernel", "choice", "gaussian", choices=("gaussian", "cutoff"),
                      help="Density: smooth Gaussian weights, or a count of points within d_c."),
            *_metric(),
            ParamSpec("halo", "choice", "paper", choices=("paper", "script"),
                      help="Border density rule: the paper's, or the authors' script's."),
            ParamSpec("halo_as_noise", "bool", False,
                      help="Label halo points (less dense than their cluster border) as noise."),
        ),
        _density_peaks, _density_peaks_extras,
    ),
    AlgorithmSpec(
        "hierarchical", "Hierarchical (agglomerative)", "hierarchical",
        "Starts from single points and repeatedly merges the two closest clusters.",
        (
            ParamSpec("cut", "choice", "n_clusters", choices=("n_clusters", "distance_threshold"),
                      help="Cut the dendrogram into n_clusters, or at a merge height."),
            _n_clusters(),
            ParamSpec("distance_threshold", "float", 1.0, 0.001, 1e4, 0.01, log=True,
                      help="Merges at or above this height are undone."),
            ParamSpec("linkage", "choice", "ward", choices=LINKAGES,
                      help="Distance between clusters: closest pair, farthest pair, mean, ..."),
            *_metric(help="Distance between points; centroid, median and ward need euclidean."),
        ),
        _hierarchical, _hierarchical_extras,
    ),
    AlgorithmSpec(
        "fuzzy_cmeans", "Fuzzy c-means", "partitional",
        "Like k-means, but every point belongs to every cluster with a membership degree.",
        (
            _n_clusters(),
            ParamSpec("m", "float", 2.0, 1.05, 5.0, 0.05,
                      help="Fuzzifier: near 1 memberships are almost hard, larger is fuzzier."),
            ParamSpec("tol", "float", 1e-5, 1e-10, 0.1, None, log=True,
                      help="Stop when the memberships change less than this."),
            ParamSpec("max_iter", "int", 300, 1, 1000, 1, help="Maximum number of rounds."),
        ),
        _fuzzy_cmeans, _fuzzy_cmeans_extras,
    ),
    AlgorithmSpec(
        "gmm", "Gaussian mixture (EM)", "model-based",
        "Fits a mixture of Gaussians by expectation-maximisation; each point gets probabilities.",
        (
            _n_clusters(help="Number of Gaussian components."),
            ParamSpec("covariance_type", "choice", "full",
                      choices=COVARIANCE_TYPES,
                      help="Shape freedom of each Gaussian: full ellipses down to circles."),
            ParamSpec("init", "choice", "kmeans", choices=INIT_METHODS,
                      help="Start: the clusters of one k-means run, or random "
                           "responsibilities."),
            ParamSpec("max_iter", "int", 100, 1, 1000, 1, help="Maximum number of EM steps."),
            ParamSpec("tol", "float", 1e-3, 1e-10, 1.0, None, log=True,
                      help="Stop when the mean log-likelihood per point rises less than this."),
            ParamSpec("reg_covar", "float", 1e-6, 1e-10, 1.0, None, log=True,
                      help="Floor added to every variance, so a component cannot collapse "
                           "onto one point."),
        ),
        _gmm, _gmm_extras,
    ),
    AlgorithmSpec(
        "kmedoids", "k-medoids (PAM)", "partitional",
        "Like k-means, but each centre is an actual data point, so any distance works.",
        (
            _n_clusters(),
            *_metric(),
            ParamSpec("max_iter", "int", 300, 0, 1000, 1,
                      help="Maximum number of medoid swaps."),
        ),
        _kmedoids, _kmedoids_extras,
    ),
    AlgorithmSpec(
        "spectral", "Spectral clustering", "graph",
        "Builds a similarity graph and clusters the points in the space of its eigenvectors.",
        (
            _n_clusters(),
            ParamSpec("affinity", "choice", "nearest_neighbors",
                      choices=("nearest_neighbors", "rbf"),
                      help="Graph: link nearest neighbours, or weight all pairs by a Gaussian."),
            ParamSpec("n_neighbors", "int", 10, 2, 200, 1,
                      at_most_n=True,
                      help="Neighbours linked to each point (nearest_neighbors graph)."),
            ParamSpec("gamma", "float", 1.0, 0.001, 1000.0, 0.01, log=True,
                      help="Width of the Gaussian weights exp(-gamma d^2) (rbf graph)."),
            ParamSpec("assign_labels", "choice", "kmeans",
                      choices=("kmeans", "discretize", "cluster_qr"),
                      help="How labels are read off the eigenvectors."),
        ),
        _spectral,
    ),
    AlgorithmSpec(
        "mean_shift", "Mean shift", "density",
        "Moves each point uphill to a mode of a kernel density estimate; modes are clusters.",
        (
            ParamSpec("bandwidth", "float", 1.0, 0.01, 100.0, 0.01, log=True,
                      help="Kernel radius: larger values merge modes into fewer clusters."),
            ParamSpec("bin_seeding", "bool", True,
                      help="Start only from grid cells holding points (much faster)."),
            ParamSpec("cluster_all", "bool", True,
                      help="Assign every point; if off, points far from all modes are noise."),
        ),
        _mean_shift, _centers_extras,
    ),
    AlgorithmSpec(
        "hdbscan", "HDBSCAN", "density",
        "Runs DBSCAN at every eps and keeps the clusters that persist longest.",
        (
            ParamSpec("min_cluster_size", "int", 15, 2, 1000, 1,
                      at_most_n=True,
                      help="Smallest group of points that counts as a cluster."),
            ParamSpec("min_samples", "int", 5, 1, 200, 1,
                      at_most_n=True,
                      help="Neighbours needed for a point to be dense; larger = more noise."),
            ParamSpec("cluster_selection_epsilon", "float", 0.0, 0.0, 100.0, 0.01,
                      help="Clusters closer than this are merged."),
            ParamSpec("cluster_selection_method", "choice", "eom", choices=("eom", "leaf"),
                      help="eom: most persistent clusters; leaf: the finest ones."),
            *_metric(),
        ),
        _hdbscan, _hdbscan_extras,
    ),
    AlgorithmSpec(
        "optics", "OPTICS", "density",
        "Orders points by reachability distance; valleys of the reachability plot are clusters.",
        (
            ParamSpec("min_samples", "int", 20, 2, 200, 1,
                      at_most_n=True,
                      help="Neighbours (the point itself included) needed to be a core point."),
            ParamSpec("min_cluster_size", "int", 50, 2, 5000, 1,
                      at_most_n=True,
                      help="Smallest group of points that counts as a cluster (xi method)."),
            ParamSpec("cluster_method", "choice", "xi", choices=("xi", "dbscan"),
                      help="xi: cut at steep slopes of the plot; dbscan: cut at height eps."),
            ParamSpec("xi", "float", 0.05, 0.001, 0.999, 0.01,
                      help="Minimum relative steepness of a cluster boundary (xi method)."),
            ParamSpec("eps", "float", 0.5, 0.001, 100.0, 0.01, log=True,
                      help="Height of the cut in the reachability plot (dbscan method)."),
            *_metric(),
        ),
        _optics, _optics_extras,
    ),
    AlgorithmSpec(
        "birch", "BIRCH", "hierarchical",
        "Summarises the data in a tree of small subclusters, then groups the subclusters.",
        (
            _n_clusters(),
            ParamSpec("threshold", "float", 0.5, 0.001, 100.0, 0.01, log=True,
                      help="Largest radius of a subcluster; smaller = more subclusters."),
            ParamSpec("branching_factor", "int", 50, 2, 500, 1,
                      help="Maximum number of subclusters in a tree node."),
        ),
        _birch, _birch_extras,
    ),
    AlgorithmSpec(
        "affinity_propagation", "Affinity propagation", "graph",
        "Points exchange messages until a few of them are chosen as exemplars for the rest.",
        (
            ParamSpec("damping", "float", 0.5, 0.5, 0.99, 0.01,
                      help="How much old messages are kept each round; raise it if it oscillates."),
            ParamSpec("max_iter", "int", 200, 1, 2000, 1, help="Maximum number of rounds."),
            ParamSpec("convergence_iter", "int", 15, 1, 200, 1,
                      help="Stop when the exemplars stay the same for this many rounds."),
        ),
        _affinity, _affinity_extras,
    ),
]

ALGORITHMS: dict[str, AlgorithmSpec] = {s.name: s for s in _SPECS}
