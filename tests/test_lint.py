"""ruff runs with the test suite, so the README's one test command also lints."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_ruff_check_is_clean():
    # The ruff of this interpreter's environment: the pinned one, not whatever is on PATH.
    command = [sys.executable, "-m", "ruff", "check", "."]
    result = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stdout + result.stderr
