"""Lessons: a title and a few steps, each a page of the app with its link parameters, a
one-line prompt and an optional predict-then-reveal question.

Shipped lessons are TOML files in ``lessons/``; a teacher's own lesson travels inside its
link (``encode_lesson``), so no lesson is ever stored on the server. Everything read from a
file or a link is validated and bounded here.
"""

from __future__ import annotations

import base64
import functools
import json
import re
import tomllib
import zlib
from collections.abc import Collection, Mapping
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from metrics.validation import check_integer, check_real

LESSON_DIR = Path(__file__).resolve().parents[1] / "lessons"
MAX_STEPS = 30
MAX_TEXT = 400
MAX_PARAMS = 40
MAX_CODE = 8_000  # characters of an encoded lesson in a link
MAX_JSON = 64_000  # bytes once decompressed: a link cannot inflate into a large document
NAME = re.compile(r"^[a-z0-9_]{1,60}$")
LESSONS_KEPT = 64  # parsed lesson files kept at once (`load_lesson`); a few are shipped


@dataclass(frozen=True)
class Question:
    """A predict-then-reveal question: with ``options``, the option at ``answer`` is right;
    without (an empty tuple), the answer is the number ``answer``.

    Parameters
    ----------
    text : str
        The question.
    options : tuple of str
        Two to six answers, or none for a numeric question.
    answer : int or float
        Index of the right option (from 0), or the true value of a numeric question.
    explanation : str, default=""
        Shown after the reveal.
    hides : tuple of str or None, default=None
        Labels (their beginnings) of the page's key numbers that give the answer away,
        hidden until the reveal; None hides every key number of the page.

    Examples
    --------
    >>> Question("Does NMI reward more clusters?", ("yes", "no"), 0).options[0]
    'yes'
    >>> Question("How many clusters does DBSCAN find?", (), 2).numeric
    True
    """

    text: str
    options: tuple[str, ...]
    answer: int | float
    explanation: str = ""
    hides: tuple[str, ...] | None = None

    @property
    def numeric(self) -> bool:
        """True for a question answered with a number rather than a choice."""
        return not self.options


@dataclass(frozen=True)
class Step:
    """One screen of a lesson: a page (its URL path) opened with ``params``.

    Parameters
    ----------
    page : str
        The page's URL path (``ui.navigation.PageEntry.url_path``).
    params : dict of str to tuple of str
        Link parameters the step opens the page with.
    prompt : str
        One line for the class.
    question : Question or None, default=None
        An optional predict-then-reveal question.

    Examples
    --------
    >>> Step("learn_chance", {"lc_k": ("50",)}, "Watch NMI grow with K.").params["lc_k"]
    ('50',)
    """

    page: str
    params: dict[str, tuple[str, ...]]
    prompt: str
    question: Question | None = None


@dataclass(frozen=True)
class Lesson:
    """A titled sequence of steps (see `parse_lesson` for its file and link forms).

    Parameters
    ----------
    title : str
    steps : tuple of Step
    summary : str, default=""
        One line on what the class learns (listed on Home and in the sidebar).

    Examples
    --------
    >>> Lesson("Why adjust for chance", (Step("learn_chance", {}, "Look."),)).title
    'Why adjust for chance'
    """
    title: str
    steps: tuple[Step, ...]
    summary: str = ""


def _text(value: Any, what: str, *, empty: bool = False) -> str:
    if not isinstance(value, str) or (not empty and not value.strip()):
        raise ValueError(f"{what} must be a non-empty string")
    if len(value) > MAX_TEXT:
        raise ValueError(f"{what} is longer than {MAX_TEXT} characters")
    return value.strip()


def _params(value: Any, where: str) -> dict[str, tuple[str, ...]]:
    if not isinstance(value, Mapping) or len(value) > MAX_PARAMS:
        raise ValueError(f"{where}: params must be a table of at most {MAX_PARAMS} entries")
    params = {}
    for name, raw in value.items():
        values = raw if isinstance(raw, list) else [raw]
        if not re.fullmatch(r"[A-Za-z0-9_]{1,60}", str(name)) or not values or any(
                not isinstance(v, str | int | float | bool) for v in values):
            raise ValueError(f"{where}: parameter {str(name)[:60]!r} must have text values")
        params[str(name)] = tuple(
            _text(str(v).lower() if isinstance(v, bool) else str(v), f"{where}: {name}",
                  empty=True) for v in values)
    return params


def _question(value: Any, where: str) -> Question | None:
    if value is None:
        return None
    if not isinstance(value, Mapping):
        raise ValueError(f"{where}: question must be a table")
    options = value.get("options", [])
    answer = value.get("answer")
    if options == []:  # a numeric question: its answer is kept as the file writes it
        check_real(answer, f"{where}: the answer of a question without options")
    elif not isinstance(options, list) or not 2 <= len(options) <= 6:
        raise ValueError(f"{where}: a question needs 2 to 6 options, or none and a number "
                         "as its answer")
    else:
        answer = check_integer(answer, f"{where}: answer (the index of one option, from 0)",
                               0, len(options) - 1)
    hides = value.get("hides")
    if hides is not None and (not isinstance(hides, list) or len(hides) > MAX_PARAMS):
        raise ValueError(f"{where}: hides must be a list of at most {MAX_PARAMS} labels")
    return Question(_text(value.get("text"), f"{where}: question"),
                    tuple(_text(o, f"{where}: option") for o in options), answer,
                    _text(value.get("explanation", ""), f"{where}: explanation", empty=True),
                    None if hides is None else tuple(_text(h, f"{where}: hides")
                                                     for h in hides))


