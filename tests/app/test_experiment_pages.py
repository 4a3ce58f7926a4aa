"""AppTests of the Experiments pages beyond the generic ones: presets, random models,
published values, the app's cap on n, URL parameters."""

import json

from streamlit.testing.v1 import AppTest

from experiments import EXPERIMENTS
from explorer.lesson_files import encode_lesson, parse_lesson
from plots.layout import TICK_SIZE
from tests.app.conftest import open_page
from ui.lesson_bar import URL_PATHS


def _frame(at):
    assert not at.exception, at.exception
    assert not at.error, [e.value for e in at.error]
    return at.dataframe[0].value


def test_vinh_fig2_with_another_random_model_one_sided():
    at = open_page("app_pages/experiments_vinh2009.py", {"vinh_fig": "vinh2009-fig2"})
    assert at.selectbox(key="vinh_fig").value == "vinh2009-fig2"
    at.selectbox(key="vinh_model").select("num").run()
    at.toggle(key="vinh_onesided").set_value(True).run()
    df = _frame(at)
    assert set(df["random_model"]) == {"num"} and df["one_sided"].all()
    assert at.get("plotly_chart")


def test_vinh_paper_preset_restarts_the_widgets_from_the_paper():
    at = open_page("app_pages/experiments_vinh2009.py")
    at.radio(key="vinh_preset").set_value("paper").run()
    assert at.slider(key="vinh_draws").value == 10_000
    df = _frame(at)
    assert sorted(df["K"].unique()) == list(range(2, 21))


def test_slides_exercise_on_the_vinh_page():
    at = open_page("app_pages/experiments_vinh2009.py", {"vinh_fig": "slides-rand"})
    df = _frame(at).set_index("quantity")
    assert round(df.loc["ri", "value"], 2) == 0.68


def test_dom_table5_shows_the_papers_counts_beside_ours():
    at = open_page("app_pages/experiments_dom2001.py")
    df = _frame(at)
    assert {"failures", "published"} <= set(df.columns)
    p3 = df[df["property"] == "P3"].set_index("measure")
    assert (p3["failures"] == p3["published"]).all()


def test_dom_paper_preset_of_fig2():
    at = open_page("app_pages/experiments_dom2001.py", {"dom_fig": "dom2001-fig2"})
    at.radio(key="dom_preset").set_value("paper").run()
    df = _frame(at)
    assert df["K_u"].min() == 6 and df["K_u"].max() == 60


def test_lazarenko_caps_n_with_a_warning():
    at = open_page("app_pages/experiments_lazarenko2021.py", {"pami_fig": "lazarenko2021-fig2"})
    at.select_slider(key="pami_maxn").set_value(10_000_000).run()
    assert any("10,000,000" in w.value for w in at.warning)
    df = _frame(at)
    assert df["n"].max() == 1_000_000


def test_lazarenko_table1_with_published_values():
    at = open_page("app_pages/experiments_lazarenko2021.py", {"pami_fig": "lazarenko2021-table1"})
    at.number_input(key="pami_repeats").set_value(1).run()
    at.number_input(key="pami_triplets").set_value(50).run()
    df = _frame(at)
    assert df["published"].notna().all() and df["precision"].between(0, 1).all()


def test_gates_kmeans_one_sided():
    at = open_page("app_pages/experiments_gates2017.py", {"gates_fig": "gates2017-kmeans"})
    at.slider(key="gates_runs").set_value(3).run()
    at.toggle(key="gates_onesided").set_value(True).run()
    df = _frame(at)
    assert df["item"].nunique() == 3


def test_a_bad_url_value_does_not_break_the_page():
    at = open_page("app_pages/experiments_vinh2009.py", {"vinh_fig": "nonsense", "vinh_seed": "-5"})
    assert not at.exception


def test_vinh_consensus_marks_k_star_and_keeps_its_controls_in_the_url():
    at = open_page("app_pages/experiments_vinh2009.py", {
        "vinh_fig": "vinh2009-consensus", "vinh_quick_ci_b": "5", "vinh_quick_ci_kmax": "4",
        "vinh_quick_ci_data": "Iris", "vinh_quick_ci_gen": "restarts",
    })
    df = _frame(at)
    assert set(df["B"]) == {5} and df["K"].max() == 4
    assert set(df["generation"]) == {"restarts", "random"}
    assert set(df["dataset"]) == {"blobs3 sd=0.1", "blobs5 sd=0.1", "iris", "random"}
    assert df.groupby(["dataset", "measure", "random_model"])["best"].sum().eq(1).all()


def test_gates_sizes_under_two_models_from_the_url():
    at = open_page("app_pages/experiments_gates2017.py", {
        "gates_fig": "gates2017-sizes", "gates_quick_sizes_draws": "200",
        "gates_quick_sizes_rm": ["perm", "all"],
    })
    df = _frame(at)
    assert set(df["random_model"]) == {"perm", "all"} and set(df["n_draws"]) == {200}
    assert set(df["sequence"]) == {"balanced", "giant", "geometric"}


