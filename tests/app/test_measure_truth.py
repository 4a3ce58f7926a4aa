"""Compare with ground truth: the numbers shown are those of the clustering described."""

import numpy as np
import pytest
from sklearn import metrics as skm

import clustering
import datasets
import metrics
from tests.app.classwise_helpers import assert_classwise_matches_sklearn
from tests.app.conftest import open_page, open_tab
from tests.app.explore_helpers import carried, hidden_widgets

PAGE = "app_pages/measure_truth.py"


def shown(at) -> dict[str, float]:
    open_tab(at, "mt_tab", "Every measure")
    table = next(d.value for d in at.dataframe if "key" in d.value.columns)
    return dict(zip(table["key"], table["value"], strict=True))


def sklearn_reference(truth, found) -> dict[str, float]:
    """Every registered measure that scikit-learn (or a direct count) computes independently."""
    table = skm.cluster.contingency_matrix(truth, found)
    ref = {
        "ri": skm.rand_score(truth, found),
        "ari": skm.adjusted_rand_score(truth, found),
        "fm": skm.fowlkes_mallows_score(truth, found),
        "mi": skm.mutual_info_score(truth, found),
        "homogeneity": skm.homogeneity_score(truth, found),
        "completeness": skm.completeness_score(truth, found),
        "v_measure": skm.v_measure_score(truth, found),
        "purity": table.max(axis=0).sum() / table.sum(),
    }
    for avg, name in (("min", "min"), ("geometric", "sqrt"), ("arithmetic", "arithmetic"),
                      ("max", "max")):
        ref[f"nmi_{name}"] = skm.normalized_mutual_info_score(truth, found, average_method=avg)
        ref[f"ami_{name}"] = skm.adjusted_mutual_info_score(truth, found, average_method=avg)
    return ref


def test_a_link_opens_iris_with_k_means_and_every_measure_is_right():
    at = open_page(PAGE, {"mt_dataset": "Iris", "mt_algorithm": "k-means", "mt_k": "4",
                          "mt_seed": "5"})
    assert not at.exception and not at.error
    assert at.selectbox(key="mt_dataset").value == "iris"
    assert at.number_input(key="mt_seed").value == 5
    data = datasets.load("iris", random_state=5)
    found = clustering.run("kmeans", data.X, random_state=5, n_clusters=4).labels
    values = shown(at)
    assert set(values) == set(metrics.MEASURES)
    for name, expected in sklearn_reference(data.y, found).items():
        assert values[name] == pytest.approx(expected, abs=1e-9), name
    # Four clusters for three classes: one cluster is left unmatched.
    assert_classwise_matches_sklearn(open_tab(at, "mt_tab", "Contingency table"), data.y, found)
    # The internal indices of the same clustering.
    open_tab(at, "mt_tab", "Internal indices")
    silhouette = next(m for m in at.metric if m.label == "Silhouette")
    assert float(silhouette.value) == pytest.approx(skm.silhouette_score(data.X, found), rel=1e-3)
    ch = next(m for m in at.metric if m.label == "Calinski-Harabasz")
    assert float(ch.value) == pytest.approx(skm.calinski_harabasz_score(data.X, found), rel=1e-3)
    # F-ratio = K (n - K) / ((K - 1) CH): the slides' WB index from scikit-learn's CH.
    f = next(m for m in at.metric if m.label == "F-ratio (WB)")
    n, k = len(found), 4
    want = k * (n - k) / ((k - 1) * skm.calinski_harabasz_score(data.X, found))
    assert float(f.value) == pytest.approx(want, rel=1e-3)
    assert any("Jump method" in str(c.value) or "jump" in str(c.value) for c in at.caption)


def dbscan_page():
    at = open_page(PAGE, {"mt_dataset": "Two moons", "mt_algorithm": "DBSCAN", "mt_n": "300"})
    at.number_input(key="mt_dbscan_eps").set_value(0.12).run() if any(
        w.key == "mt_dbscan_eps" for w in at.number_input
    ) else at.slider(key="mt_dbscan_eps").set_value(0.12).run()
    return at


