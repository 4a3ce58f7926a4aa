export default function () {
  if (window.__clusterlabHistory) return;
  window.__clusterlabHistory = true;
  const history = window.history;
  const push = history.pushState.bind(history);
  const replace = history.replaceState.bind(history);
  const mark = (state) => Object.assign({}, state, { clusterlab: true });
  let fresh = false;  // a gesture the history has no entry for yet
  const gesture = (event) => { if (event.isTrusted) fresh = true; };
  for (const type of ["pointerdown", "keydown"]) {
    window.addEventListener(type, gesture, true);
  }
  // An entry not marked was pushed before this script ran (see above): skip it.
  window.addEventListener("popstate", (event) => {
    fresh = false;
    if ((event.state && event.state.clusterlab) || window.location.hash) return;
    event.stopImmediatePropagation();
    history.back();
  }, true);
  const write = (state, title, url) => {
    const next = url === undefined || url === null ? null : new URL(url, window.location.href);
    if (fresh && next !== null && next.href !== window.location.href) {
      fresh = false;
      return push(mark(state), title, url);
    }
    return replace(mark(state), title, url);
  };
  history.pushState = write;
  history.replaceState = write;
  replace(mark(history.state), "", window.location.href);
}
