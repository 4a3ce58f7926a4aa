"""A class page that has stopped following the class is run again.

A class page's live part (`ui.classroom`: a fragment Streamlit runs every few seconds) polls
the class's step, and the browser keeps that fragment's timer. Under load, right after a page
switch, a student's page was seen to lose it: it stayed on step 4 for over a minute while the
class had moved on (CI, density_based_clustering). One cause, found in stop 50: a poll that
came as a run ended made Streamlit drop that run's last messages, the fragment's clock among
them (fixed by `ui.run_delivery`); the guard stays for any other.

Each run of the live part draws a beat (`beat`, ui/web/live_beat.js); the page's guard
(`guard`, ui/web/live_guard.js, outside the fragment) runs the whole page again when no beat
has come for `STALE_POLLS` polls, which registers the fragment and its timer anew. Both are
components v2 elements with no box in the page's flow (ui/web/a11y.css).
"""

import logging

import streamlit as st

from ui import web

KEY_PREFIX = "live_"
# Polls without a run before the guard asks for one: a poll queued behind a busy server's
# other runs is late by a few seconds (a class of 35 following its teacher keeps one core
# busy for about 2 s: benchmarks/results/classroom.md), not by this many polls; a guard that
# asks too soon waits twice as long before asking again.
STALE_POLLS = 8
MIN_STALE_S = 6.0
_CHECK_MS = 1000
_RUNS = "_live_runs"
_LOGGER = logging.getLogger(__name__)

_BEAT = st.components.v2.component("clusterlab_live_beat", html="<span hidden></span>",
                                   js=web.source("live_beat.js"))
_GUARD = st.components.v2.component("clusterlab_live_guard", html="<span hidden></span>",
                                    js=web.source("live_guard.js"))


def beat() -> None:
    """Draw the beat of one run of the live part (inside its fragment)."""
    runs = st.session_state.get(_RUNS, 0) + 1
    st.session_state[_RUNS] = runs
    _BEAT(key=f"{KEY_PREFIX}beat", data={"run": runs})


def _stale() -> None:
    _LOGGER.warning("A class page's live part had stopped running; the page runs again.")


def guard(poll_s: float) -> None:
    """Draw the guard of a page whose live part runs every ``poll_s`` seconds (outside its
    fragment): it runs the page again after max(`STALE_POLLS` polls, `MIN_STALE_S`) without
    a beat."""
    limit_s = max(STALE_POLLS * poll_s, MIN_STALE_S)
    _GUARD(key=f"{KEY_PREFIX}guard", data={"limit_ms": int(limit_s * 1000),
                                           "check_ms": _CHECK_MS},
           on_stale_change=_stale)
