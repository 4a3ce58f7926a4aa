"""Figures shared by every session (`ui.figure_cache`): a second session asking for the same
page gets what it would get without the cache, built by nobody again; presenter and screen
copies never mix; a covered chart sends no data even when a revealed one is cached. Also the
random models' table, cached for an array of counts (`ui.measures.show_models_table`).

The reference "without the cache" is the page run with `shared_figure` calling its builder
and `ui.export.plot` laying out its own copy, as before the cache existed.
"""

import gc
import json

import numpy as np
import pandas as pd
import plotly.graph_objects as go
import pytest
from streamlit.testing.v1 import AppTest

import plots.dbscan
import plots.density_peaks
import plots.framed
import plots.kmeans
import plots.lines
import plots.panels
import ui.export
import ui.figure_cache
from explorer.lesson_files import Lesson, Question, Step, encode_lesson
from explorer.measures import models_table
from plots.describe import chart_summary
from plots.framed import copied_figure
from plots.layout import TICK_SIZE, layout_for, presenter_layout, screen_layout
from tests.app.conftest import clear_caches, open_page
from ui.lesson import covered_figure

# page -> the plots builders its charts come from (module, name: where the page finds them).
BUILDERS = {
    "learn_chance": [(plots.lines, "line_chart")],
    "explore_dbscan": [(plots.dbscan, name) for name in (
        "dbscan_scrub_figure", "dbscan_growth_figure", "k_distance_figure")],
    "explore_kmeans": [(plots.kmeans, "kmeans_animation_figure"), (plots.kmeans, "inertia_figure"),
                       (plots.framed, "scrubbed_scatter")],
    # Its default view: the K slider's decision graph.
    "explore_density_peaks": [(plots.density_peaks, name) for name in (
        "decision_scrub_figure", "gamma_figure", "assignment_figure")],
    # Its default view: k-means on a dataset with a noise slider (the K and noise scrubbers).
    "measure_truth": [(plots.panels, "k_sweep_beside_classes"),
                      (plots.framed, "scrubbed_scatter")],
}


def sent(at) -> list:
    """What the browser receives of the page's charts, in page order: each plotly chart's
    figure (as parsed JSON: a cached figure's layout keys come in plotly's own order, which
    changes the JSON text and so the element's id, not the figure) and the rest of its
    message byte for byte, then each chart's text alternative (a component) byte for byte."""
    charts = at.get("plotly_chart")
    alts = [c for c in at.get("bidi_component") if "alt_of_" in str(c.proto)]
    assert charts and len(alts) == len(charts), "no chart was read"
    shown = []
    for chart in charts:
        rest = type(chart.proto)()
        rest.CopyFrom(chart.proto)
        rest.ClearField("spec")
        rest.ClearField("id")
        shown.append((json.loads(chart.proto.spec), rest.SerializeToString(deterministic=True)))
    return shown + [alt.proto.SerializeToString(deterministic=True) for alt in alts]


def without_cache(monkeypatch) -> None:
    monkeypatch.setattr(ui.figure_cache, "shared_figure",
                        lambda builder, *args, **kwargs: builder(*args, **kwargs))
    monkeypatch.setattr(ui.export, "laid_out", lambda fig, large, alone=False, covered=False:
                        layout_for((covered_figure if covered else copied_figure)(fig), large,
                                   alone))
    monkeypatch.setattr(ui.export, "summary", chart_summary)


def counted_builders(monkeypatch, page: str) -> dict[str, int]:
    calls = {name: 0 for _, name in BUILDERS[page]}

    def counted(name, build):
        def counting(*args, **kwargs):
            calls[name] += 1
            return build(*args, **kwargs)
        return counting

    for module, name in BUILDERS[page]:
        monkeypatch.setattr(module, name, counted(name, getattr(module, name)))
    return calls


@pytest.mark.parametrize("params", [{}, {"present": "true"}], ids=["screen", "presenter"])
@pytest.mark.parametrize("page", sorted(BUILDERS))
def test_a_second_session_gets_the_same_charts_and_builds_none(monkeypatch, page, params):
    path = f"app_pages/{page}.py"
    with monkeypatch.context() as patched:
        without_cache(patched)
        reference = open_page(path, params)
    assert not reference.exception
    clear_caches()
    calls = counted_builders(monkeypatch, page)
    first = open_page(path, params)
    built = dict(calls)
    assert all(built.values()), built  # every builder was used by the first session
    second = open_page(path, params)
    assert not first.exception and not second.exception
    assert calls == built, "the second session built a figure again"
    assert sent(first) == sent(reference)
    assert sent(second) == sent(reference)


def test_presenter_and_screen_sessions_never_share_a_laid_out_chart():
    screen = open_page("app_pages/learn_chance.py")
    present = open_page("app_pages/learn_chance.py", {"present": "true"})
    again = open_page("app_pages/learn_chance.py")
    fonts = [json.loads(at.get("plotly_chart")[0].proto.spec)["layout"].get("font", {})
             .get("size") for at in (screen, present, again)]
    # Presenter mode's large type (plots.layout.presenter_layout), the screen's own after it.
    assert fonts[1] == TICK_SIZE and fonts[0] != TICK_SIZE and fonts[2] == fonts[0]


