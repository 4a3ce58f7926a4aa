"""One gate for every number from outside: metrics/validation.py decides what an integer, a
real, a choice or a flag is (DESIGN.md, "One validation module"). Code elsewhere that decides
it by hand is what this test finds, by reading the source (AST), so a new hand-written check
fails here before it disagrees with the gate.

What is flagged, in every package of the app (not in tests or benchmarks):

1. ``isinstance(x, T)`` where ``T`` names a number type (``int``, ``float``, ``complex``,
   ``numbers.Integral`` / ``Real`` / ``Number``, ``np.integer`` / ``np.floating`` /
   ``np.number``), alone, in a tuple or in a ``|`` union: a type rule of its own.
2. ``int(p)`` or ``float(p)`` where ``p`` is a parameter of a public function (its name and
   its module's name without a leading underscore: the functions a caller reaches; private
   helpers get values their public caller checked), and the function never passes ``p`` to
   the gate (a ``check_*`` or ``parse_*`` function, or the module's ``_check*`` helper that
   calls them): a caller's value converted without a check (``int(2.7)`` is 2, silently).

A flagged line either moves to the gate or is listed below with why it is not a check of an
outside value.
"""

from __future__ import annotations

import ast
from pathlib import Path

import numpy as np
import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("metrics", "datasets", "plots", "clustering", "explorer", "experiments", "ui",
            "app_pages", "clusterlab", "classroom")
GATE = "metrics/validation.py"
NUMBER_TYPES = {"int", "float", "complex", "Integral", "Real", "Number", "integer", "floating",
                "number"}
# A module's own `_check(...)` helper passes the values on to the gate.
GATE_PREFIXES = ("check_", "parse_", "_check")

# (file, function, flagged source) -> why it is not a check of a value from outside.
ALLOWED = {
    ("metrics/_labels.py", "_is_missing", "isinstance(value, float | np.floating)"):
        "finds NaN among a labeling's labels (a label is any hashable, not a parameter)",
    ("plots/experiments.py", "_fmt", "isinstance(value, float)"):
        "formats a number of a computed table for display",
    ("ui/link_plan.py", "url_text", "isinstance(value, float)"):
        "writes a value Streamlit serialized (5.0 as 5), as Streamlit itself writes the URL",
    ("ui/link_plan.py", "url_text", "int(value)"): "the same",
    ("explorer/fuzzy.py", "m_grid", "float(m)"):
        "adds the page's m (its widget's value, already in its range) to the chart's grid",
    ("ui/drag.py", "drag_to_widget", "float(at)"):
        "sends the line's own position (computed by the page) to the browser",
    ("ui/link_plan.py", "unreadable", "float(value)"):
        "finds the link values Streamlit's own number boxes read with float() as inf or nan "
        "and crash on, before they reach a widget: it mirrors Streamlit's parser, not ours",
    ("explorer/lesson_files.py", "_params", "isinstance(v, str | int | float | bool)"):
        "a lesson's link values are text; TOML may write them as numbers, kept as text for "
        "the page's own link reading (ui.link_plan) to check",
    ("explorer/compare.py", "cell_params", "float(col)"):
        "a cell of the grid the page computed (a click only picks one of its rows: "
        "app_pages/explore_compare.picked_cell), its values typed as the table stores them",
    ("explorer/compare.py", "cell_params", "int(col)"): "the same",
    ("explorer/compare.py", "cell_params", "int(row)"): "the same",
    ("explorer/worked.py", "number", "float(value)"):
        "formats a computed number for a worked example",
    ("explorer/worked.py", "number", "int(value)"): "the same",
    ("explorer/worked.py", "side", "float(q)"): "formats a computed pair probability",
    ("experiments/registry.py", "_short", "isinstance(value, int)"):
        "writes a preset's value for the experiment list (display only)",
    ("experiments/registry.py", "_short", "isinstance(value, float)"): "the same",
    **{("experiments/params.py", "_from_value", text):
       "infers a parameter's type from the experiment's own preset value, not an outside one"
       for text in ("isinstance(value, int | np.integer)",
                    "isinstance(value, float | np.floating)")},
}


def _type_names(node: ast.expr):
    if isinstance(node, ast.Tuple):
        for element in node.elts:
            yield from _type_names(element)
    elif isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):
        yield from _type_names(node.left)
        yield from _type_names(node.right)
    elif isinstance(node, ast.Name):
        yield node.id
    elif isinstance(node, ast.Attribute):
        yield node.attr


def _called_name(call: ast.Call) -> str | None:
    if isinstance(call.func, ast.Name):
        return call.func.id
    if isinstance(call.func, ast.Attribute):
        return call.func.attr
    return None


def _is_gate_call(node: ast.AST) -> bool:
    return isinstance(node, ast.Call) and (_called_name(node) or "").startswith(GATE_PREFIXES)


def _gated(function: ast.FunctionDef | ast.AsyncFunctionDef) -> set[str]:
    """The names the function passes to the gate (``check_integer(n, ...)``, or a module's
    own ``_check(n, k, ...)`` that calls it) or assigns from it (``n, k = (check_...)``)."""
    gated = set()
    for node in ast.walk(function):
        if _is_gate_call(node):
            gated.update(arg.id for arg in node.args if isinstance(arg, ast.Name))
        elif isinstance(node, ast.Assign) and any(map(_is_gate_call, ast.walk(node.value))):
            gated.update(name.id for target in node.targets for name in ast.walk(target)
                         if isinstance(name, ast.Name))
    return gated


