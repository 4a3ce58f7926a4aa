"""The command line end to end, in a fresh interpreter, into a temporary directory."""

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pandas as pd
import pytest

from experiments import EXPERIMENTS
from experiments.__main__ import main

ROOT = Path(__file__).resolve().parents[2]


def cli(*args):
    return subprocess.run([sys.executable, "-m", "experiments", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=300)


def test_list_names_every_experiment(capsys):
    assert main(["list"]) == 0
    out = capsys.readouterr().out
    for name in EXPERIMENTS:
        assert name in out


def test_run_writes_csv_json_html(tmp_path):
    result = cli("run", "vinh2009-fig1", "--preset", "quick", "--seed", "3", "--out",
                 str(tmp_path))
    assert result.returncode == 0, result.stderr
    df = pd.read_csv(tmp_path / "vinh2009-fig1.csv")
    assert {"measure", "mean", "std", "K"} <= set(df.columns)
    record = json.loads((tmp_path / "vinh2009-fig1.json").read_text())
    assert record["seed"] == 3 and record["preset"] == "quick"
    assert record["parameters"]["n_draws"] == 400 and "numpy" in record["versions"]
    html = (tmp_path / "vinh2009-fig1.html").read_text()
    assert "plotly" in html.lower() and len(html) > 100_000  # plotly.js is inlined
    # kaleido (a runtime requirement) draws the PNG through the system chromium; without a
    # browser the command explains why there is no PNG instead.
    png = tmp_path / "vinh2009-fig1.png"
    if shutil.which("chromium"):
        assert png.read_bytes().startswith(b"\x89PNG") and png.stat().st_size > 10_000
    else:
        assert "no PNG" in result.stdout


def test_table5_columns(tmp_path):
    assert main(["run", "dom2001-table5", "--preset", "quick", "--no-png", "--out",
                 str(tmp_path)]) == 0
    df = pd.read_csv(tmp_path / "dom2001-table5.csv")
    assert list(df.columns[:3]) == ["property", "measure", "failures"]
    assert set(df["property"]) == {"P1P2", "P3", "P4", "P5"}
    assert set(df["measure"]) == {"ri", "fm", "gamma", "jaccard", "hamming", "q2"}


def test_a_bad_name_exits_2_without_traceback():
    result = cli("run", "no-such-experiment", "--out", "x")
    assert result.returncode == 2
    assert "unknown experiment" in result.stderr and "Traceback" not in result.stderr


@pytest.mark.parametrize("args,message", [
    (("run", "slides-rand", "--preset", "huge", "--out", "x"), "invalid choice"),
    (("run", "slides-rand", "--seed", "abc", "--out", "x"), "invalid int"),
    (("run", "slides-rand"), "--out"),
    (("frobnicate",), "invalid choice"),
])
def test_bad_arguments_exit_2_with_a_message(args, message, capsys):
    with pytest.raises(SystemExit) as exit_info:
        main(list(args))
    assert exit_info.value.code == 2
    assert message in capsys.readouterr().err


def test_an_unwritable_output_directory_exits_2(tmp_path, capsys):
    blocker = tmp_path / "file"
    blocker.write_text("")
    assert main(["run", "slides-rand", "--out", str(blocker / "sub")]) == 2
    assert "error:" in capsys.readouterr().err
