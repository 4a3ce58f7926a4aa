// The arrow keys press Previous / Next, unless the focus is in a control that uses them.
(() => {
  const win = window.parent || window;
  if (win.__clusterlabLessonKeys) return;
  win.__clusterlabLessonKeys = true;
  win.document.addEventListener("keydown", (event) => {
    const t = event.target;
    if (event.altKey || event.ctrlKey || event.metaKey
        || (t.closest && t.closest("input, textarea, select, [role=slider], [contenteditable]")))
      return;
    const label = {ArrowRight: "Next", ArrowLeft: "Previous"}[event.key];
    if (!label) return;
    const bar = win.document.querySelector(".st-key-lesson_bar");
    const button = bar && [...bar.querySelectorAll("button")]
      .find((b) => b.innerText.trim().endsWith(label) && !b.disabled);
    if (button) { event.preventDefault(); button.click(); }
  });
})();
