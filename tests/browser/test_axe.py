"""The accessibility checks that test_pages and test_classroom run on every view can fail: on
a page written here with known faults (no app server, no page load of the app), axe-core
names them, and the reflow measure finds text wider than a 320 px window and text cut
short by its box."""

import pytest

from tests.browser.axe import violations
from tests.browser.reflow import NARROWEST, overflow

pytestmark = pytest.mark.browser

FAULTY = """<!doctype html><html lang="en"><head><title>faults</title></head><body>
<div data-testid="stMain">
<p style="color: #999; background: #fff">grey text at 2.8:1</p>
<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">
<ul><div>a div as a list's child</div></ul>
<p style="white-space: nowrap">a sentence long enough to stay wider than three hundred and
twenty pixels on one line</p>
<p style="overflow: hidden; text-overflow: ellipsis; white-space: nowrap; width: 8em">a label
cut short by its own box</p>
</div></body></html>"""

CLEAN = """<!doctype html><html lang="en"><head><title>clean</title></head><body>
<main data-testid="stMain"><h1>Title</h1><p>Text that wraps at any width.</p></main>
</body></html>"""


def test_axe_names_each_known_fault_and_nothing_on_a_clean_page(page):
    page.set_content(FAULTY)
    found = {v["rule"]: len(v["nodes"]) for v in violations(page)}
    assert found == {"color-contrast": 1, "image-alt": 1, "list": 1}
    page.set_content(CLEAN)
    assert violations(page) == []


def test_the_reflow_measure_finds_a_line_wider_than_320_px(page):
    page.set_viewport_size(NARROWEST)
    page.set_content(FAULTY)
    wide = overflow(page)
    assert wide["pageScrolls"] and wide["beyond"][0]["text"].startswith("a sentence long")
    assert wide["cut"] == ["a label cut short by its own box"]
    page.set_content(CLEAN)
    assert not any(overflow(page).values())