@pytest.mark.parametrize("policy", ["cluster", "singletons", "exclude"])
def test_dbscan_noise_is_scored_as_chosen(policy):
    at = dbscan_page()
    at.radio(key="mt_noise_policy").set_value(policy).run()
    assert not at.exception and not at.error
    spec = datasets.DATASETS["moons"]
    data = datasets.load("moons", n_samples=300, random_state=0, noise=spec.default_noise)
    found = clustering.run("dbscan", data.X, random_state=0, eps=0.12).labels
    noise = found == -1
    assert noise.any(), "eps = 0.12 should leave some noise on this dataset"
    truth = data.y
    if policy == "singletons":
        found = found.copy()
        found[noise] = np.arange(1000, 1000 + noise.sum())
    elif policy == "exclude":
        truth, found = truth[~noise], found[~noise]
    values = shown(at)
    assert values["ari"] == pytest.approx(skm.adjusted_rand_score(truth, found))
    assert values["ami_arithmetic"] == pytest.approx(skm.adjusted_mutual_info_score(truth, found))


def test_switching_to_hierarchical_keeps_the_page_alive():
    at = open_page(PAGE, {"mt_dataset": "Iris", "mt_algorithm": "k-means"})
    at.selectbox(key="mt_algorithm").select("hierarchical").run()
    assert not at.exception


@pytest.mark.skipif(len(metrics.RANDOM_MODELS) < 2, reason="only the permutation model")
def test_random_model_switch_changes_only_the_adjusted_measures():
    at = open_page(PAGE, {"mt_dataset": "Iris"})
    before = shown(at)
    other = [name for name in metrics.RANDOM_MODELS if name != "perm"][0]
    at.selectbox(key="mt_model").select(other).run()
    at.toggle(key="mt_one_sided").set_value(True).run()
    assert not at.exception and not at.error
    after = shown(at)
    data = datasets.load("iris", random_state=0)
    found = clustering.run("kmeans", data.X, random_state=0).labels
    assert after["ari"] == pytest.approx(
        metrics.adjusted_rand_index(data.y, found, random_model=other, one_sided=True)
    )
    for name, measure in metrics.MEASURES.items():
        if not measure.takes_random_model:
            assert after[name] == before[name], name


def test_nonsense_in_the_url_falls_back_to_defaults():
    at = open_page(PAGE, {"mt_dataset": "nonsense", "mt_k": "999", "mt_seed": "-5",
                          "mt_model": "bogus", "mt_noise_policy": "xx", "mt_n": "many"})
    assert not at.exception and not at.error
    assert at.selectbox(key="mt_model").value == "perm"
    assert at.radio(key="mt_noise_policy").value == "cluster"


def test_every_random_model_table_agrees_with_the_switch():
    at = open_tab(open_page(PAGE, {"mt_dataset": "Iris", "mt_seed": "1"}), "mt_tab",
                  "Every measure")
    models = next(d.value for d in at.dataframe if "random model" in d.value.columns)
    data = datasets.load("iris", random_state=1)
    found = clustering.run("kmeans", data.X, random_state=1).labels
    perm = models[models["random model"].str.startswith("perm")]
    assert perm["ARI"].to_numpy() == pytest.approx(skm.adjusted_rand_score(data.y, found))
    at.selectbox(key="mt_model").select("num").run()
    row = models[models["random model"].str.startswith("num") & ~models["one-sided"]]
    assert shown(at)["ari"] == pytest.approx(row["ARI"].iloc[0])
    assert shown(at)["ami_arithmetic"] == pytest.approx(row["AMI (arithmetic)"].iloc[0])


