import pytest
from sklearn.utils.estimator_checks import check_estimator

from clustering.density_peaks import DensityPeaks
from clustering.fuzzy_cmeans import FuzzyCMeans
from clustering.gaussian_mixture import GaussianMixtureEM
from clustering.hierarchical import Hierarchical
from clustering.kmeans import KMeansStepper
from clustering.kmedoids import KMedoids

ESTIMATORS = [
    DensityPeaks(),
    DensityPeaks(kernel="cutoff", halo="script", halo_as_noise=True),
    FuzzyCMeans(),
    GaussianMixtureEM(),
    GaussianMixtureEM(covariance_type="spherical", init="random"),
    Hierarchical(),
    Hierarchical(linkage="average", metric="cityblock"),
    KMeansStepper(),
    KMedoids(),
]


@pytest.mark.filterwarnings("ignore::sklearn.exceptions.SkipTestWarning")
@pytest.mark.filterwarnings("ignore::clustering.gaussian_mixture.CollapsedComponentWarning")
@pytest.mark.parametrize("estimator", ESTIMATORS, ids=repr)
def test_check_estimator(estimator):
    check_estimator(estimator)