def hand_written_checks(source: str, path: str) -> list[tuple[str, str, str, int]]:
    """``(path, function, flagged source, line)`` of every flagged call in ``source``."""
    found = []
    for function in ast.walk(ast.parse(source)):
        if not isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        args = function.args
        params = {a.arg for a in args.posonlyargs + args.args + args.kwonlyargs} - {"self",
                                                                                   "cls"}
        unchecked = params - _gated(function)
        public = not function.name.startswith("_") and not Path(path).name.startswith("_")
        for node in ast.walk(function):
            if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name):
                continue
            type_check = node.func.id == "isinstance" and len(node.args) == 2 \
                and bool(NUMBER_TYPES & set(_type_names(node.args[1])))
            conversion = public and node.func.id in ("int", "float") and len(node.args) == 1 \
                and isinstance(node.args[0], ast.Name) and node.args[0].id in unchecked
            if type_check or conversion:
                found.append((path, function.name, ast.unparse(node), node.lineno))
    # A nested function is walked with its parent too: one report per call.
    return sorted(set(found))


def _tree_checks() -> list[tuple[str, str, str, int]]:
    found = []
    for package in PACKAGES:
        for file in sorted((ROOT / package).rglob("*.py")):
            path = file.relative_to(ROOT).as_posix()
            if path != GATE:
                found += hand_written_checks(file.read_text(), path)
    return found


def test_the_scanner_flags_each_form_it_promises():
    private = "def _g(x):\n    int(x)\n    isinstance(x, float)\n"
    assert [text for *_, text, _ in hand_written_checks(private, "m.py")] == [
        "isinstance(x, float)"]
    source = (
        "def f(n, x, y, k):\n"
        "    isinstance(n, int)\n"
        "    isinstance(n, (int, float))\n"
        "    isinstance(n, numbers.Integral)\n"
        "    isinstance(n, int | np.integer)\n"
        "    int(x)\n"
        "    float(y)\n"
        "    k = check_integer(k, 'k', 1)\n"
        "    int(k)\n"        # checked first: not flagged
        "    int(len(x))\n"   # not a parameter: not flagged
        "    isinstance(n, str)\n"
    )
    flagged = [text for _, _, text, _ in hand_written_checks(source, "m.py")]
    assert sorted(flagged) == ["float(y)", "int(x)", "isinstance(n, (int, float))",
                               "isinstance(n, int | np.integer)", "isinstance(n, int)",
                               "isinstance(n, numbers.Integral)"]


def test_no_hand_written_check_of_an_outside_value():
    listed = set(ALLOWED)
    flagged = [f"{path}:{line} in {function}(): {text}"
               for path, function, text, line in _tree_checks()
               if (path, function, text) not in listed]
    assert flagged == [], ("decide these with metrics.validation (check_integer, check_real, "
                           "check_choice, check_bool, parse_*), or list them in ALLOWED with "
                           "why they are no check of an outside value:\n" + "\n".join(flagged))


def test_every_listed_exception_still_exists():
    """An entry whose code moved to the gate goes too: the lists only shrink."""
    present = {(path, function, text) for path, function, text, _ in _tree_checks()}
    assert sorted(set(ALLOWED) - present) == []


# The one rule, seen from the outside: a numpy integer is an integer, 3.0 is not, a fraction
# is never rounded. One case per former hand-written check.

def test_a_numpy_integer_is_an_integer_for_the_dataset_generators():
    import datasets
    from datasets.generators import blobs, ring_blobs

    assert np.unique(datasets.load("blobs", centers=np.int64(4), n_samples=40).y).size == 4
    assert np.unique(blobs(12, 0, 1.0, centers=np.int32(3), n_features=np.int8(2))[1]).size == 3
    assert np.unique(ring_blobs(12, 0, 0.1, centers=np.uint16(4))[1]).size == 4
    for bad in (4.0, 3.5, True):
        with pytest.raises(ValueError, match=r"centers must be an integer in \[1, 20\]"):
            blobs(12, 0, 1.0, centers=bad)


def test_an_algorithm_parameter_takes_numpy_integers_and_refuses_whole_floats():
    import clustering

    spec = clustering.ALGORITHMS["kmeans"].param("n_clusters")
    assert spec.validate(np.int64(4)) == 4 and type(spec.validate(np.int64(4))) is int
    for bad in (3.0, 2.7, "3", True):
        with pytest.raises(ValueError, match=r"'n_clusters' must be an integer in \[1, 30\]"):
            spec.validate(bad)
    eps = clustering.ALGORITHMS["dbscan"].param("eps")
    assert eps.validate(np.float32(0.5)) == 0.5
    with pytest.raises(ValueError, match="'eps' must be a finite number"):
        eps.validate(float("nan"))


def test_the_other_former_hand_checks_follow_the_gate():
    import datasets
    from clustering.distances import distance_matrix, knn_graph
    from explorer.dbscan_sweep import dbscan_min_samples_sweep

    X = np.array([[0.0, 0.0], [1.0, 0.0], [3.0, 1.0]])
    assert knn_graph(X, np.int64(1)).nnz == 3
    with pytest.raises(ValueError, match=r"n_neighbors .* must be an integer in \[1, 2\], got 1.0"):
        knn_graph(X, 1.0)
    # Chebyshev as the limit p = inf of Minkowski, from a numpy float too.
    assert distance_matrix(X, "minkowski", p=np.float64(np.inf))[0, 2] == 3.0
    data = datasets.load("iris")
    assert datasets.subsample(data, np.int64(10)).n_samples == 10
    with pytest.raises(ValueError, match=r"must be an integer in \[1, 150\], got 9.5"):
        datasets.subsample(data, 9.5)
    labels, _ = dbscan_min_samples_sweep(X, np.float32(1.5), [np.int64(1)])
    assert labels.shape == (1, 3)