def test_every_k_frame_is_the_algorithm_run_at_that_k():
    from tests.app.explore_helpers import array, chart, frames

    at = open_page(PAGE, {"mt_dataset": "Blobs", "mt_n": "200", "mt_algorithm": "kmeans",
                          "mt_k": "3", "mt_seed": "4"})
    assert not at.exception
    open_tab(at, "mt_tab", "Clusters and classes")
    shipped = frames(chart(at, "mt_pair"), "K")
    assert list(shipped) == [str(k) for k in range(1, 11)]
    data = datasets.load("blobs", n_samples=200, random_state=4,
                         noise=datasets.DATASETS["blobs"].default_noise)
    direct = clustering.run("kmeans", data.X, random_state=4, n_clusters=3)
    for k, (update,) in shipped.items():
        run = clustering.run("kmeans", data.X, random_state=4,
                             **{**direct.params, "n_clusters": int(k)})
        assert skm.adjusted_rand_score(array(update["customdata"]), run.labels) == 1.0


def test_every_noise_frame_is_dbscan_on_the_data_drawn_at_that_noise():
    from sklearn.cluster import DBSCAN

    from tests.app.explore_helpers import array, chart, frames

    at = open_page(PAGE, {"mt_dataset": "Moons", "mt_n": "200", "mt_algorithm": "dbscan",
                          "mt_seed": "2", "mt_noise_moons": "0.1"})
    assert not at.exception and not at.error
    open_tab(at, "mt_tab", "Clusters and classes")
    figure = chart(at, "mt_scatter_noise")
    shipped = frames(figure, "noise")
    # Every fifth step of the slider (0.01 apart on moons), the page's 0.1 among them.
    assert list(shipped) == [f"{v:g}" for v in (0, 0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.35,
                                                   0.4, 0.45, 0.5)]
    slider = figure["layout"]["sliders"][0]
    assert slider["steps"][slider["active"]]["label"] == "0.1"
    eps, min_samples = (at.session_state[f"mt_dbscan_{p}"] for p in ("eps", "min_samples"))
    # Each title is wrapped in two lines at most (plots.layout.screen_layout).
    titles = {frame["name"].split("=", 1)[1]:
              frame["layout"]["title"]["text"].replace("<br>", " ")
              for frame in figure["frames"]}
    for label in ("0", "0.05", "0.1", "0.3", "0.5"):
        data = datasets.load("moons", n_samples=200, random_state=2, noise=float(label))
        (update,) = shipped[label]
        # Positions travel as float32 (7 significant digits: a 1280 px chart shows 4).
        shipped_xy = np.column_stack([array(update["x"]), array(update["y"])])
        assert shipped_xy.dtype == np.float32
        np.testing.assert_array_equal(shipped_xy, data.X.astype(np.float32))
        labels = DBSCAN(eps=eps, min_samples=min_samples).fit(data.X).labels_
        assert skm.adjusted_rand_score(array(update["customdata"]), labels) == 1.0
        # The frame's title: the clusters found and the ARI against the classes drawn.
        clusters = len(set(labels) - {-1})
        ari = skm.adjusted_rand_score(data.y, labels)
        found = "1 cluster" if clusters == 1 else f"{clusters} clusters"
        assert titles[label] == (f"noise = {label}: {found}, ARI vs truth "
                                 f"{ari:.3f}"), label
    # The chart drawn before any move is the page's own noise's frame.
    (active,) = shipped["0.1"]
    for name in ("x", "y", "customdata"):
        np.testing.assert_array_equal(array(figure["data"][0][name]), array(active[name]))


@pytest.mark.parametrize(("query", "hidden"), [
    ({"mt_dataset": "Moons", "mt_algorithm": "kmeans"}, {"mt_k", "mt_noise_moons"}),
    # DBSCAN takes no K: no K slider, so no K widget at all; noise is scrubbed.
    ({"mt_dataset": "Moons", "mt_algorithm": "dbscan"}, {"mt_noise_moons"}),
])
def test_k_and_noise_widgets_are_hidden_where_the_charts_scrub_them(query, hidden):
    at = open_page("app_pages/measure_truth.py", query)
    assert not at.exception
    assert hidden_widgets(at, ("mt_k", "mt_noise_moons")) == hidden
    for key in hidden:  # each still carries its value to the URL, from its hidden box
        assert at.slider(key=key).value is not None and carried(at, key)
