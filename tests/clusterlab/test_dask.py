"""Batches on a Dask LocalCluster of 2 workers give the same result as a local run."""

import sys

import pandas as pd
import pytest
from joblib import Parallel, delayed

from clusterlab.cli import main
from experiments import EXPERIMENTS
from experiments.scale import MISSING_DASK, dask_backend, parse_dask
from tests.clusterlab.test_cli import interruptible

SMALL = dict(ks=(2, 3, 5, 8), n_clusterings=12, ns=(60,))


def worker_address(_):
    from distributed import get_worker

    return get_worker().address


def test_dask_runs_the_batches_and_matches_a_local_run():
    local = EXPERIMENTS["vinh2009-fig2"]("quick", random_state=9, n_jobs=1, **SMALL)
    with dask_backend("local:2", processes=False) as cluster:
        assert cluster["workers"] == 2
        # joblib now sends tasks to the cluster's workers (get_worker fails elsewhere).
        # (with the soft hint the experiments give joblib)
        workers = Parallel(n_jobs=-1, prefer="threads")(
            delayed(worker_address)(i) for i in range(8))
        assert all(address.startswith(("inproc://", "tcp://")) for address in workers)
        remote = EXPERIMENTS["vinh2009-fig2"]("quick", random_state=9, n_jobs=-1, **SMALL)
    pd.testing.assert_frame_equal(remote, local, check_exact=True)
    other = EXPERIMENTS["vinh2009-fig2"]("quick", random_state=10, n_jobs=1, **SMALL)
    assert not other.equals(local)  # the comparison can fail


def test_without_dask_the_message_says_what_to_install(monkeypatch, tmp_path, capsys):
    monkeypatch.setitem(sys.modules, "dask.distributed", None)
    with pytest.raises(RuntimeError, match="requirements-dask.txt"), dask_backend("local:2"):
        pass
    assert main(["run", "vinh2009-fig2", "--preset", "quick", "--dask", "local",
                 "--out", str(tmp_path)]) == 2
    assert MISSING_DASK in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []


def test_dask_specs_and_experiments_without_batches_are_checked(tmp_path, capsys):
    assert parse_dask("local") == ("local", None)
    with pytest.raises(ValueError, match="WORKERS"):
        parse_dask("local:zero")
    assert main(["run", "slides-rand", "--dask", "local", "--out", str(tmp_path)]) == 2
    assert "no parallel batches" in capsys.readouterr().err


def test_ctrl_c_on_dask_prints_one_line(tmp_path):
    import signal
    import subprocess
    from pathlib import Path

    process = subprocess.Popen(
        [sys.executable, "-m", "experiments", "run", "vinh2009-fig1", "--preset", "paper",
         "--dask", "local:2", "--out", str(tmp_path / "out")],
        cwd=Path(__file__).resolve().parents[2], stdout=subprocess.PIPE,
        stderr=subprocess.PIPE, preexec_fn=interruptible)
    assert process.stderr.read(1) == b"\r"  # the batches have started on the cluster
    process.send_signal(signal.SIGINT)
    _, err = process.communicate(timeout=120)
    assert process.returncode == 130
    lines = [line for line in err.decode().replace("\r", "\n").splitlines()
             if line.strip() and not line.startswith("[")]  # progress lines start with [
    assert lines == ["interrupted (Ctrl-C): no partial outputs were left"]
    assert not (tmp_path / "out").exists()
