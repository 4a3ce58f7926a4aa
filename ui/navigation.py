"""The app's pages, one line each, grouped in the four sections of the sidebar.

Adding a page is one `PageEntry` line here; ``app.py`` builds the navigation from this tuple
and the AppTest and browser tests open every page listed in it.
"""

from dataclasses import dataclass
from pathlib import Path

SECTIONS: tuple[str, ...] = ("Learn", "Explore", "Measure", "Experiments")


@dataclass(frozen=True)
class PageEntry:
    """One page: its sidebar section, script (relative to the repo root) and labels."""

    section: str
    path: str
    title: str
    icon: str
    help: str

    @property
    def url_path(self) -> str:
        """The page's URL path: the script's file name without ``.py``."""
        return Path(self.path).stem


PAGES: tuple[PageEntry, ...] = (
    PageEntry(
        "Learn", "pages/home.py", "Home", ":material/home:",
        "What ClusterLab is, who it is for, and where to start.",
    ),
    PageEntry(
        "Explore", "pages/explore.py", "Explore", ":material/scatter_plot:",
        "Pick a dataset and an algorithm, move every parameter and compare the clustering "
        "with the ground truth.",
    ),
    PageEntry(
        "Experiments", "pages/experiments_vinh2009.py", "Vinh et al. 2009", ":material/casino:",
        "Raw measures between random clusterings rise with K; adjusted ones stay at 0 "
        "(and the slides' Rand exercise).",
    ),
    PageEntry(
        "Experiments", "pages/experiments_gates2017.py", "Gates & Ahn 2017", ":material/shuffle:",
        "The random model behind ARI and AMI changes which pairs of clusterings look most alike.",
    ),
    PageEntry(
        "Experiments", "pages/experiments_dom2001.py", "Dom 2001", ":material/rule:",
        "External measures on Dom's family of class-cluster tables: who passes the "
        "desirable properties.",
    ),
    PageEntry(
        "Experiments", "pages/experiments_lazarenko2021.py", "Lazarenko & Bonald",
        ":material/compare_arrows:",
        "Pairwise adjusted mutual information: same rankings as AMI, at a cost independent of n.",
    ),
)

if {page.section for page in PAGES} - set(SECTIONS):
    raise ValueError("every page's section must be one of " + ", ".join(SECTIONS))
