"""ruff runs with the test suite, so the README's one test command also lints."""

import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_ruff_check_is_clean():
    ruff = shutil.which("ruff") or [sys.executable, "-m", "ruff"]
    command = [ruff, "check", "."] if isinstance(ruff, str) else [*ruff, "check", "."]
    result = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stdout + result.stderr
