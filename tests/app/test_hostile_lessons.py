"""Hostile lesson links (issue 23): shown as text, never as links, images or tracebacks."""

import base64
import json
import zlib

import pytest

from explorer.lesson_files import load_lesson
from tests.app.conftest import open_page
from tests.app.test_no_injection import is_link_or_image, shown_markdown
from tests.ui.test_text import rendered_text
from ui.lesson_bar import URL_PATHS

PHISHING = "[Session expired: log in here](http://evil.example/login)"
IMAGE = "![x](http://127.0.0.1:9/x.png)"


def encoded(data: bytes) -> str:
    """``data`` deflated and base64url-encoded, as a ``lessonz`` value."""
    return base64.urlsafe_b64encode(zlib.compress(data, 9)).decode().rstrip("=")


def assert_shown_as_text(at, expected: str) -> None:
    assert not at.exception, at.exception
    bodies = shown_markdown(at)
    assert any(expected in rendered_text(body) for body in bodies), bodies
    for body in bodies:
        assert not is_link_or_image(body), body
        assert "Traceback" not in body


@pytest.mark.parametrize("name", [PHISHING, IMAGE])
def test_markup_in_a_lesson_name_is_shown_as_text(name):
    at = open_page("app_pages/home.py", {"lesson": [name]})
    assert_shown_as_text(at, "no lesson named")
    assert len(at.error) == 1


def test_markup_in_a_lessonz_parameter_name_is_shown_as_text():
    lesson = {"title": "T", "steps": [{"page": "home", "prompt": "Look.",
                                       "params": {"[x](http://evil.example)": "1"}}]}
    code = encoded(json.dumps(lesson).encode())
    at = open_page("app_pages/home.py", {"lessonz": [code]})
    assert_shown_as_text(at, "must have text values")


def test_a_deeply_nested_lessonz_is_a_damaged_link_not_a_recursion_error():
    code = encoded(b"[" * 60_000)
    assert len(code) < 200
    at = open_page("app_pages/home.py", {"lessonz": [code]})
    assert_shown_as_text(at, "damaged")


@pytest.mark.parametrize("step", ["²", "٣", "nan", "1e309", "-1", ""])
def test_a_step_that_is_no_ascii_number_opens_the_first_step(step):
    first = load_lesson("why_adjust_for_chance", URL_PATHS).steps[0].page
    at = open_page(URL_PATHS[first], {"lesson": ["why_adjust_for_chance"], "step": [step]})
    assert not at.exception, at.exception
    assert not at.error, [e.value for e in at.error]
    assert "step 1 of" in " ".join(m.value for m in at.markdown)
