// A class page's live part (ui/classroom.py, a fragment Streamlit runs every few seconds) draws
// this on each of its runs: the time of the last run is what the page's guard (live_guard.js)
// watches.
export default function () {
  window.__clusterlabLiveBeat = Date.now();
}
