"""Every registered page renders, with its default widgets and after each main widget moves."""

import pytest

from tests.app.conftest import open_page
from ui.navigation import PAGES

IDS = [entry.url_path for entry in PAGES]
# Pages that are text and links only.
PAGES_WITHOUT_WIDGETS = {"home"}


def movable_widgets(at) -> dict:
    """Each selectbox, slider (of one value) and toggle on the page, by a name that holds its
    kind and key, with the value that moves it away from its default: a selectbox to its last
    option, a slider to its far end, a toggle to the other side."""
    widgets = {}
    for box in at.selectbox:
        if len(box.options) > 1:
            widgets[f"selectbox {box.key}"] = (box, box.options[-1])
    for slider in at.slider:
        if not isinstance(slider.value, tuple):
            target = slider.max if slider.value != slider.max else slider.min
            widgets[f"slider {slider.key}"] = (slider, target)
    for toggle in at.toggle:
        widgets[f"toggle {toggle.key}"] = (toggle, not toggle.value)
    return widgets


@pytest.mark.parametrize("entry", PAGES, ids=IDS)
def test_page_renders_with_default_widgets_and_after_moving_each(entry):
    at = open_page(entry.path)
    assert not at.exception, at.exception
    assert not at.error, [e.value for e in at.error]
    assert at.title, "every page starts with a title"
    # Every download is made when pressed: a page that runs again soon after (a class page
    # following its teacher) drew buttons whose stored file was already gone (a 404).
    assert all(button.proto.deferred_file_id and not button.proto.url
               for button in at.get("download_button") if not button.disabled)
    defaults = {name: widget.value for name, (widget, _) in movable_widgets(at).items()}
    assert defaults or entry.url_path in PAGES_WITHOUT_WIDGETS
    # Each widget moves from the defaults: the run that moves it also puts the widget moved
    # before back, so that each move costs one run. Where that earlier move hid or disabled
    # either widget (another algorithm's sliders), the page opens afresh.
    moved = None
    for name in defaults:
        widgets = movable_widgets(at)
        if any(key not in widgets or widgets[key][0].disabled for key in {name, moved} - {None}):
            at, moved = open_page(entry.path), None
            widgets = movable_widgets(at)
        if moved is not None:
            widgets[moved][0].set_value(defaults[moved])
        widget, target = widgets[name]
        widget.set_value(target).run()
        assert not at.exception, f"{name}: {at.exception}"
        assert not at.error, f"{name}: {[e.value for e in at.error]}"
        moved = name