def test_gates_baseline_caps_a_large_dataset_with_a_warning():
    at = open_page("app_pages/experiments_gates2017.py", {
        "gates_fig": "gates2017-baseline", "gates_quick_base_data": "Digits",
        "gates_quick_base_every": "true", "gates_quick_base_draws": "1000",
        "gates_quick_base_rm": "perm", "gates_quick_base_m": "Adjusted Rand index",
    })
    assert at.warning and "up to K" in at.warning[0].value
    df = _frame(at)
    assert df["K"].max() == 50_000_000 // (1000 * 1797) and set(df["random_model"]) == {"perm"}



def test_each_page_says_whose_settings_next_to_the_chart():
    """The preset radio's caption and the note under the chart: "The paper's settings" only
    where every value is the paper's, "Our stand-in" naming what differs elsewhere; the note
    under the chart describes the preset shown (Quick by default)."""
    at = open_page("app_pages/experiments_gates2017.py", {"gates_fig": "gates2017-kmeans"})
    captions = " ".join(c.value for c in at.caption)
    assert "Reproduces** Gates & Ahn 2017, Sec. 6.2" in captions
    assert "The quick preset, a first look: n_runs 4 (paper preset: 10)" in captions
    assert "our stand-in for MNIST" not in captions
    at.radio(key="gates_preset").set_value("paper").run()
    captions = " ".join(c.value for c in at.caption)
    assert "The paper preset is our stand-in for MNIST: scikit-learn's digits" in captions
    assert "The quick preset" not in captions
    at = open_page("app_pages/experiments_vinh2009.py", {"vinh_fig": "vinh2009-fig2"})
    captions = " ".join(c.value for c in at.caption)
    assert "The quick preset, a first look: ns 100 (paper preset: 100, 500)" in captions
    at.radio(key="vinh_preset").set_value("paper").run()
    captions = " ".join(c.value for c in at.caption)
    assert "The paper preset is our stand-in for N and the range of K, which the paper does " \
        "not give" in captions
    assert "The paper preset holds the paper's settings." not in captions


def _lesson_step(params: dict[str, list[str]]) -> AppTest:
    """The Vinh page opened from a one-step lesson link with ``params``."""
    lesson = parse_lesson({"title": "T", "steps": [
        {"page": "experiments_vinh2009", "params": params, "prompt": "Look."}]}, URL_PATHS)
    return open_page("app_pages/experiments_vinh2009.py",
                     {"lessonz": [encode_lesson(lesson)], "step": ["1"]})


def test_a_lesson_step_on_the_paper_preset_gets_the_papers_draws():
    at = _lesson_step({"vinh_preset": ["paper"]})
    assert at.radio(key="vinh_preset").value == "paper"
    assert at.slider(key="vinh_draws").value == 10_000  # Vinh et al.: 10,000 per K


def test_a_lesson_step_keeps_the_values_it_names_over_the_presets():
    paper = EXPERIMENTS["vinh2009-fig2"].parameters("paper")
    quick = EXPERIMENTS["vinh2009-fig2"].parameters("quick")
    assert paper["n_clusterings"] != quick["n_clusterings"]
    # The clusterings per set are drawn only for Fig. 2: named, they come after the preset.
    at = _lesson_step({"vinh_fig": ["vinh2009-fig2"], "vinh_preset": ["paper"],
                       "vinh_sets": ["50"], "vinh_n": ["200"]})
    assert at.selectbox(key="vinh_fig").value == "vinh2009-fig2"
    assert at.radio(key="vinh_preset").value == "paper"
    assert at.slider(key="vinh_sets").value == 50
    assert at.slider(key="vinh_n").value == 200
    # Not named: the paper's value.
    at = _lesson_step({"vinh_fig": ["vinh2009-fig2"], "vinh_preset": ["paper"],
                       "vinh_n": ["200"]})
    assert at.slider(key="vinh_sets").value == paper["n_clusterings"]
    assert at.slider(key="vinh_n").value == 200


def test_the_projected_view_restyles_its_own_copy_of_the_shared_figure():
    # The figure of a run is built once and shared by every session (ui.experiments): a
    # presenter's large type must not reach the next student who opens the same run.
    page = "app_pages/experiments_vinh2009.py"
    plain = json.loads(open_page(page).get("plotly_chart")[0].proto.spec)["layout"]
    large = json.loads(open_page(page, {"present": "true"}).get("plotly_chart")[0].proto.spec)
    again = json.loads(open_page(page).get("plotly_chart")[0].proto.spec)["layout"]
    assert large["layout"]["font"]["size"] == TICK_SIZE
    assert plain.get("font", {}).get("size") != TICK_SIZE
    assert again == plain
