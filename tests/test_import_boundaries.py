"""The layering rules of DESIGN.md and docs/architecture.md: the computing packages never
import the UI libraries, and each package imports only the packages of lower layers."""

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
    "classroom": {"streamlit", "plotly"},
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


#: Every folder of Python code in the project (front ends, tests and benchmarks included), found
#: on disk so that a new package is covered without being listed.
PACKAGES = tuple(sorted(
    path.name for path in ROOT.iterdir()
    if path.is_dir() and not path.name.startswith(".") and any(path.rglob("*.py"))
))


def project_paths(root: Path = ROOT) -> dict[str, Path]:
    """Dotted module name -> source file, for app.py and every module of PACKAGES."""
    paths = {"app": root / "app.py"}
    for package in PACKAGES:
        for path in (root / package).rglob("*.py"):
            name = ".".join(path.relative_to(root).with_suffix("").parts)
            paths[name.removesuffix(".__init__")] = path
    return paths


def test_every_package_is_scanned():
    # The circle cli <-> launch went unseen while clusterlab and app_pages were left out.
    assert {"app_pages", "clusterlab", "classroom", "ui", "tests", "benchmarks"} <= set(PACKAGES)
    assert {"app", "clusterlab.cli", "clusterlab.launch", "app_pages.explore"} <= set(
        project_paths())


def import_graph(sources: dict[str, str] | None = None) -> dict[str, set[str]]:
    """Module -> the project modules it imports anywhere in its source (also inside functions,
    where a circle is usually hidden); ``sources`` (name -> text) replaces files' texts."""
    paths = project_paths()
    sources = {name: path.read_text() for name, path in paths.items()} | (sources or {})
    graph = {}
    for name, source in sources.items():
        targets = set()
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                for alias in node.names:
                    full = f"{node.module}.{alias.name}"
                    targets.add(full if full in paths else node.module)
            elif isinstance(node, ast.Import):
                targets.update(alias.name for alias in node.names)
        graph[name] = {t for t in targets if t in paths and t != name}
    return graph


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One circle of imports as a list of modules, or None (depth-first search)."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for target in sorted(graph[node]):
            if state.get(target) == 1:
                return path[path.index(target):] + [target]
            if target not in state and (cycle := visit(target)):
                return cycle
        state[node] = 2
        path.pop()
        return None

    for start in sorted(graph):
        if start not in state and (cycle := visit(start)):
            return cycle
    return None


def test_the_cycle_finder_finds_a_cycle():
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": set()}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None


def test_no_module_imports_another_in_a_circle():
    """DESIGN.md: no module imports another in a circle (not even from inside a function)."""
    assert find_cycle(import_graph()) is None


def test_the_old_launcher_circle_would_be_found():
    # Before clusterlab.exits, cli took its exit code from launch, which imports cli to run it.
    old_cli = "from clusterlab.launch import INTERRUPTED\n"
    assert find_cycle(import_graph({"clusterlab.cli": old_cli})) == [
        "clusterlab.launch", "clusterlab.cli", "clusterlab.launch"]


def private_module_imports(module: str, source: str) -> list[str]:
    """``module -> target`` for each import of a private module (a dotted part starting with
    ``_``, dunders aside) of another package: outside a package only its public face is used
    (for metrics: ``metrics``, its public modules, and ``metrics.batch`` in front of the batch
    engine ``metrics._batch``)."""
    package = module.split(".")[0]
    return [f"{module} -> {target}" for target in sorted(imported_modules(source))
            if target.split(".")[0] != package and target.split(".")[0] in PACKAGES
            and any(part.startswith("_") and not part.startswith("__")
                    for part in target.split("."))]


#: Private modules other packages may still import, each with its reason. metrics._docstring
#: holds the docstring fragments (README's table of shared facts) that clustering's and
#: explorer's docstrings reuse; it computes nothing. clustering's two helpers serve explorer's
#: teaching computations: check_X is the data-matrix check the one-gate work (issue 40, point
#: 1) is moving, and forest_roots the DBSCAN sweep's pointer jumping.
SHARED_PRIVATE_MODULES = {"metrics._docstring", "clustering._validation", "clustering._forest"}


def test_the_private_module_check_can_fail():
    assert private_module_imports("experiments.x", "from metrics._batch import batch_measures\n"
                                  ) == ["experiments.x -> metrics._batch"]
    assert private_module_imports("metrics.batch", "from metrics._batch import EMICache\n") == []
    assert private_module_imports("experiments.x", "import experiments.__main__\n") == []


