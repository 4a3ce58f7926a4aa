"""Hostile link values and uploads: shown as text, never as links or images."""

import re

import pytest
from streamlit.testing.v1 import AppTest

from tests.app.conftest import open_page
from tests.ui.test_text import rendered_text
from ui.page_parameters import APP, TIMEOUT_S

PHISHING = "[Session expired: log in here](http://evil.example/login)"
IMAGE = "![x](http://host/x.png)"


def shown_markdown(at) -> list[str]:
    """The Markdown bodies of every element that renders Markdown."""
    kinds = (at.error, at.warning, at.info, at.success, at.markdown, at.caption)
    return [element.value for kind in kinds for element in kind]


def is_link_or_image(markdown: str) -> bool:
    """Whether ``markdown`` holds a link or image CommonMark would render: an unescaped
    ``](`` or a bare URL (GitHub-flavoured Markdown links those too)."""
    return bool(re.search(r"(?<!\\)\]\(|https?://", markdown))


def test_a_link_in_typed_kmeans_centres_is_shown_as_text():
    at = open_page("app_pages/explore_kmeans.py", {"km_init": "placed by you",
                                                   "km_centres": PHISHING})
    assert not at.exception, at.exception
    assert len(at.error) == 1
    body = at.error[0].value
    assert "Session expired" in rendered_text(body)
    assert not is_link_or_image(body), body


@pytest.mark.parametrize("value", ["99999999999999999999", "-5", "3, 99999999999999999999"])
def test_huge_density_peaks_centres_are_an_error_not_a_traceback(value):
    at = open_page("app_pages/explore_density_peaks.py",
                   {"dp_mode": "my selection", "dp_centres": value})
    assert not at.exception, at.exception
    assert len(at.error) == 1 and "point number" in at.error[0].value
    assert "Traceback" not in at.error[0].value and "/" not in at.error[0].value


def test_a_5000_digit_centre_in_a_link_is_dropped_with_a_warning():
    at = AppTest.from_file(APP, default_timeout=TIMEOUT_S)
    at.query_params["dp_mode"] = "my selection"
    at.query_params["dp_centres"] = "9" * 5000
    at.run()
    assert not at.exception, at.exception
    assert [w.value for w in at.warning if "dp\\_centres (longer than 2,000" in w.value]
    at.switch_page("app_pages/explore_density_peaks.py").run()
    assert not at.exception, at.exception


def test_an_image_in_a_file_name_and_a_header_is_shown_as_text():
    at = open_page("app_pages/measure_upload.py")
    content = f"x1,{IMAGE},label\n0,0,a\n0,1,a\n5,5,b\n5,6,b\n".encode()
    at.file_uploader(key="up_file").upload(f"{IMAGE}.csv", content)
    at.run()
    assert not at.exception, at.exception
    bodies = [body for body in shown_markdown(at) if "x.png" in body]
    assert bodies, "the file name is shown"
    for body in bodies:
        assert not is_link_or_image(body), body
    # The header becomes an axis title of the scatter plot: plotly must not see a tag.
    titles = [str(chart.proto.spec) for chart in at.get("plotly_chart")]
    assert titles and not any("<a " in spec or "<img" in spec for spec in titles)


def test_a_bad_header_in_an_error_message_is_shown_as_text():
    at = open_page("app_pages/measure_upload.py")
    at.file_uploader(key="up_file").upload("data.csv", f"{PHISHING},b\nx,1\ny,2\n".encode())
    at.run()
    assert not at.exception, at.exception
    assert at.error
    for body in (e.value for e in at.error):
        assert not is_link_or_image(body), body
