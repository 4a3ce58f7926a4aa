"""The `ALGORITHMS` registry: one entry per algorithm, with its parameters and inner quantities."""

from __future__ import annotations

from typing import Any

import numpy as np
from sklearn import cluster

from clustering.density_peaks import DensityPeaks
from clustering.distances import DISTANCE_PARAMS, DISTANCES
from clustering.fuzzy_cmeans import FuzzyCMeans
from clustering.gaussian_mixture import COVARIANCE_TYPES, INIT_METHODS, GaussianMixtureEM
from clustering.hierarchical import LINKAGES, Hierarchical
from clustering.kmeans import INITS, KMeansStepper
from clustering.kmedoids import KMedoids
from clustering.params import AlgorithmParam
from clustering.precomputed import OnDistances
from clustering.spec import AlgorithmSpec

METRICS = tuple(DISTANCES)


def _n_clusters(default: int = 3, help: str = "Number of clusters to find.") -> AlgorithmParam:
    return AlgorithmParam("n_clusters", "int", default=default, low=1, high=30, step=1, help=help)


def _metric(help: str = "Distance between points (see the Distances lesson).") -> tuple[
        AlgorithmParam, ...]:
    """The ``metric`` choice, followed by each metric's own parameters (shown only with it)."""
    return (AlgorithmParam("metric", "choice", default="euclidean", choices=METRICS, help=help),
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
            "n_iter": est.n_iter_, "centers_history": est.centers_history_}


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
    est = _inner(est)
    core = np.zeros(len(est.labels_), dtype=bool)
    core[est.core_sample_indices_] = True
    # DBSCAN labels every point within eps of a core point, so a labelled point that is not
    # core is a border point and an unlabelled one is noise: `dbscan_point_types`' answer
    # without a second neighbourhood search (half of a fit's time).
    types = np.where(core, "core", np.where(est.labels_ >= 0, "border", "noise"))
    return {"core_mask": core, "point_types": types}


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
        name="kmeans",
        label="k-means",
        family="partitional",
        description="Alternates assigning points to the nearest centre and moving centres to "
                    "their mean. "
                    "Euclidean by construction: the mean is the point minimising squared Euclidean "
                    "distances, so there is no metric to choose (k-medoids takes any).",
        params=(
            _n_clusters(),
            AlgorithmParam("init", "choice", default="k-means++", choices=INITS,
                      help="First centres: D^2 sampling, scikit-learn's greedy variant, random."),
            AlgorithmParam("max_iter", "int", default=300, low=1, high=1000, step=1,
                      help="Stop after this many assign/update rounds."),
        ),
        factory=_kmeans,
        extras=_kmeans_extras,
    ),
    AlgorithmSpec(
        name="dbscan",
        label="DBSCAN",
        family="density",
        description="Grows clusters from core points that have at least min_samples neighbours "
                    "within eps.",
        params=(
            AlgorithmParam("eps", "float", default=0.5, low=0.001, high=100.0, step=0.01, log=True,
                      help="Neighbourhood radius: points closer than eps are neighbours."),
            AlgorithmParam("min_samples", "int", default=5, low=1, high=200, step=1, at_most_n=True,
                      help="Neighbours (the point itself included) needed to be a core point."),
            *_metric(),
        ),
        factory=_dbscan,
        extras=_dbscan_extras,
    ),
    AlgorithmSpec(
        name="density_peaks",
        label="Density peaks",
        family="density",
        description="Centres are points denser than their neighbours and far from any denser "
                    "point.",
        params=(
            AlgorithmParam("center_selection", "choice", default="n_clusters",
                      choices=("n_clusters", "thresholds"),
                      help="Pick the n_clusters largest rho*delta, or all rho > rho_min and "
                           "delta > delta_min."),
            _n_clusters(help="Number of centres (largest rho * delta)."),
            AlgorithmParam("rho_min", "float", default=1.0, low=0.0, high=10_000.0, step=0.5,
                      help="Decision graph: a centre needs a density above this."),
            AlgorithmParam("delta_min", "float", default=1.0, low=0.0, high=1_000.0, step=0.01,
                      help="Decision graph: a centre needs a distance to denser points above "
                           "this."),
            AlgorithmParam("percent", "float", default=2.0, low=0.1, high=50.0, step=0.1,
                      help="d_c is this percentile of all pair distances (about 1-2 % of "
                           "points as neighbours)."),
            AlgorithmParam("kernel", "choice", default="gaussian", choices=("gaussian", "cutoff"),
                      help="Density: smooth Gaussian weights, or a count of points within d_c."),
            *_metric(),
            AlgorithmParam("halo", "choice", default="paper", choices=("paper", "script"),
                      help="Border density rule: the paper's, or the authors' script's."),
            AlgorithmParam("halo_as_noise", "bool", default=False,
                      help="Label halo points (less dense than their cluster border) as noise."),
        ),
        factory=_density_peaks,
        extras=_density_peaks_extras,
    ),
    AlgorithmSpec(
        name="hierarchical",
        label="Hierarchical (agglomerative)",
        family="hierarchical",
        description="Starts from single points and repeatedly merges the two closest clusters.",
        params=(
            AlgorithmParam("cut", "choice", default="n_clusters",
                      choices=("n_clusters", "distance_threshold"),
                      help="Cut the dendrogram into n_clusters, or at a merge height."),
            _n_clusters(),
            AlgorithmParam("distance_threshold", "float", default=1.0, low=0.001, high=1e4,
                step=0.01,
                      log=True, help="Merges at or above this height are undone."),
            AlgorithmParam("linkage", "choice", default="ward", choices=LINKAGES,
                      help="Distance between clusters: closest pair, farthest pair, mean, ..."),
            *_metric(help="Distance between points; centroid, median and ward need euclidean."),
        ),
        factory=_hierarchical,
        extras=_hierarchical_extras,
    ),
    AlgorithmSpec(
        name="fuzzy_cmeans",
        label="Fuzzy c-means",
        family="partitional",
        description="Like k-means, but every point belongs to every cluster with a membership "
                    "degree.",
        params=(
            _n_clusters(),
            AlgorithmParam("m", "float", default=2.0, low=1.05, high=5.0, step=0.05,
                      help="Fuzzifier: near 1 memberships are almost hard, larger is fuzzier."),
            AlgorithmParam("tol", "float", default=1e-5, low=1e-10, high=0.1, step=None, log=True,
                      help="Stop when the memberships change less than this."),
            AlgorithmParam("max_iter", "int", default=300, low=1, high=1000, step=1,
                      help="Maximum number of rounds."),
        ),
        factory=_fuzzy_cmeans,
        extras=_fuzzy_cmeans_extras,
    ),
    AlgorithmSpec(
        name="gmm",
        label="Gaussian mixture (EM)",
        family="model-based",
        description="Fits a mixture of Gaussians by expectation-maximisation; each point gets "
                    "probabilities.",
        params=(
            _n_clusters(help="Number of Gaussian components."),
            AlgorithmParam("covariance_type", "choice", default="full", choices=COVARIANCE_TYPES,
                      help="Shape freedom of each Gaussian: full ellipses down to circles."),
            AlgorithmParam("init", "choice", default="kmeans", choices=INIT_METHODS,
                      help="Start: the clusters of one k-means run, or random responsibilities."),
            AlgorithmParam("max_iter", "int", default=100, low=1, high=1000, step=1,
                      help="Maximum number of EM steps."),
            AlgorithmParam("tol", "float", default=1e-3, low=1e-10, high=1.0, step=None, log=True,
                      help="Stop when the mean log-likelihood per point rises less than this."),
            AlgorithmParam("reg_covar", "float", default=1e-6, low=1e-10, high=1.0, step=None,
                log=True,
                      help="Floor added to every variance, so a component cannot collapse "
                           "onto one point."),
        ),
        factory=_gmm,
        extras=_gmm_extras,
    ),
    AlgorithmSpec(
        name="kmedoids",
        label="k-medoids (PAM)",
        family="partitional",
        description="Like k-means, but each centre is an actual data point, so any distance works.",
        params=(
            _n_clusters(),
            *_metric(),
            AlgorithmParam("max_iter", "int", default=300, low=0, high=1000, step=1,
                      help="Maximum number of medoid swaps."),
        ),
        factory=_kmedoids,
        extras=_kmedoids_extras,
    ),
    AlgorithmSpec(
        name="spectral",
        label="Spectral clustering",
        family="graph",
        description="Builds a similarity graph and clusters the points in the space of its "
                    "eigenvectors.",
        params=(
            _n_clusters(),
            AlgorithmParam("affinity", "choice", default="nearest_neighbors",
                      choices=("nearest_neighbors", "rbf"),
                      help="Graph: link nearest neighbours, or weight all pairs by a Gaussian."),
            AlgorithmParam("n_neighbors", "int", default=10, low=2, high=200, step=1,
                at_most_n=True,
                      help="Neighbours linked to each point (nearest_neighbors graph)."),
            AlgorithmParam("gamma", "float", default=1.0, low=0.001, high=1000.0, step=0.01,
                log=True,
                      help="Width of the Gaussian weights exp(-gamma d^2) (rbf graph)."),
            AlgorithmParam("assign_labels", "choice", default="kmeans",
                      choices=("kmeans", "discretize", "cluster_qr"),
                      help="How labels are read off the eigenvectors."),
        ),
        factory=_spectral,
    ),
    AlgorithmSpec(
        name="mean_shift",
        label="Mean shift",
        family="density",
        description="Moves each point uphill to a mode of a kernel density estimate; modes are "
                    "clusters.",
        params=(
            AlgorithmParam("bandwidth", "float", default=1.0, low=0.01, high=100.0, step=0.01,
                log=True,
                      help="Kernel radius: larger values merge modes into fewer clusters."),
            AlgorithmParam("bin_seeding", "bool", default=True,
                      help="Start only from grid cells holding points (much faster)."),
            AlgorithmParam("cluster_all", "bool", default=True,
                      help="Assign every point; if off, points far from all modes are noise."),
        ),
        factory=_mean_shift,
        extras=_centers_extras,
    ),
    AlgorithmSpec(
        name="hdbscan",
        label="HDBSCAN",
        family="density",
        description="Runs DBSCAN at every eps and keeps the clusters that persist longest.",
        params=(
            AlgorithmParam("min_cluster_size", "int", default=15, low=2, high=1000, step=1,
                      at_most_n=True, help="Smallest group of points that counts as a cluster."),
            AlgorithmParam("min_samples", "int", default=5, low=1, high=200, step=1, at_most_n=True,
                      help="Neighbours needed for a point to be dense; larger = more noise."),
            AlgorithmParam("cluster_selection_epsilon", "float", default=0.0, low=0.0, high=100.0,
                      step=0.01, help="Clusters closer than this are merged."),
            AlgorithmParam("cluster_selection_method", "choice", default="eom", choices=("eom",
                "leaf"),
                      help="eom: most persistent clusters; leaf: the finest ones."),
            *_metric(),
        ),
        factory=_hdbscan,
        extras=_hdbscan_extras,
    ),
    AlgorithmSpec(
        name="optics",
        label="OPTICS",
        family="density",
        description="Orders points by reachability distance; valleys of the reachability plot are "
                    "clusters.",
        params=(
            AlgorithmParam("min_samples", "int", default=20, low=2, high=200, step=1,
                at_most_n=True,
                      help="Neighbours (the point itself included) needed to be a core point."),
            AlgorithmParam("min_cluster_size", "int", default=50, low=2, high=5000, step=1,
                      at_most_n=True,
                      help="Smallest group of points that counts as a cluster (xi method)."),
            AlgorithmParam("cluster_method", "choice", default="xi", choices=("xi", "dbscan"),
                      help="xi: cut at steep slopes of the plot; dbscan: cut at height eps."),
            AlgorithmParam("xi", "float", default=0.05, low=0.001, high=0.999, step=0.01,
                      help="Minimum relative steepness of a cluster boundary (xi method)."),
            AlgorithmParam("eps", "float", default=0.5, low=0.001, high=100.0, step=0.01, log=True,
                      help="Height of the cut in the reachability plot (dbscan method)."),
            *_metric(),
        ),
        factory=_optics,
        extras=_optics_extras,
    ),
    AlgorithmSpec(
        name="birch",
        label="BIRCH",
        family="hierarchical",
        description="Summarises the data in a tree of small subclusters, then groups the "
                    "subclusters.",
        params=(
            _n_clusters(),
            AlgorithmParam("threshold", "float", default=0.5, low=0.001, high=100.0, step=0.01,
                      log=True, help="Largest radius of a subcluster; smaller = more subclusters."),
            AlgorithmParam("branching_factor", "int", default=50, low=2, high=500, step=1,
                      help="Maximum number of subclusters in a tree node."),
        ),
        factory=_birch,
        extras=_birch_extras,
    ),
    AlgorithmSpec(
        name="affinity_propagation",
        label="Affinity propagation",
        family="graph",
        description="Points exchange messages until a few of them are chosen as exemplars for the "
                    "rest.",
        params=(
            AlgorithmParam("damping", "float", default=0.5, low=0.5, high=0.99, step=0.01,
                      help="How much old messages are kept each round; raise it if it oscillates."),
            AlgorithmParam("max_iter", "int", default=200, low=1, high=2000, step=1,
                      help="Maximum number of rounds."),
            AlgorithmParam("convergence_iter", "int", default=15, low=1, high=200, step=1,
                      help="Stop when the exemplars stay the same for this many rounds."),
        ),
        factory=_affinity,
        extras=_affinity_extras,
    ),
]

ALGORITHMS: dict[str, AlgorithmSpec] = {s.name: s for s in _SPECS}
