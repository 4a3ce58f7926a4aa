"""Every registered page renders, with its default widgets and after each main widget moves."""

import pytest

from tests.app.conftest import open_page
from ui.navigation import PAGES

IDS = [entry.url_path for entry in PAGES]
# Pages that are text and links only.
PAGES_WITHOUT_WIDGETS = {"home"}


def moved_widgets(at):
    """Yield (description, action) for each selectbox, slider and toggle on the page.

    Each action moves one widget away from its default: a selectbox to its last option, a
    slider to its far end, a toggle to the other side.
    """
    for box in at.selectbox:
        if len(box.options) > 1:
            yield f"selectbox {box.key}", lambda w=box: w.select(w.options[-1])
    for slider in at.slider:
        if isinstance(slider.value, tuple):
            continue
        target = slider.max if slider.value != slider.max else slider.min
        yield f"slider {slider.key}", lambda w=slider, v=target: w.set_value(v)
    for toggle in at.toggle:
        yield f"toggle {toggle.key}", lambda w=toggle: w.set_value(not w.value)


@pytest.mark.parametrize("entry", PAGES, ids=IDS)
def test_page_renders_with_default_widgets_and_after_moving_each(entry):
    at = open_page(entry.path)
    assert not at.exception, at.exception
    assert not at.error, [e.value for e in at.error]
    assert at.title, "every page starts with a title"
    names = [name for name, _ in moved_widgets(at)]
    assert names or entry.url_path in PAGES_WITHOUT_WIDGETS
    for name in names:
        at = open_page(entry.path)
        action = dict(moved_widgets(at))[name]
        action().run()
        assert not at.exception, f"{name}: {at.exception}"
        assert not at.error, f"{name}: {[e.value for e in at.error]}"
