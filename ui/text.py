"""Text from users (links, files, headers, typed values) shown literally, never as markup.

Streamlit renders the body of ``st.error``, ``st.markdown``, captions and widget labels as
GitHub-flavoured Markdown, and plotly renders a few HTML tags (``<a href>`` among them) in
titles, ticks and hover labels. A string a user controls must go through `plain` (Markdown)
or `figure_text` (plotly) before it is shown, so a link value such as
``[Session expired: log in here](http://evil.example/login)`` stays text.
"""

import html
import re

# Longer messages are cut in the middle: a 10 kB link value must not fill the page.
MAX_SHOWN = 600
# Characters that start markup anywhere in a line of Streamlit's Markdown: links and images
# need "[", HTML and autolinks "<", then emphasis, code, strike-through, math and headings.
# (Parentheses, "!" and ":" only act after "[", so they stay readable.)
_MARKUP = re.compile(r"([\\`*_\[\]<>~$#])")
# At the start of a line "-", "+", "=" and "1." or "1)" begin lists, rules or headings.
_LINE_START = re.compile(r"^(\d*)([-+=.)])")
# GitHub-flavoured Markdown turns bare URLs, www. names and e-mail addresses into links;
# an invisible word joiner breaks them.
_JOINER = "\u2060"
_AUTOLINK = re.compile(r"(?i)(?<=:)(?=//)|(?<=www)(?=\.)|(?=@)")


def shorten(text: str, limit: int = MAX_SHOWN) -> str:
    """``text`` cut in the middle to at most about ``limit`` characters."""
    if len(text) <= limit:
        return text
    half = limit // 2
    return f"{text[:half]} … ({len(text) - 2 * half:,} characters left out) … {text[-half:]}"


def plain(text: object, limit: int = MAX_SHOWN) -> str:
    """``str(text)`` made to render literally inside Streamlit Markdown.

    Newlines become spaces, characters that would start markup are backslash-escaped and
    autolinks are broken with an invisible word joiner; the text reads the same on the page.
    """
    flat = " ".join(shorten(str(text), limit).split())
    escaped = _LINE_START.sub(r"\1\\\2", _MARKUP.sub(r"\\\1", flat))
    return _AUTOLINK.sub(_JOINER, escaped)


def figure_text(text: object) -> str:
    """``str(text)`` made to render literally in a plotly title, tick or hover label."""
    return html.escape(str(text), quote=False)


def show_error(error: object, prefix: str = "") -> None:
    """``st.error`` with the message of ``error`` (an exception or text) shown literally.

    ``prefix`` is the app's own Markdown, put before the escaped message.
    """
    # Imported here: the escaping above serves ui.link_plan, which stays free of Streamlit.
    import streamlit as st

    st.error(prefix + plain(error))


def show_warning(message: object, prefix: str = "") -> None:
    """``st.warning`` with ``message`` (which may hold user text) shown literally."""
    import streamlit as st

    st.warning(prefix + plain(message))
