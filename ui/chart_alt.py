"""A chart's text alternative on the page: its one-line summary (`plots.describe`) as the
chart's accessible name and in a polite live region, following a framed chart's slider and
animations (ui/web/chart_alt.js; components v2, inline, no iframe)."""

import streamlit as st

from ui import web

# The component's box leaves the page's flow (ui/web/a11y.css): in flow it added a block gap
# above every chart, which pushed a projector's chart down.
KEY_PREFIX = "alt_of_"
_COMPONENT = st.components.v2.component(
    "clusterlab_chart_alt",
    html='<p class="clusterlab-chart-alt" role="status" aria-live="polite"></p>',
    css=web.filled("chart_alt.css"),
    js=web.source("chart_alt.js"),
)


def chart_alt(chart_key: str, summary: str) -> None:
    """Give the chart drawn with key ``chart_key`` the accessible name ``summary``, and
    announce it (politely) when it changes; a framed chart's frames announce their own
    summaries (``layout.meta["frame_summaries"]``) as its slider moves or it plays."""
    _COMPONENT(key=f"{KEY_PREFIX}{chart_key}", data={"chart": chart_key, "summary": summary})
