"""``clusterlab serve`` as a user runs it: two servers and nginx on one port, a crashed server
restarted by the command, and Ctrl-C stopping every process it started."""

import os
import re
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from clusterlab.serve import RESTART_AFTER_S, free_ports
from tests.deploy.test_lecture_hall import required

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
START_S = 180


def answers(url: str) -> bool:
    try:
        with urllib.request.urlopen(f"{url}/_stcore/health", timeout=2) as response:
            return response.read() == b"ok"
    except OSError:
        return False


def server_pids(port: int) -> list[int]:
    """The processes whose command line runs a server on ``port``."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                command = (entry / "cmdline").read_bytes().split(b"\0")
            except OSError:  # ended meanwhile
                continue
            if f"--server.port={port}".encode() in command:
                found.append(int(entry.name))
    return found


def until(test, what: str, timeout: float = START_S) -> None:
    deadline = time.monotonic() + timeout
    while not test():
        assert time.monotonic() < deadline, f"timed out waiting until {what}"
        time.sleep(0.3)


def test_serve_runs_a_hall_restarts_a_crashed_server_and_stops_on_ctrl_c(tmp_path):
    if not any(Path(d, "nginx").exists() for d in
               os.environ.get("PATH", "").split(":") + ["/usr/sbin"]):
        required("Debian's nginx not found: apt-get install -y nginx")
    port = free_ports(1)[0]
    workdir = tmp_path / "hall"
    command = subprocess.Popen(
        [sys.executable, "-m", "clusterlab", "serve", "--servers", "2", "--port", str(port),
         "--address", "127.0.0.1", "--workdir", str(workdir),
         "--database-url", f"sqlite:///{tmp_path / 'classroom.sqlite3'}"],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        ready = command.stdout.readline() + command.stdout.readline()
        found = re.search(r"on (http://127\.0\.0\.1:\d+) \(servers (\d+), (\d+);", ready)
        assert found, ready + command.stderr.read() if command.poll() is not None else ready
        assert found[1] == f"http://127.0.0.1:{port}"
        servers = [int(found[2]), int(found[3])]
        assert answers(found[1])
        assert all(answers(f"http://127.0.0.1:{p}") for p in servers)
        config = (workdir / "nginx.conf").read_text()
        assert [int(p) for p in re.findall(r"server 127\.0\.0\.1:(\d+) max_fails", config)] \
            == servers

        time.sleep(RESTART_AFTER_S)  # a server that stops sooner is not restarted
        (crashed,) = server_pids(servers[1])
        os.kill(crashed, signal.SIGKILL)
        until(lambda: server_pids(servers[1]) not in ([], [crashed])
              and answers(f"http://127.0.0.1:{servers[1]}"), "the command restarts it")
        assert answers(found[1])

        pids = [*server_pids(servers[0]), *server_pids(servers[1]),
                int((workdir / "nginx.pid").read_text())]
        assert len(pids) == 3
        command.send_signal(signal.SIGINT)
        assert command.wait(timeout=60) == 130
        assert "stopped nginx and the app servers" in command.stderr.read()
        assert not answers(found[1])
        for pid in pids:
            assert not Path(f"/proc/{pid}").exists() or \
                "(zombie)" in Path(f"/proc/{pid}/status").read_text()
    finally:
        if command.poll() is None:
            command.kill()
            command.wait()
