"""Key numbers beside the chart in presenter mode (ui.presenter.number_columns, issue 38):
the default mode's numbers, in the controls' column instead of a row of columns above the
chart. Where that puts them on screen, and the plot areas it frees: tests/browser/
test_pages.py."""

import pytest

from tests.app.conftest import open_page

PAGES = ["explore_dbscan", "explore_density_peaks", "explore_fuzzy", "explore_linkage",
         "explore_hierarchical", "learn_dimensionality"]


def numbers(metrics) -> list[tuple[str, str]]:
    return [(metric.label, metric.value) for metric in metrics]


@pytest.mark.parametrize("page", PAGES)
def test_presenter_mode_moves_the_key_numbers_into_the_controls_column(page):
    plain = open_page(f"app_pages/{page}.py")
    present = open_page(f"app_pages/{page}.py", {"present": "true"})
    assert not plain.exception and not present.exception
    shown = numbers(plain.metric)
    assert numbers(present.metric) == shown
    # The page's first column holds its controls: no number there in the default mode; in
    # presenter mode the key numbers, the page's first (a lesson's demos further down keep
    # theirs), in the same order.
    assert numbers(plain.columns[0].metric) == []
    beside = numbers(present.columns[0].metric)
    assert len(beside) >= 3 and beside == shown[:len(beside)]
