"""axe-core's WCAG 2.1 A and AA rules, run on a page a browser test has already opened.

The engine is the ``axe.min.js`` that the PyPI package ``axe-playwright-python`` (a dev
requirement) ships: it is evaluated in the page, never fetched from a CDN. The checks run
inside the visits the tests already make (`check_axe` adds one failure to a `Checks`), so
they cost one ``axe.run`` per view, not a page load.
"""

from functools import cache
from pathlib import Path

TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]

# Rules left out on some nodes, as ``(rule, CSS selector)``: only where Streamlit's own markup
# is at fault and the project cannot change it. Each is described in docs/accessibility.md,
# "Known exceptions".
EXCLUDED: tuple[tuple[str, str], ...] = (
    # A revealed class question's radio is disabled, and Streamlit greys its label (#a0a0a0,
    # 2.6:1): WCAG 1.4.3 sets no contrast for an inactive control's text, axe checks it.
    ("color-contrast", '[data-testid="stRadio"]:has(input:disabled) p'),
)

_RUN = """async ([tags, excluded]) => {
  const results = await axe.run(document, {
    runOnly: {type: "tag", values: tags}, resultTypes: ["violations"]});
  const left = (rule, node) => !excluded.some(
    ([id, selector]) => id === rule && document.querySelector(node.target[0])?.matches(selector));
  return results.violations
    .map(v => ({rule: v.id, impact: v.impact,
                nodes: v.nodes.filter(n => left(v.id, n))
                  .map(n => ({target: n.target.join(" "), html: n.html.slice(0, 160),
                              why: n.failureSummary.slice(0, 300)}))}))
    .filter(v => v.nodes.length > 0);
}"""


@cache
def _engine() -> str:
    import axe_playwright_python

    return (Path(axe_playwright_python.__file__).parent / "axe.min.js").read_text(
        encoding="utf-8")


def violations(page) -> list[dict]:
    """The WCAG 2.1 A/AA violations axe-core finds in ``page`` as it is now, less the
    `EXCLUDED` nodes: for each rule its id, impact and nodes (selector, markup, reason)."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.evaluate(_engine())
    return page.evaluate(_RUN, [TAGS, [list(pair) for pair in EXCLUDED]])


def check_axe(checks, page, view: str) -> None:
    """Add to ``checks`` (a `pageutils.Checks`) a failure naming every violation axe-core
    finds on ``page``, shown as ``view``."""
    found = violations(page)
    checks.that(not found, f"{view}: axe-core WCAG 2.1 AA violations", found)


def assert_accessible(page, view: str) -> None:
    """Fail, naming every violation, unless axe-core finds none on ``page`` (shown as
    ``view``)."""
    found = violations(page)
    assert not found, f"{view}: axe-core WCAG 2.1 AA violations: {found}"
