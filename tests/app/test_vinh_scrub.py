"""The Vinh page's K scrubber: each frame marks the curves' values at its K, which match the
run's table and the expected Rand index of random clusterings computed in closed form."""

import numpy as np
import pytest

from tests.app.conftest import open_page
from tests.app.explore_helpers import array, chart

PAGE = "app_pages/experiments_vinh2009.py"


def expected_rand_index(n: int, k_true: int, k: int) -> float:
    """E[RI] of a fixed clustering of k_true equal clusters against labels drawn uniformly
    from K: a pair agrees when both put it together or both apart."""
    together_true = (n / k_true - 1) / (n - 1)
    return together_true / k + (1 - together_true) * (1 - 1 / k)


def frames_by_k(figure: dict) -> dict[int, dict[str, float]]:
    out = {}
    for frame in figure["frames"]:
        data = frame["data"][0]
        texts = data["text"]
        out[int(frame["name"].split("=")[1])] = {
            t.split()[0]: y for t, y in zip(texts, array(data["y"]), strict=True)}
    return out


def test_every_frame_marks_the_runs_means_at_its_k():
    at = open_page(PAGE, {"vinh_n": "100", "vinh_ktrue": "10", "vinh_draws": "1000"})
    assert not at.exception and not at.error
    figure = chart(at, "vinh_chart")
    table = at.dataframe[0].value
    frames = frames_by_k(figure)
    ks = sorted(table["K"].unique())
    assert sorted(frames) == ks and len(ks) >= 5
    for k in ks:
        rows = table[table["K"] == k].set_index("measure")["mean"]
        assert frames[k] == pytest.approx(rows.to_dict(), abs=1e-12)
        # 1,000 draws: the Monte Carlo error of the mean RI is about 0.0005.
        assert frames[k]["ri"] == pytest.approx(expected_rand_index(100, 10, k), abs=0.01)
        assert abs(frames[k]["ari"]) < 0.01
    # The chart first marks the largest K, and the control holds it.
    assert array(figure["data"][-1]["x"]).tolist() == [ks[-1]] * len(frames[ks[-1]])
    assert at.select_slider(key="vinh_mark").value == ks[-1]


def test_a_k_in_the_link_is_the_marked_k():
    at = open_page(PAGE, {"vinh_mark": "6", "vinh_draws": "100"})
    assert not at.exception and not at.error
    figure = chart(at, "vinh_chart")
    assert np.unique(array(figure["data"][-1]["x"])).tolist() == [6]
    slider = figure["layout"]["sliders"][0]
    assert slider["steps"][slider["active"]]["label"] == "6"


@pytest.mark.parametrize("bad", ["99", "seven", "<b>x</b>"])
def test_a_k_outside_the_curves_in_the_link_falls_back_to_the_largest(bad):
    at = open_page(PAGE, {"vinh_mark": bad, "vinh_draws": "100"})
    assert not at.exception and not at.error
    assert at.select_slider(key="vinh_mark").value == 20
