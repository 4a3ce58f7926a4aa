"""Links written before a page's prefix was renamed open the same view (ui.renamed_links,
the shell of ui.link_plan.renamed_params: the renaming rules are unit-tested in
tests/ui/test_link_plan.py)."""

from tests.app.conftest import open_page

DISTANCES = "app_pages/learn_distances.py"


def test_an_old_link_opens_the_same_view():
    """The Distances page's Minkowski exponent from an old link (lds_p) is set, and the page
    writes the new name back into its link."""
    at = open_page(DISTANCES, {"lds_p": "0.5", "lds_qual": "Jaccard"})
    assert not at.exception and not at.error
    assert at.select_slider(key="dist_p").value == 0.5
    assert at.radio(key="dist_qual").value == "jaccard"
    assert "lds_p" not in at.query_params and at.query_params["dist_p"] == "0.5"
