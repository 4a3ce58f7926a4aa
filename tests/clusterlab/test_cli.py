"""The command line end to end, in a fresh interpreter, into a temporary directory."""

import contextlib
import json
import os
import shutil
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pandas as pd
import pytest
from plotly.offline import get_plotlyjs

from clusterlab.cli import main
from experiments import EXPERIMENTS
from tests.browser.conftest import free_port

ROOT = Path(__file__).resolve().parents[2]


def cli(*args):
    return subprocess.run([sys.executable, "-m", "clusterlab", *args], cwd=ROOT,
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
    # plotly.js is one shared file of the folder, not inlined in each figure.
    assert '<script charset="utf-8" src="plotly.min.js"></script>' in html
    assert len(html) < 1_000_000
    assert (tmp_path / "plotly.min.js").read_text() == get_plotlyjs()
    assert not (tmp_path / "vinh2009-fig1.png").exists()  # only with --png
    assert set(record["timings"]) == {"run", "figure"}


def test_png_is_written_when_asked(tmp_path):
    result = cli("run", "slides-rand", "--preset", "quick", "--png", "--out", str(tmp_path))
    assert result.returncode == 0, result.stderr
    record = json.loads((tmp_path / "slides-rand.json").read_text())
    # kaleido (a runtime requirement) draws the PNG through the system chromium; without a
    # browser the command explains why there is no PNG instead.
    png = tmp_path / "slides-rand.png"
    if shutil.which("chromium"):
        assert png.read_bytes().startswith(b"\x89PNG") and png.stat().st_size > 10_000
        assert set(record["timings"]) == {"run", "figure", "png"}
    else:
        assert "no PNG" in result.stdout


def test_two_runs_share_one_plotly_js(tmp_path):
    for name in ("slides-rand", "dom2001-table5"):
        assert main(["run", name, "--preset", "quick", "--out", str(tmp_path)]) == 0
    assert sorted(p.name for p in tmp_path.glob("*.js")) == ["plotly.min.js"]
    for name in ("slides-rand", "dom2001-table5"):
        assert 'src="plotly.min.js"' in (tmp_path / f"{name}.html").read_text()


@pytest.mark.parametrize("args, message", [
    (["run", "vinh2009-fig1", "--set", "n_draws=" + "1" + "0" * 30],
     "'n_draws' must be int in [1, 1000000]"),
    (["run", "vinh2009-fig1", "--set", "n_draws=inf"], "'n_draws' must be int"),
    (["run", "vinh2009-fig1", "--set", "ks=" + ",".join(["2"] * 10_001)],
     "at most 10,000 are allowed"),
    (["run", "vinh2009-fig1", "--seed", "1e309"], "--seed must be an integer in [0, 4294967295]"),
    (["run", "vinh2009-fig1", "--seed", "-1"], "--seed must be an integer in [0, 4294967295]"),
    (["run", "vinh2009-fig2", "--dask", "local:99999"], "--dask local:WORKERS must be an integer"),
    (["rerun", "/dev/zero"], "/dev/zero is not a run record: it is not a regular file"),
    (["run", "vinh2009-fig1", "--preset", "quick", "--set", "ks=" + ",".join(["2"] * 5001)],
     "ks 5,001 x measures 5 x n_draws 400 x n 100 = 1,000,200,000, over the limit of "
     "1,000,000,000 per run"),
    (["run", "lazarenko2021-fig2", "--set", "ns=100000000"],
     "'ns' must be list of int in [2, 10000000]; got '100000000'."),
    (["run", "lazarenko2021-fig2", "--set", "ns=-5"],
     "'ns' must be list of int in [2, 10000000]; got '-5'."),
    (["run", "vinh2009-fig1", "--set", "n_draws=1e30"],
     "'n_draws' must be int in [1, 1000000]; got '1e30'."),
])
def test_unbounded_work_is_refused_with_the_valid_range(args, message, tmp_path, capsys):
    with contextlib.suppress(SystemExit):  # argparse exits 2 itself for --seed
        assert main([*args, "--out", str(tmp_path / "out")]) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("seed", ["1e999", "-1", "4294967296", "2.5", '"3"', "true", "[]"])
def test_a_record_with_a_bad_seed_is_refused(seed, tmp_path, capsys):
    record = tmp_path / "slides-rand.json"
    record.write_text(f'{{"experiment": "slides-rand", "preset": "quick", "seed": {seed}, '
                      '"parameters": {"pairs": [20, 24, 20, 72]}}')
    assert main(["rerun", str(record), "--out", str(tmp_path / "out")]) == 2
    err = capsys.readouterr().err
    assert "seed must be an integer in [0, 4294967295]" in err and "Traceback" not in err


def test_table5_columns(tmp_path):
    assert main(["run", "dom2001-table5", "--preset", "quick", "--out",
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
    (("run", "slides-rand", "--seed", "abc", "--out", "x"), "--seed must be an integer"),
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


def files_of(directory, name):
    """Name -> bytes of every output of ``name`` in ``directory``."""
    return {p.name: p.read_bytes() for p in sorted(Path(directory).glob(f"{name}.*"))}


def test_set_overrides_reach_the_run_and_the_record(tmp_path):
    args = ["--set", "ks=2,3", "--set", "random_model=all", "--set", "one_sided=true",
            "--set", "n_draws=50", "--set", "measures=ari,ami_max"]
    assert main(["run", "vinh2009-fig1", "--preset", "quick", "--seed", "4",
                 "--out", str(tmp_path), *args]) == 0
    df = pd.read_csv(tmp_path / "vinh2009-fig1.csv")
    assert sorted(set(df["K"])) == [2, 3] and set(df["measure"]) == {"ari", "ami_max"}
    assert set(df["random_model"]) == {"all"} and df["one_sided"].all()
    record = json.loads((tmp_path / "vinh2009-fig1.json").read_text())
    assert record["parameters"] == {
        "settings": [[100, 10]], "ks": [2, 3], "n_draws": 50, "measures": ["ari", "ami_max"],
        "random_model": "all", "one_sided": True, "n_jobs": 1}
    api = EXPERIMENTS["vinh2009-fig1"]("quick", random_state=4, ks=(2, 3), random_model="all",
                                       one_sided=True, n_draws=50, measures=("ari", "ami_max"))
    assert (tmp_path / "vinh2009-fig1.csv").read_text() == api.to_csv(index=False)
    assert set(record["timings"]) >= {"run", "figure"} and record["seed"] == 4
    assert {"numpy", "scipy", "pandas", "scikit-learn"} <= set(record["versions"])


@pytest.mark.parametrize("sets,words", [
    (["random_model=nm"], ["'random_model'", "perm", "num", "all"]),
    (["one_sided=maybe"], ["'one_sided'", "true or false"]),
    (["colour=red"], ["'colour'", "ks", "n_draws", "random_model"]),
    (["ks"], ["PARAM=VALUE"]),
    (["ks=2,x"], ["'ks'", "list of int"]),
])
def test_a_bad_set_exits_2_naming_the_parameter(sets, words, tmp_path, capsys):
    args = [a for s in sets for a in ("--set", s)]
    assert main(["run", "vinh2009-fig1", "--out", str(tmp_path / "o"), *args]) == 2
    err = capsys.readouterr().err
    for word in words:
        assert word in err
    assert not (tmp_path / "o").exists()


def test_an_empty_out_is_refused(capsys):
    with pytest.raises(SystemExit) as exit_info:
        main(["run", "slides-rand", "--out", ""])
    assert exit_info.value.code == 2 and "--out" in capsys.readouterr().err


def test_earlier_outputs_are_replaced_only_with_force(tmp_path, capsys):
    first = ["run", "vinh2009-fig1", "--preset", "quick", "--set", "ks=2", "--png", "--out",
             str(tmp_path)]
    assert main(first) == 0
    before = files_of(tmp_path, "vinh2009-fig1")
    assert set(before) == {f"vinh2009-fig1{s}" for s in (".csv", ".json", ".html", ".png")}
    second = ["run", "vinh2009-fig1", "--preset", "quick", "--set", "ks=3",
              "--out", str(tmp_path)]
    assert main(second) == 2
    assert "--force" in capsys.readouterr().err
    assert files_of(tmp_path, "vinh2009-fig1") == before
    assert main([*second, "--force"]) == 0
    after = files_of(tmp_path, "vinh2009-fig1")
    # The earlier PNG went with the rest of the earlier set: no mixed set.
    assert set(after) == {f"vinh2009-fig1{s}" for s in (".csv", ".json", ".html")}
    assert set(pd.read_csv(tmp_path / "vinh2009-fig1.csv")["K"]) == {3}
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []


def interruptible():
    """Run in the child before it starts: a test run started in the background (``pytest
    &`` in a script) has SIGINT ignored, which Python then leaves ignored, so Ctrl-C could not
    be tested."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def interrupt(out, *extra):
    """Start a long run, send SIGINT once it reports progress, return the finished process."""
    process = subprocess.Popen(
        [sys.executable, "-m", "experiments", "run", "vinh2009-fig1", "--preset", "paper",
         "--out", str(out), *extra],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, preexec_fn=interruptible)
    assert process.stderr.read(1) == b"\r"  # the first progress report: the run has begun
    process.send_signal(signal.SIGINT)
    out_text, err_text = process.communicate(timeout=120)
    return process.returncode, err_text.decode()


def test_ctrl_c_prints_one_line_exits_130_and_leaves_no_file(tmp_path):
    code, err = interrupt(tmp_path / "out")
    assert code == 130
    lines = [line for line in err.replace("\r", "\n").splitlines()
             if line.strip() and not line.startswith("[")]  # progress lines start with [
    assert lines == ["interrupted (Ctrl-C): no partial outputs were left"]
    assert not (tmp_path / "out").exists() or list((tmp_path / "out").iterdir()) == []


def test_ctrl_c_during_a_forced_rerun_keeps_the_earlier_set_whole(tmp_path):
    assert main(["run", "vinh2009-fig1", "--preset", "quick", "--out",
                 str(tmp_path)]) == 0
    before = files_of(tmp_path, "vinh2009-fig1")
    code, _ = interrupt(tmp_path, "--force")
    assert code == 130
    assert files_of(tmp_path, "vinh2009-fig1") == before
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([*before, "plotly.min.js"])


def assert_ctrl_c_while_loading_ends_in_one_line(command, cwd):
    """Send SIGINT to ``command`` once it has loaded numpy's compiled core: the command line
    then still imports scikit-learn and pandas (seconds). A fixed delay raced a busy machine:
    the signal could land before Python reached the command's own code."""
    process = subprocess.Popen(command, cwd=cwd, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, preexec_fn=interruptible)
    maps = Path(f"/proc/{process.pid}/maps")
    deadline = time.monotonic() + 60
    while "_multiarray_umath" not in maps.read_text() and time.monotonic() < deadline:
        time.sleep(0.01)
    process.send_signal(signal.SIGINT)
    out_text, err_text = process.communicate(timeout=120)
    assert process.returncode == 130, (out_text, err_text)
    assert err_text.decode().splitlines() == [
        "interrupted (Ctrl-C): no partial outputs were left"]


@pytest.mark.parametrize("module", ["experiments", "clusterlab"])
def test_ctrl_c_while_the_packages_load_exits_130_in_one_line(module):
    assert_ctrl_c_while_loading_ends_in_one_line([sys.executable, "-m", module, "list"], ROOT)


def test_rerun_reproduces_the_csv_byte_for_byte(tmp_path):
    first, second = tmp_path / "a", tmp_path / "b"
    assert main(["run", "vinh2009-fig2", "--preset", "quick", "--seed", "11",
                 "--set", "ks=2,7", "--set", "random_model=num", "--out", str(first)]) == 0
    result = cli("rerun", str(first / "vinh2009-fig2.json"), "--out", str(second))
    assert result.returncode == 0, result.stderr
    assert "CSV identical" in result.stdout
    csv = (first / "vinh2009-fig2.csv").read_bytes()
    assert (second / "vinh2009-fig2.csv").read_bytes() == csv
    # ... and a different seed gives a different CSV, so the comparison can fail.
    assert main(["run", "vinh2009-fig2", "--preset", "quick", "--seed", "12",
                 "--set", "ks=2,7", "--set", "random_model=num", "--out",
                 str(tmp_path / "c")]) == 0
    assert (tmp_path / "c" / "vinh2009-fig2.csv").read_bytes() != csv
    record = json.loads((second / "vinh2009-fig2.json").read_text())
    assert record["rerun_of"] == str(first / "vinh2009-fig2.json") and record["seed"] == 11


def test_rerun_refuses_a_file_that_is_not_a_record(tmp_path, capsys):
    (tmp_path / "x.json").write_text('{"experiment": "slides-rand"}')
    assert main(["rerun", str(tmp_path / "x.json"), "--out", str(tmp_path / "o")]) == 2
    assert "lacks preset, seed, parameters" in capsys.readouterr().err


def test_a_record_downloaded_from_a_page_reruns_to_the_same_csv(tmp_path):
    # What ui/experiments.py hands out as "Parameters (JSON)": a record without timings.
    from experiments.outputs import csv_text, record_json, run_record

    gates = EXPERIMENTS["gates2017-fig1"]
    params = gates.parameters("quick", one_sided=True)
    csv = csv_text(gates("quick", random_state=2, **params))
    (tmp_path / "page.json").write_text(record_json(run_record(gates, "quick", 2, params,
                                                               csv=csv)))
    result = cli("rerun", str(tmp_path / "page.json"), "--out", str(tmp_path / "o"))
    assert result.returncode == 0, result.stderr
    assert "CSV identical" in result.stdout
    assert (tmp_path / "o" / "gates2017-fig1.csv").read_text() == csv


@pytest.mark.slow  # starts a Streamlit server
def test_app_starts_the_streamlit_app_from_any_folder(tmp_path):
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "clusterlab", "app", "--server.headless=true",
         "--server.address=127.0.0.1", f"--server.port={port}"],
        cwd=tmp_path, env={**os.environ, "PYTHONPATH": str(ROOT)},
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 90
        health = b""
        while time.monotonic() < deadline and health != b"ok":
            time.sleep(0.5)
            url = f"http://127.0.0.1:{port}/_stcore/health"
            with contextlib.suppress(OSError), urllib.request.urlopen(url, timeout=2) as answer:
                health = answer.read()
        assert health == b"ok"
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=10) as response:
            assert b"<title>Streamlit</title>" in response.read()
    finally:
        process.terminate()
        process.wait(timeout=30)
