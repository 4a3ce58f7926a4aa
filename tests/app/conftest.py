"""AppTest helpers: every test starts from empty Streamlit caches."""

from pathlib import Path

import pytest
import streamlit as st
from streamlit.testing.v1 import AppTest

# A cold page imports scikit-learn and plotly; generous, since CI machines are shared.
TIMEOUT_S = 60
APP = str(Path(__file__).resolve().parents[2] / "app.py")


@pytest.fixture(autouse=True)
def clear_streamlit_caches():
    st.cache_data.clear()
    st.cache_resource.clear()
    yield
    st.cache_data.clear()
    st.cache_resource.clear()


def open_page(path: str, query_params: dict[str, str] | None = None) -> AppTest:
    """Run the app's entry point, optionally with URL parameters, then switch to ``path``."""
    at = AppTest.from_file(APP, default_timeout=TIMEOUT_S)
    for name, value in (query_params or {}).items():
        at.query_params[name] = value
    at.run()
    assert not at.exception, at.exception
    return at.switch_page(path).run()


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
