"""Plot areas on the first screen, page by page (issue 38 point 1).

Goal: the plot areas (the axes' rectangles, clipped to the window, added up over every chart
shown) cover at least 30 % of the first screen at 1280x720 in the default mode, 40 % in
presenter mode (``?present=true``) and 25 % on a 390x844 phone, on every lesson, Explore and
Measure page; every chart title in two lines at most, clear of the chart's toolbar. The
measure is tests/browser/plot_area.py's, as tests/browser/test_pages.py checks it. Run by hand
from the repository root:

    python benchmarks/bench_plot_area.py [--pages explore,explore_kmeans] [--views present]

Writes ``benchmarks/results/plot_area.md`` (and a screenshot of each first screen under
tests/artifacts/plot_area/). Needs Debian's chromium (as the browser tests do).
"""

import argparse
import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.browser.conftest import CHROMIUM_ARGS, find_chromium, streamlit_server  # noqa: E402
from tests.browser.pageutils import wait_for_charts_drawn  # noqa: E402
from tests.browser.plot_area import MAX_TITLE_LINES, MIN_PLOT_SHARE, plot_areas  # noqa: E402
from ui.layout import CHART_FIRST_PAGES  # noqa: E402
from ui.navigation import PAGES  # noqa: E402

VIEWS = {"default": ({"width": 1280, "height": 720}, ""),
         "present": ({"width": 1280, "height": 720}, "?present=true"),
         "390": ({"width": 390, "height": 844}, "")}
SHOTS = ROOT / "tests" / "artifacts" / "plot_area"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pages", help="comma-separated url paths (default: every lesson, "
                        "Explore and Measure page)")
    parser.add_argument("--out", type=Path,
                        default=ROOT / "benchmarks" / "results" / "plot_area.md")
    parser.add_argument("--views", default=",".join(VIEWS),
                        help=f"comma-separated views among {', '.join(VIEWS)}")
    args = parser.parse_args()
    views = args.views.split(",")
    pages = (args.pages.split(",") if args.pages else
             [p.url_path for p in PAGES if p.url_path in CHART_FIRST_PAGES])
    chromium = find_chromium()
    if chromium is None:
        sys.exit("no chromium found (set CLUSTERLAB_CHROMIUM)")
    SHOTS.mkdir(parents=True, exist_ok=True)
    found: dict[tuple[str, str], dict] = {}
    with streamlit_server(SHOTS / "server.log") as url, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium, headless=True,
                                             args=CHROMIUM_ARGS)
        for view in views:
            viewport, query = VIEWS[view]
            tab = browser.new_context(viewport=viewport).new_page()
            for page in pages:
                tab.goto(f"{url}/{page}{query}")
                wait_for_charts_drawn(tab)
                found[page, view] = plot_areas(tab)
                tab.screenshot(path=str(SHOTS / f"{page}-{view}.png"))
                m = found[page, view]
                print(f"{view:8s} {page:24s} {m['share']:6.1%}", flush=True)
            tab.context.close()
        browser.close()
    write(args.out, pages, views, found)


def cell(m: dict, view: str) -> str:
    """A table cell: the share, marked when it misses the goal, and a note on titles."""
    mark = "" if m["share"] >= MIN_PLOT_SHARE[view] else " (miss)"
    lines = max((c["lines"] for c in m["charts"]), default=0)
    notes = [f"{lines}-line title"] if lines > MAX_TITLE_LINES else []
    notes += ["toolbar on title"] if any(c["covered"] for c in m["charts"]) else []
    return f"{m['share']:.1%}{mark}" + (f" ({', '.join(notes)})" if notes else "")


def write(out: Path, pages: list[str], views: list[str], found: dict) -> None:
    goals = ", ".join(f"{view} {share:.0%}" for view, share in MIN_PLOT_SHARE.items())
    rows = [f"| {page} | " + " | ".join(cell(found[page, view], view) for view in views) + " |"
            for page in pages]
    out.write_text("\n".join([
        "# Plot areas on the first screen",
        "",
        "`python benchmarks/bench_plot_area.py`: the share of the first screen covered by the "
        "charts' plot areas (axes rectangles, clipped to the window, summed over the charts "
        f"shown) at 1280x720 (default mode, presenter mode) and 390x844. Goals: {goals}; "
        f"titles in at most {MAX_TITLE_LINES} lines, clear of the toolbar.",
        "",
        "| page | " + " | ".join(views) + " |",
        "|---|" + "---|" * len(views),
        *rows, "",
    ]))


if __name__ == "__main__":
    main()
