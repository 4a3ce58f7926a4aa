"""The app's pages, one line each, grouped in the four sections of the sidebar.

Adding a page is one `PageEntry` line here; ``app.py`` builds the navigation from this tuple
and the AppTest and browser tests open every page listed in it.
"""

from dataclasses import KW_ONLY, dataclass
from pathlib import Path

SECTIONS: tuple[str, ...] = ("Learn", "Explore", "Measure", "Experiments")


@dataclass(frozen=True)
class PageEntry:
    """One page: its sidebar section, script (relative to the repo root), labels, and the
    prefix of its widget keys.

    The widget keys are the names of the page's link parameters (``db_eps=0.3``), so the
    prefix is part of the link API: unique per page, and kept when a page is renamed (old
    link names are translated by :data:`ui.link_plan.RENAMED_PREFIXES`).
    """

    section: str
    path: str
    title: str
    icon: str
    help: str
    _: KW_ONLY
    prefix: str

    @property
    def url_path(self) -> str:
        """The page's URL path: the script's file name without ``.py``."""
        return Path(self.path).stem


PAGES: tuple[PageEntry, ...] = (
    PageEntry(
        "Learn", "app_pages/home.py", "Home", ":material/home:",
        "What ClusterLab is, who it is for, and where to start.",
        prefix="home",
    ),
    PageEntry(
        "Learn", "app_pages/learn_features.py", "Features", ":material/tune:",
        "The stone collection's feature types, variable ranking by three criteria, and the "
        "XOR pair useless alone.",
        prefix="lfe",
    ),
    PageEntry(
        "Learn", "app_pages/learn_dimensionality.py", "Dimensionality", ":material/layers:",
        "PCA's scree plot and the intrinsic dimension by PCA and by TwoNN, on curved and "
        "flat data.",
        prefix="dim",
    ),
    PageEntry(
        "Learn", "app_pages/learn_distances.py", "Distances", ":material/straighten:",
        "Minkowski balls, Mahalanobis, qualitative features, the geodesic distance, and what "
        "the distance does to a clustering.",
        prefix="dist",
    ),
    PageEntry(
        "Learn", "app_pages/learn_families.py", "Clustering families", ":material/category:",
        "Flat, fuzzy, hierarchical and density-based clustering side by side on one dataset.",
        prefix="lf",
    ),
    PageEntry(
        "Learn", "app_pages/learn_validation.py", "Internal vs external validation",
        ":material/fact_check:",
        "Clusters found in random data, and choosing K with and without the ground truth.",
        prefix="lv",
    ),
    PageEntry(
        "Learn", "app_pages/learn_pairs.py", "Pair counting", ":material/join_inner:",
        "The four kinds of pairs, the Rand index and its adjusted version, the slides' "
        "exercise.",
        prefix="lp",
    ),
    PageEntry(
        "Learn", "app_pages/learn_information.py", "Information measures", ":material/functions:",
        "Entropy, mutual information, NMI and VI, from identical to independent clusterings.",
        prefix="li",
    ),
    PageEntry(
        "Learn", "app_pages/learn_chance.py", "Correction for chance", ":material/casino:",
        "Why NMI and RI reward random clusterings, and the random models behind ARI and AMI.",
        prefix="lc",
    ),
    PageEntry(
        "Explore", "app_pages/explore.py", "Explore", ":material/scatter_plot:",
        "Pick a dataset and an algorithm, move every parameter and compare the clustering "
        "with the ground truth.",
        prefix="ex",
    ),
    PageEntry(
        "Explore", "app_pages/explore_kmeans.py", "k-means step by step", ":material/my_location:",
        "Watch Lloyd's algorithm assign and update, move by move; place the first centres "
        "yourself; scrub K through every K run to the end.",
        prefix="km",
    ),
    PageEntry(
        "Explore", "app_pages/explore_dbscan.py", "DBSCAN", ":material/blur_on:",
        "Core, border and noise points, and the k-distance curve that helps choose eps.",
        prefix="db",
    ),
    PageEntry(
        "Explore", "app_pages/explore_density_peaks.py", "Density peaks", ":material/landscape:",
        "Pick cluster centres on the decision graph (density against distance to a denser "
        "point) by K, by thresholds or by hand, with the gamma plot, the halo and the "
        "assignment played densest first.",
        prefix="dp",
    ),
    PageEntry(
        "Explore", "app_pages/explore_hierarchical.py", "Hierarchical", ":material/account_tree:",
        "The dendrogram of every linkage, with a cut line that sets the clusters.",
        prefix="hc",
    ),
    PageEntry(
        "Explore", "app_pages/explore_linkage.py", "Linkage step by step",
        ":material/table_rows:",
        "The slides' 5-item similarity matrix merged under single, complete and average link; "
        "chaining and broken clusters.",
        prefix="lk",
    ),
    PageEntry(
        "Explore", "app_pages/explore_fuzzy.py", "Fuzzy c-means", ":material/gradient:",
        "Memberships as colour shading, the fuzzifier m, the run played round by round, and "
        "the partition coefficient against c.",
        prefix="fc",
    ),
    PageEntry(
        "Explore", "app_pages/explore_em.py", "EM / Gaussian mixture", ":material/bubble_chart:",
        "EM step by step: soft assignments, covariance ellipses, the log-likelihood, k-means "
        "beside it, and BIC/AIC against K.",
        prefix="em",
    ),
    PageEntry(
        "Explore", "app_pages/explore_compare.py", "Compare algorithms", ":material/view_module:",
        "Every algorithm side by side on one dataset with time, ARI and AMI, and a parameter "
        "grid whose cells you click to see the clustering.",
        prefix="cmp",
    ),
    PageEntry(
        "Measure", "app_pages/measure_truth.py", "Compare with ground truth", ":material/rule:",
        "Score a clustering against the true classes: contingency table, every measure, "
        "random models, internal indices.",
        prefix="mt",
    ),
    PageEntry(
        "Measure", "app_pages/measure_sandbox.py", "Contingency sandbox", ":material/grid_on:",
        "Edit a contingency table or four pair counts and watch every measure, worked out "
        "step by step.",
        prefix="sb",
    ),
    PageEntry(
        "Measure", "app_pages/measure_upload.py", "Upload your data", ":material/upload_file:",
        "Cluster and score a CSV file of your own, with or without a column of labels.",
        prefix="up",
    ),
    PageEntry(
        "Experiments", "app_pages/experiments_vinh2009.py", "Vinh et al. 2009", ":material/casino:",
        "Raw measures between random clusterings rise with K; adjusted ones stay at 0 "
        "(and the slides' Rand exercise).",
        prefix="vinh",
    ),
    PageEntry(
        "Experiments", "app_pages/experiments_gates2017.py", "Gates & Ahn 2017",
        ":material/shuffle:",
        "The random model behind ARI and AMI changes which pairs of clusterings look most alike.",
        prefix="gates",
    ),
    PageEntry(
        "Experiments", "app_pages/experiments_dom2001.py", "Dom 2001", ":material/rule:",
        "External measures on Dom's family of class-cluster tables: who passes the "
        "desirable properties.",
        prefix="dom",
    ),
    PageEntry(
        "Experiments", "app_pages/experiments_lazarenko2021.py", "Lazarenko & Bonald",
        ":material/compare_arrows:",
        "Pairwise adjusted mutual information: same rankings as AMI, at a cost independent of n.",
        prefix="pami",
    ),
)

if {page.section for page in PAGES} - set(SECTIONS):
    raise ValueError("every page's section must be one of " + ", ".join(SECTIONS))
