"""The widget-key prefixes of the pages (their link parameters' names) live in
ui/navigation.py's PageEntry: unique, and the only prefixes a page's keys use."""

import ast
from pathlib import Path

import pytest

from ui.navigation import PAGES

ROOT = Path(__file__).resolve().parents[2]


def test_prefixes_are_unique():
    prefixes = [entry.prefix for entry in PAGES]
    assert sorted(p for p in set(prefixes) if prefixes.count(p) > 1) == []


def literal_keys(source: str) -> list[str]:
    """The text a page writes at the start of each widget key: ``key="db_eps"`` and
    ``key=f"db_{name}"`` give ``db_eps`` and ``db_``; ``dataset_controls("db")`` gives
    ``db_`` (the helper adds the underscore); ``key="vinh"`` (a helper's prefix) ``vinh``."""
    keys = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call):
            continue
        name = getattr(node.func, "id", getattr(node.func, "attr", ""))
        if name in ("dataframe", "table"):  # a table's selection is no link parameter
            continue
        for keyword in node.keywords:
            if keyword.arg == "key" and isinstance(keyword.value, ast.Constant):
                keys.append(keyword.value.value)
            elif keyword.arg == "key" and isinstance(keyword.value, ast.JoinedStr):
                first = keyword.value.values[0]
                if isinstance(first, ast.Constant):
                    keys.append(first.value)
        if name.endswith("_controls") and node.args and isinstance(node.args[0], ast.Constant):
            keys.append(f"{node.args[0].value}_")
    return keys


def test_the_scanner_reads_every_key_form():
    source = 'st.slider("a", key="db_eps")\nst.toggle(key=f"db_{x}")\ndataset_controls("db")\n'
    assert literal_keys(source) == ["db_eps", "db_", "db_"]


@pytest.mark.parametrize("entry", PAGES, ids=[e.url_path for e in PAGES])
def test_every_widget_key_starts_with_the_page_prefix(entry):
    keys = literal_keys((ROOT / entry.path).read_text())
    assert [k for k in keys if k != entry.prefix and not k.startswith(f"{entry.prefix}_")] == []
