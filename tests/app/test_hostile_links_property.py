"""Property test of hostile links (issue 23): the URL parameters of two pages with many
controls (Compare with ground truth, Explore), and the app's own `lesson`, `lessonz`,
`step`, `present` and `controls`, get values drawn by hypothesis (overflowing and non-ASCII
numbers, nan and inf, Markdown links and images, HTML, huge and deeply nested lesson
encodings). The page opens on that link itself (its first run reads it) and must show no
exception, no traceback and no link or image from the input.

How a control reads a link value is a pure function, drawn by hypothesis without a page in
tests/ui/test_link_plan.py; every page gets one seeded hostile run in
tests/app/test_link_fuzz.py; the app's own parameters are read around every page alike
(app.py). Few examples per page (CI draws a fixed set, tests/conftest.py): each is an
AppTest run.
"""

import base64
import json
import zlib

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from tests.app.conftest import open_page
from tests.app.test_link_fuzz import EVIL, assert_safe, bound_keys
from ui.navigation import PAGES


def lessonz(raw: bytes) -> str:
    return base64.urlsafe_b64encode(zlib.compress(raw, 9)).decode().rstrip("=")


def lesson_json(name: str, text: str) -> bytes:
    return json.dumps({"title": text, "steps": [
        {"page": "home", "prompt": text, "params": {name: text}}]}).encode()


words = st.text(alphabet=st.characters(codec="utf-8", exclude_categories=("Cs",)),
                max_size=12)
links = st.builds(lambda t: f"[{t or 'log in'}](http://{EVIL}/{t})", words)
images = st.builds(lambda t: f"![{t}](http://{EVIL}/x.png)", words)
html = st.builds(lambda t: f"<a href='http://{EVIL}'>{t}</a><img src=http://{EVIL}/x.png>", words)
numbers = st.sampled_from(["1e309", "-1e309", "inf", "-inf", "nan", "NaN", "-0", "²", "٣",
                           "1_000", "0x10", "9" * 50, "-" + "9" * 400, "1e-400", " 3 ", ""])
big_ints = st.integers(min_value=-(10**60), max_value=10**60).map(str)
floats = st.floats(allow_nan=True, allow_infinity=True).map(repr)
lessons = st.one_of(
    st.builds(lambda n: lessonz(b"[" * n), st.integers(1_000, 200_000)),
    st.builds(lambda n: lessonz(b"{\"a\":" * n), st.integers(1_000, 50_000)),
    st.builds(lessonz, st.binary(max_size=200)),
    st.builds(lambda name, text: lessonz(lesson_json(name, text)), st.one_of(links, words),
              st.one_of(links, images, html, words)),
    st.just("A" * 9_000),
)
hostile = st.one_of(numbers, big_ints, floats, links, images, html, words)
app_values = st.fixed_dictionaries({}, optional={
    "lesson": st.one_of(links, images, html, words, st.just("why_adjust_for_chance")),
    "lessonz": lessons,
    "step": st.one_of(numbers, big_ints, words),
    "present": st.one_of(numbers, words, st.just("true")),
    "controls": st.one_of(numbers, words, st.just("off")),
})

PAGE_SETTINGS = settings(max_examples=3, deadline=None,
                         suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                HealthCheck.too_slow])
ENTRIES = [entry for entry in PAGES
           if entry.path in ("app_pages/measure_truth.py", "app_pages/explore.py")]


@pytest.mark.parametrize("entry", ENTRIES, ids=[p.url_path for p in ENTRIES])
def test_no_hostile_link_breaks_a_page(entry):
    keys = bound_keys(entry)

    @PAGE_SETTINGS
    @given(st.fixed_dictionaries({key: hostile for key in keys}), app_values)
    # The defects of issue 23, whatever hypothesis draws:
    @example({key: "1e309" for key in keys},
             {"lesson": f"[Session expired: log in here](http://{EVIL}/login)", "step": "²"})
    @example({key: "-inf" for key in keys},
             {"lessonz": lessonz(b"[" * 60_000), "present": "nan", "controls": "nan"})
    def check(page_params, app_params):
        params = {**page_params, **app_params}
        assert_safe(open_page(entry.path, params),
                    {k: v if len(v) < 60 else v[:40] + "…" for k, v in params.items()})

    check()
