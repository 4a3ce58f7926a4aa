// Runs a class page again when its live part has stopped running (ui/live_guard.py): when no
// beat (live_beat.js) has come for `limit_ms`, the page asks the server for a run. Each ask
// doubles the wait until a beat comes, so a page whose runs are only slow is not asked over
// and over.
const guards = new WeakMap();

export default function (component) {
  const { data, parentElement, setTriggerValue } = component;
  clearInterval(guards.get(parentElement));
  let limit = data.limit_ms;
  let since = Date.now();  // the last beat, or this guard's start, or its last ask
  let beat = window.__clusterlabLiveBeat;
  const timer = setInterval(() => {
    if (window.__clusterlabLiveBeat !== beat) {
      beat = window.__clusterlabLiveBeat;
      since = Math.max(since, beat);
      limit = data.limit_ms;
    }
    if (Date.now() - since < limit) return;
    since = Date.now();
    limit *= 2;
    setTriggerValue("stale", since);
  }, data.check_ms);
  guards.set(parentElement, timer);
  return () => clearInterval(timer);
}
