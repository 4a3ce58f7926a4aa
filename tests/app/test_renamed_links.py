"""Links written before a page's prefix was renamed open the same view (ui.renamed_links)."""

from tests.app.conftest import open_page
from ui.navigation import PAGES
from ui.renamed_links import RENAMED_PREFIXES, new_name

DISTANCES = "app_pages/learn_distances.py"


def test_old_prefixes_are_no_current_prefix():
    current = {f"{entry.prefix}_" for entry in PAGES}
    assert set(RENAMED_PREFIXES) & current == set()
    assert set(RENAMED_PREFIXES.values()) <= current


def test_new_name_translates_only_old_prefixes():
    assert new_name("lds_p") == "dist_p"
    assert new_name("ldi_noise_swiss_roll") == "dim_noise_swiss_roll"
    assert new_name("db_eps") == "db_eps"


def test_an_old_link_opens_the_same_view():
    """The Distances page's Minkowski exponent from an old link (lds_p) is set, and the page
    writes the new name back into its link."""
    at = open_page(DISTANCES, {"lds_p": "0.5", "lds_qual": "Jaccard"})
    assert not at.exception and not at.error
    assert at.select_slider(key="dist_p").value == 0.5
    assert at.radio(key="dist_qual").value == "jaccard"
    assert "lds_p" not in at.query_params and at.query_params["dist_p"] == "0.5"