PREDICT = {"lessonz": [encode_lesson(Lesson("Predict", (Step(
    "explore_dbscan", {}, "Predict first.",
    Question("What will the page show?", ("this", "that"), 0)),)))], "step": ["1"]}


def test_a_covered_chart_sends_no_data_though_a_revealed_one_is_cached():
    shown = open_page("app_pages/explore_dbscan.py")
    assert all(json.loads(chart.proto.spec)["data"] for chart in shown.get("plotly_chart"))
    covered = open_page("app_pages/explore_dbscan.py", PREDICT)
    assert not covered.exception
    charts = covered.get("plotly_chart")
    assert len(charts) == len(shown.get("plotly_chart"))
    for chart in charts:
        figure = json.loads(chart.proto.spec)
        assert not figure.get("data") and not figure.get("frames")


def test_a_covered_chart_is_made_once_for_every_session_as_without_the_cache(monkeypatch):
    with monkeypatch.context() as patched:
        without_cache(patched)
        reference = open_page("app_pages/explore_dbscan.py", PREDICT)
    clear_caches()
    made = []
    monkeypatch.setattr(ui.figure_cache, "covered_figure",
                        lambda fig: made.append(fig) or covered_figure(fig))
    first = open_page("app_pages/explore_dbscan.py", PREDICT)
    covers = len(made)
    second = open_page("app_pages/explore_dbscan.py", PREDICT)
    assert not reference.exception and not first.exception and not second.exception
    assert covers >= 1 and len(made) == covers, "the second session made its covers again"
    assert sent(first) == sent(reference)
    assert sent(second) == sent(reference)


def test_a_shared_figure_is_built_once_per_arguments_and_kept_within_its_bound():
    calls = []

    def bars(height):
        calls.append(height)
        return go.Figure(go.Bar(y=[height]))

    clear_caches()
    first = ui.figure_cache.shared_figure(bars, 1)
    assert ui.figure_cache.shared_figure(bars, 1) is first and calls == [1]
    for height in range(2, ui.figure_cache.FIGURES_KEPT + 2):
        ui.figure_cache.shared_figure(bars, height)
    # One more than the bound: the least recently used (height 1) left and is built again.
    assert ui.figure_cache.shared_figure(bars, 1) is not first
    assert calls.count(1) == 2


def test_a_laid_out_copy_leaves_with_its_figure_and_never_changes_it():
    # A framed figure whose frames set long titles: both layouts rewrap them.
    xy = np.array([[0.0, 0.0], [1.0, 1.0], [2.0, 0.0]])
    fig = plots.framed.scrubbed_scatter(
        xy, np.array([[0, 0, 1], [0, 1, 1]]), ["2", "3"], name="K", active=0,
        titles=[f"K = {k}: a title long enough to be wrapped on a projector's screen, "
                "and on a laptop's" for k in (2, 3)])
    before = fig.to_dict()
    screen = ui.figure_cache.laid_out(fig, False)
    present = ui.figure_cache.laid_out(fig, True)
    assert fig.to_dict() == before
    assert screen.to_dict() == screen_layout(copied_figure(fig)).to_dict()
    assert present.to_dict() == presenter_layout(copied_figure(fig)).to_dict()
    alone = ui.figure_cache.laid_out(fig, True, alone=True)
    assert alone is not present
    assert alone.to_dict() == presenter_layout(copied_figure(fig), alone=True).to_dict()
    assert screen.to_dict()["frames"] != before["frames"]  # the copy's titles were rewrapped
    key = id(fig)
    assert key in ui.figure_cache._MADE
    del fig
    gc.collect()  # a plotly figure and its layout point at each other
    assert key not in ui.figure_cache._MADE


def test_the_random_models_table_is_the_same_cached_or_not_for_an_array_or_a_contingency():
    def page():
        import numpy as np
        import streamlit as st

        import metrics
        from ui.measures import show_models_table

        counts = np.array([[8, 1, 1], [1, 7, 2], [0, 2, 8]])
        truth, found = np.nonzero(counts)  # one point per nonzero cell, for the second table
        for key, table in (("array", counts), ("again", counts),
                           ("contingency", metrics.contingency_table(truth, found))):
            st.session_state[f"shown_{key}"] = show_models_table(table, key=key)

    at = AppTest.from_function(page).run()
    assert not at.exception
    counts = np.array([[8, 1, 1], [1, 7, 2], [0, 2, 8]])
    truth, found = np.nonzero(counts)
    pd.testing.assert_frame_equal(at.session_state["shown_array"], models_table(counts))
    pd.testing.assert_frame_equal(at.session_state["shown_again"], models_table(counts))
    pd.testing.assert_frame_equal(at.session_state["shown_contingency"],
                                  models_table(np.histogram2d(truth, found, bins=3)[0]))
