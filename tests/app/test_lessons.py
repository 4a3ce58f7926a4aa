"""The lessons: questions reveal live answers, solutions and demos show the right numbers."""

import numpy as np
import pytest
from sklearn import metrics as skm
from streamlit.testing.v1 import AppTest

import clustering
import datasets
import metrics
from tests.app.conftest import answer, open_page
from ui.navigation import PAGES
from ui.page_parameters import APP, TIMEOUT_S


def latex_text(at) -> str:
    return " ".join(element.value for element in at.latex)


def test_families_question_reveals_each_familys_ari_on_the_moons():
    at = open_page("app_pages/learn_families.py")
    assert not at.exception and not at.error
    answer(at, "lf_q1", 0)
    assert at.warning and not at.success
    answer(at, "lf_q1", 2)
    assert at.success
    shown = next(d.value for d in at.dataframe if "ARI on two moons" in d.value.columns)
    moons = datasets.load("moons", n_samples=300, random_state=0, standardize=True,
                          noise=datasets.DATASETS["moons"].default_noise)
    kmeans = clustering.run("kmeans", moons.X, random_state=0, n_clusters=2).labels
    dbscan = clustering.run("dbscan", moons.X, random_state=0, eps=0.3).labels
    ari = dict(zip(shown["method"], shown["ARI on two moons"], strict=True))
    assert ari["k-means"] == pytest.approx(skm.adjusted_rand_score(moons.y, kmeans))
    assert ari["DBSCAN"] == pytest.approx(skm.adjusted_rand_score(moons.y, dbscan))
    assert ari["DBSCAN"] > 0.9 > ari["k-means"]


def test_pairs_lesson_works_the_slides_exercise_out():
    at = open_page("app_pages/learn_pairs.py")
    assert not at.exception and not at.error
    answer(at, "lp_q1", 2)
    assert at.success
    assert f"{92 / 136:.4f}" in latex_text(at)
    # The hidden solution: Hubert & Arabie's ARI from the four pair counts.
    n11, n10, n01, n00 = 20, 24, 20, 72
    ari = 2 * (n11 * n00 - n10 * n01) / ((n11 + n10) * (n10 + n00) + (n11 + n01) * (n01 + n00))
    assert f"= {ari:.4f}" in latex_text(at)


@pytest.mark.parametrize("example", ["Classes split in two", "Unrelated"])
def test_pairs_examples_caption_matches_scikit_learn(example):
    at = open_page("app_pages/learn_pairs.py", {"lp_example": example})
    assert not at.exception
    tables = {"Classes split in two": [[3, 3, 0, 0, 0, 0], [0, 0, 3, 3, 0, 0],
                                       [0, 0, 0, 0, 3, 3]],
              "Unrelated": [[2, 2, 2], [2, 2, 2], [2, 2, 2]]}
    table = np.array(tables[example])
    rows, cols = np.nonzero(table)
    u, v = np.repeat(rows, table[rows, cols]), np.repeat(cols, table[rows, cols])
    caption = " ".join(c.value for c in at.caption)
    assert f"RI = {skm.rand_score(u, v):.4f}" in caption
    assert f"ARI = {skm.adjusted_rand_score(u, v):.4f}" in caption


def test_information_lesson_split_question_and_mixing_demo():
    at = open_page("app_pages/learn_information.py", {"li_k": "3", "li_mix": "0.0"})
    assert not at.exception and not at.error
    answer(at, "li_q1", 1)
    assert at.success
    values = next(d.value for d in at.dataframe if "Homogeneity" in d.value.columns)
    u, v = np.repeat([0, 1], 20), np.repeat([0, 1, 2, 3], 10)
    assert values["Homogeneity"].iloc[0] == pytest.approx(1.0)
    assert values["Completeness"].iloc[0] == pytest.approx(skm.completeness_score(u, v))


def test_chance_lesson_shows_nmi_of_random_clusterings_and_ami_near_zero():
    at = open_page("app_pages/learn_chance.py", {"lc_n": "200", "lc_k": "18", "lc_seed": "4"})
    assert not at.exception and not at.error
    # Replay the page's draws and score them with scikit-learn.
    rng = np.random.default_rng(4)
    truth = metrics.sample_clustering(200, "uniform", n_clusters=10, random_state=rng)
    nmi, ami = {}, {}
    for k in range(2, 51, 4):
        draws = [metrics.sample_clustering(200, "uniform", n_clusters=k, random_state=rng)
                 for _ in range(12)]
        nmi[k] = np.mean([skm.normalized_mutual_info_score(truth, d) for d in draws])
        ami[k] = np.mean([skm.adjusted_mutual_info_score(truth, d) for d in draws])
    shown = {m.label.split(" at")[0]: float(m.value) for m in at.metric}
    assert shown["NMI (arithmetic)"] == pytest.approx(nmi[18], abs=1e-3)
    assert shown["AMI (arithmetic)"] == pytest.approx(ami[18], abs=1e-3)
    assert nmi[50] > nmi[2] + 0.2 and abs(ami[50]) < 0.05
    answer(at, "lc_q1", 2)
    assert at.success


