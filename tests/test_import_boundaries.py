"""The layering rule of DESIGN.md: the computing packages never import the UI libraries."""

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
FORBIDDEN = {
    "metrics": {"streamlit", "plotly"},
    "clustering": {"streamlit", "plotly"},
    "datasets": {"streamlit", "plotly"},
    "experiments": {"streamlit", "plotly"},
    "explorer": {"streamlit", "plotly"},
    "plots": {"streamlit"},
}


def imported_top_level_modules(source: str) -> set[str]:
    modules = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            modules.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            modules.add(node.module.split(".")[0])
    return modules


def test_the_scanner_sees_every_import_form():
    source = "import a.b\nfrom c.d import e\nfrom . import f\ndef g():\n    import h\n"
    assert imported_top_level_modules(source) == {"a", "c", "h"}


@pytest.mark.parametrize("package", sorted(FORBIDDEN))
def test_no_direct_import_of_ui_libraries(package):
    files = sorted((ROOT / package).rglob("*.py"))
    offenders = {
        str(path.relative_to(ROOT)): sorted(imported_top_level_modules(path.read_text()) & banned)
        for path in files
        for banned in [FORBIDDEN[package]]
        if imported_top_level_modules(path.read_text()) & banned
    }
    assert offenders == {}


@pytest.mark.parametrize("package", sorted(FORBIDDEN))
def test_no_transitive_import_of_ui_libraries(package):
    """Importing the package (and its submodules) in a fresh interpreter loads no UI library."""
    if not (ROOT / package / "__init__.py").exists():
        pytest.skip(f"{package} has no modules yet")
    code = (
        "import importlib, pkgutil, sys\n"
        f"pkg = importlib.import_module({package!r})\n"
        "for info in pkgutil.walk_packages(pkg.__path__, pkg.__name__ + '.'):\n"
        "    if info.name.rsplit('.', 1)[-1] != '__main__':\n"
        "        importlib.import_module(info.name)\n"
        "loaded = {name.split('.')[0] for name in sys.modules}\n"
        f"print(sorted(loaded & set({sorted(FORBIDDEN[package])!r})))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[]"