def test_packages_import_no_private_module_of_another():
    offenders = [v for name, path in project_paths().items()
                 if name.split(".")[0] not in ("tests", "benchmarks")
                 for v in private_module_imports(name, path.read_text())
                 if v.split(" -> ")[1] not in SHARED_PRIVATE_MODULES]
    assert offenders == []


def test_no_private_name_is_imported_from_another_module():
    """A name one module needs from another is public there (tests may reach in)."""
    offenders = []
    for package in set(PACKAGES) - {"tests", "benchmarks"}:
        for path in (ROOT / package).rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text())):
                if isinstance(node, ast.ImportFrom) and node.level == 0:
                    private = [a.name for a in node.names
                               if a.name.startswith("_") and not a.name.startswith("__")]
                    if private:
                        offenders.append(f"{path.relative_to(ROOT)}: {node.module} {private}")
    assert offenders == []


#: docs/architecture.md: the packages from the lowest layer up; a package imports only those
#: of lower layers (front ends may also import one another).
LAYERS = (("metrics",), ("datasets", "plots"), ("clustering",), ("explorer",), ("experiments",),
          ("classroom",), ("ui", "app_pages", "clusterlab", "app"))
FRONT_END = len(LAYERS) - 1
LAYER = {package: rank for rank, packages in enumerate(LAYERS) for package in packages}
#: ``python -m experiments`` keeps working through this shim, which starts clusterlab's command
#: line: an entry point, so a front end although it sits in experiments/.
FRONT_END_MODULES = {"experiments.__main__"}


def module_layer(module: str) -> int | None:
    """The layer of a project module (dotted name), or None for a module outside the project."""
    if module in FRONT_END_MODULES:
        return FRONT_END
    return LAYER.get(module.split(".")[0])


def imported_modules(source: str) -> set[str]:
    """Every module ``source`` imports by absolute name, anywhere (inside functions too)."""
    modules = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            modules.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            modules.add(node.module)
            modules.update(f"{node.module}.{alias.name}" for alias in node.names
                           if f"{node.module}.{alias.name}" in FRONT_END_MODULES)
    return modules


def layer_violations(module: str, source: str) -> list[str]:
    """``module -> target`` for each import of ``source`` that goes up or sideways."""
    rank = module_layer(module)
    bad = []
    for target in sorted(imported_modules(source)):
        target_rank = module_layer(target)
        if target_rank is None:
            continue
        if target.split(".")[0] == module.split(".")[0] and (
                target_rank != FRONT_END or rank == FRONT_END):
            continue  # within a package, only a front-end module is out of reach
        if target_rank < rank or target_rank == rank == FRONT_END:
            continue
        bad.append(f"{module} -> {target}")
    return bad


def test_the_layer_check_sees_upward_sideways_and_hidden_imports():
    assert layer_violations("metrics.x", "def f():\n    import clustering\n") == [
        "metrics.x -> clustering"]
    assert layer_violations("datasets.x", "from plots import scatter\n") == [
        "datasets.x -> plots"]
    assert layer_violations("experiments.engine", "import experiments.__main__\n") == [
        "experiments.engine -> experiments.__main__"]
    assert layer_violations("experiments.engine", "from clusterlab.cli import main\n") == [
        "experiments.engine -> clusterlab.cli"]
    assert layer_violations("experiments.__main__", "from clusterlab.launch import launch\n") == []
    assert layer_violations("explorer.x", "import numpy\nimport metrics\nimport explorer.y\n") == []
    assert layer_violations("ui.x", "import app_pages.y\nimport experiments\n") == []


def project_modules():
    """(dotted name, path) of every module of the layered packages and app.py."""
    yield "app", ROOT / "app.py"
    for package in LAYER:
        for path in sorted((ROOT / package).rglob("*.py")):
            yield ".".join(path.relative_to(ROOT).with_suffix("").parts), path


def test_packages_import_only_lower_layers():
    """docs/architecture.md: metrics < datasets, plots < clustering < explorer < experiments
    < classroom < front ends, for every import, those inside functions included."""
    offenders = [v for name, path in project_modules()
                 for v in layer_violations(name, path.read_text())]
    assert offenders == []
