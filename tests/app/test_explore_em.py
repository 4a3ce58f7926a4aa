"""The EM explorer, checked against scikit-learn's GaussianMixture and KMeans."""

import numpy as np
import pytest
from sklearn.cluster import KMeans
from sklearn.metrics import adjusted_rand_score
from sklearn.mixture import GaussianMixture

import datasets
from tests.app.conftest import open_page, open_tab
from tests.app.explore_helpers import (
    array,
    chart,
    frames,
    go_to_step,
    metrics,
    partition,
    trace,
    xy,
)

PAGE = "app_pages/explore_em.py"


def default_data():
    spec = datasets.DATASETS["anisotropic"]
    return datasets.load("anisotropic", n_samples=spec.default_n, random_state=0,
                         noise=spec.default_noise)


def sklearn_em(X, k=3, **options):
    return GaussianMixture(k, init_params="kmeans", random_state=0,
                           **{"tol": 1e-6, "max_iter": 300, **options}).fit(X)


def test_the_last_step_is_sklearns_mixture_from_the_same_start():
    data = default_data()
    at = open_page(PAGE)
    assert not at.exception and not at.error
    assert metrics(at)["Step"].startswith("0 /")
    go_to_step(at, "em")
    ref = sklearn_em(data.X)
    shown = metrics(at)
    assert float(shown["L per point"]) == pytest.approx(ref.score(data.X), abs=1e-4)
    figure = chart(at, "em_chart")
    assert adjusted_rand_score(partition(figure, data.X), ref.predict(data.X)) == 1.0
    np.testing.assert_allclose(np.sort(xy(trace(figure, "means")), axis=0),
                               np.sort(ref.means_, axis=0), atol=1e-3)
    assert float(shown["ARI EM"]) == pytest.approx(
        adjusted_rand_score(data.y, ref.predict(data.X)), abs=5e-4)


@pytest.mark.filterwarnings("ignore::sklearn.exceptions.ConvergenceWarning")
def test_step_one_is_one_sklearn_iteration_and_step_zero_the_start():
    data = default_data()
    at = open_page(PAGE)
    go_to_step(at, "em", 1)
    assert metrics(at)["Step"].startswith("1 /")
    one = sklearn_em(data.X, max_iter=1)  # the start, then one E and one M step
    assert float(metrics(at)["L per point"]) == pytest.approx(one.score(data.X), abs=1e-5)
    figure = chart(at, "em_chart")
    assert adjusted_rand_score(partition(figure, data.X), one.predict(data.X)) == 1.0
    go_to_step(at, "em", 0)
    assert metrics(at)["Step"].startswith("0 /")
    curve = array(chart(at, "em_loglik")["data"][0]["y"])
    assert (np.diff(curve) >= -1e-9 * np.abs(curve[1:])).all()


def test_kmeans_beside_starts_from_ems_first_means():
    data = default_data()
    at = open_page(PAGE)
    first = KMeans(3, n_init=1, random_state=0).fit(data.X).labels_
    means = np.array([data.X[first == j].mean(axis=0) for j in range(3)])
    ref = KMeans(3, init=means, n_init=1, algorithm="lloyd").fit(data.X)
    assert adjusted_rand_score(partition(chart(at, "em_kmeans"), data.X), ref.labels_) == 1.0
    assert float(metrics(at)["ARI k-means"]) == pytest.approx(
        adjusted_rand_score(data.y, ref.labels_), abs=5e-4)
    # Where EM wins: elongated clusters.
    assert float(metrics(at)["ARI EM"]) > float(metrics(at)["ARI k-means"])


@pytest.mark.filterwarnings("ignore::sklearn.exceptions.ConvergenceWarning")
def test_a_link_sets_the_model_and_bic_is_sklearns():
    # Select boxes take their shown labels in the URL.
    at = open_page(PAGE, {"em_cov": "spherical (circles)", "em_k": "2", "em_data": "Blobs",
                          "em_n": "200"})
    assert not at.exception and not at.error
    assert at.selectbox(key="em_cov").value == "spherical"
    spec = datasets.DATASETS["blobs"]
    X = datasets.load("blobs", n_samples=200, random_state=0, noise=spec.default_noise).X
    with pytest.raises(KeyError):  # the curve waits until its tab is opened
        chart(at, "em_criteria")
    figure = chart(open_tab(at, "em_tab", "BIC and AIC against K"), "em_criteria")
    bic = trace(figure, "BIC")
    for k, value in zip(array(bic["x"]), array(bic["y"]), strict=True):
        ref = sklearn_em(X, int(k), covariance_type="spherical").bic(X)
        assert value == pytest.approx(ref, rel=1e-4), k
    assert len(array(bic["x"])) == 8


@pytest.mark.filterwarnings("ignore::sklearn.exceptions.ConvergenceWarning")
def test_the_animation_holds_every_em_step():
    data = datasets.load("blobs", n_samples=100, random_state=0,
                         noise=datasets.DATASETS["blobs"].default_noise)
    at = open_page(PAGE, {"em_k": "2", "em_data": "Blobs", "em_n": "100"})
    assert not at.exception
    figure = chart(at, "em_chart")
    last = int(metrics(at)["Step"].split("/")[1])
    shipped = frames(figure, "step")
    assert list(shipped) == [str(i) for i in range(last + 1)]
    play, pause = figure["layout"]["updatemenus"][0]["buttons"]
    assert (play["label"], pause["label"]) == ("Play", "Pause")
    for i in sorted({1, 2, last // 2, last}):
        *_, means = shipped[str(i)]
        ref = sklearn_em(data.X, 2, max_iter=i)  # the start, then i E and M steps
        np.testing.assert_allclose(np.sort(xy(means), axis=0), np.sort(ref.means_, axis=0),
                                   atol=1e-6)
        hard = array(shipped[str(i)][0]["customdata"])
        assert adjusted_rand_score(hard, ref.predict(data.X)) == 1.0


def test_one_component_is_the_data_s_own_gaussian():
    # K = 1: every point is sure of its component (no 1 - 1/K = 0 in the opacity), and EM's
    # one Gaussian is the sample mean and the (biased) sample covariance.
    data = default_data()
    at = open_page(PAGE, {"em_k": "1"})
    assert not at.exception and not at.error
    go_to_step(at, "em")
    assert not at.exception
    ref = sklearn_em(data.X, k=1)
    assert float(metrics(at)["L per point"]) == pytest.approx(ref.score(data.X), abs=1e-4)
    np.testing.assert_allclose(xy(trace(chart(at, "em_chart"), "means")),
                               [data.X.mean(axis=0)], atol=1e-6)
