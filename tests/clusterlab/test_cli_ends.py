"""The command line ends at once and quietly where it used to block or print a traceback: a
record that is a FIFO, and a reader of its output that goes away (``clusterlab list | head``).
"""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from clusterlab.exits import BROKEN_PIPE

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are POSIX")
def test_rerun_of_a_fifo_is_refused_without_waiting_for_a_writer(tmp_path):
    fifo = tmp_path / "record.json"
    os.mkfifo(fifo)
    # Before the fix, opening the FIFO waited for a writer that never comes: the timeout fails.
    result = subprocess.run(
        [sys.executable, "-m", "clusterlab", "rerun", str(fifo), "--out", str(tmp_path / "o")],
        cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert result.returncode == 2
    assert f"error: {fifo} is not a run record: it is not a regular file" in result.stderr
    assert "Traceback" not in result.stderr and not (tmp_path / "o").exists()


def test_a_reader_that_goes_away_ends_the_listing_quietly():
    process = subprocess.Popen(
        [sys.executable, "-m", "clusterlab", "list", "--details"], cwd=ROOT,
        stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    process.stdout.close()  # as `head` does once it has its lines
    _, err = process.communicate(timeout=120)
    assert process.returncode == BROKEN_PIPE
    assert b"Broken pipe" not in err and b"BrokenPipeError" not in err and b"Traceback" not in err
