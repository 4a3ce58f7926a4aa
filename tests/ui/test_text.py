"""ui.text: user strings shown literally, checked against CommonMark's escaping rules."""

import re

from hypothesis import given
from hypothesis import strategies as st

from ui.text import MAX_SHOWN, figure_text, plain

JOINER = "\u2060"
# CommonMark: a backslash before any ASCII punctuation character stands for that character.
_ESCAPE = re.compile(r"\\([!-/:-@\[-`{-~])")


def rendered_text(markdown: str) -> str:
    """What a CommonMark renderer shows for text holding only backslash escapes."""
    return _ESCAPE.sub(r"\1", markdown).replace(JOINER, "")


def markup_left(markdown: str) -> list[str]:
    """The pieces of ``markdown`` that would still be read as markup."""
    unescaped = re.sub(r"\\.", "", markdown)
    found = re.findall(r"[\[\]<`*_~$#]", unescaped)
    found += re.findall(r"(?i)://|www\.|\w@", markdown)
    found += re.findall(r"^(?:[-+=]|\d+[.)])", markdown)
    return found


def test_the_issue_examples_lose_their_link_and_image():
    link = "[Session expired: log in here](http://evil.example/login)"
    image = "![x](http://host/x.png)"
    for text in (link, image, f"bad centre {link!r}", "mail me: a@b.example, www.b.example"):
        assert markup_left(plain(text)) == []
        assert rendered_text(plain(text)) == text


@given(st.text(max_size=200))
def test_any_text_renders_as_itself_with_no_markup(text):
    shown = plain(text)
    assert markup_left(shown) == []
    assert rendered_text(shown) == " ".join(text.split())


def test_long_text_is_cut_in_the_middle():
    text = "a" * 5000 + "END"
    shown = plain(text)
    assert len(shown) < MAX_SHOWN + 100
    assert shown.startswith("aaa") and shown.endswith("END")
    assert "characters left out" in shown


def test_figure_text_escapes_plotly_tags():
    assert figure_text('<a href="http://evil.example">x</a>') == (
        '&lt;a href="http://evil.example"&gt;x&lt;/a&gt;'
    )
    assert figure_text("x1 & x2") == "x1 &amp; x2"
