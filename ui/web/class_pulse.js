// A student's class page waits here for the teacher's move (ui/class_pulse.py): one request
// held open at the pulse's route, answered as soon as the class changes. Then the page runs
// again (a trigger), and its run draws the pulse anew with what the page now shows.
const pulses = new WeakMap();
// After a failed request (no route: a plain `streamlit run app.py`; a server away), wait
// longer each time: the page's own poll follows the class meanwhile.
const RETRY_MS = [1000, 2000, 5000, 10000];
// The server holds a request until the class changes; an answer of no change sooner than
// this (a class that has ended, a server that does not hold) waits before asking again.
const QUICK_MS = 1000;
const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export default function (component) {
  const { data, parentElement, setTriggerValue } = component;
  pulses.get(parentElement)?.abort();
  const stop = new AbortController();
  pulses.set(parentElement, stop);
  const url = new URL(data.path, document.baseURI);
  let seen = data.seen;
  let failures = 0;
  (async () => {
    while (!stop.signal.aborted) {
      url.searchParams.set("seen", seen);
      const asked = Date.now();
      try {
        const response = await fetch(url, { cache: "no-store", signal: stop.signal });
        if (!response.ok) throw new Error(`pulse: HTTP ${response.status}`);
        const { signature } = await response.json();
        failures = 0;
        if (signature !== seen) {
          seen = signature;  // one run per change, however long that run takes to come
          setTriggerValue("moved", signature);
        } else if (Date.now() - asked < QUICK_MS) {
          await pause(QUICK_MS);
        }
      } catch {
        if (stop.signal.aborted) return;
        const wait = RETRY_MS[Math.min(failures, RETRY_MS.length - 1)];
        failures += 1;
        await pause(wait);
      }
    }
  })();
  return () => stop.abort();
}
