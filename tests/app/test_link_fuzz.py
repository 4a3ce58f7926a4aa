"""Hostile links: every page's URL parameters set to values nobody should type, in one page
run per page that carries every hostile check of that page.

Each page opens on a link setting every parameter of the page (and an unknown one) at once
to a value drawn from HOSTILE with a seeded generator, with the app's own parameters set to
the defects of issue 23 (a phishing lesson name, a non-ASCII step, ``present=nan``,
``controls=nan``). How link values are read is unit-tested, hypothesis included, in
tests/ui/test_link_plan.py; this run checks what only a page can show: no exception or
traceback, and no link or image from the input. A failure names its seed; rerun it with
``CLUSTERLAB_FUZZ_SEED=<seed> pytest tests/app/test_link_fuzz.py``.
"""

import functools
import os
import random

import pytest

from tests.app.conftest import open_page
from tests.app.test_no_injection import is_link_or_image, shown_markdown
from ui.navigation import PAGES

SEED = int(os.environ.get("CLUSTERLAB_FUZZ_SEED", "16"))
EVIL = "evil.example"
HOSTILE = (
    "-1", "-99999999999999999999", "99999999999999999999", "1e309", "-inf", "NaN", "nan",
    "0x10", "", " ", "true", "None", "[]", "1, 2; x", "99999999999999999999, 1", "2.7",
    "1_000", "²", "٣", f"[log in](http://{EVIL}/login)", "![x](http://host/x.png)",
    "<img src=x onerror=alert(1)>", "**bold** _it_ `code` $x$ :red[red]",
    "9" * 10_000, "a" * 10_000, "é✓\u202e\u0000",
)
# The app's own parameters, as issue 23's hostile links set them.
APP_VALUES = {"lesson": f"[Session expired: log in here](http://{EVIL}/login)", "step": "²",
              "present": "nan", "controls": "nan"}


def bound_keys(entry) -> list[str]:
    """The keys of the widgets on the page's default view: the names its links may carry."""
    return list(_bound_keys(entry.path))


@functools.cache  # a fact of the page's code: one run per page and test process is enough
def _bound_keys(path: str) -> tuple[str, ...]:
    at = open_page(path)
    widgets = (at.selectbox, at.slider, at.toggle, at.number_input, at.text_input, at.radio,
               at.multiselect, at.checkbox, at.select_slider)
    return tuple(sorted({w.key for kind in widgets for w in kind if w.key}))


def assert_safe(at, where) -> None:
    assert not at.exception, f"{where}: {at.exception}"
    assert at.title, where
    for body in shown_markdown(at):
        assert "Traceback" not in body, f"{where}: {body[:300]}"
        if EVIL in body or "x.png" in body:
            assert not is_link_or_image(body), f"{where}: {body[:200]}"


@pytest.mark.parametrize("number, entry", list(enumerate(PAGES)), ids=[p.url_path for p in PAGES])
def test_no_link_value_breaks_a_page(number, entry):
    seed = SEED * 1000 + number
    rng = random.Random(seed)
    params = {key: rng.choice(HOSTILE) for key in [*bound_keys(entry), "no_such_parameter"]}
    at = open_page(entry.path, {**params, **APP_VALUES})
    assert_safe(at, f"seed {seed} ({entry.url_path}); params: " + repr(
        {k: v if len(v) < 40 else v[:20] + "…" for k, v in params.items()}))