def parse_lesson(data: Any, pages: Collection[str]) -> Lesson:
    """A :class:`Lesson` from its table form (TOML or JSON), checked against ``pages``.

    Parameters
    ----------
    data : mapping
        ``{"title": ..., "summary"?: ..., "steps": [{"page", "prompt", "params"?,
        "question"?}, ...]}``; a question is ``{"text", "options"?, "answer",
        "explanation"?, "hides"?}``.
    pages : collection of str
        The app's page URL paths a step may name.

    Returns
    -------
    Lesson

    Raises
    ------
    ValueError
        If a field is missing, too long, of the wrong type, or names an unknown page.

    Examples
    --------
    >>> lesson = parse_lesson({"title": "T", "steps": [{"page": "home", "prompt": "Look."}]},
    ...                       ["home"])
    >>> lesson.steps[0].page, lesson.steps[0].params
    ('home', {})
    """
    if not isinstance(data, Mapping):
        raise ValueError("a lesson must be a table with a title and steps")
    steps = data.get("steps")
    if not isinstance(steps, list) or not 1 <= len(steps) <= MAX_STEPS:
        raise ValueError(f"a lesson needs 1 to {MAX_STEPS} steps")
    parsed = []
    for number, step in enumerate(steps, 1):
        where = f"step {number}"
        if not isinstance(step, Mapping) or step.get("page") not in pages:
            raise ValueError(f"{where}: page must be one of the app's pages")
        parsed.append(Step(step["page"], _params(step.get("params", {}), where),
                           _text(step.get("prompt"), f"{where}: prompt"),
                           _question(step.get("question"), where)))
    return Lesson(_text(data.get("title"), "title"), tuple(parsed),
                  _text(data.get("summary", ""), "summary", empty=True))


def lesson_names() -> list[str]:
    """The shipped lessons' names (file names in ``lessons/`` without ``.toml``).

    Parameters
    ----------
    None

    Returns
    -------
    list of str

    Examples
    --------
    >>> "why_adjust_for_chance" in lesson_names()
    True
    """
    return sorted(path.stem for path in LESSON_DIR.glob("*.toml"))


def load_lesson(name: str, pages: Collection[str]) -> Lesson:
    """The shipped lesson ``name``.

    Parameters
    ----------
    name : str
        One of `lesson_names`.
    pages : collection of str
        The app's page URL paths.

    Returns
    -------
    Lesson

    Raises
    ------
    ValueError
        If there is no such lesson or its file is not a valid lesson.

    Examples
    --------
    >>> load_lesson("atlantis", ["home"])
    Traceback (most recent call last):
    ...
    ValueError: no lesson named 'atlantis'; the lessons are ...
    """
    path = LESSON_DIR / f"{name}.toml"
    try:
        found = path.stat() if NAME.match(name) else None
    except FileNotFoundError:
        found = None
    if found is None:
        raise ValueError(f"no lesson named {name[:60]!r}; the lessons are "
                         + ", ".join(lesson_names()))
    return _parsed(path, found.st_mtime_ns, found.st_size, tuple(pages))


@functools.lru_cache(maxsize=LESSONS_KEPT)
def _parsed(path: Path, mtime_ns: int, size: int, pages: tuple[str, ...]) -> Lesson:
    """The lesson in the file at ``path``, parsed once while the file keeps its time and size:
    every page run lists the lessons in the sidebar, and every run of a class's page loads its
    lesson. A `Lesson` is frozen and nothing changes its steps' parameters, so every session
    may share one."""
    return parse_lesson(tomllib.loads(path.read_text()), pages)


def _plain(lesson: Lesson) -> dict:
    data = asdict(lesson)
    for step in data["steps"]:
        step["params"] = {k: list(v) for k, v in step["params"].items()}
        question = step["question"]
        if question is None:
            del step["question"]
        else:
            question["options"] = list(question["options"])
            if question["hides"] is None:
                del question["hides"]
            else:
                question["hides"] = list(question["hides"])
    return data


def encode_lesson(lesson: Lesson) -> str:
    """``lesson`` as URL-safe text (JSON, deflated, base64url), for a link.

    Parameters
    ----------
    lesson : Lesson

    Returns
    -------
    str

    Examples
    --------
    >>> one = Lesson("T", (Step("home", {"a": ("1",)}, "Look."),))
    >>> decode_lesson(encode_lesson(one), ["home"]) == one
    True
    """
    packed = zlib.compress(json.dumps(_plain(lesson), separators=(",", ":")).encode(), 9)
    return base64.urlsafe_b64encode(packed).decode().rstrip("=")


def decode_lesson(code: str, pages: Collection[str]) -> Lesson:
    """The lesson a link carries (see :func:`encode_lesson`).

    Parameters
    ----------
    code : str
        The ``lessonz=`` value of a link.
    pages : collection of str
        The app's page URL paths.

    Returns
    -------
    Lesson

    Raises
    ------
    ValueError
        If the text is too long, not an encoded lesson, or not a valid lesson.

    Examples
    --------
    >>> decode_lesson("not-a-lesson", ["home"])
    Traceback (most recent call last):
    ...
    ValueError: the lesson in this link is damaged; ask for a new link
    """
    if len(code) > MAX_CODE:
        raise ValueError(f"the lesson in this link is longer than {MAX_CODE} characters")
    try:
        packed = base64.urlsafe_b64decode(code + "=" * (-len(code) % 4))
        inflater = zlib.decompressobj()
        raw = inflater.decompress(packed, MAX_JSON)
        if inflater.unconsumed_tail:
            raise ValueError("too large")
        data = json.loads(raw)
    # RecursionError: a few bytes inflate to thousands of nested brackets.
    except (ValueError, RecursionError, zlib.error) as error:
        raise ValueError("the lesson in this link is damaged; ask for a new link") from error
    return parse_lesson(data, pages)
