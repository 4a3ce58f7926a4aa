"""The README's two commands, CI's command and the lock file agree with each other."""

import re
import tomllib
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[1]


def _readme_commands() -> list[str]:
    blocks = re.findall(r"```bash\n(.*?)```", (ROOT / "README.md").read_text(), flags=re.S)
    return [line for block in blocks for line in block.splitlines() if "venv .venv" in line]


def _requirements(path: Path) -> list[Requirement]:
    found = []
    for raw in path.read_text().splitlines():
        line = raw.split("#")[0].strip()
        if line.startswith("-r"):
            found += _requirements(path.parent / line.split()[1])
        elif line:
            found.append(Requirement(line))
    return found


def _pins() -> dict[str, str]:
    pins = {}
    for raw in (ROOT / "constraints.txt").read_text().splitlines():
        line = raw.split("#")[0].strip()
        if line:
            name, sep, version = line.partition("==")
            assert sep, f"constraints.txt: {line!r} is not pinned with =="
            pins[canonicalize_name(name)] = version
    return pins


def test_readme_has_one_line_install_and_run_and_test_commands_in_a_venv():
    commands = _readme_commands()
    assert len(commands) == 2
    run, test = commands
    assert run.startswith("python3 -m venv .venv && .venv/bin/pip install -r requirements.txt")
    assert run.endswith(".venv/bin/python -m streamlit run app_server.py")
    assert test.endswith(".venv/bin/python -m pytest -n 2")
    assert all("-c constraints.txt" in command for command in commands)


def test_ci_runs_exactly_the_readme_test_command():
    ci_lines = (ROOT / ".ci" / "run").read_text().splitlines()
    assert _readme_commands()[1] in ci_lines


def test_every_requirement_is_pinned_within_its_range():
    pins = _pins()
    requirements = _requirements(ROOT / "requirements-dev.txt")
    assert len(requirements) > 10
    for requirement in requirements:
        name = canonicalize_name(requirement.name)
        assert name in pins, f"{requirement.name} is missing from constraints.txt"
        assert requirement.specifier.contains(pins[name]), (requirement, pins[name])


def test_venv_is_ignored_by_git():
    assert ".venv/" in (ROOT / ".gitignore").read_text().splitlines()


def test_pyproject_installs_every_top_level_package_and_the_app():
    """`pip install .` copies what pyproject names: every folder of code the app or the
    command line imports, app.py, app_server.py and the lesson files (a new package must be
    added there)."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    setuptools = config["tool"]["setuptools"]
    included = {pattern.removesuffix("*") for pattern in setuptools["packages"]["find"]["include"]}
    not_shipped = {"tests", "benchmarks", "docs"}
    folders = {path.parent.name for path in ROOT.glob("*/*.py")} - not_shipped
    assert folders | {"lessons"} <= included
    assert setuptools["py-modules"] == ["app", "app_server"]
    assert setuptools["package-data"]["lessons"] == ["*.toml"]
    # The Streamlit settings go beside app.py (tests/browser/test_installed_app.py installs).
    streamlit_config, nginx_template = setuptools["package-data"]["clusterlab"]
    assert (ROOT / "clusterlab" / streamlit_config).resolve() == ROOT / ".streamlit" / "config.toml"
    # `clusterlab serve` reads its nginx template from the installed package.
    assert (ROOT / "clusterlab" / nginx_template).is_file()
    assert config["project"]["scripts"] == {"clusterlab": "clusterlab.launch:launch"}
    assert setuptools["dynamic"]["dependencies"] == {"file": ["requirements.txt"]}
    assert "dependencies" in config["project"]["dynamic"]