def test_chance_lesson_model_table_under_perm_is_scikit_learns():
    at = open_page("app_pages/learn_chance.py")
    table = next(d.value for d in at.dataframe if "random model" in d.value.columns)
    assert len(table) == 2 * len(metrics.RANDOM_MODELS)
    start = np.array([[8, 1, 1], [1, 7, 2], [0, 2, 8]])
    rows, cols = np.nonzero(start)
    u, v = np.repeat(rows, start[rows, cols]), np.repeat(cols, start[rows, cols])
    perm = table[table["random model"].str.startswith("perm")]
    assert perm["ARI"].to_numpy() == pytest.approx(skm.adjusted_rand_score(u, v))
    assert perm["AMI (arithmetic)"].to_numpy() == pytest.approx(
        skm.adjusted_mutual_info_score(u, v)
    )


def test_validation_lesson_random_data_and_silhouette_exercise():
    at = open_page("app_pages/learn_validation.py", {"lv_method": "k-means"})
    assert not at.exception and not at.error
    data = datasets.load("no_structure", n_samples=300, random_state=0, standardize=True)
    labels = clustering.run("kmeans", data.X, random_state=0, n_clusters=3).labels
    silhouette = next(m for m in at.metric if m.label == "Silhouette")
    assert float(silhouette.value) == pytest.approx(skm.silhouette_score(data.X, labels),
                                                    abs=1e-3)
    best_ci = next(m for m in at.metric if m.label == "K with the best CI")
    assert 2 <= int(best_ci.value) <= 8
    answer(at, "lv_q1_kmeans", 1)
    assert at.success
    solution = next(d.value for d in at.dataframe if "s(x)" in d.value.columns)
    assert solution["s(x)"].iloc[1] == pytest.approx((5 - 1) / 5)


def test_home_links_to_every_page_and_presenter_mode_from_the_url():
    at = open_page("app_pages/home.py")
    # The sidebar links every page too (tests/app/test_sidebar_nav.py): Home's own are in main.
    links = [(link.proto.page, link.proto.label) for link in at.main.get("page_link")]
    # "Every page": one link per registered page but Home itself, titled as in the sidebar.
    every_page = {(entry.url_path, entry.title) for entry in PAGES[1:]}
    assert every_page <= set(links)
    assert {page for page, _ in links} == {entry.url_path for entry in PAGES[1:]}
    app = AppTest.from_file(APP, default_timeout=TIMEOUT_S)
    app.query_params["present"] = "true"
    app.run()
    assert not app.exception
    assert app.toggle(key="present").value is True
    assert any("font-size" in element.proto.body for element in app.get("html"))
    app.toggle(key="present").set_value(False).run()
    assert not any("font-size" in element.proto.body for element in app.get("html"))


@pytest.mark.parametrize(
    "path, params",
    [
        ("app_pages/learn_chance.py", {"lc_n": "7", "lc_k": "3", "lc_k_true": "900"}),
        ("app_pages/learn_information.py", {"li_k": "-1", "li_mix": "7"}),
        ("app_pages/learn_pairs.py", {"lp_example": "nope"}),
        ("app_pages/learn_families.py", {"lf_dataset": "iris", "lf_k": "0"}),
        ("app_pages/learn_validation.py", {"lv_method": "zz", "lv_dataset": "digits"}),
        ("app_pages/measure_sandbox.py", {"sb_mode": "zzz", "sb_rows": "99", "sb_n11": "-4"}),
    ],
    ids=lambda value: value if isinstance(value, str) else "",
)
def test_odd_links_open_the_lessons_without_errors(path, params):
    at = open_page(path, params)
    assert not at.exception
    assert not at.error


def test_the_validation_question_names_the_chosen_method_and_its_live_answer():
    at = open_page("app_pages/learn_validation.py", {"lv_method": "DBSCAN"})
    question = at.radio(key="lv_q1_dbscan_choice").label
    assert "DBSCAN with eps = 0.3" in question and "k-means" not in question
    data = datasets.load("no_structure", n_samples=300, random_state=0, standardize=True)
    labels = clustering.run("dbscan", data.X, random_state=0, eps=0.3).labels
    core = labels >= 0  # the page's internal indices leave noise points out
    reference = skm.silhouette_score(data.X[core], labels[core])
    assert abs(reference) < 0.15  # so the right option is "about 0"
    answer(at, "lv_q1_dbscan", 0)
    assert at.success
