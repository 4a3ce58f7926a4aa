"""The copied link: the page URL and every bound parameter, in a stable order."""

from urllib.parse import parse_qs, urlsplit

from ui.links import FALLBACK_BASE, share_url


def test_link_holds_every_parameter_sorted_and_encoded():
    url = share_url("http://host:8501/measure_truth", {"mt_seed": "7", "mt_dataset": "Two moons",
                                                        "tag": ["a", "b"]})
    parts = urlsplit(url)
    assert parts.path == "/measure_truth"
    assert parse_qs(parts.query) == {"mt_dataset": ["Two moons"], "mt_seed": ["7"],
                                     "tag": ["a", "b"]}
    assert parts.query.index("mt_dataset") < parts.query.index("mt_seed")


def test_link_without_parameters_or_base():
    assert share_url("http://host/page?old=1#x", {}) == "http://host/page"
    assert share_url(None, {"a": "1"}) == FALLBACK_BASE + "?a=1"
