"""The browser side's files (ui/web/*.js, *.css) are valid, and no JavaScript or CSS is left
in the Python of the front end, where nothing would check it."""

import ast
import collections
import re
import subprocess
from pathlib import Path
from string import Template

import pytest
import tinycss2

from tests.ui.node import node_path
from ui import web

ROOT = Path(__file__).resolve().parents[2]
JS_FILES = sorted(web.FOLDER.glob("*.js"))
CSS_FILES = sorted(web.FOLDER.glob("*.css"))
FRONT_END = [ROOT / "app.py", *sorted((ROOT / "ui").rglob("*.py")),
             *sorted((ROOT / "app_pages").glob("*.py"))]
# A CSS declaration block, or a statement only JavaScript has.
CSS_BLOCK = re.compile(r"\{[^{}]*[a-z-]+\s*:\s*[^;{}]+;[^{}]*\}")
JS_CODE = re.compile(r"=>|\bfunction\s*\(|addEventListener|querySelector|document\.")


def test_the_folder_holds_both_kinds():
    assert len(JS_FILES) >= 4 and len(CSS_FILES) >= 8


@pytest.mark.parametrize("path", JS_FILES, ids=lambda p: p.name)
def test_javascript_parses(path):
    # Components v2 load a script as an ES module, so it is parsed as one.
    result = subprocess.run([node_path(), "--input-type=module", "--check"],
                            input=path.read_text(), capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr


def test_the_javascript_check_can_fail():
    broken = "export default function () { const x = ; }"
    result = subprocess.run([node_path(), "--input-type=module", "--check"], input=broken,
                            capture_output=True, text=True, timeout=60)
    assert result.returncode != 0


def _css_errors(text: str) -> list[str]:
    """Every parse error of a style sheet, its rules' declarations and nested rules included."""
    errors = []

    def walk(nodes, declarations: bool):
        parsed = (tinycss2.parse_blocks_contents(nodes, skip_whitespace=True, skip_comments=True)
                  if declarations else nodes)
        for node in parsed:
            if node.type == "error":
                errors.append(f"line {node.source_line}: {node.message}")
            elif node.type in ("qualified-rule", "at-rule") and node.content is not None:
                # An at-rule such as @media holds rules; a style rule holds declarations.
                inner = node.type == "qualified-rule"
                walk(node.content if inner else tinycss2.parse_rule_list(
                    node.content, skip_whitespace=True, skip_comments=True), inner)
            elif node.type == "declaration" and not tinycss2.serialize(node.value).strip():
                errors.append(f"line {node.source_line}: {node.name} has no value")

    walk(tinycss2.parse_stylesheet(text, skip_whitespace=True, skip_comments=True), False)
    return errors


@pytest.mark.parametrize("path", CSS_FILES, ids=lambda p: p.name)
def test_css_parses(path):
    # Each placeholder stands for a selector or a number; a neutral one keeps the syntax.
    text = Template(path.read_text()).substitute(collections.defaultdict(lambda: "x"))
    assert _css_errors(text) == []
    assert text.count("{") == text.count("}")


def test_the_css_check_can_fail():
    assert _css_errors(".a { color: red; } .b { color: ; }") != []
    assert _css_errors("@media (max-width: 1px) { .a { color red } }") != []


def _strings(path: Path):
    """The string literals of a module, its docstrings left out."""
    tree = ast.parse(path.read_text(), str(path))
    docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                  if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef))
                  and node.body and isinstance(node.body[0], ast.Expr)}
    for node in ast.walk(tree):
        if (isinstance(node, ast.Constant) and isinstance(node.value, str)
                and id(node) not in docstrings):
            yield node.lineno, node.value


@pytest.mark.parametrize("path", FRONT_END, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_javascript_or_css_in_python(path):
    found = [f"line {line}" for line, text in _strings(path)
             if CSS_BLOCK.search(text) or JS_CODE.search(text)]
    assert found == [], f"move these strings to ui/web/: {found}"
