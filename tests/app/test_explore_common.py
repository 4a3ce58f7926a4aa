"""What every explorer page promises: explained controls, page-prefixed URL keys, no traceback."""

import pytest

from tests.app.conftest import open_page

PAGES = {
    "app_pages/explore_kmeans.py": "km_",
    "app_pages/explore_dbscan.py": "db_",
    "app_pages/explore_density_peaks.py": "dp_",
    "app_pages/explore_hierarchical.py": "hc_",
    "app_pages/explore_fuzzy.py": "fc_",
    "app_pages/explore_compare.py": "cmp_",
}
WIDGETS = ("button", "checkbox", "multiselect", "number_input", "radio", "select_slider",
           "selectbox", "slider", "text_input", "toggle")
# The shared sidebar's controls (presenter mode, image format, the lesson builder, the class
# starter) belong to the app, not to the page.
APP_KEYS = {"present", "img_fmt"}
APP_PREFIXES = ("lesson_", "class_")


def page_widgets(at):
    for kind in WIDGETS:
        for widget in at.get(kind):
            if widget.key not in APP_KEYS and not (widget.key or "").startswith(APP_PREFIXES):
                yield kind, widget


@pytest.mark.parametrize("path", list(PAGES))
def test_every_control_is_explained_and_keyed_with_the_page_prefix(path):
    at = open_page(path)
    widgets = list(page_widgets(at))
    assert widgets
    for kind, widget in widgets:
        assert widget.help, f"{kind} {widget.label!r} has no help"
        assert widget.key and widget.key.startswith(PAGES[path]), (kind, widget.key)


NONSENSE = {"_data": "Atlantis", "_n": "-3", "_seed": "1e99", "_k": "many", "_eps": "-1",
            "_min": "0", "_step": "99", "_centres": "((", "_init": "magic", "_link": "glue",
            "_cut": "sideways", "_h": "NaN", "_c": "1", "_m": "0.5", "_mode": "?",
            "_algos": "nothing", "_grid": "spectral", "_value": "beauty", "_pct": "200"}


@pytest.mark.parametrize("path", list(PAGES))
def test_nonsense_in_the_url_shows_no_traceback(path):
    prefix = PAGES[path].rstrip("_")
    at = open_page(path, {prefix + suffix: value for suffix, value in NONSENSE.items()})
    assert not at.exception, at.exception
    assert at.title
