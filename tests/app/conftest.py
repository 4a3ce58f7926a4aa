"""AppTest helpers: every test module starts from empty Streamlit caches, and so does every
test that patches something (a patched setting may change what a cached function returns)."""


import pytest
import streamlit as st
from streamlit.testing.v1 import AppTest

from ui import page_parameters


def clear_caches() -> None:
    st.cache_data.clear()
    st.cache_resource.clear()


@pytest.fixture(autouse=True, scope="module")
def clear_streamlit_caches_per_module():
    # The tests of a module share cached results as a class on one server does: the pages'
    # cached functions depend on their arguments only, and reruns at the same values are cheap.
    clear_caches()
    yield
    clear_caches()


@pytest.fixture(autouse=True)
def clear_streamlit_caches_when_patched(request):
    patched = "monkeypatch" in request.fixturenames
    if patched:
        clear_caches()
    yield
    if patched:
        clear_caches()


def open_page(path: str, query_params: dict[str, str] | None = None) -> AppTest:
    """Open ``path`` as a link to it does, optionally with URL parameters: the page's first
    run reads them (no run of the home page before). An exception is left in
    ``at.exception`` for the test to look at."""
    return page_parameters.open_page(path, query_params, raise_errors=False)


def charts_covered(at: AppTest) -> bool:
    """True if the run put the lesson's cover over the page's charts and tables (the style
    `ui.lesson.COVER_CSS`; what it does in a browser: tests/browser/test_lesson_steps.py)."""
    from ui.lesson import COVER_CSS

    return any(COVER_CSS in html.value for html in at.html)


def open_tab(at: AppTest, key: str, label: str) -> AppTest:
    """Select tab ``label`` of the tabs ``key`` and rerun: pages draw only the open tab of
    such tabs (``st.tabs(..., key=key, on_change="rerun")``), as a click in the browser."""
    at.session_state[key] = label
    at.run()
    assert not at.exception, at.exception
    return at


def answer(at: AppTest, key: str, option_index: int) -> AppTest:
    """Pick option ``option_index`` of the predict-then-reveal question ``key``, then Reveal."""
    at.radio(key=f"{key}_choice").set_value(at.radio(key=f"{key}_choice").options[option_index])
    at.run()
    at.button(key=f"{key}_reveal").click().run()
    assert not at.exception
    return at
