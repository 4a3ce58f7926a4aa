"""The Measure pages and the app-wide controls in Debian's chromium, against a real server."""

import math
import re
from urllib.parse import parse_qs, urlsplit

import numpy as np
import pytest
from sklearn.metrics import silhouette_score

import clustering
import datasets
from tests.browser.pageutils import click_and_wait, open_app, screenshot, wait_until_idle

pytestmark = pytest.mark.browser

# The page's first paragraph of prose.
TEXT = '[data-testid="stMain"] [data-testid="stMarkdownContainer"] p'


def test_sandbox_works_the_slides_exercise_out(page, app_url):
    open_app(page, app_url, "measure_sandbox?sb_mode=Pair+counts")
    n11, n10, n01, n00 = 20, 24, 20, 72
    ari = 2 * (n11 * n00 - n10 * n01) / ((n11 + n10) * (n10 + n00) + (n11 + n01) * (n01 + n00))
    # KaTeX typesets the formulas after the run: wait for the worked ARI line.
    page.locator(".katex").filter(has_text=f"{ari:.4f}").first.wait_for(timeout=30_000)
    text = " ".join(page.locator(".katex").all_inner_texts())
    assert f"{(n11 + n00) / 136:.4f}" in text  # RI = 92/136
    assert f"{ari:.4f}" in text
    screenshot(page, "measure_sandbox-pairs")


def test_compare_page_from_a_link_shows_the_right_silhouette(page, app_url):
    open_app(page, app_url, "measure_truth?mt_dataset=Iris&mt_algorithm=k-means&mt_k=3&mt_seed=2")
    click_and_wait(page, page.get_by_role("tab", name="Internal indices"))
    metric = page.locator('[data-testid="stMetric"]').filter(has_text="Silhouette")
    value = float(metric.locator('[data-testid="stMetricValue"]').inner_text())
    data = datasets.load("iris", random_state=2)
    labels = clustering.run("kmeans", data.X, random_state=2, n_clusters=3).labels
    assert math.isclose(value, silhouette_score(data.X, labels), rel_tol=1e-3)
    screenshot(page, "measure_truth-iris-internal")

    # The copy-link control gives the page URL with its parameters, for a teacher's slides.
    page.get_by_role("button", name="Copy link").click()
    link = page.locator('[data-testid="stCode"]').first.inner_text()
    assert "/measure_truth?" in link and "mt_dataset=Iris" in link and "mt_seed=2" in link


def test_upload_explains_a_bad_file_then_scores_a_good_one(page, app_url, tmp_path):
    open_app(page, app_url, "measure_upload")
    bad = tmp_path / "bad.csv"
    bad.write_text("a,b\n1,x\n2,y\n")
    page.locator('[data-testid="stFileUploaderDropzoneInput"]').set_input_files(str(bad))
    page.locator('[data-testid="stAlertContentError"]').wait_for(timeout=30_000)
    assert "non-numeric" in page.locator('[data-testid="stAlertContentError"]').inner_text()
    # Two groups of 20 points on a 5 x 4 grid, around (0, 0) and (5, 5).
    grid = np.array([(dx / 10, dy / 10) for dx in range(5) for dy in range(4)])
    X = np.vstack([grid, grid + 5])
    labels = np.repeat([0, 1], 20)
    good = tmp_path / "good.csv"
    good.write_text("u,v,label\n" + "\n".join(
        f"{x:g},{y:g},{c}" for (x, y), c in zip(X, labels, strict=True)))
    page.locator('[data-testid="stFileUploaderDropzoneInput"]').set_input_files(str(good))
    page.get_by_text("good.csv: 40 rows").wait_for(timeout=30_000)
    wait_until_idle(page)
    assert page.locator('[data-testid="stAlertContentError"]').count() == 0
    # The page's default: k-means with K = 3, seed 0; its silhouette as scikit-learn has it.
    found = clustering.run("kmeans", X, random_state=0, n_clusters=3).labels
    page.get_by_role("tab", name="Internal indices").click()
    wait_until_idle(page)
    metric = page.locator('[data-testid="stMetric"]').filter(has_text="Silhouette")
    value = float(metric.locator('[data-testid="stMetricValue"]').inner_text())
    assert math.isclose(value, silhouette_score(X, found), rel_tol=1e-3)
    screenshot(page, "measure_upload-good")


def test_presenter_mode_from_the_url_folds_the_sidebar_and_enlarges_text(page, tabs, app_url):
    open_app(page, app_url, "measure_sandbox")
    normal = page.locator(TEXT).first.evaluate("e => parseFloat(getComputedStyle(e).fontSize)")
    # A teacher's link opens in a fresh browser (a context of its own, nothing stored): the
    # sidebar starts folded.
    fresh, = tabs(page.viewport_size)
    fresh.goto(f"{app_url}/measure_sandbox?present=true")
    wait_until_idle(fresh)
    # The text, not the title: presenter mode sets the title at 40 px, the normal page's
    # title style 36 px, and Streamlit's own 44 px before either arrives (a test of the
    # title passed only when it caught that moment). The style element may land a moment
    # after the run ends.
    fresh.wait_for_function(
        f"() => parseFloat(getComputedStyle(document.querySelector('{TEXT}')).fontSize) "
        f"> {1.5 * normal}",
        timeout=60_000,
    )
    sidebar = fresh.locator('[data-testid="stSidebar"]')
    assert sidebar.get_attribute("data-collapsed") == "true"
    screenshot(fresh, "presenter-mode")


def test_a_lesson_question_is_answered_then_revealed(page, app_url):
    open_app(page, app_url, "learn_chance")
    reveal = page.get_by_role("button", name="Reveal")
    assert reveal.is_disabled()
    question = page.get_by_role("radiogroup", name=re.compile("^Predict"))
    click_and_wait(page, question.get_by_text("0.5", exact=True))
    page.get_by_role("button", name="Reveal").click()
    page.get_by_text("Right: 0.5.").wait_for(timeout=30_000)
    # The computed value comes in a later message of the same run: wait for it (a failure
    # if it never shows), rather than look at the instant the verdict appeared.
    page.get_by_text("Computed now: NMI =").wait_for(timeout=30_000)
    screenshot(page, "learn_chance-revealed")

    # A teacher moves K; the copied link carries the new value.
    page.get_by_role("slider", name="Clusters K of the random clustering").focus()
    page.keyboard.press("ArrowRight")
    wait_until_idle(page)
    page.get_by_role("button", name="Copy link").click()
    link = page.locator('[data-testid="stCode"]').first
    link.wait_for(timeout=10_000)
    # Every control is in the link, defaults included.
    url = urlsplit(link.inner_text())
    assert url.path.endswith("/learn_chance")
    assert parse_qs(url.query) == {"lc_k": ["14"], "lc_k_true": ["10"], "lc_n": ["100"],
                                   "lc_seed": ["0"], "present": ["false"]}
