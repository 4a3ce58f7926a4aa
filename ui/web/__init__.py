"""The browser side of the app: its JavaScript and CSS, each in a file of this folder, read by
the Python module that draws it.

A file may name a value that Python code shares (a bar's key, the chart's test id, a cookie's
name) as ``$NAME``; `filled` fills each one in from the module that defines it, so the value
stays one fact, and refuses a file that names a value it was not given.
tests/ui/test_web_files.py checks every file's syntax.
"""

from functools import cache
from pathlib import Path
from string import Template

FOLDER = Path(__file__).parent


@cache
def source(name: str) -> str:
    """The text of the file ``name`` of this folder (read once per server process).

    Examples
    --------
    >>> "export default function" in source("history.js")
    True
    """
    return (FOLDER / name).read_text(encoding="utf-8")


def filled(name: str, **values: object) -> str:
    """The file ``name`` (a style sheet or a script) with its ``$NAME`` placeholders filled
    in from ``values``.

    Raises
    ------
    KeyError
        If the file names a placeholder that ``values`` does not give.

    Examples
    --------
    >>> filled("set_cookie.js", NAME="n", VALUE="v", LIFETIME_S=60).splitlines()[-1]
    "document.cookie = 'n=v; path=/; max-age=60; SameSite=Strict';"
    """
    return Template(source(name)).substitute(values)
