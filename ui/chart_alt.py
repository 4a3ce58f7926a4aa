"""A chart's text alternative on the page: its one-line summary (`plots.describe`) as the
chart's accessible name and in a polite live region, following a framed chart's slider and
animations (ui/web/chart_alt.js; components v2, inline, no iframe)."""

from pathlib import Path

import streamlit as st

_WEB = Path(__file__).parent / "web"

_COMPONENT = st.components.v2.component(
    "clusterlab_chart_alt",
    html='<p class="clusterlab-chart-alt" role="status" aria-live="polite"></p>',
    css=(_WEB / "chart_alt.css").read_text(encoding="utf-8"),
    js=(_WEB / "chart_alt.js").read_text(encoding="utf-8"),
)


def chart_alt(chart_key: str, summary: str) -> None:
    """Give the chart drawn with key ``chart_key`` the accessible name ``summary``, and
    announce it (politely) when it changes; a framed chart's frames announce their own
    summaries (``layout.meta["frame_summaries"]``) as its slider moves or it plays."""
    _COMPONENT(key=f"{chart_key}_alt", data={"chart": chart_key, "summary": summary})
